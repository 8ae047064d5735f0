// Issue 15, report contents an auditor needs: plant roll-up with NPV/IRR at a stated rate and life, interactions
// removed, sensitivity ±20 %, M&V note in GB/T 28750 wording, signature page, sources with years. The printed
// headline figures equal the model's.
import { describe, expect, it } from "vitest";
import { annuityFactor, DISCOUNT_RATE, irr, npv, SERVICE_LIFE_YEARS } from "../../../workers/reports/model/finance";
import { fmt, headlineTiles } from "../../../workers/reports/model/figures";
import type { ReportCard as CardCode } from "../../support/survey-fixtures";
import { assessMotorSystemFromAnswers } from "../../support/cards";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";
import { docFor, pdfText } from "./pdf-text";

const FIXTURES: Record<CardCode, () => Record<string, string[]>> = { motor: motorAnswers, stenter: stenterAnswers, electricity: electricityAnswers };

describe("finance", () => {
  it("NPV and IRR of a textbook case", () => {
    // 100 元 now, 30 元/yr for 5 years at 8 %: annuity factor 3.99271 → NPV 19.78; IRR 15.24 %.
    expect(annuityFactor(0.08, 5)).toBeCloseTo(3.99271, 5);
    expect(npv(100, 30, 0.08, 5)).toBeCloseTo(19.7813, 3);
    expect(irr(100, 30, 5)!).toBeCloseTo(0.152382, 5);
    expect(irr(100, 10, 5)).toBeNull();
    expect(irr(0, 10, 5)).toBeNull();
  });
});

describe("plant roll-up", () => {
  it("motor: package steps ranked with investment, kWh, 元, tce 当量/等价, tCO2, payback, NPV, IRR; interactions removed", () => {
    const a = motorAnswers();
    const r = assessMotorSystemFromAnswers(a);
    if (!r.ok) throw new Error("fixture");
    const doc = docFor("motor", a);
    const sec = doc.sections.find((s) => s.title === "全厂节能措施汇总")!;
    const table = sec.blocks.find((b) => b.kind === "table")!;
    if (table.kind !== "table") throw new Error("table");
    expect(table.columns.map((c) => c.label)).toEqual([
      "措施", "投资 (元)", "节电 (kWh)", "年节约 (元)", "当量 (tce)", "等价 (tce)", "减排 (tCO2)", "回收期", "寿命 (年)", "净现值 (元)", "内部收益率",
    ]);
    // The total is the package (interactions removed), not the sum of the independent measures.
    expect(table.total![2]).toBe(fmt(r.result.totals.savingKwh));
    expect(table.total![3]).toBe(fmt(r.result.totals.costSavingYuan));
    expect(JSON.stringify(sec)).toContain("合计已扣除措施间相互作用");
    // The VFD row (largest) first, with its NPV at 8 % over 10 years.
    const vfd = r.result.motors[1].perUnit.package.steps.find((s) => s.measure === "vfd")!;
    expect(table.rows[0][0]).toBe("1. 加装变频调速（组合方案）");
    expect(table.rows[0][9]).toBe(fmt(npv(25000, vfd.costSavingYuan, DISCOUNT_RATE, SERVICE_LIFE_YEARS.vfd)));
    // 等价 = kWh × 0.300 / 1000.
    expect(table.rows[0][5]).toBe(fmt((vfd.savingKwh * 0.3) / 1000));
    expect(table.rows.some((row) => row[0].includes("更换为2级能效电机（不计入合计）"))).toBe(true);
  });

  for (const card of Object.keys(FIXTURES) as CardCode[]) {
    it(`${card}: sensitivity, M&V (GB/T 28750), signature page and sources with years are printed; headline figures equal the model's`, async () => {
      const doc = docFor(card, FIXTURES[card]());
      // Compared without white space: pdftotext breaks lines where the PDF does.
      const text = (await pdfText(doc)).join("").replace(/\s+/g, "");
      const has = (x: string, why?: string) => expect(text, why).toContain(x.replace(/\s+/g, ""));
      for (const x of ["全厂节能措施汇总", "敏感性分析", "投资+20%", "GB/T 28750-2012", "节能量 = 基期能耗 − 统计报告期能耗 ± 调整量", "计算数据来源与年份", "GB/T 2589-2020"]) has(x);
      for (const w of ["编制（签字）", "审核（签字）", "批准（签字）", "企业确认", "企业盖章"]) has(w);
      for (const t of headlineTiles(doc.figures)) has(t.value, t.label);
    }, 60_000);
  }
});
