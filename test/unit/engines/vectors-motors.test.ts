// test_vectors.md T1–T6 and the belt example of motors.md §7, through the public engine API where the
// vector is a whole assessment, and through the module functions where it is one formula.
import { describe, expect, it } from "vitest";
import { assessMotorSystem, type MotorUnitInput } from "../../../workers/engines";
import { motorEfficiency, partLoadRatio } from "../../../workers/engines/motors/efficiency";
import { beltFixMeasure } from "../../../workers/engines/motors/belt-fix";
import { loadShaftKwFromMotorShaft } from "../../../workers/engines/pumps-fans/drive-train";
import { pumpOperatingEfficiency } from "../../../workers/engines/pumps-fans/pump-field";
import { pumpGrade } from "../../../workers/engines/pumps-fans/pump-grade";
import { beltLossPercent } from "../../../workers/engines/standards/belt-loss";
import { expectAllFinite, expectClose } from "./helpers";

const base: Omit<MotorUnitInput, "name" | "ratedKw" | "poles" | "efficiency" | "annualHours" | "load"> = {
  drive: "direct",
  vfdPresent: false,
  application: "other",
};

function one(unit: MotorUnitInput, price = 0.7) {
  const result = assessMotorSystem({ province: undefined, electricityPriceYuanPerKwh: price, motors: [unit] });
  expectAllFinite(result);
  return result.motors[0];
}

describe("T1 — grade upgrade 55 kW 4-pole, grade 3 → grade 1", () => {
  const m = one({
    ...base,
    name: "T1",
    ratedKw: 55,
    poles: 4,
    efficiency: { source: "class", cls: "gb2020_3" },
    annualHours: 6000,
    load: { method: "load_factor", loadFactor: 0.75 },
    quotes: { motorGrade1Yuan: 16500 },
  });
  const up = m.perUnit.upgradeGrade1;
  it("uses the GB 18613 table values and r(0.75) = 1.003", () => {
    expect(m.efficiencyBasis.fullLoadEfficiency).toBeCloseTo(0.946, 12);
    expect(up.targetFullLoadEfficiency).toBeCloseTo(0.965, 12);
    expectClose(up.oldEfficiencyAtLoad, 0.948838, "η_old");
    expectClose(up.newEfficiencyAtLoad, 0.967895, "η_new");
  });
  it("energy, saving, money, payback, demand, carbon", () => {
    expectClose(up.baselineKwh, 261000, "E_old");
    expectClose(up.proposedKwh, 256000, "E_new");
    expectClose(up.savingKwh, 5140, "ΔE");
    expectClose(up.costSavingYuan, 3600, "cost saving");
    expectClose(up.paybackYears, 4.59, "payback");
    expectClose(up.demandReductionKw, 0.856, "ΔP");
    // Carbon for the upgrade saving, national 2023 grid factor (no province given).
    expectClose(up.carbon.tce, 0.631, "tce");
    expectClose(up.carbon.tco2, 2.73, "tCO2");
    expect(up.carbon.tceFactor.value).toBe(0.1229);
  });
  it("recommends replace on failure (payback 4.59 yr > 3.0 yr)", () => {
    expect(up.recommendation).toBe("replace_on_failure");
    expect(up.recommendationText).toBe("故障或到期时更换为高效电机");
  });
  it("the package's upgrade step equals the upgrade measure and carries carbon with factor and year", () => {
    expectClose(m.savingKwh, 5140, "package saving");
    expectClose(m.carbon.tce, 0.631, "package tce");
    expectClose(m.carbon.tco2, 2.73, "package tCO2");
    expect(m.carbon.co2Factor?.value).toBe(0.5306);
    expect(m.carbon.co2Factor?.year).toBe(2023);
  });
});

describe("T2 — lightly loaded motor, loss model below 25 % load", () => {
  const m = one({
    ...base,
    name: "T2",
    ratedKw: 11,
    poles: 4,
    efficiency: { source: "class", cls: "gb2020_3" },
    annualHours: 4000,
    load: { method: "load_factor", loadFactor: 0.2 },
  });
  it("efficiency, input power, energy and the oversized flag", () => {
    expectClose(m.measured.efficiency, 0.853, "η");
    expectClose(m.measured.inputKw, 2.58, "P_in");
    expectClose(m.perUnit.baselineKwh, 10300, "E");
    expect(m.flags.map((f) => f.code)).toContain("oversized");
  });
  it("intermediate η = 0.853314 at full precision", () => {
    expectClose(motorEfficiency({ ratedKw: 11, fullLoadEfficiency: 0.914 }, 0.2), 0.853314, "η(0.20)");
  });
});

describe("T3 — part-load efficiency between nodes (Lagrange, 2-pole uses the 4-pole ratios)", () => {
  const m = one({
    ...base,
    name: "T3",
    ratedKw: 30,
    poles: 2,
    efficiency: { source: "class", cls: "gb2020_2" },
    annualHours: 5000,
    load: { method: "load_factor", loadFactor: 0.6 },
  });
  it("r, η, P_in, E", () => {
    expectClose(partLoadRatio(30, 0.6), 1.002688, "r(0.6)");
    expectClose(m.measured.efficiency, 0.948, "η");
    expectClose(m.measured.inputKw, 19.0, "P_in");
    expectClose(m.perUnit.baselineKwh, 95000, "E");
  });
  it("is not the linear interpolation between nodes", () => {
    const linear = 0.999 + ((1.004 - 0.999) * (0.6 - 0.5)) / 0.25;
    expect(Math.abs(partLoadRatio(30, 0.6) - linear)).toBeGreaterThan(1e-4);
  });
});

describe("T4 — pump throttled to 70 % flow → VFD", () => {
  const m = one({
    ...base,
    name: "T4",
    ratedKw: 37,
    poles: 4,
    efficiency: { source: "class", cls: "gb2020_3" },
    annualHours: 6000,
    load: { method: "load_factor", loadFactor: 0.655 },
    application: "pump",
    flowControl: "throttle_valve",
    pump: { designFlowM3h: 200, designHeadM: 40, bepEfficiency: 0.78, staticHeadM: 15 },
    flowProfile: [{ flowRatio: 0.7, timeShare: 1 }],
    quotes: { vfdYuan: 25000 },
  });
  const v = m.perUnit.vfd!;
  it("throttled head, VFD speed ratio and input powers", () => {
    expect(v.status).toBe("assessed");
    expectClose(v.bins[0].baseline.headM!, 45.1, "throttled head");
    expectClose(v.bins[0].vfd.speedRatio!, 0.802, "speed ratio");
    expectClose(v.bins[0].baseline.inputKw, 25.7, "P_in throttled");
    expectClose(v.bins[0].vfd.inputKw, 15.05, "P_in VFD");
  });
  it("annual saving, share, money and payback", () => {
    expectClose(v.savingKwh, 64100, "ΔE");
    expectClose(v.baselineKwh, 154000, "baseline");
    expectClose(v.savingShare, 0.415, "share");
    expectClose(v.costSavingYuan, 44800, "cost");
    expectClose(v.paybackYears, 0.558, "payback");
  });
  it("the motor's baseline duty comes from the pump model", () => {
    expect(m.dutyBasis).toBe("pump_model");
    expectClose(m.perUnit.baselineKwh, 154326, "baseline kWh");
  });
});

describe("T5 — fan outlet damper → VFD, three bins", () => {
  const m = one({
    ...base,
    name: "T5",
    ratedKw: 75,
    poles: 4,
    efficiency: { source: "class", cls: "gb2020_3" },
    annualHours: 8000,
    load: { method: "load_factor", loadFactor: 0.8 },
    application: "fan",
    flowControl: "outlet_damper",
    fan: { designFlowM3h: 100000, designPressurePa: 1800, fanEfficiency: 0.78, staticPressurePa: 0 },
    flowProfile: [
      { flowRatio: 1.0, timeShare: 0.2 },
      { flowRatio: 0.8, timeShare: 0.5 },
      { flowRatio: 0.6, timeShare: 0.3 },
    ],
    quotes: { vfdYuan: 60000 },
  });
  const v = m.perUnit.vfd!;
  it("design shaft power with Kp = 1", () => {
    expect(v.fanKp).toBe(1);
    expectClose(v.fanDesignShaftKw!, 64.10256, "P_shaft,d");
  });
  it("per-bin input powers (the 100 % bin costs more with a VFD)", () => {
    const expected = [
      [67.3494, 69.4324, 0.95179, 0.95179],
      [61.626, 35.896, 0.95198, 0.9426],
      [50.8085, 15.8144, 0.95078, 0.90262],
    ];
    v.bins.forEach((b, i) => {
      expectClose(b.baseline.inputKw, expected[i][0], `damper P_in bin ${i}`);
      expectClose(b.vfd.inputKw, expected[i][1], `VFD P_in bin ${i}`);
      expectClose(b.baseline.motorEfficiency, expected[i][2], `damper η_m bin ${i}`);
      expectClose(b.vfd.motorEfficiency, expected[i][3], `VFD η_m bin ${i}`);
    });
    expect(v.bins[0].vfd.inputKw).toBeGreaterThan(v.bins[0].baseline.inputKw);
  });
  it("annual energies, saving, money and payback", () => {
    expectClose(v.baselineKwh, 476000, "E_damper");
    expectClose(v.vfdKwh, 293000, "E_VFD");
    expectClose(v.savingKwh, 184000, "ΔE");
    expectClose(v.savingShare, 0.385, "share");
    expectClose(v.costSavingYuan, 128500, "cost");
    expectClose(v.paybackYears, 0.467, "payback");
  });
});

describe("T6 — pump operating efficiency and GB 19762-2025 grade", () => {
  it("(a) field efficiency from measured input power", () => {
    const r = pumpOperatingEfficiency({ ratedKw: 30, fullLoadEfficiency: 0.936 }, 24.0, 180, 32);
    expectClose(r.motorEfficiency, 0.94, "motor η");
    expectClose(r.loadFactor, 0.752, "LF");
    expectClose(r.pumpShaftKw, 22.6, "pump shaft");
    expectClose(r.hydraulicKw, 15.7, "hydraulic");
    expectClose(r.pumpOperatingEfficiency, 0.696, "pump η");
  });
  it("(b) thresholds and grade of a single-stage single-suction pump", () => {
    const g = pumpGrade({ type: "single_suction", ratedFlowM3h: 100, ratedHeadM: 32, speedRpm: 2900, bepEfficiencyPercent: 78.0 });
    expectClose(g.specificSpeed, 131, "n_s");
    expectClose(g.thresholdsPercent!.grade1, 81.6, "grade 1");
    expectClose(g.thresholdsPercent!.grade2, 79.6, "grade 2");
    expectClose(g.thresholdsPercent!.grade3, 74.6, "grade 3");
    expect(g.grade).toBe(3);
  });
  it("(a) through the motor engine with pump field data", () => {
    const m = one({
      ...base,
      name: "T6",
      ratedKw: 30,
      poles: 4,
      efficiency: { source: "class", cls: "gb2020_3" },
      annualHours: 6000,
      load: { method: "input_power", inputKw: 24.0 },
      application: "pump",
      pumpField: { flowM3h: 180, headM: 32 },
    });
    expectClose(m.measured.loadFactor, 0.752, "LF");
    expectClose(m.pumpField!.pumpOperatingEfficiency, 0.696, "pump η");
  });
});

describe("motors.md §7 belt example — V-belt → synchronous belt, 22 kW, P_ms 18.0 kW", () => {
  it("loss percentages and annual saving", () => {
    expectClose(beltLossPercent("v_belt", 18.0), 4.4436, "BL_V");
    expectClose(beltLossPercent("synchronous_belt", 18.0), 1.2696, "BL_sync");
    const r = beltFixMeasure({
      bins: [{ hours: 6000, loadShaftKw: loadShaftKwFromMotorShaft(18.0, "v_belt") }],
      existing: { motor: { ratedKw: 22, fullLoadEfficiency: 0.93 }, drive: "v_belt", vfdInLine: false },
      priceYuanPerKwh: 0.7,
      investment: { yuan: null, basis: "missing" },
    });
    expectClose(r.bins[0].motorShaftKw, 18.0, "P_ms");
    expectClose(r.bins[0].motorShaftSavedKw, 0.57132, "ΔP_ms");
    expectClose(r.savingKwh, 3670, "ΔE");
    expect(r.paybackYears).toBeNull();
  });
});
