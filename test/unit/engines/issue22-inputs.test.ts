// Issue 22, engine and input side: the fuel price is checked against the unit of the fuel it prices (元/m³ for gas,
// 元/t for coal and steam), by the answer mapping (generate) and by the definition's rules (the form) alike.
import { describe, expect, it } from "vitest";
import { cardInputErrors, cardOf } from "../../../workers/cards";
import { STENTER_SURVEY } from "../../../workers/cards/stenter/survey";
import { checkNumber, definitionProblems, numberRuleOf } from "../../../workers/contract/survey-rules";
import { allQuestions, assessElectricityCostFromAnswers, assessMotorSystemFromAnswers, assessStenterFromAnswers, SURVEY_DEFINITIONS } from "../../support/cards";
import { docFor } from "../reports/pdf-text";
import { electricityAnswers, motorAnswers, stenterAnswers } from "./answers-fixtures";

const stenter = cardOf("stenter")!;
const errorsOf = (patch: Record<string, string[]>) => cardInputErrors(stenter, { ...stenterAnswers(), ...patch }, {});
const problemsOf = (patch: Record<string, string[]>) => definitionProblems(STENTER_SURVEY, { ...stenterAnswers(), ...patch });

describe("item 8: one fuel-price range per unit (元/m³ vs 元/t)", () => {
  it("5,000 元/m³ of natural gas does not generate a report; the message names the unit", () => {
    const errors = errorsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] });
    const price = errors.filter((e) => e.questionKey === "fuel_price");
    expect(price).toHaveLength(1);
    expect(price[0].message).toContain("元/m³");
    expect(price[0].message).toContain("5000");
    // The form runs the same rule.
    expect(problemsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] }).map((p) => p.key)).toContain("fuel_price");
  });

  it("a steam or coal price in 元/t passes; a gas price typed for steam (3.5 元/t) does not", () => {
    expect(errorsOf({ stenter_heating: ["steam"], fuel_price: ["220"] })).toEqual([]);
    expect(errorsOf({ stenter_heating: ["thermal_oil_coal"], fuel_price: ["1100"] })).toEqual([]);
    expect(errorsOf({ stenter_heating: ["thermal_oil_gas"], fuel_price: ["3.5"] })).toEqual([]);
    const steam = errorsOf({ stenter_heating: ["steam"], fuel_price: ["3.5"] }).filter((e) => e.questionKey === "fuel_price");
    expect(steam).toHaveLength(1);
    expect(steam[0].message).toContain("元/t");
  });

  it("the process-water heating price is checked against the water heating's fuel", () => {
    const patch = { cold_stream: ["water"], water_heating: ["steam"], water_heating_price: ["3.2"] };
    const errors = errorsOf(patch).filter((e) => e.questionKey === "water_heating_price");
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("元/t");
    expect(problemsOf(patch).map((p) => p.key)).toContain("water_heating_price");
    expect(errorsOf({ ...patch, water_heating_price: ["220"] })).toEqual([]);
  });

  it("no message contradicts the value it rejects", () => {
    const [e] = errorsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] });
    // "应为0.5–20 元/m³，当前为5000": the value stated is outside the range stated.
    const m = /(\d+(?:\.\d+)?)–(\d+(?:\.\d+)?)/.exec(e.message)!;
    expect(5000 < Number(m[1]) || 5000 > Number(m[2])).toBe(true);
  });
});

describe("item 9 (motor part): motors of a series on the 高耗能落后机电设备（产品）淘汰目录 are flagged with the batch cited", () => {
  /** The fixture's first motor (55 kW, 4-pole) stated as the given series; the nameplate efficiency optional. */
  const motorAs = (cls: string, nameplatePct = "") => {
    const a = motorAnswers();
    a.motor_efficiency_class = [cls, "ye3"];
    a.motor_nameplate_efficiency_pct = [nameplatePct, ""];
    const r = assessMotorSystemFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.result;
  };

  it("a Y-series motor carries the catalogue, its batch and item, as data and as a printed flag", () => {
    const r = motorAs("y");
    const m = r.motors[0];
    expect(m.phaseOut).not.toBeNull();
    expect(m.phaseOut!.catalogue).toBe("高耗能落后机电设备（产品）淘汰目录");
    expect(m.phaseOut!.batch).toBe("第三批");
    expect(m.phaseOut!.item).toBe("1-1");
    const flag = m.flags.find((f) => f.code === "phase_out_catalogue");
    expect(flag?.message).toContain("《高耗能落后机电设备（产品）淘汰目录（第三批）》");
    expect(flag?.message).toContain("GB 18613-2012");
    // The YE3 motor beside it is not flagged; the plant count says one motor.
    expect(r.motors[1].phaseOut).toBeNull();
    expect(r.motors[1].flags.map((f) => f.code)).not.toContain("phase_out_catalogue");
    expect(r.totals.phaseOutUnits).toBe(1);
  });

  it("the series is kept when the nameplate efficiency is entered (the efficiency then comes from the nameplate)", () => {
    const m = motorAs("y", "88.5").motors[0];
    expect(m.efficiencyBasis.label).toBe("铭牌效率");
    expect(m.phaseOut?.item).toBe("1-1");
  });

  it("a Y2 motor is flagged under its own item with the production-year condition", () => {
    const m = motorAs("y2").motors[0];
    expect(m.phaseOut?.item).toBe("1-2");
    expect(m.flags.find((f) => f.code === "phase_out_catalogue")?.message).toContain("2003年（含）前生产");
  });

  it("the report's 能效诊断提示 prints the flag with the batch", () => {
    const a = motorAnswers();
    a.motor_efficiency_class = ["y", "ye3"];
    const hints = JSON.stringify(docFor("motor", a).sections.find((s) => s.title === "能效诊断提示"));
    expect(hints).toContain("1#空压机电机：");
    expect(hints).toContain("淘汰目录（第三批）");
  });
});

describe("item 1: heat into process water is never priced as the stenter's fuel for want of an optional answer", () => {
  it("a unit heating water without the water's heating and price refuses, naming the unit and the questions", () => {
    const errors = errorsOf({ cold_stream: ["water"] });
    const e = errors.find((x) => x.questionKey === "water_heating");
    expect(e?.message).toContain("1#定型机");
    expect(e?.message).toContain("工艺用水现有加热方式");
    const price = errorsOf({ cold_stream: ["water"], water_heating: ["steam"] }).find((x) => x.questionKey === "water_heating_price");
    expect(price?.message).toContain("工艺用水加热燃料价格");
    // Given both, it maps; air preheating needs neither.
    expect(errorsOf({ cold_stream: ["water"], water_heating: ["steam"], water_heating_price: ["220"] })).toEqual([]);
    expect(errorsOf({ cold_stream: ["air"] })).toEqual([]);
  });
});

describe("item 2/3 (engine side): a measure left out of the totals carries its reason as data", () => {
  it("the smaller of storage and load shifting says why it is not in the total; the others carry null", () => {
    const a = electricityAnswers();
    a.shiftable_share_pct = ["30"];
    const r = assessElectricityCostFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const items = r.result.optimisation.items;
    const out = items.filter((i) => !i.inTotal);
    expect(out).toHaveLength(1);
    const other = items.find((i) => i.inTotal && (i.code === "storage" || i.code === "load_shift"))!;
    expect(out[0].excludedReason).toContain(other.name);
    expect(out[0].excludedReason).toContain("低谷");
    for (const i of items.filter((x) => x.inTotal)) expect(i.excludedReason).toBeNull();
  });
});

describe("item 8: no range message of any card contradicts the value it rejects", () => {
  it("every numeric rule, probed at and around its limits, states a range the value is outside of", () => {
    let probed = 0;
    for (const def of Object.values(SURVEY_DEFINITIONS)) {
      for (const q of allQuestions(def)) {
        const rule = numberRuleOf(q);
        if (!rule || rule.tooLow || rule.tooHigh || rule.bands) continue;
        const values = [0, -1, ...(rule.min !== undefined ? [rule.min, rule.min - 0.01] : []), ...(rule.max !== undefined ? [rule.max, rule.max + 0.01] : [])];
        for (const v of values) {
          const r = checkNumber(rule, String(v));
          if (r.ok || !r.message.includes("当前为")) continue;
          probed++;
          const num = (s: string) => Number(s);
          const between = /应为(-?[\d.]+)–(-?[\d.]+)/.exec(r.message);
          const exclusive = /大于(-?[\d.]+)\D*?且不超过(-?[\d.]+)/.exec(r.message);
          if (exclusive) expect(v > num(exclusive[1]) && v <= num(exclusive[2]), `${q.key}: ${r.message}`).toBe(false);
          else if (between) expect(v >= num(between[1]) && v <= num(between[2]), `${q.key}: ${r.message}`).toBe(false);
          expect(r.message, q.key).toContain(`当前为${v}`);
        }
      }
    }
    expect(probed).toBeGreaterThan(20);
  });
});

describe("item 2: a compressed-air result the engine calls impossible does not become a report", () => {
  const air = (leakCount: number): Record<string, string[]> => ({
    company_name: ["测试空压站"],
    province: ["zhejiang"],
    air_annual_hours: ["8000"],
    electricity_price: ["0.70"],
    air_set_pressure_mpa: ["0.7"],
    compressor_name: ["1#螺杆机"],
    compressor_control: ["load_unload"],
    compressor_cooling: ["air"],
    compressor_rated_kw: ["75"],
    compressor_package_kw: ["70"],
    compressor_fad_m3min: ["10"],
    compressor_rated_pressure_mpa: ["0.8"],
    compressor_load_pct: ["100"],
    leak_count: [String(leakCount)],
    leak_diameter_mm: ["3"],
  });
  const card = cardOf("air_compressor")!;

  it("leaks estimated above all the air the compressors deliver: generate refuses naming the leak input", () => {
    // Thirty 3 mm leaks at 0.7 MPa ≈ 12.2 m³/min against 10 m³/min delivered.
    const errors = cardInputErrors(card, air(30), {});
    expect(errors).toHaveLength(1);
    expect(errors[0].questionKey).toBe("leak_count");
    expect(errors[0].message).toContain("超过空压机平均供气量");
    expect(errors[0].message).toContain("泄漏点");
    // Ten leaks (4.06 m³/min, the T8 worked example) are possible and generate a report.
    expect(cardInputErrors(card, air(10), {})).toEqual([]);
  });
});

describe("item 2: a withheld stenter carries its reason, not a payback note on figures that count nowhere", () => {
  it("the impossible unit has withheld set and no payback plausibility flag", () => {
    const a = stenterAnswers();
    a.stenter_annual_fuel = ["7200"];
    a.recovery_investment_yuan = ["100000"];
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = r.result.stenters[0];
    expect(s.withheld).toContain("输入数据必有误");
    expect(s.flags.map((f) => f.code)).toContain("recovered_above_declared");
    expect(s.flags.map((f) => f.code)).not.toContain("payback_below_band");
  });
});
