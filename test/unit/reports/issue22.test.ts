// Issue 22: reports that agree with themselves. One test (or more) per defect, each failing on the code before.
import { describe, expect, it } from "vitest";
import { assessElectricityCostFromAnswers, assessStenterFromAnswers } from "../../support/cards";
import { assessPowerFactor, type PfMonthInput } from "../../../workers/engines/electricity/power-factor";
import { numberSchema, type NumberRule } from "../../../workers/contract/survey-rules";
import { SENSITIVITY_CASES } from "../../../workers/reports/model/finance";
import { fmt, fmtYears } from "../../../workers/reports/model/figures";
import { STENTER_SECTION_KEYS } from "../../support/cards";
import { cardInputErrors, cardOf } from "../../../workers/cards";
import { rollupRows, trackerSheets } from "../../../workers/reports/tracker";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";
import { docFor } from "./pdf-text";

describe("item 1: the fuel a stenter saving displaces depends on what the heat goes into", () => {
  const water = (flow: string | null) => {
    const a = stenterAnswers();
    Object.assign(a, { cold_stream: ["water"], water_heating: ["steam"], water_heating_price: ["220"] });
    if (flow !== null) a.cold_flow = [flow];
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.result;
  };

  it("process water heated by purchased steam is priced as steam when cold_flow is left blank", () => {
    const r = water(null);
    const s = r.stenters[0];
    expect(s.displaces).toBe("water_heating");
    expect(s.fuelSaved.fuel).toBe("steam");
    expect(s.costSavingYuan).toBeCloseTo(s.fuelSaved.amount * 220, 6);
    // Nothing of it counts as the stenter's own gas in the headline.
    expect(r.totals.fuelSaved.amount).toBe(0);
    expect(r.totals.otherFuelsSaved.map((f) => f.fuel)).toEqual(["steam"]);
  });

  it("with and without a (non-limiting) flow the displaced fuel and its price are the same", () => {
    const blank = water(null).stenters[0];
    const filled = water("200").stenters[0]; // 200 t/h of water: the exhaust stays C_min
    expect(filled.minCapacityKwPerK).toBeCloseTo(blank.minCapacityKwPerK, 9);
    expect(filled.fuelSaved.fuel).toBe(blank.fuelSaved.fuel);
    expect(filled.costSavingYuan).toBeCloseTo(blank.costSavingYuan, 6);
  });
});

describe("item 2: a unit the report calls impossible is in no total; payback plausibility", () => {
  /** Two stenters; the second declares 7,200 m³ of gas a year but recovers ~23× that. */
  const twoUnits = () => {
    const a = stenterAnswers();
    for (const k of STENTER_SECTION_KEYS) if (a[k]) a[k] = [a[k][0], a[k][0]];
    a.stenter_name = ["1#定型机", "2#定型机"];
    a.stenter_annual_fuel = ["900000", "7200"];
    return a;
  };

  it("the impossible unit is withheld from the headline, the roll-up total and the tracker, with the reason printed", () => {
    const a = twoUnits();
    const one = stenterAnswers();
    const single = assessStenterFromAnswers(one);
    if (!single.ok) throw new Error("fixture");
    const doc = docFor("stenter", a);
    // Headline = the possible unit alone, net of its fans' added electricity (the roll-up's total, item 3).
    expect(doc.figures.headline.savingYuan).toBeCloseTo(single.result.totals.costSavingYuan - single.result.totals.fanPenaltyCostYuan, 6);
    expect(doc.figures.headline.investmentYuan).toBe(800000);
    expect(doc.figures.headline.fuel!.amount).toBeCloseTo(single.result.totals.fuelSaved.amount, 6);
    // Roll-up: listed, not in the total, no figures of its own.
    const rows = rollupRows(doc);
    const bad = rows.find((r) => r.name.startsWith("2#"))!;
    expect(bad.inTotal).toBe(false);
    expect(bad.yuan).toBe(0);
    expect(bad.remark).toContain("输入数据必有误");
    const tracker = JSON.stringify(trackerSheets(doc));
    expect(tracker).toContain("否（");
    const hints = JSON.stringify(doc.sections.find((s) => s.title === "数据合理性提示"));
    expect(hints).toContain("2#定型机：");
    expect(hints).toContain("未计入");
  });

  it("when every unit is impossible, generate refuses naming the unit and the input to fix", () => {
    const a = stenterAnswers();
    a.stenter_annual_fuel = ["7200"];
    const errors = cardInputErrors(cardOf("stenter")!, a, {});
    expect(errors).toHaveLength(1);
    expect(errors[0].questionKey).toBe("stenter_annual_fuel");
    expect(errors[0].message).toContain("1#定型机");
  });

  it("a payback below the usual 1–3 years of stenter heat recovery is named", () => {
    const a = stenterAnswers();
    a.recovery_investment_yuan = ["100000"]; // ~2 months on ~580,000 元/year
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error("fixture");
    expect(r.result.stenters[0].flags.map((f) => f.code)).toContain("payback_below_band");
    expect(JSON.stringify(docFor("stenter", a).sections.find((s) => s.title === "数据合理性提示"))).toContain("短于定型机余热回收常见的1–3年");
  });
});

describe("item 3: the electricity report prints one set of figures", () => {
  it("headline, pie, roll-up total and tracker agree; the competing measure is in none of the totals", () => {
    const a = electricityAnswers();
    a.shiftable_share_pct = ["30"]; // shifting and storage both present: one of them is left out
    const doc = docFor("electricity", a);
    const r = assessElectricityCostFromAnswers(a);
    if (!r.ok) throw new Error("fixture");
    const items = r.result.optimisation.items;
    expect(items.some((i) => !i.inTotal)).toBe(true);
    const rows = rollupRows(doc);
    const inTotal = rows.filter((x) => x.inTotal);
    const investment = inTotal.reduce((s, x) => s + (x.investmentYuan ?? 0), 0);
    const yuan = inTotal.reduce((s, x) => s + x.yuan, 0);
    const h = doc.figures.headline;
    expect(h.savingYuan).toBeCloseTo(yuan, 6);
    expect(h.investmentYuan).toBeCloseTo(investment, 6);
    expect(h.paybackYears).toBeCloseTo(investment / yuan, 9);
    // The pie splits exactly the headline total.
    const pie = doc.summary.find((b) => b.kind === "pie");
    if (pie && pie.kind === "pie") expect(pie.items.reduce((s, i) => s + i.value, 0)).toBeCloseTo(h.savingYuan, 6);
    // The roll-up's total row prints the headline's investment and payback.
    const rollup = doc.sections.find((s) => s.rollup)!.blocks.find((b) => b.kind === "table");
    if (!rollup || rollup.kind !== "table") throw new Error("no roll-up table");
    expect(rollup.total![1]).toBe(fmt(h.investmentYuan));
    expect(rollup.total).toContain(fmtYears(h.paybackYears));
    expect(rollup.total).toContain(fmt(h.savingYuan));
  });
});

describe("item 4: the capacitor bank is sized on working months", () => {
  /** Three working months at PF ≈ 0.87 and a Spring Festival February at half the energy and PF ≈ 0.79. */
  const months = (): PfMonthInput[] => [
    { monthKey: "2026-01", kwh: 1_000_000, kvarh: 570_000, adjustmentBaseYuan: 700_000, hours: 744, maxDemandKw: 1800 },
    { monthKey: "2026-02", kwh: 500_000, kvarh: 390_000, adjustmentBaseYuan: 400_000, hours: 672, maxDemandKw: 1800 },
    { monthKey: "2026-03", kwh: 1_000_000, kvarh: 560_000, adjustmentBaseYuan: 700_000, hours: 744, maxDemandKw: 1750 },
    { monthKey: "2026-04", kwh: 980_000, kvarh: 550_000, adjustmentBaseYuan: 690_000, hours: 720, maxDemandKw: 1700 },
  ];

  it("the shutdown month's low PF does not size the bank, and the month is flagged", () => {
    const pf = assessPowerFactor(0.9, months());
    const feb = pf.months.find((m) => m.monthKey === "2026-02")!;
    expect(feb.powerFactor).toBeLessThan(0.8);
    expect(feb.lowLoad).toBe(true);
    const worstWorking = Math.max(...pf.months.filter((m) => m.monthKey !== "2026-02").map((m) => m.capacitorKvarAtPeak!));
    expect(pf.sizedKvar).toBeCloseTo(worstWorking, 9);
    expect(pf.sizedKvar).toBeLessThan(feb.capacitorKvarAtPeak!);
    expect(pf.lowLoadMonths).toEqual(["2026-02"]);
  });

  it("the report names the low-load month and says its PF comes from low load", () => {
    const a = electricityAnswers();
    Object.assign(a, {
      bill_month: ["2026-01", "2026-02", "2026-03"],
      bill_kwh_peak: ["430000", "200000", "440000"],
      bill_kwh_flat: ["350000", "170000", "345000"],
      bill_kwh_valley: ["190000", "100000", "200000"],
      bill_kvarh: ["450000", "380000", "440000"],
      bill_max_demand_kw: ["1800", "1800", "1750"],
    });
    const sec = JSON.stringify(docFor("electricity", a).sections.find((s) => s.title.startsWith("措施：无功补偿")));
    expect(sec).toContain("2026-02（低负荷）");
    expect(sec).toContain("主要由低负荷");
  });
});

describe("item 5: the assumptions page and the sources table print the user's inputs", () => {
  it("entered storage DoD 88 % and O&M 1.5 % are printed as entered, not the defaults", () => {
    const a = electricityAnswers();
    Object.assign(a, { storage_dod_pct: ["88"], storage_om_pct: ["1.5"] });
    const doc = docFor("electricity", a);
    const text = doc.assumptions.join("\n");
    expect(text).toContain("放电深度88.0%（填写值）");
    expect(text).toContain("投资的1.50%（填写值）");
    expect(text).toContain("往返效率90.0%（缺省值）");
    expect(text).not.toContain("储能默认放电深度90%");
    const sources = JSON.stringify(doc.sources);
    expect(sources).toContain("放电深度88.0%");
    expect(sources).not.toContain("储能默认参数");
  });
});

describe("item 7: precision and citations", () => {
  /** Every decimal number in the text with more than 4 significant digits (thousands separators aside). */
  const overPrecise = (text: string) =>
    (text.match(/\d[\d,]*\.\d+/g) ?? []).filter((n) => n.replace(/[,.]/g, "").replace(/^0+/, "").length > 4);

  it("factors print at most 4 significant digits; the gas rows once; the supplier's heating value is the one cited", () => {
    const a = stenterAnswers();
    for (const k of STENTER_SECTION_KEYS) if (a[k]) a[k] = [a[k][0], a[k][0], a[k][0]];
    a.stenter_name = ["1#", "2#", "3#"];
    a.gas_lhv_mj_m3 = ["36.0"];
    const doc = docFor("stenter", a);
    expect(overPrecise(doc.assumptions.join("\n"))).toEqual([]);
    expect(overPrecise(doc.sources.map((r) => r[1]).join("\n"))).toEqual([]);
    expect(doc.sources.filter((r) => r[0] === "天然气折标准煤系数")).toHaveLength(1);
    expect(doc.sources.filter((r) => r[0] === "天然气二氧化碳排放因子")).toHaveLength(1);
    const lhv = doc.sources.filter((r) => r[0].startsWith("天然气低位热值"));
    expect(lhv).toHaveLength(1);
    expect(lhv[0][1]).toBe("36 MJ/m³");
    expect(JSON.stringify(doc.sources)).not.toContain("38.931");
  });

  it("the motor assumptions print the electricity factor as the sources do (0.1229, not 0.123)", () => {
    const doc = docFor("motor", motorAnswers());
    expect(doc.assumptions.join("\n")).toContain("0.1229 kgce/kWh");
    expect(doc.assumptions.join("\n")).not.toContain("0.123 kgce");
  });
});

describe("item 8: messages that do not contradict themselves; a sensitivity table without a duplicate column", () => {
  it("an exclusive lower bound is not printed as an inclusive range", () => {
    const schema = numberSchema({ label: "年运行小时数", min: 0, minExclusive: true, max: 8760, unit: "h" } as NumberRule);
    const r = schema.safeParse("0");
    expect(r.success).toBe(false);
    const msg = r.error!.issues[0].message;
    expect(msg).not.toContain("0–8760");
    expect(msg).toContain("大于0 h");
  });

  it("no two sensitivity columns are identical by construction", () => {
    const keys = SENSITIVITY_CASES.map((c) => `${c.savingFactor}/${c.investmentFactor}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
