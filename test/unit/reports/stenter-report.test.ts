// Issue 15, stenter card: warning above the 10–25 % practice band and when recovered fuel exceeds the declared
// fuel, fouling derating, heat into process water priced at the water's own fuel, CO2 factors cited to their own
// source, thermal kWh labelled apart from electric kWh.
import { describe, expect, it } from "vitest";
import { assessStenterFromAnswers } from "../../support/cards";
import { headlineTiles } from "../../../workers/reports/model/figures";
import { stenterAnswers } from "../engines/answers-fixtures";
import { docFor } from "./pdf-text";

const sectionText = (a: Record<string, string[]>, title: string) => JSON.stringify(docFor("stenter", a).sections.find((s) => s.title === title) ?? null);

describe("stenter report", () => {
  it("a saving above the 10–25 % practice band carries the named warning", () => {
    const a = stenterAnswers();
    a.stenter_annual_fuel = ["500000"]; // 165,919 m³ saved = 33 %
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error("fixture");
    expect(r.result.stenters[0].flags.map((f) => f.code)).toContain("above_practice_band");
    expect(sectionText(a, "数据合理性提示")).toContain("高于工程实践常见的10–25%");
  });

  it("recovered fuel 23× the declared fuel is named as impossible input", () => {
    // A second, possible unit: with the impossible unit alone generate refuses (issue 22, issue22.test.ts).
    const a = stenterAnswers();
    for (const k of Object.keys(a)) if (k.startsWith("stenter_") || k.startsWith("exhaust_") || k.startsWith("cold_") || k.startsWith("hx_") || k === "recovery_investment_yuan") a[k] = [a[k][0], a[k][0]];
    a.stenter_heating = ["thermal_oil_gas"];
    a.stenter_annual_fuel = ["900000", "7200"];
    expect(sectionText(a, "数据合理性提示")).toContain("倍，超过定型机全部用能");
  });

  it("an implausible exhaust humidity (0.5 kg/kg) carries a warning", () => {
    const a = stenterAnswers();
    a.exhaust_humidity_kg_kg = ["0.5"];
    expect(sectionText(a, "数据合理性提示")).toContain("排气含湿量0.50 kg/kg");
  });

  it("the clean effectiveness is derated for oil-mist fouling, and the table shows it", () => {
    const r = assessStenterFromAnswers(stenterAnswers());
    if (!r.ok) throw new Error("fixture");
    expect(r.result.stenters[0].effectivenessUsed).toBeCloseTo(0.54, 12);
    expect(JSON.stringify(docFor("stenter", stenterAnswers()).sections)).toContain("60.0%×0.90=54.0%");
  });

  it("heat recovered into process water is priced at the water heating's fuel, not the thermal-oil heater's gas", () => {
    const a = stenterAnswers();
    Object.assign(a, { cold_stream: ["water"], cold_flow: ["20"], water_heating: ["steam"], water_heating_price: ["220"] });
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = r.result.stenters[0];
    expect(s.displaces).toBe("water_heating");
    expect(s.fuelSaved.fuel).toBe("steam");
    // Steam: t = GJ / ((2,777 − 83.74)/1000) at 220 元/t.
    expect(s.fuelSaved.amount).toBeCloseTo(s.annualHeatGj / ((2777 - 83.74) / 1000), 9);
    expect(s.costSavingYuan).toBeCloseTo(s.fuelSaved.amount * 220, 9);
    expect(r.result.totals.otherFuelsSaved[0].fuel).toBe("steam");
    expect(r.result.totals.costSavingYuan).toBeCloseTo(s.costSavingYuan, 9);
  });

  it("CO2 factors are cited to the GHG guidelines, standard-coal factors to GB/T 2589; thermal kWh is labelled", () => {
    const doc = docFor("stenter", stenterAnswers());
    const co2 = doc.assumptions.find((x) => x.startsWith("二氧化碳排放因子（天然气）"))!;
    expect(co2).toContain("2.162 kgCO2/m³");
    expect(co2).toContain("温室气体排放核算方法与报告指南");
    expect(co2).not.toContain("GB/T 2589");
    expect(doc.assumptions.find((x) => x.startsWith("折标系数（天然气）"))).toContain("GB/T 2589-2020");
    const tile = headlineTiles(doc.figures).find((t) => t.label.startsWith("年回收热量"))!;
    expect(tile.label).toContain("非电量");
    const table = doc.summary.find((b) => b.kind === "table");
    expect(table && table.kind === "table" && table.columns[1].label).toBe("年回收热量 (kWh热)");
  });
});
