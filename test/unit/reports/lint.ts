// The report lint (issue 22 "Done when"): a rendered report's PDF text (poppler's pdftotext, with word boxes) and its
// figures JSON (the report model) read together. Each rule returns findings, "rule: detail"; a clean report has none.
//   - figures: every figure that appears in more than one place (headline tiles, measures table, pie, roll-up total,
//     tracker total, assumptions vs sources) agrees;
//   - precision: no factor or prose number carries more than 4 significant digits;
//   - boxes: no word runs past the page's content box, and no two words on one line overlap (a cell's text running
//     into the next cell); labels that must stay whole (signature roles) print on one line;
//   - numbering: the top-level headings count 一、二、三… in order, without a gap or an Arabic number;
//   - glyphs: every character the model or the page template prints is in the report font;
//   - pages: no content page other than the last is nearly empty.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fontkit from "fontkit";
import type { ReportDoc } from "../../../workers/reports/model";
import { fmt, fmtYears, headlineTiles } from "../../../workers/reports/model/figures";
import { rollupTotals } from "../../../workers/reports/model/doc";
import { rollupRows, trackerSheets } from "../../../workers/reports/tracker";
import { renderPdfBytes } from "./pdf-text";
import { chineseNumeral } from "../../../workers/reports/layout";

export interface Word {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** A rendered PDF read back: its text per page and its word boxes. */
export interface PdfLayout {
  /** pdftotext -layout, one string per page. */
  pages: string[];
  words: Word[];
  pageSize: { width: number; height: number };
}

export interface RenderedReport extends PdfLayout {
  doc: ReportDoc;
}

const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");

export async function renderForLint(doc: ReportDoc): Promise<RenderedReport> {
  return { doc, ...readPdfLayout(await renderPdfBytes(doc)) };
}

/** Text and word boxes of PDF bytes (poppler's pdftotext). */
export function readPdfLayout(bytes: Uint8Array): PdfLayout {
  const dir = mkdtempSync(join(tmpdir(), "report-lint-"));
  const file = join(dir, "r.pdf");
  writeFileSync(file, bytes);
  const layout = execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
  const html = execFileSync("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
  const words: Word[] = [];
  let page = 0;
  let pageSize = { width: 595.28, height: 841.89 };
  for (const m of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)) {
    if (m[1]) {
      page++;
      pageSize = { width: Number(m[1]), height: Number(m[2]) };
    } else words.push({ page, xMin: Number(m[3]), yMin: Number(m[4]), xMax: Number(m[5]), yMax: Number(m[6]), text: decode(m[7]) });
  }
  return { pages: layout.split("\f").filter((p, i, all) => i < all.length - 1 || p.trim()), words, pageSize };
}

// ---- rules ----

/** Horizontal padding of the content pages (document.tsx ContentPage) and of the cover, pt. */
const CONTENT_PAD_X = 44;
const COVER_PAD_X = 56;

export function boxFindings(r: PdfLayout): string[] {
  const out: string[] = [];
  const { width, height } = r.pageSize;
  for (const w of r.words) {
    const pad = w.page === 1 ? COVER_PAD_X : CONTENT_PAD_X;
    if (w.xMin < pad - 1 || w.xMax > width - pad + 1 || w.yMin < 0 || w.yMax > height)
      out.push(`boxes: p${w.page} "${w.text}" outside the content box (x ${w.xMin.toFixed(0)}–${w.xMax.toFixed(0)} of ${width.toFixed(0)})`);
  }
  // Words on one line (same baseline band) must not overlap: text running out of its table cell into the next.
  const byLine = new Map<string, Word[]>();
  for (const w of r.words) {
    const key = `${w.page}:${Math.round(w.yMax * 2)}`;
    (byLine.get(key) ?? byLine.set(key, []).get(key)!).push(w);
  }
  for (const line of byLine.values()) {
    line.sort((a, b) => a.xMin - b.xMin);
    for (let i = 1; i < line.length; i++)
      if (line[i].xMin < line[i - 1].xMax - 1) out.push(`boxes: p${line[i].page} "${line[i - 1].text}" overlaps "${line[i].text}"`);
  }
  // Labels that must print whole (issue 22 item 6: 企业负责人（签/字）).
  const flat = r.pages.join("\n");
  // The signature page names who prepared the report and its qualification (issue 22 item 9).
  for (const role of ["编制单位：", "资质名称及编号：", "编制（签字）：", "审核（签字）：", "批准（签字）：", "企业负责人（签字）："]) if (!flat.includes(role)) out.push(`boxes: signature label ${role} is not on one line`);
  return out;
}

/** The top-level headings as printed: a line that starts with a number and 、. */
export function headingNumbers(r: PdfLayout): string[] {
  return r.pages.flatMap((p) => [...p.matchAll(/^\s*([一二三四五六七八九十]+|\d+)、\S/gm)].map((m) => m[1]));
}

export function numberingFindings(r: PdfLayout): string[] {
  const got = headingNumbers(r);
  const want = got.map((_, i) => chineseNumeral(i + 1));
  return got.join(" ") === want.join(" ") ? [] : [`numbering: headings numbered ${got.join(" ")}`];
}

let fontCache: { hasGlyphForCodePoint(cp: number): boolean }[] | null = null;
function reportFonts() {
  fontCache ??= ["node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf", "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"].map(
    (f) => fontkit.create(readFileSync(f)) as unknown as { hasGlyphForCodePoint(cp: number): boolean },
  );
  return fontCache;
}

/** Every string in the model (the template's own text is fixed and checked once by the lint test). */
export function modelStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) modelStrings(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) modelStrings(v, out);
  return out;
}

export function missingGlyphs(text: string): string[] {
  const fonts = reportFonts();
  const missing = new Set<string>();
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    if (!fonts.every((f) => f.hasGlyphForCodePoint(ch.codePointAt(0)!))) missing.add(ch);
  }
  return [...missing];
}

export function glyphFindings(r: RenderedReport): string[] {
  const { figures: _f, ...printed } = r.doc;
  const strings = modelStrings(printed);
  const out: string[] = [];
  for (const ch of missingGlyphs(strings.join("\n"))) {
    const where = strings.find((s) => s.includes(ch))!;
    out.push(`glyphs: U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} "${ch}" not in the font, in "${where.slice(0, 60)}"`);
  }
  const pdf = r.pages.join("");
  if (/[\uFFFD\u25A1]/.test(pdf)) out.push("glyphs: a replacement glyph in the PDF text");
  return out;
}

/** Significant digits of a printed number ("0.001229" → 4, "1,230,000" → 3, "1.20" → 3). */
export function significantDigits(num: string): number {
  const digits = num.replace(/,/g, "");
  if (digits.includes(".")) return digits.replace(".", "").replace(/^0+/, "").length;
  return digits.replace(/^0+/, "").replace(/0+$/, "").length;
}

/**
 * Numbers that are names, not quantities: dates, years, standard and document numbers, report numbers, phone
 * numbers, table item numbers. Removed before the precision rule reads the text.
 */
const NOT_QUANTITIES = [
  /\d{4}-\d{2}-\d{2}/g,
  /\d{4}年\d{1,2}月\d{1,2}日/g,
  /[A-Z]{2,}[A-Z/]*\s?[A-Z]?\s?\d+(\.\d+)*(-\d{4})?/g, // GB/T 2589-2020, GB 18613-2020, IEC 60034-30-1, BG-…
  /BG-\d+-\d+-[A-Z0-9]+/g,
  /PB-\d{8}-[0-9A-F]+/g, // the plant summary's report number
  /\d{3}-\d{3}-\d{4}/g,
  /〔\d{4}〕\d+号/g,
  /\d{4}年/g,
  /第\s*\d+\s*页\s*\/\s*共\s*\d+\s*页/g,
];

/** Defined (exact) constants a formula may print in full: 0 °C in kelvin, the standard atmosphere in Pa. */
const DEFINED_CONSTANTS = new Set(["273.15", "101,325", "0.101325"]);

export function precisionFindings(r: PdfLayout, max = 4): string[] {
  let text = r.pages.join("\n");
  // Standard numbers, also where a table header breaks "GB 19153" over two lines.
  const standards = new Set([...text.matchAll(/(?:GB|GB\/T|IEC|ISO|JB\/T|DL\/T)\s*(\d+)/g)].map((m) => m[1]));
  for (const re of NOT_QUANTITIES) text = text.replace(re, " ");
  const out = new Set<string>();
  // A quantity: digits with optional thousands separators and decimals, not glued to letters on the left (names like "YE3").
  for (const m of text.matchAll(/(?<![\w.\-/])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\d])/g)) {
    if (significantDigits(m[1]) > max && !DEFINED_CONSTANTS.has(m[1]) && !standards.has(m[1])) out.add(m[1]);
  }
  return [...out].map((n) => `precision: ${n} has more than ${max} significant digits`);
}

/** The words printed on the first line of the table row whose first cell starts with `start` (its cells align at the top). */
function rowWords(r: RenderedReport, start: string): string | null {
  const head = r.words.find((w) => w.text.startsWith(start));
  if (!head) return null;
  return r.words
    .filter((w) => w.page === head.page && Math.abs(w.yMin - head.yMin) < 2)
    .sort((a, b) => a.xMin - b.xMin)
    .map((w) => w.text)
    .join(" ");
}

export function figureFindings(r: RenderedReport): string[] {
  const out: string[] = [];
  const { doc } = r;
  const h = doc.figures.headline;
  const flat = r.pages.join("\n").replace(/\s+/g, "");
  // Headline tiles, as formatted, are on the page.
  for (const t of headlineTiles(doc.figures)) if (t.value !== "—" && !flat.includes(t.value.replace(/\s+/g, ""))) out.push(`figures: headline ${t.label} ${t.value} not printed`);
  // Roll-up: the total of the rows in the total is the headline; the printed total row says so.
  const rows = rollupRows(doc);
  if (rows.length) {
    const totals = rollupTotals(rows);
    const near = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b)));
    if (!near(totals.yuan, h.savingYuan)) out.push(`figures: roll-up total ${fmt(totals.yuan)} 元 ≠ headline ${fmt(h.savingYuan)} 元`);
    if (!near(totals.investmentYuan, h.investmentYuan)) out.push(`figures: roll-up investment ${fmt(totals.investmentYuan)} ≠ headline ${fmt(h.investmentYuan)}`);
    if (!near(totals.paybackYears, h.paybackYears)) out.push(`figures: roll-up payback ${fmtYears(totals.paybackYears)} ≠ headline ${fmtYears(h.paybackYears)}`);
    const line = rowWords(r, "合计（已扣除");
    if (!line) out.push("figures: the roll-up total row is not printed");
    else
      for (const v of [fmt(h.savingYuan), fmt(h.investmentYuan), fmtYears(h.paybackYears)])
        if (v !== "—" && !line.replace(/\s+/g, "").includes(v.replace(/\s+/g, ""))) out.push(`figures: roll-up total row lacks the headline's ${v}`);
    // The tracker's total row carries the same totals.
    const sheet = trackerSheets(doc)[0];
    const total = sheet.rows.find((row) => row.cells[1]?.v === "合计");
    if (!total) out.push("figures: the tracker has no total row");
    else {
      const v = (i: number) => (typeof total.cells[i]?.v === "number" ? (total.cells[i].v as number) : null);
      if (!near(v(6), h.savingYuan)) out.push(`figures: tracker total ${v(6)} 元 ≠ headline ${h.savingYuan}`);
      if (!near(v(3), h.investmentYuan)) out.push(`figures: tracker investment ${v(3)} ≠ headline ${h.investmentYuan}`);
    }
    // A row left out of the total (an alternative, or a unit whose input is impossible) says so, with its reason.
    for (const row of rows.filter((x) => !x.inTotal)) {
      // The mark is read from the roll-up table (its narrow first column wraps, so the page text interleaves it).
      const table = doc.sections.find((x) => x.rollup)?.blocks.find((b) => b.kind === "table");
      const marked = table?.kind === "table" && table.rows.some((cells) => cells[0].endsWith(`${row.name}（不计入合计）`));
      if (!marked) out.push(`figures: ${row.name} is out of the total but not marked so in the roll-up`);
      if (row.remark && !flat.includes(`${row.name}：${row.remark}`.replace(/\s+/g, ""))) out.push(`figures: ${row.name} is out of the total without its reason printed`);
    }
    // Every measure the measures table lists under a roll-up row's name carries the roll-up's saving.
    for (const m of doc.figures.measures) {
      const row = rows.find((x) => x.name === m.name);
      if (row && row.inTotal && !near(row.yuan, m.savingYuan)) out.push(`figures: ${m.name} saves ${fmt(m.savingYuan)} in the measures table, ${fmt(row.yuan)} in the roll-up`);
    }
  }
  // A payback is never "0 年" (a measure without investment says 无需投资).
  if (r.pages.some((p) => /(^|\s)0 年(\s|$)/m.test(p))) out.push('figures: a payback printed as "0 年"');
  // Charts: a pie splits exactly the headline total.
  for (const b of [...doc.summary, ...doc.sections.flatMap((s) => s.blocks)]) {
    if (b.kind !== "pie" || b.unit !== "元") continue;
    const sum = b.items.filter((i) => i.value > 0).reduce((s, i) => s + i.value, 0);
    if (Math.abs(sum - h.savingYuan) > 0.5) out.push(`figures: pie ${b.title} splits ${fmt(sum)} 元, the headline total is ${fmt(h.savingYuan)} 元`);
  }
  // A factor printed in the assumptions is the value the sources table gives for the same unit.
  const sources = doc.sources.map((s) => s[1]).join("\n");
  for (const m of doc.assumptions.join("\n").matchAll(/(\d+(?:\.\d+)?)\s*(kgce\/kWh|kgce\/m³|kgce\/t|kgCO2\/kWh|kgCO2\/m³|tCO2\/t|MJ\/m³|MJ\/kg)/g)) {
    const unit = m[2];
    const inSources = [...sources.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?)\\s*${unit.replace(/[/]/g, "\\/")}`, "g"))].map((x) => x[1]);
    if (inSources.length && !inSources.includes(m[1])) out.push(`figures: assumptions print ${m[1]} ${unit}, the sources table ${inSources.join("/")} ${unit}`);
  }
  return out;
}

/** A content page that is not the last must be used: its text reaches at least this share of the content height. */
const MIN_PAGE_FILL = 0.3;
const CONTENT_TOP = 52;
const CONTENT_BOTTOM = 56;

export function pageFindings(r: PdfLayout): string[] {
  const out: string[] = [];
  const pagesCount = Math.max(...r.words.map((w) => w.page));
  const { height } = r.pageSize;
  for (let p = 2; p < pagesCount; p++) {
    const body = r.words.filter((w) => w.page === p && w.yMin >= CONTENT_TOP - 4 && w.yMax <= height - CONTENT_BOTTOM + 4);
    const bottom = Math.max(CONTENT_TOP, ...body.map((w) => w.yMax));
    const fill = (bottom - CONTENT_TOP) / (height - CONTENT_TOP - CONTENT_BOTTOM);
    // The page before the signature page (which starts a page of its own) may end short.
    const beforeBreak = p === pagesCount - 1;
    if (fill < MIN_PAGE_FILL && !beforeBreak) out.push(`pages: p${p} is ${Math.round(fill * 100)}% full`);
  }
  return out;
}

export function lint(r: RenderedReport): string[] {
  return [...figureFindings(r), ...precisionFindings(r), ...boxFindings(r), ...numberingFindings(r), ...glyphFindings(r), ...pageFindings(r)];
}
