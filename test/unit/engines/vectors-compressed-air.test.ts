// test_vectors.md T7–T11 (compressed air; no survey card yet, the formulas are kept for one). Every check
// compares an engine output with a number written in test_vectors.md or derived by hand from the formulas of
// compressed_air.md — never with another engine output multiplied inside the test. Two tolerances: the
// vector's printed result (±0.5 %, expectClose) and its full-precision working (expectDigits: within half a
// unit of the last printed digit), so a drift far below 0.5 % still fails. The annual kWh/元 lines of T7–T10
// are plain products of these figures with hours and prices; no engine function computes them.
import { describe, expect, it } from "vitest";
import {
  compressorGrade,
  compressorHeatRecovery,
  loadUnloadKw,
  orificeLeakM3PerMin,
  pressureReductionFactor,
  specificPower,
  vsdKw,
} from "../../../workers/engines/compressed-air/compressed-air";
import { expectClose } from "./helpers";

/** |computed − expected| ≤ half a unit of the last digit written in `printed` (the vector's working). */
function expectDigits(computed: number, printed: string, label: string): void {
  const decimals = printed.includes(".") ? printed.split(".")[1]!.length : 0;
  const tol = 0.5 * 10 ** -decimals * (1 + 1e-9);
  expect(Math.abs(computed - Number(printed)), `${label}: computed ${computed}, vector ${printed}`).toBeLessThanOrEqual(tol);
}

describe("T7 — GB 19153-2019 grade check", () => {
  it("specific power, grade 3 and the limit the gap is measured to", () => {
    const sp = specificPower(56.2, 7.6);
    expectDigits(sp, "7.394737", "SP");
    expectClose(sp, 7.39, "SP");
    const g = compressorGrade(55, "air", 0.8, sp)!;
    expect(g.limits).toEqual([6.5, 7.0, 7.7]);
    expect(g.grade).toBe(3);
    expect(g.gradeText).toBe("3级能效");
  });

  it("grades at the limits and beyond them", () => {
    expect(compressorGrade(55, "air", 0.8, 6.5)!.grade).toBe(1);
    expect(compressorGrade(55, "air", 0.8, 7.0)!.grade).toBe(2);
    expect(compressorGrade(55, "air", 0.8, 7.71)!.grade).toBe("below_3");
    // Between pressure columns the higher-pressure column applies; above 1.0 MPa there is none.
    expect(compressorGrade(55, "air", 0.75, 7.39)!.limits).toEqual([6.5, 7.0, 7.7]);
    expect(compressorGrade(55, "air", 1.25, 7.39)).toBeUndefined();
  });
});

describe("T8 — orifice leak", () => {
  it("free-air flow of one 3 mm leak at 0.7 MPa(g)", () => {
    const q = orificeLeakM3PerMin({ diameterMm: 3, lineGaugePa: 700000 });
    expectDigits(q, "0.406396", "per leak");
    expectClose(q, 0.406, "per leak");
  });

  it("scales with the orifice area (d² — compressed_air.md §3)", () => {
    // 6 mm: four times the 3 mm flow of the vector (0.406396 × 4).
    expectDigits(orificeLeakM3PerMin({ diameterMm: 6, lineGaugePa: 700000 }), "1.62558", "6 mm leak");
  });
});

describe("T9 — pressure reduction 0.8 → 0.7 MPa(g)", () => {
  it("power factor of the new set-point", () => {
    const f = pressureReductionFactor(0.8, 0.7);
    expectDigits(f, "0.929024", "factor");
    expectClose(f, 0.929, "factor");
  });

  it("no change is factor 1", () => {
    expect(pressureReductionFactor(0.8, 0.8)).toBe(1);
  });
});

describe("T10 — load/unload → VSD", () => {
  it("average powers of the vector", () => {
    expectDigits(loadUnloadKw(75, 0.6, 0.3), "54.000000", "P_LU");
    expectDigits(vsdKw(75 * 1.0, 0.6), "48.000000", "P_VSD");
  });

  it("small storage and demand below the VSD turndown (compressed_air.md §5)", () => {
    // 75 × [0.6 + 1.2 × 0.4 × 0.3] = 55.8 kW.
    expectDigits(loadUnloadKw(75, 0.6, 0.3, true), "55.800000", "P_LU small storage");
    // q = 0.2 < q_min 0.35: (0.2/0.35) × 75 × (0.1 + 0.9 × 0.35) + (1 − 0.2/0.35) × 0.3 × 75 = 27.428571 kW.
    expectDigits(vsdKw(75, 0.2), "27.428571", "P_VSD below turndown");
  });
});

describe("T11 — compressor heat recovery displacing a gas boiler", () => {
  it("heat, gas, money, tce, tCO2", () => {
    const r = compressorHeatRecovery({ averageInputKw: 95, hours: 6000, recoverableFraction: 0.7, boilerEfficiency: 0.9, gasPriceYuanPerM3: 3.5 });
    expectDigits(r.recoveredKwh, "399000", "kWh_th");
    expectDigits(r.recoveredGj, "1436.4", "GJ");
    expectDigits(r.gasM3, "40995.6", "m³");
    expectDigits(r.costYuan, "143485", "元");
    expectDigits(r.carbon.tce, "54.52", "tce");
    expectDigits(r.carbon.tco2!, "88.63", "tCO2");
    expectClose(r.recoveredKwh, 399000, "kWh_th");
    expectClose(r.recoveredGj, 1440, "GJ");
    expectClose(r.gasM3, 41000, "m³");
    expectClose(r.costYuan, 143500, "元");
    expectClose(r.carbon.tce, 54.5, "tce");
    expectClose(r.carbon.tco2, 88.63, "tCO2");
  });
});
