// Issue 15, electricity card: typical day from representative working days, y-axis ticks, capacitor sized at
// the load its label names and costed, competing measures not added, both average prices labelled.
import { describe, expect, it } from "vitest";
import { assessElectricityCostFromAnswers } from "../../support/cards";
import { niceTicks } from "../../../workers/reports/layout";
import { fmt } from "../../../workers/reports/model/figures";
import { typicalDay } from "../../../workers/cards/electricity/report";
import { electricityInputFromAnswers } from "../../support/cards";
import { CAPACITOR_YUAN_PER_KVAR } from "../../../workers/engines/standards/conventions";
import { electricityAnswers } from "../engines/answers-fixtures";
import { docFor, pdfText } from "./pdf-text";

/** January: 24 working days (800 kW nights, 1,800 kW days) and a 7-day Spring Festival shutdown at 180 kW. */
function januaryCurve() {
  const kw: number[] = [];
  for (let d = 0; d < 31; d++) {
    const shutdown = d >= 10 && d < 17;
    for (let s = 0; s < 96; s++) kw.push(shutdown ? 180 : s >= 32 && s < 88 ? 1800 : 800);
  }
  return { loadCurveKw: kw, intervalMinutes: 15 as const, startDate: "2026-01-01" };
}

describe("electricity report", () => {
  it("the typical day averages the representative working days and lists the shutdown days it left out", () => {
    const mapped = electricityInputFromAnswers(electricityAnswers(), januaryCurve());
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    const td = typicalDay(mapped.input, 1)!;
    expect(td.daysUsed).toBe(24);
    expect(td.excludedDates).toHaveLength(7);
    expect(td.excludedDates[0]).toBe("2026-01-11");
    expect(td.minKw).toBe(800);
    expect(td.peakValleyDifferenceRate).toBeCloseTo(1000 / 1800, 9);
    const doc = docFor("electricity", electricityAnswers(), { loadCurve: januaryCurve() });
    const sec = doc.sections.find((s) => s.title === "典型日负荷与分时时段")!;
    expect(JSON.stringify(sec)).toContain("24个代表性工作日");
    expect(JSON.stringify(sec)).toContain("2026-01-11");
  });

  it("the load-curve chart prints y-axis ticks for load and price", async () => {
    expect(niceTicks(1800)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(niceTicks(0.97)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    const pages = await pdfText(docFor("electricity", electricityAnswers(), { loadCurve: januaryCurve() }));
    const page = pages.find((p) => p.includes("典型日负荷曲线"))!;
    for (const t of ["2,000", "1,500", "1,000", "500", "元/kWh"]) expect(page).toContain(t);
  }, 60_000);

  it("the capacitor bank is sized at maximum demand when the label says so, and costed", () => {
    const r = assessElectricityCostFromAnswers(electricityAnswers());
    if (!r.ok) throw new Error("fixture");
    const pf = r.result.powerFactor!;
    // July: 970,000 kWh, 450,000 kvarh, MD 1,800 kW on the bill.
    const july = pf.months[0];
    const tan1 = 450_000 / 970_000;
    const tan2 = Math.tan(Math.acos(0.95));
    expect(july.capacitorKvarAtPeak!).toBeCloseTo(1800 * (tan1 - tan2), 6);
    expect(pf.sizedAt).toBe("peak");
    expect(pf.sizedKvar).toBeGreaterThan(pf.capacitorKvar);
    expect(pf.capacitorCostYuan).toBeCloseTo(pf.sizedKvar * CAPACITOR_YUAN_PER_KVAR, 6);
    const item = r.result.optimisation.items.find((i) => i.code === "power_factor")!;
    expect(item.investmentYuan).toBeCloseTo(pf.capacitorCostYuan, 6);
    const text = JSON.stringify(docFor("electricity", electricityAnswers()).sections);
    expect(text).toContain(`建议按最大负荷配置约${Math.round(pf.sizedKvar).toLocaleString("en-US").slice(0, 1)}`);
  });

  it("storage and load shifting compete for the valley: only the larger enters the total, and the report says so", () => {
    const r = assessElectricityCostFromAnswers(electricityAnswers());
    if (!r.ok) throw new Error("fixture");
    const o = r.result.optimisation;
    const storage = o.items.find((i) => i.code === "storage")!;
    const shift = o.items.find((i) => i.code === "load_shift")!;
    expect([storage.inTotal, shift.inTotal].filter(Boolean)).toHaveLength(1);
    const sumAll = o.items.reduce((s, i) => s + i.annualSavingYuan, 0);
    expect(o.totalAnnualSavingYuan).toBeCloseTo(sumAll - Math.min(storage.annualSavingYuan, shift.annualSavingYuan), 6);
    const doc = docFor("electricity", electricityAnswers());
    expect(JSON.stringify(doc.summary)).toContain("未计入合计");
  });

  it("both average prices are printed and labelled: energy-only and all-in", async () => {
    const r = assessElectricityCostFromAnswers(electricityAnswers());
    if (!r.ok) throw new Error("fixture");
    const text = (await pdfText(docFor("electricity", electricityAnswers()))).join("\n");
    expect(text).toContain("平均电度电价（仅电度电费）");
    expect(text).toContain("综合平均电价（含基本电费、力调电费）");
    const allIn = r.result.optimisation.annualBillYuan / r.result.annualEnergyKwh;
    expect(allIn).toBeGreaterThan(r.result.tou.averagePriceYuanPerKwh!);
  }, 60_000);
});

describe("comprehensive energy consumption", () => {
  it("the electricity supplied is converted to tce at the equivalent and the equal value (GB/T 2589-2020)", () => {
    const r = assessElectricityCostFromAnswers(electricityAnswers());
    if (!r.ok) throw new Error("fixture");
    const sec = docFor("electricity", electricityAnswers()).sections.find((s) => s.title === "综合能耗（电力部分）")!;
    const t = sec.blocks[0];
    if (t.kind !== "table") throw new Error("table");
    expect(t.rows[0][3]).toBe(fmt((r.result.annualEnergyKwh * 0.1229) / 1000));
    expect(t.rows[1][3]).toBe(fmt((r.result.annualEnergyKwh * 0.3) / 1000));
  });
});
