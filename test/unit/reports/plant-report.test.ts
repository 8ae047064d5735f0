// The plant summary PDF (全厂能源平衡报告, issue 22): rendered with the production fonts and read back (text and word
// boxes) together with the summary JSON the job stores. Every figure the page prints (services/plant/figures.ts) is
// printed in the PDF in its own table cell, the printed figures agree with each other (carriers add up to the
// total, shares to 100 %, per-unit = total ÷ output), and the report lint's layout rules hold (boxes, numbering,
// glyphs, signature page, near-empty pages; prose and factors at ≤ 4 significant digits).
import { describe, expect, it } from "vitest";
import { plantSummaryOf, type PlantSurvey } from "../../../workers/cards/plant";
import type { PlantSummaryView } from "../../../workers/services/plant/summary";
import {
  PLANT_BALANCE_COLUMNS,
  PLANT_FACTOR_NOTE,
  plantCarrierCells,
  plantHeadline,
  plantPerUnitText,
  plantSourceRows,
  plantTce,
} from "../../../workers/services/plant/figures";
import { plantReportDoc, type PlantDoc } from "../../../workers/reports/plant-model";
import { renderPlantReportPdf } from "../../../workers/reports/render";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";
import { fakeEnv } from "./pdf-text";
import { boxFindings, missingGlyphs, modelStrings, numberingFindings, pageFindings, precisionFindings, readPdfLayout, type PdfLayout, type Word } from "./lint";

const COMPANY = "苏州某印染有限公司";
const survey = (surveyId: number, cardCode: string, answers: Record<string, string[]>, title = `调查表${surveyId}`): PlantSurvey => ({ surveyId, title, cardCode, answers, extras: {} });

/** Three cards of one plant, the plant page with gas and steam meters and the output, one older survey skipped. */
function plantView(): PlantSummaryView {
  const stenter = { ...stenterAnswers(), plant_gas_m3: ["1000000"], plant_steam_t: ["2000"], plant_output: ["50000"], plant_output_unit: ["cloth_100m"] };
  const summary = plantSummaryOf(COMPANY, [survey(3, "stenter", stenter, "定型机2025"), survey(2, "motor", motorAnswers(), "电机清单"), survey(1, "electricity", electricityAnswers(), "2025年电费")]);
  return {
    companies: [{ name: COMPANY, surveyCount: 4, updatedAt: 0 }],
    unnamedCount: 0,
    company: COMPANY,
    summary,
    skipped: [{ surveyId: 9, title: "旧电机清单", reason: "同一卡片只计最近修改的一份调查表" }],
  };
}

/** Content box of the content pages (document.tsx ContentPage), pt. */
const PAD_X = 44;

/**
 * The words printed in each column of the table row that starts with `first` (searched after the word `after`),
 * within the row's height (up to the next row's first cell): what each cell shows, read from the PDF.
 */
function rowCells(r: PdfLayout, after: string, first: string, widths: readonly number[]): string[] {
  const start = r.words.findIndex((w) => w.text === after);
  const head = r.words.slice(start + 1).find((w) => w.text === first);
  if (start < 0 || !head) return [];
  const page = r.words.filter((w) => w.page === head.page);
  const contentW = r.pageSize.width - 2 * PAD_X;
  const sum = widths.reduce((s, x) => s + x, 0);
  const edges = widths.map((_, i) => PAD_X + (widths.slice(0, i).reduce((s, x) => s + x, 0) / sum) * contentW);
  // The row ends where the next line of the first column starts (another row, or the table's end).
  const next = page.filter((w) => w.xMin < edges[1]! && w.yMin > head.yMax + 1).sort((a, b) => a.yMin - b.yMin)[0];
  const bottom = next ? next.yMin - 0.5 : head.yMax + 30;
  const inRow = page.filter((w) => w.yMin >= head.yMin - 1 && w.yMin < bottom);
  return widths.map((_, i) => {
    const x0 = edges[i]!;
    const x1 = i + 1 < edges.length ? edges[i + 1]! : r.pageSize.width;
    return inRow
      .filter((w: Word) => w.xMin >= x0 - 0.5 && w.xMin < x1 - 0.5)
      .sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)
      .map((w) => w.text)
      .join("");
  });
}

const squash = (s: string) => s.replace(/\s+/g, "");
const numberOf = (s: string) => Number(s.replace(/[^\d.-]/g, ""));

describe("plant summary PDF: the page's figures, read back from the PDF", async () => {
  // As the job does: the summary goes to JSON (summary_json) and the PDF is built from the same view.
  const view = plantView();
  const stored: PlantSummaryView = JSON.parse(JSON.stringify(view));
  const doc: PlantDoc = plantReportDoc(view, { reportNo: "PB-20261128-7F3A9C", generatedAt: Date.UTC(2026, 10, 28) });
  const { bytes, pages } = await renderPlantReportPdf(fakeEnv, doc);
  const r = readPdfLayout(bytes);
  const flat = squash(r.pages.join("\n"));
  const b = stored.summary!.balance;
  const balanceTable = doc.sections[0]!.blocks.find((x) => x.kind === "table")!;
  const widths = balanceTable.kind === "table" ? balanceTable.columns.map((c) => c.width) : [];

  it("prints the headline figures with their units", () => {
    expect(b.carriers.map((c) => c.carrier)).toEqual(["electricity", "natural_gas", "steam"]);
    // The tiles print in a row: the labels, then the values, then the units, each in the page's order.
    const tiles = plantHeadline(b);
    expect(tiles).toHaveLength(4);
    for (const part of ["label", "value", "unit"] as const) expect(flat).toContain(squash(tiles.map((t) => t[part]).join("")));
  });

  it("each carrier's row shows, cell by cell, what the page's table shows", () => {
    expect(widths).toHaveLength(PLANT_BALANCE_COLUMNS.length);
    for (const c of b.carriers) {
      const x = plantCarrierCells(c);
      const want = [x.name, x.quantity, x.basis, x.factor, x.tceEquivalent, x.tceEqual, x.share, x.equipment, x.coverage].map(squash);
      expect(rowCells(r, "全厂能源平衡表", x.name, widths)).toEqual(want);
    }
    const total = rowCells(r, "全厂能源平衡表", "综合能耗合计", widths);
    expect(total).toEqual(["综合能耗合计", "", "", "", plantTce(b.totalTceEquivalent), plantTce(b.totalTceEqual), "", "", ""]);
  });

  it("the printed figures agree with each other: carriers add up to the total, shares to 100 %, per unit = total ÷ output", () => {
    const rows = b.carriers.map((c) => rowCells(r, "全厂能源平衡表", plantCarrierCells(c).name, widths));
    const total = rowCells(r, "全厂能源平衡表", "综合能耗合计", widths);
    // One decimal printed per figure: the sum may differ from the printed total by half a unit per row.
    const tolerance = 0.05 * rows.length + 1e-9;
    expect(Math.abs(rows.reduce((s, x) => s + numberOf(x[4]!), 0) - numberOf(total[4]!))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(rows.reduce((s, x) => s + numberOf(x[5]!), 0) - numberOf(total[5]!))).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(rows.reduce((s, x) => s + numberOf(x[6]!), 0) - 100)).toBeLessThanOrEqual(tolerance);
    const perUnit = plantPerUnitText(b)!;
    expect(flat).toContain(squash(perUnit.text));
    expect(flat).toContain(squash(perUnit.verdict.message));
    const printedPerUnit = numberOf(/单位产品综合能耗([\d,.]+)kgce/.exec(squash(perUnit.text))![1]!);
    expect(Math.abs(printedPerUnit - (numberOf(total[4]!) * 1000) / b.perUnit!.output)).toBeLessThan(0.01 + (0.05 * 1000) / b.perUnit!.output);
  });

  it("prints every cross-card check, the factor note and every source survey (counted or not, with its reason)", () => {
    expect(b.checks.length).toBeGreaterThan(0);
    for (const c of b.checks) expect(flat).toContain(squash(c.message));
    expect(flat).toContain(squash(PLANT_FACTOR_NOTE));
    for (const s of plantSourceRows(stored.summary!, stored.skipped)) {
      expect(flat).toContain(squash(s.title));
      expect(flat).toContain(squash(s.text).slice(0, 12));
    }
    expect(flat).toContain("旧电机清单");
  });

  it("passes the report lint's layout rules and carries the signature page", () => {
    const prose = [...doc.sections.flatMap((s) => s.blocks).flatMap((x) => (x.kind === "para" ? [x.text] : x.kind === "bullets" ? x.items : []))].join("\n");
    // Precision on prose and factors (the balance table's quantities are whole units, as the page prints them).
    const proseLayout: PdfLayout = { ...r, pages: [prose, ...doc.sections[3]!.blocks.flatMap((x) => (x.kind === "table" && x.title === "折标准煤系数" ? x.rows.map((row) => row.slice(1, 3).join(" ")) : []))] };
    expect(precisionFindings(proseLayout)).toEqual([]);
    expect([...boxFindings(r), ...numberingFindings(r), ...pageFindings(r)]).toEqual([]);
    expect(missingGlyphs(modelStrings(doc).join("\n"))).toEqual([]);
    expect(r.pages.at(-1)).toContain("报告编号：PB-20261128-7F3A9C");
    expect(pages).toBe(r.pages.length);
  });
}, 120_000);
