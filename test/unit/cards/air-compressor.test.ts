// The 空压机系统 card end to end: the worked examples of compressed_air.md / test_vectors.md T7–T11 entered as survey
// answers, run through the registry (answers → input → engine → report model), checked on the report's figures.
import { describe, expect, it } from "vitest";
import { assessCard, cardInputErrors, cardOf } from "../../../workers/cards";
import { cardSeeds } from "../../../db/seed/cards";
import { fmt } from "../../../workers/reports/model/figures";
import { SURVEY_DEFINITIONS } from "../../support/cards";

type Answers = Record<string, string[]>;
const card = cardOf("air_compressor")!;
const ctx = (answers: Answers) => ({ card: "air_compressor", cardName: "空压机", reportNo: "BG-TEST", generatedAt: Date.UTC(2026, 10, 27), answers });

interface Compressor {
  name?: string;
  control?: "load_unload" | "vsd";
  ratedKw: number;
  packageKw: number;
  fad: number;
  pressure: number;
  loadPct: number;
  unloadedPct?: number;
  vsdInvestment?: number;
}

function answers(station: Record<string, string>, compressors: Compressor[], leaks: [count: number, diameterMm: number][] = []): Answers {
  const a: Answers = { company_name: ["测试空压站"], province: ["zhejiang"] };
  for (const [k, v] of Object.entries(station)) a[k] = [v];
  const col = (k: string, f: (c: Compressor) => string) => (a[k] = compressors.map(f));
  col("compressor_name", (c) => c.name ?? "1#螺杆机");
  col("compressor_control", (c) => c.control ?? "load_unload");
  col("compressor_cooling", () => "air");
  col("compressor_rated_kw", (c) => String(c.ratedKw));
  col("compressor_package_kw", (c) => String(c.packageKw));
  col("compressor_fad_m3min", (c) => String(c.fad));
  col("compressor_rated_pressure_mpa", (c) => String(c.pressure));
  col("compressor_load_pct", (c) => String(c.loadPct));
  col("compressor_unloaded_pct", (c) => (c.unloadedPct === undefined ? "" : String(c.unloadedPct)));
  col("vsd_investment_yuan", (c) => (c.vsdInvestment === undefined ? "" : String(c.vsdInvestment)));
  if (leaks.length) {
    a.leak_count = leaks.map(([n]) => String(n));
    a.leak_diameter_mm = leaks.map(([, d]) => String(d));
  }
  return a;
}

function build(a: Answers) {
  expect(cardInputErrors(card, a, {})).toEqual([]);
  const built = assessCard(card, a, {}, ctx(a));
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join("; "));
  return built.doc;
}

const measure = (doc: ReturnType<typeof build>, name: string) => doc.figures.measures.find((m) => m.name.includes(name))!;
const docText = (doc: ReturnType<typeof build>) => JSON.stringify([doc.summary, doc.sections]);

describe("空压机系统 card (issue 21: the proof)", () => {
  it("is one registry entry with its survey and a card row that waits for an operator (not open)", () => {
    expect(card.code).toBe("air_compressor");
    expect(SURVEY_DEFINITIONS.air_compressor).toBe(card.survey);
    expect(cardSeeds.find((c) => c.code === "air_compressor")).toMatchObject({ id: 5, enabled: 0 });
    expect(cardSeeds.filter((c) => c.code === "air_compressor")).toHaveLength(1);
    expect(card.sheet.loadCurve).toBe(false);
  });

  it("T7: 55 kW screw, 56.2 kW at 7.6 m³/min → SP 7.39, grade 3; to grade 1: 6.80 kW, 40,800 kWh, 28,600 元", () => {
    const doc = build(answers({ air_annual_hours: "6000", electricity_price: "0.70", air_set_pressure_mpa: "0.8" }, [{ ratedKw: 55, packageKw: 56.2, fad: 7.6, pressure: 0.8, loadPct: 100 }]));
    const text = docText(doc);
    expect(text).toContain("7.39");
    expect(text).toContain("3级能效（1/2/3级限值 6.5/7/7.7）");
    const m = measure(doc, "更换为1级能效机组");
    expect(fmt(m.savingKwh)).toBe("40,800");
    expect(fmt(m.savingYuan)).toBe("28,600");
    expect(m.savingKwh).toBeCloseTo(40_800, 0);
  });

  it("T8: ten 3 mm leaks at 0.7 MPa, system SP 7.0 → 4.06 m³/min, 28.4 kW, 228,000 kWh, 159,000 元", () => {
    const doc = build(answers({ air_annual_hours: "8000", electricity_price: "0.70", air_set_pressure_mpa: "0.7" }, [{ ratedKw: 75, packageKw: 70, fad: 10, pressure: 0.8, loadPct: 100 }], [[10, 3]]));
    const m = measure(doc, "泄漏治理");
    expect(m.savingKwh).toBeCloseTo(227_582, -1);
    expect(fmt(m.savingKwh)).toBe("228,000");
    expect(fmt(m.savingYuan)).toBe("159,000");
    const text = docText(doc);
    expect(text).toContain("泄漏量合计4.06 m³/min");
    expect(text).toContain("折合28.4 kW");
    expect(text).toContain("每点0.406 m³/min");
  });

  it("T9: 110 kW average at 0.8 → 0.7 MPa(g) → factor 0.929, 7.10 %, 54,700 kWh, 38,300 元", () => {
    const doc = build(answers({ air_annual_hours: "7000", electricity_price: "0.70", air_set_pressure_mpa: "0.8", air_required_pressure_mpa: "0.7" }, [{ ratedKw: 110, packageKw: 110, fad: 18, pressure: 0.8, loadPct: 100 }]));
    const m = measure(doc, "降低排气压力");
    expect(m.savingKwh).toBeCloseTo(54_651, -1);
    expect(fmt(m.savingKwh)).toBe("54,700");
    expect(fmt(m.savingYuan)).toBe("38,300");
    expect(docText(doc)).toContain("功率系数0.929，节电7.10%");
    // No leak data: the headline is the pressure reduction alone.
    expect(doc.figures.headline.savingKwh).toBeCloseTo(54_651, -1);
  });

  it("T10: 75 kW load/unload at q 0.6, u 0.30 → VSD 54.0 → 48.0 kW, 48,000 kWh, 33,600 元 (listed beside the total)", () => {
    const doc = build(answers({ air_annual_hours: "8000", electricity_price: "0.70", air_set_pressure_mpa: "0.7" }, [{ ratedKw: 75, packageKw: 75, fad: 12.5, pressure: 0.8, loadPct: 60, unloadedPct: 30, vsdInvestment: 100000 }]));
    const m = measure(doc, "改为变频");
    expect(m.savingKwh).toBeCloseTo(48_000, 6);
    expect(m.savingYuan).toBeCloseTo(33_600, 6);
    expect(m.paybackYears).toBeCloseTo(100_000 / 33_600, 9);
    const text = docText(doc);
    expect(text).toContain('"54.0"');
    expect(text).toContain('"48.0"');
    expect(m.remark).toContain("不计入合计");
    expect(doc.figures.headline.savingKwh).toBe(0);
  });

  it("T11: 95 kW average, 6000 h, heat to a gas boiler (η 0.90, 3.5 元/m³) → 399,000 kWh_th, 41,000 m³, 143,500 元, 54.5 tce, 88.6 tCO2", () => {
    const doc = build(
      answers(
        { air_annual_hours: "6000", electricity_price: "0.70", air_set_pressure_mpa: "0.7", heat_sink: "process_water", boiler_efficiency_pct: "90", gas_price: "3.5", heat_recovery_investment_yuan: "200000" },
        [{ ratedKw: 90, packageKw: 95, fad: 15, pressure: 0.8, loadPct: 100 }],
      ),
    );
    const m = measure(doc, "余热回收");
    expect(m.savingKwh).toBeCloseTo(399_000, 6);
    expect(fmt(m.savingYuan)).toBe("143,000");
    expect(m.savingYuan).toBeCloseTo(143_485, -1);
    expect(doc.figures.headline.fuel).toMatchObject({ name: "天然气", unit: "m³" });
    expect(fmt(doc.figures.headline.fuel!.amount)).toBe("41,000");
    const text = docText(doc);
    expect(text).toContain("54.5 tce");
    expect(text).toContain("88.6 tCO2");
  });

  it("the report has the roll-up, the sensitivity table, the method appendix and the sources like the other cards", () => {
    const doc = build(
      answers({ air_annual_hours: "8000", electricity_price: "0.70", air_set_pressure_mpa: "0.8", air_required_pressure_mpa: "0.7", leak_repair_investment_yuan: "20000" }, [
        { ratedKw: 75, packageKw: 75, fad: 12.5, pressure: 0.8, loadPct: 60 },
        { name: "2#变频机", control: "vsd", ratedKw: 55, packageKw: 56, fad: 9.5, pressure: 0.8, loadPct: 50 },
      ], [[10, 3], [4, 1.5]]),
    );
    const titles = doc.sections.map((s) => s.title);
    expect(titles.some((t) => t.includes("措施汇总") || t.includes("汇总"))).toBe(true);
    expect(JSON.stringify(doc.sections)).toContain("敏感性");
    expect(doc.appendix.map((s) => s.title)).toEqual(expect.arrayContaining(["比功率与能效等级", "泄漏（孔口法）", "降低排气压力"]));
    expect(doc.sources.map((r) => r[0])).toEqual(expect.arrayContaining(["容积式空压机能效等级", "电网二氧化碳排放因子"]));
    // Headline = leak repair + pressure reduction (computed after the leaks), each once.
    const leak = measure(doc, "泄漏治理").savingKwh!;
    const pressure = measure(doc, "降低排气压力").savingKwh!;
    expect(doc.figures.headline.savingKwh).toBeCloseTo(leak + pressure, 6);
    expect(doc.figures.headline.investmentYuan).toBe(20000);
  });

  it("missing or impossible answers become Chinese messages on their questions", () => {
    const errors = cardInputErrors(card, { company_name: ["x"], province: ["zhejiang"], air_set_pressure_mpa: ["0.7"], air_required_pressure_mpa: ["0.8"] }, {});
    const keys = errors.map((e) => e.questionKey);
    expect(keys).toEqual(expect.arrayContaining(["air_annual_hours", "electricity_price", "air_required_pressure_mpa", "compressor_name"]));
    expect(errors.find((e) => e.questionKey === "air_required_pressure_mpa")!.message).toMatch(/用气点所需压力/);
  });
});
