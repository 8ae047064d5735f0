// Pure layout arithmetic for the PDF tables (no react-pdf here, so unit tests can check every table of every card):
// a header label is cut into words at spaces ("年运行小时", "(h)"), each word is drawn as one unbreakable
// piece, and the header font shrinks until the longest word fits its column (issue 15: "年运行小/时").

/** A4 width minus the page's horizontal padding (document.tsx: 44 pt each side), pt. */
export const CONTENT_WIDTH_PT = 595.28 - 2 * 44;
/** Horizontal padding inside a table cell, both sides together, pt. */
export const CELL_PADDING_PT = 6;
export const HEADER_FONT_PT = 7.8;
export const HEADER_MIN_FONT_PT = 5.2;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

/** Estimated width of a word in em of Noto Sans SC: CJK and full-width glyphs 1 em, Latin, digits and ASCII signs ≈ 0.6 em. */
export function textWidthEm(word: string): number {
  let w = 0;
  for (const ch of word) w += CJK.test(ch) ? 1 : ch === " " ? 0.25 : 0.6;
  return w;
}

/** The unbreakable pieces of a header label. */
export const headerWords = (label: string): string[] => label.split(/\s+/).filter(Boolean);

/** Width of a column in pt, from its relative width among the table's columns. */
export const columnWidthPt = (width: number, totalWidth: number): number => (width / totalWidth) * CONTENT_WIDTH_PT - CELL_PADDING_PT;

/** The header font size at which every word of the label fits the column on one line. */
export function headerFontSize(label: string, columnPt: number): number {
  const longest = Math.max(0, ...headerWords(label).map(textWidthEm));
  if (longest === 0) return HEADER_FONT_PT;
  // 3 % slack for glyph widths the estimate does not know.
  const fit = columnPt / (longest * 1.03);
  return Math.max(HEADER_MIN_FONT_PT, Math.min(HEADER_FONT_PT, Math.floor(fit * 10) / 10));
}

/** True when every word of the label fits its column at the minimum font size (tests: a label that cannot fit must be shortened). */
export function headerFits(label: string, columnPt: number): boolean {
  return Math.max(0, ...headerWords(label).map(textWidthEm)) * 1.03 * headerFontSize(label, columnPt) <= columnPt + 1e-9;
}

/**
 * Axis ticks from 0 with a "nice" step (1, 2, 2.5 or 5 × 10^k) so that about `count` intervals cover `max`;
 * the last tick is the axis top (≥ max).
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw - 1e-12)!;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step * 1e-9; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** A tick label: thousands separators, no float noise (0.30000000000000004 → "0.3"). */
export const tickLabel = (v: number): string => Number(v.toPrecision(6)).toLocaleString("en-US", { maximumFractionDigits: 3 });

const CN_DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** A heading number in Chinese numerals, 1–99: 1 → 一, 10 → 十, 17 → 十七, 21 → 二十一 (issue 22: "17、" after 十六). */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) return String(n);
  if (n < 10) return CN_DIGITS[n];
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? "" : CN_DIGITS[tens]}十${ones ? CN_DIGITS[ones] : ""}`;
}
