// test_vectors.md T7–T11 (compressed air; no survey card yet, the formulas are kept for one).
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

describe("T7 — GB 19153-2019 grade check", () => {
  it("specific power, grade 3 and the gap to grade 1", () => {
    const sp = specificPower(56.2, 7.6);
    expectClose(sp, 7.39, "SP");
    const g = compressorGrade(55, "air", 0.8, sp)!;
    expect(g.limits).toEqual([6.5, 7.0, 7.7]);
    expect(g.grade).toBe(3);
    const gapKw = (sp - g.limits[0]) * 7.6;
    expectClose(gapKw, 6.8, "gap kW");
    expectClose(gapKw * 6000, 40800, "kWh");
    expectClose(gapKw * 6000 * 0.7, 28600, "元");
  });
});

describe("T8 — orifice leak", () => {
  it("per leak, total, power, energy, money", () => {
    const q = orificeLeakM3PerMin({ diameterMm: 3, lineGaugePa: 700000 });
    expectClose(q, 0.406, "per leak");
    const total = q * 10;
    expectClose(total, 4.06, "total");
    expectClose(total * 7.0, 28.4, "kW");
    expectClose(total * 7.0 * 8000, 228000, "kWh");
    expectClose(total * 7.0 * 8000 * 0.7, 159000, "元");
  });
});

describe("T9 — pressure reduction 0.8 → 0.7 MPa(g)", () => {
  it("factor, share, energy, money", () => {
    const f = pressureReductionFactor(0.8, 0.7);
    expectClose(f, 0.929, "factor");
    expectClose(1 - f, 0.071, "saving share");
    expectClose(110 * (1 - f) * 7000, 54700, "kWh");
    expectClose(110 * (1 - f) * 7000 * 0.7, 38300, "元");
  });
});

describe("T10 — load/unload → VSD", () => {
  it("average powers and savings", () => {
    const lu = loadUnloadKw(75, 0.6, 0.3);
    const vsd = vsdKw(75 * 1.0, 0.6);
    expectClose(lu, 54.0, "P_LU");
    expectClose(vsd, 48.0, "P_VSD");
    expectClose((lu - vsd) * 8000, 48000, "kWh");
    expectClose((lu - vsd) * 8000 * 0.7, 33600, "元");
  });
});

describe("T11 — compressor heat recovery displacing a gas boiler", () => {
  it("heat, gas, money, tce, tCO2", () => {
    const r = compressorHeatRecovery({ averageInputKw: 95, hours: 6000, recoverableFraction: 0.7, boilerEfficiency: 0.9, gasPriceYuanPerM3: 3.5 });
    expectClose(r.recoveredKwh, 399000, "kWh_th");
    expectClose(r.recoveredGj, 1440, "GJ");
    expectClose(r.gasM3, 41000, "m³");
    expectClose(r.costYuan, 143500, "元");
    expectClose(r.carbon.tce, 54.5, "tce");
    expectClose(r.carbon.tco2, 88.6, "tCO2");
  });
});
