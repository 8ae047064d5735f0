// Issue 15, presentation defects: percentages without absurd digits, exact installed capacity, table headers that
// never break inside a word, storage losses shown as increases.
import { describe, expect, it } from "vitest";
import { fmtExact, fmtPct, headlineTiles } from "../../../workers/reports/model/figures";
import { columnWidthPt, headerFits } from "../../../workers/reports/layout";
import type { ReportCard as CardCode } from "../../support/survey-fixtures";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";
import { docFor, pdfText } from "./pdf-text";

const FIXTURES: Record<CardCode, () => Record<string, string[]>> = { motor: motorAnswers, stenter: stenterAnswers, electricity: electricityAnswers };

describe("number formatting", () => {
  it("percentages keep 3 significant figures with at most 2 decimals; residues read <0.01%", () => {
    expect(fmtPct(0.000000255)).toBe("<0.01%");
    expect(fmtPct(-0.000000255)).toBe(">−0.01%");
    expect(fmtPct(0.415)).toBe("41.5%");
    expect(fmtPct(0.0712)).toBe("7.12%");
    expect(fmtPct(0.000712)).toBe("0.07%");
    expect(fmtPct(1)).toBe("100%");
    expect(fmtPct(0)).toBe("0%");
  });
  it("installed capacity is the exact sum, not 3 significant figures", () => {
    expect(fmtExact(1512.5, "kW")).toBe("1,512.5 kW");
    expect(fmtExact(92)).toBe("92");
  });
});

describe("table headers", () => {
  for (const card of Object.keys(FIXTURES) as CardCode[]) {
    it(`${card}: every header word fits its column, so no header breaks inside a word`, () => {
      const doc = docFor(card, FIXTURES[card]());
      const blocks = [...doc.summary, ...doc.sections.flatMap((s) => s.blocks)];
      for (const b of blocks) {
        if (b.kind !== "table") continue;
        const sum = b.columns.reduce((s, c) => s + c.width, 0);
        for (const c of b.columns) expect(headerFits(c.label, columnWidthPt(c.width, sum)), `${b.title ?? ""} / ${c.label}`).toBe(true);
      }
    });
  }
  it("the printed motor table has 年运行小时 on one line", async () => {
    const text = (await pdfText(docFor("motor", motorAnswers()))).join("\n");
    expect(text).toContain("年运行小时");
  }, 60_000);
});

describe("electricity headline", () => {
  it("storage losses are increases with an honest sign, never a bare minus that reads as a saving", () => {
    const doc = docFor("electricity", electricityAnswers());
    const tiles = headlineTiles(doc.figures);
    const loss = tiles.find((t) => t.label.includes("损耗"))!;
    expect(loss.value.startsWith("+")).toBe(true);
    for (const t of tiles) expect(t.value, t.label).not.toMatch(/^[−-]/);
    expect(tiles.map((t) => t.label)).not.toContain("折标准煤变化");
  });
});

describe("long tables", () => {
  // The same fixture rows repeated, as bench/reports.mjs does for a 100-motor plant.
  const plant = (n: number) => {
    const answers = motorAnswers();
    const rows = answers.motor_name.length;
    return Object.fromEntries(
      Object.entries(answers).map(([k, v]) => [k, v.length === rows ? Array.from({ length: n }, (_, i) => (k === "motor_name" ? `${Math.floor(i / rows) + 1}-${v[i % rows]}` : v[i % rows])) : v]),
    );
  };

  it("a table running over several pages repeats its header row at the top of each, and every page is numbered", async () => {
    const pages = (await pdfText(docFor("motor", plant(60)))).filter((p) => p.trim()); // pdftotext ends with a form feed
    const inventory = pages.map((p, i) => ({ p, i })).filter(({ p }) => /\d+-1#空压机电机\s+1\s+55/.test(p) && /YE3→3级|3级/.test(p));
    expect(inventory.length).toBeGreaterThan(1);
    for (const { p, i } of inventory) expect(p, `page ${i + 1}`).toMatch(/设备名称\s+台数\s+额定功率/);
    pages.slice(1).forEach((p, i) => expect(p).toContain(`第 ${i + 2} 页 / 共 ${pages.length} 页`));
  }, 120_000);

  it("the equipment table names the efficiency basis in a few characters and explains them below", () => {
    const doc = docFor("motor", motorAnswers());
    const section = doc.sections.find((s) => s.title === "电机设备清单与运行现状")!;
    const table = section.blocks.find((b) => b.kind === "table")!;
    if (table.kind !== "table") throw new Error("no table");
    const col = table.columns.findIndex((c) => c.label === "效率依据");
    for (const row of table.rows) expect(row[col].length, row[col]).toBeLessThanOrEqual(12);
    expect(section.blocks.some((b) => b.kind === "para" && b.text.startsWith("效率依据：") && b.text.includes("GB 18613-2020"))).toBe(true);
  });
});
