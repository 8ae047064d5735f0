// test_vectors.md T12 — stenter exhaust 15,000 m³/h at 160 °C, 60 % effective recovery.
import { describe, expect, it } from "vitest";
import { assessStenter } from "../../../workers/engines";
import { expectAllFinite, expectClose } from "./helpers";

const result = assessStenter({
  heating: "thermal_oil_gas",
  heaterEfficiency: 0.85,
  fuelPrice: 3.5,
  electricityPriceYuanPerKwh: 0.7,
  stenters: [
    {
      name: "T12",
      exhaustFlowM3h: 15000,
      flowBasis: "actual",
      exhaustTempC: 160,
      humidity: { kind: "ratio", kgPerKgDryAir: 0.1 },
      coldInletTempC: 25,
      effectiveness: 0.6,
      // T12 states 60 % *effective* recovery: a cycle-average value, so no fouling derating on top.
      foulingFactor: 1,
      annualHours: 6000,
      fanPenalty: { pressureDropPa: 300, fanEfficiency: 0.65 },
    },
  ],
});
const s = result.stenters[0];

describe("T12 — stenter heat recovery", () => {
  it("humid-air properties and recovered heat", () => {
    expectClose(s.specificVolumeM3PerKg, 1.424424, "v");
    expectClose(s.dryAirKgPerH, 10500, "m_da");
    expectClose(s.specificHeatKjPerKgK, 1.192, "c_p");
    expectClose(s.maxRecoverableKw, 470.719, "Φ_max");
    expectClose(s.recoveredKw, 282, "Φ");
  });
  it("dew-point check passes: T_out 79.0 °C ≥ 52.6 + 10", () => {
    expectClose(s.exhaustOutTempC, 79.0, "T_out");
    expectClose(s.dewPointC, 52.6, "T_dew");
    expect(s.cappedByDewPoint).toBe(false);
    expect(s.effectivenessUsed).toBe(0.6);
  });
  it("annual heat, gas, money, tce, tCO2 (headline)", () => {
    expectClose(s.annualHeatKwh, 1690000, "E");
    expectClose(s.annualHeatGj, 6100, "GJ");
    expect(s.fuelSaved.fuel).toBe("natural_gas");
    expectClose(s.fuelSaved.amount, 184000, "gas m³");
    expectClose(s.costSavingYuan, 645000, "元");
    expectClose(s.carbon.tce, 245, "tce");
    expectClose(s.carbon.tco2, 399, "tCO2");
  });
  it("fan line is separate and leaves the headline unchanged", () => {
    expectClose(s.fanPenalty!.addedFanKw, 1.92, "fan kW");
    expectClose(s.fanPenalty!.annualKwh, 11540, "fan kWh");
    expectClose(s.fanPenalty!.costYuan, 8080, "fan 元");
    expectClose(result.totals.costSavingYuan, 645000, "headline total");
    expectClose(result.totals.netCostSavingYuan, 645239 - 8076.9, "net");
  });
  it("has co-benefits and no non-finite numbers", () => {
    expect(result.coBenefits.length).toBeGreaterThan(0);
    expectAllFinite(result);
  });
});
