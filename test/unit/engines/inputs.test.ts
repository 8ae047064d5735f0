// Answer mapping: every implausible value yields its Chinese message (with question key and repeat
// index), valid answers map to the engine input, and nothing non-finite reaches a result.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assessElectricityCostFromAnswers,
  assessMotorSystemFromAnswers,
  assessStenterFromAnswers,
  electricityInputFromAnswers,
  motorInputFromAnswers,
  stenterInputFromAnswers,
  type InputError,
  type MappingResult,
} from "../../support/cards";
import { t13Day } from "./fixtures";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "./answers-fixtures";
import { expectClose, nonFinitePaths } from "./helpers";

function errorsOf<T>(r: MappingResult<T>): InputError[] {
  return r.ok ? [] : r.errors;
}

function expectError<T>(r: MappingResult<T>, questionKey: string, repeatIndex: number, message: string | RegExp): void {
  const errors = errorsOf(r);
  const match = errors.find(
    (e) => e.questionKey === questionKey && e.repeatIndex === repeatIndex && (typeof message === "string" ? e.message === message : message.test(e.message)),
  );
  expect(match, `no error ${questionKey}[${repeatIndex}] ${message}; got ${JSON.stringify(errors)}`).toBeTruthy();
}

function withAnswer(base: AnswerMap, key: string, index: number, value: string): AnswerMap {
  const a = structuredClone(base);
  const list = a[key] ?? [];
  while (list.length <= index) list.push("");
  list[index] = value;
  a[key] = list;
  return a;
}

describe("motor answers → input", () => {
  it("maps valid answers (poles from speed, % to fractions, measured input preferred)", () => {
    const r = motorInputFromAnswers(motorAnswers());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [a, b] = r.input.motors;
    expect(r.input.province).toBe("jiangsu");
    expect(r.input.electricityPriceYuanPerKwh).toBe(0.7);
    expect(a).toMatchObject({ ratedKw: 55, poles: 4, efficiency: { source: "class", cls: "gb2020_3" }, load: { method: "load_factor", loadFactor: 0.75 } });
    expect(b).toMatchObject({ poles: 4, load: { method: "input_power", inputKw: 25.7 }, flowControl: "throttle_valve" });
    expect(b.pump).toEqual({ designFlowM3h: 200, designHeadM: 40, bepEfficiency: 0.78, staticHeadM: 15 });
    expect(b.flowProfile).toEqual([{ flowRatio: 0.7, timeShare: 1 }]);
    expect(a.quotes).toEqual({ motorGrade1Yuan: 16500 });
  });
  it("runs the engine from answers: T1's upgrade and T4's VFD saving", () => {
    const r = assessMotorSystemFromAnswers(motorAnswers());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [t1, t4] = r.result.motors;
    expectClose(t1.perUnit.upgradeGrade1.savingKwh, 5140, "T1 ΔE");
    expect(t1.perUnit.upgradeGrade1.recommendationText).toBe("故障或到期时更换为高效电机");
    expectClose(t4.perUnit.vfd!.savingKwh, 64100, "T4 ΔE");
    expectClose(t4.perUnit.vfd!.paybackYears, 0.558, "T4 payback");
    expect(r.result.gridFactor.label).toBe("华东区域电网 2023年");
  });
  it("accepts full-width digits, thousands separators and a trailing %", () => {
    let a = withAnswer(motorAnswers(), "motor_rated_kw", 0, "５５");
    a = withAnswer(a, "motor_load_factor_pct", 0, "75%");
    a = withAnswer(a, "motor_annual_hours", 0, "6,000");
    const r = motorInputFromAnswers(a);
    expect(r.ok && r.input.motors[0]).toMatchObject({ ratedKw: 55, annualHours: 6000, load: { loadFactor: 0.75 } });
  });
  it("load factor over 125 % (1.25)", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_load_factor_pct", 0, "130")), "motor_load_factor_pct", 0, "负载率不能超过125%（1.25），请核对实测数据或电机额定功率");
  });
  it("a load factor typed as a fraction is caught", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_load_factor_pct", 0, "0.75")), "motor_load_factor_pct", 0, /按百分数填写/);
  });
  it("efficiency over 100 %", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_nameplate_efficiency_pct", 0, "101")), "motor_nameplate_efficiency_pct", 0, "效率不能超过100%，请按铭牌填写百分数（如94.6）");
  });
  it("hours over 8,760", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_annual_hours", 1, "9000")), "motor_annual_hours", 1, "年运行小时数不能超过8760小时（全年小时数）");
  });
  it("negative numbers", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_rated_kw", 1, "-37")), "motor_rated_kw", 1, "额定功率不能为负数");
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "pump_static_head_m", 1, "-2")), "pump_static_head_m", 1, "静扬程不能为负数");
  });
  it("non-numeric text", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_rated_kw", 0, "五十五")), "motor_rated_kw", 0, "额定功率应为数字，当前填写为“五十五”");
  });
  it("missing required values and an invalid option", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_rated_kw", 0, "")), "motor_rated_kw", 0, "请填写额定功率");
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_drive", 1, "")), "motor_drive", 1, "请选择传动方式");
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_drive", 1, "chain")), "motor_drive", 1, "传动方式的选项“chain”无效，请重新选择");
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "electricity_price", 0, "")), "electricity_price", 0, "请填写平均电价");
  });
  it("rated power outside GB 18613's range and an unmappable speed", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_rated_kw", 0, "1200")), "motor_rated_kw", 0, /0\.75–1000 kW/);
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_rated_speed_rpm", 0, "2000")), "motor_rated_speed_rpm", 0, /无法判断极数/);
  });
  it("needs an efficiency or a class, and a load", () => {
    let a = withAnswer(motorAnswers(), "motor_efficiency_class", 0, "unknown");
    expectError(motorInputFromAnswers(a), "motor_nameplate_efficiency_pct", 0, "请填写铭牌效率，或选择能效等级/系列（两者至少填一项）");
    a = withAnswer(motorAnswers(), "motor_load_factor_pct", 0, "");
    expectError(motorInputFromAnswers(a), "motor_measured_input_kw", 0, "请填写实测输入功率或负载率（两者至少填一项）");
  });
  it("IE1/IE2 classes need 4 poles", () => {
    let a = withAnswer(motorAnswers(), "motor_efficiency_class", 0, "ie2");
    a = withAnswer(a, "motor_rated_speed_rpm", 0, "2960");
    expectError(motorInputFromAnswers(a), "motor_nameplate_efficiency_pct", 0, /仅有4极电机/);
  });
  it("a measured input implying LF over 1.25", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "motor_measured_input_kw", 1, "60")), "motor_measured_input_kw", 1, /超过125%（1\.25）/);
  });
  it("flow profile shares must add up to 100 %, and damper bins must lie in 40–100 %", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "flow_bin1_time_pct", 1, "80")), "flow_bin1_time_pct", 1, "各工况时间占比之和应为100%，当前为80%");
    let a = withAnswer(motorAnswers(), "motor_application", 1, "fan");
    a = withAnswer(a, "motor_flow_control", 1, "outlet_damper");
    a = withAnswer(a, "flow_bin1_pct", 1, "30");
    expectError(motorInputFromAnswers(a), "flow_bin1_pct", 1, "风门调节基准模型仅适用于设计风量的40%–100%，请提供该工况的实测电机输入功率");
  });
  it("static head must be below the design head", () => {
    expectError(motorInputFromAnswers(withAnswer(motorAnswers(), "pump_static_head_m", 1, "45")), "pump_static_head_m", 1, "静扬程应小于设计扬程");
  });
  it("skips a blank repeat and asks for at least one motor", () => {
    const a = motorAnswers();
    for (const k of Object.keys(a)) if (a[k].length === 2) a[k].push("");
    const r = motorInputFromAnswers(a);
    expect(r.ok && r.input.motors.length).toBe(2);
    const none = motorAnswers();
    for (const k of Object.keys(none)) if (k.startsWith("motor_") || k.startsWith("pump_") || k.startsWith("flow_") || k.startsWith("quote_")) delete none[k];
    expectError(motorInputFromAnswers(none), "motor_rated_kw", 0, "请至少填写一台电机");
  });
});

describe("stenter answers → input", () => {
  it("maps valid answers", () => {
    const r = stenterInputFromAnswers(stenterAnswers());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input).toMatchObject({ heating: "thermal_oil_gas", heaterEfficiency: 0.85, fuelPrice: 3.5, electricityPriceYuanPerKwh: 0.7 });
    expect(r.input.stenters[0]).toMatchObject({ exhaustFlowM3h: 15000, effectiveness: 0.6, humidity: { kind: "ratio", kgPerKgDryAir: 0.1 }, fanPenalty: { pressureDropPa: 300, fanEfficiency: 0.65 } });
  });
  it("gives T12's headline through the answers, with the default oil-mist fouling derating on the clean effectiveness", () => {
    const r = assessStenterFromAnswers(stenterAnswers());
    expect(r.ok).toBe(true);
    // The survey asks for the exchanger's (clean) effectiveness; the engine derates it by STENTER_FOULING_FACTOR (0.9,
    // issue 15). No dew-point cap here, so the gas saved is T12's 184,354 m³ × 0.9.
    if (r.ok) expectClose(r.result.totals.fuelSaved.amount, 184354 * 0.9, "gas m³");
    if (r.ok) expect(r.result.stenters[0].foulingFactor).toBe(0.9);
  });
  it("implausible values", () => {
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "exhaust_temp_c", 0, "350")), "exhaust_temp_c", 0, "排气温度应为60–300 °C，当前为350");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "hx_effectiveness_pct", 0, "95")), "hx_effectiveness_pct", 0, /效率不能超过100%/);
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "heater_efficiency_pct", 0, "105")), "heater_efficiency_pct", 0, "效率不能超过100%");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "stenter_annual_hours", 0, "9000")), "stenter_annual_hours", 0, "年运行小时数不能超过8760小时（全年小时数）");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "cold_inlet_temp_c", 0, "170")), "cold_inlet_temp_c", 0, /应为-20–80|应低于排气温度/);
    const hotter = withAnswer(withAnswer(stenterAnswers(), "exhaust_temp_c", 0, "70"), "cold_inlet_temp_c", 0, "75");
    expectError(stenterInputFromAnswers(hotter), "cold_inlet_temp_c", 0, "被加热介质进口温度应低于排气温度");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "stenter_annual_fuel", 0, "3e307")), "stenter_annual_fuel", 0, "定型机年燃料用量数值过大（3e307），请核对单位");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "exhaust_flow_m3h", 0, "-15000")), "exhaust_flow_m3h", 0, "排风量不能为负数");
    expectError(stenterInputFromAnswers(withAnswer(stenterAnswers(), "fuel_price", 0, "abc")), "fuel_price", 0, "燃料价格应为数字，当前填写为“abc”");
  });
  it("an unmeasured effectiveness is assumed and said so", () => {
    const r = stenterInputFromAnswers(withAnswer(stenterAnswers(), "hx_effectiveness_pct", 0, ""));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.input.stenters[0].effectiveness).toBe(0.55);
      expect(r.warnings[0].message).toBe("未填写换热器效率，按55%估算");
    }
  });
});

describe("electricity answers (+ imported curve) → input", () => {
  it("maps valid answers with bills", () => {
    const r = electricityInputFromAnswers(electricityAnswers());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input).toMatchObject({
      province: "jiangsu",
      category: "two_part",
      prices: { mode: "components", floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.25 },
      powerFactorStandard: 0.9,
      options: { demandDiscount260: false, jiangsuCriticalPeak: false },
      storage: { powerKw: 1000, energyKwh: 2000, capexYuan: 2000000 },
      shiftableShare: 0.1,
    });
    expect(r.input.bills).toHaveLength(2);
    expect(r.input.bills![0]).toMatchObject({ month: "2026-07", kwhByPeriod: { peak: 430000, flat: 350000, valley: 190000 }, kvarh: 450000, maxDemandKw: 1800 });
  });
  it("takes a 15-minute curve as an extra argument and reproduces T13's day", () => {
    const a = withAnswer(electricityAnswers(), "load_curve_start_date", 0, "2026-07-15");
    const r = assessElectricityCostFromAnswers(a, { loadCurveKw: t13Day(), intervalMinutes: 15 });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expectClose(r.result.tou.costYuan, 24000, "cost per day");
      expectClose(r.result.storage!.dailyHeadlineYuan, 966, "headline");
    }
  });
  it("accepts hourly data (24 points a day) and keeps the energy", () => {
    const hourly = Array.from({ length: 48 }, (_, i) => 1000 + (i % 24) * 10);
    const a = withAnswer(electricityAnswers(), "load_curve_start_date", 0, "2026-07-01");
    const r = assessElectricityCostFromAnswers(a, { loadCurveKw: hourly, intervalMinutes: 60 });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expectClose(r.result.loadStatistics!.totalKwh, hourly.reduce((s, v) => s + v, 0), "kWh");
      expect(r.result.notes.map((n) => n.code)).toContain("hourly_data");
    }
  });
  it("curve errors: partial days, negative or non-finite points, missing start date", () => {
    const a = withAnswer(electricityAnswers(), "load_curve_start_date", 0, "2026-07-01");
    expectError(electricityInputFromAnswers(a, { loadCurveKw: t13Day().slice(0, 95) }), "load_curve", 0, /应为整天数据/);
    const bad = t13Day();
    bad[10] = -5;
    bad[20] = Number.NaN;
    expectError(electricityInputFromAnswers(a, { loadCurveKw: bad }), "load_curve", 10, "负荷数据第11个点无效（-5），功率应为不小于0的数字");
    expectError(electricityInputFromAnswers(a, { loadCurveKw: bad }), "load_curve", 20, /第21个点无效（NaN）/);
    expectError(electricityInputFromAnswers(electricityAnswers(), { loadCurveKw: t13Day() }), "load_curve_start_date", 0, "请填写负荷数据起始日期");
  });
  it("needs a curve or at least one bill", () => {
    const a = electricityAnswers();
    for (const k of Object.keys(a)) if (k.startsWith("bill_")) delete a[k];
    expectError(electricityInputFromAnswers(a), "bill_month", 0, "请导入负荷曲线，或至少填写一个月的电费单");
  });
  it("Zhejiang has no configured ratios: period prices must come from the bill", () => {
    const a = withAnswer(electricityAnswers(), "province", 0, "zhejiang");
    expectError(electricityInputFromAnswers(a), "price_mode", 0, /浙江该用电类别的分时浮动比例未收录/);
  });
  it("price order, contract demand range, bill month, duplicate months, storage pair", () => {
    let a = withAnswer(electricityAnswers(), "price_mode", 0, "periods");
    a = withAnswer(a, "price_peak", 0, "0.5");
    a = withAnswer(a, "price_flat", 0, "0.6");
    a = withAnswer(a, "price_valley", 0, "0.3");
    expectError(electricityInputFromAnswers(a), "price_peak", 0, "各时段电价应满足 高峰 ≥ 平段 ≥ 低谷，请核对");
    a = withAnswer(withAnswer(electricityAnswers(), "basic_basis", 0, "contract"), "contract_demand_kw", 0, "500");
    expectError(electricityInputFromAnswers(a), "contract_demand_kw", 0, "合同最大需量应在变压器容量的40%–100%之间（800–2000 kW）");
    expectError(electricityInputFromAnswers(withAnswer(electricityAnswers(), "bill_month", 1, "2026-13")), "bill_month", 1, "账单月份格式应为“2025-07”，当前为“2026-13”");
    expectError(electricityInputFromAnswers(withAnswer(electricityAnswers(), "bill_month", 1, "2026-07")), "bill_month", 1, "账单月份2026-07重复");
    expectError(electricityInputFromAnswers(withAnswer(electricityAnswers(), "storage_energy_kwh", 0, "")), "storage_energy_kwh", 0, "储能功率和容量需同时填写");
    expectError(electricityInputFromAnswers(withAnswer(electricityAnswers(), "storage_rte_pct", 0, "120")), "storage_rte_pct", 0, "效率不能超过100%");
  });
});

describe("never NaN or Infinity in a result, whatever is typed", () => {
  const junk = fc.oneof(
    fc.constantFrom("", "0", "-1", "1e309", "NaN", "Infinity", "∞", "1/0", "0.0001", "99999999", "12abc", "　", "１２"),
    fc.double().map(String),
    fc.string({ maxLength: 6 }),
  );
  const numericKeys = (a: AnswerMap) => Object.keys(a).filter((k) => a[k].some((v) => /^[\d.]+$/.test(v)));
  it("motor, stenter and electricity cards either refuse with messages or give finite results", () => {
    fc.assert(
      fc.property(fc.constantFrom("motor", "stenter", "electricity"), fc.nat(), junk, fc.nat({ max: 1 }), (card, pick, value, idx) => {
        const base = card === "motor" ? motorAnswers() : card === "stenter" ? stenterAnswers() : electricityAnswers();
        const keys = numericKeys(base);
        const key = keys[pick % keys.length];
        const a = withAnswer(base, key, Math.min(idx, base[key].length - 1), value);
        const r =
          card === "motor" ? assessMotorSystemFromAnswers(a) : card === "stenter" ? assessStenterFromAnswers(a) : assessElectricityCostFromAnswers(a);
        if (r.ok) expect(nonFinitePaths(r.result)).toEqual([]);
        else for (const e of r.errors) expect(e.message).toMatch(/[\u4e00-\u9fa5]/);
      }),
      { numRuns: Number(process.env.ENGINE_FUZZ_RUNS ?? 300) },
    );
  }, 600_000);
});
