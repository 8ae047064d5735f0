// Issue 15, presentation defects: percentages without absurd digits, exact installed capacity, table headers that
// never break inside a word, storage losses shown as increases.
import { describe, expect, it } from "vitest";
import { fmtExact, fmtPct, headlineTiles } from "../../../workers/reports/figures";
import { columnWidthPt, headerFits } from "../../../workers/reports/layout";
import type { CardCode } from "../../../workers/cards";
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
