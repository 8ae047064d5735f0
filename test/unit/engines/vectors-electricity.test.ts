// test_vectors.md T13–T15 — Jiangsu TOU bill and storage, two-part basis choice, power factor.
import { describe, expect, it } from "vitest";
import { assessElectricityCost } from "../../../workers/engines";
import { breakEvenDemandKw, contractDemandCharge } from "../../../workers/engines/electricity/two-part";
import { capacitorKvar } from "../../../workers/engines/electricity/power-factor";
import { t13Day } from "./fixtures";
import { expectAllFinite, expectClose } from "./helpers";


describe("T13 — Jiangsu 426号 TOU bill from a 15-minute curve, plus 1 MW / 2 MWh storage", () => {
  const r = assessElectricityCost({
    province: "jiangsu",
    category: "two_part",
    prices: { mode: "components", floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.25 },
    loadCurve: { kw: t13Day(), intervalMinutes: 15, startDate: "2026-07-15" },
    operatingDaysPerYear: 330,
    storage: { powerKw: 1000, energyKwh: 2000, depthOfDischarge: 0.9, roundTripEfficiency: 0.9, capexYuan: 2000000, omRatePerYear: 0 },
    options: { jiangsuCriticalPeak: false },
  });
  it("period prices p_j = f_j·p_b + p_nf", () => {
    const july = r.tariff.pricesByMonth[6].prices!;
    expectClose(july.peak, 0.97, "peak");
    expectClose(july.flat, 0.65, "flat");
    expectClose(july.valley, 0.39, "valley");
  });
  it("energy and cost by period, average price", () => {
    expectClose(r.tou.kwhByPeriod.valley, 6400, "valley kWh");
    expectClose(r.tou.kwhByPeriod.flat, 11600, "flat kWh");
    expectClose(r.tou.kwhByPeriod.peak, 14400, "peak kWh");
    expect(r.tou.kwhByPeriod.critical).toBe(0);
    expectClose(r.tou.costYuan, 24000, "cost per day");
    expectClose(r.tou.averagePriceYuanPerKwh, 0.741, "average price");
    expectClose(r.tou.kwhShareByPeriod.peak, 0.444, "peak share");
    expectClose(r.tou.kwhShareByPeriod.valley, 0.198, "valley share");
  });
  it("curve statistics", () => {
    expectClose(r.loadStatistics!.maxKw, 1800, "P_max");
    expectClose(r.loadStatistics!.averageKw, 1350, "P_avg");
    expectClose(r.loadStatistics!.loadFactor, 0.75, "f_load");
  });
  it("storage headline: one valley→peak cycle a day", () => {
    const s = r.storage!;
    expectClose(s.usableKwh, 1800, "E_d");
    expectClose(s.dailyHeadlineYuan, 966, "headline per day");
    expectClose(r.tou.costYuan - s.dailyHeadlineYuan, 23000, "bill with storage per day");
    expectClose(s.annualHeadlineYuan, 319000, "annual");
    expectClose(s.paybackYears, 6.27, "payback");
    expect(s.allowedDemand).toBe("month_md");
  });
  it("upside (not in headline): the valley→flat cycle", () => {
    const s = r.storage!;
    expectClose(s.dailyUpsideYuan, 390, "upside per day");
    expectClose(s.annualUpsideYuan, 129000, "upside per year");
    // The payback uses the headline only.
    expectClose(s.capexYuan / s.annualHeadlineYuan, 6.27, "headline payback");
  });
  it("the critical-peak flag is off by default, so no critical hours", () => {
    const on = assessElectricityCost({
      province: "jiangsu",
      category: "two_part",
      prices: { mode: "components", floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.25 },
      loadCurve: { kw: t13Day(), intervalMinutes: 15, startDate: "2026-07-15" },
      options: { jiangsuCriticalPeak: true },
    });
    // July critical 14–15 and 19:30–21:30 = 3 h at 1,800 kW.
    expectClose(on.tou.kwhByPeriod.critical, 5400, "critical kWh with the flag on");
    expectClose(on.tariff.pricesByMonth[6].prices!.critical, 1.8 * 1.2 * 0.4 + 0.25, "critical price");
  });
  it("has no non-finite numbers", () => expectAllFinite(r));
});

describe("T14 — two-part tariff: capacity vs demand basis (discount switch OFF)", () => {
  const r = assessElectricityCost({
    province: "guangdong",
    category: "two_part",
    prices: { mode: "periods", peak: 1.0, flat: 0.65, valley: 0.3 },
    basic: { transformerKva: 2000, currentBasis: "capacity", capacityPriceYuanPerKva: 22.6, demandPriceYuanPerKw: 36.1, contractDemandKw: 1100 },
    bills: [{ month: "2026-02", kwhByPeriod: { peak: 200000, flat: 200000, valley: 200000 }, maxDemandKw: 1150 }],
    options: { demandDiscount260: false },
  });
  const t = r.twoPart!;
  it("capacity, actual MD and contract charges", () => {
    expectClose(t.totals.capacityYuan, 45200, "capacity");
    expectClose(t.totals.actualDemandYuan, 41500, "actual MD");
    expectClose(t.totals.currentContractYuan!, 39700, "contract 1,100 kW");
    expectClose(contractDemandCharge(1250, 1100, 36.1), 48600, "MD 1,250 over contract 1,100");
    expectClose(breakEvenDemandKw(2000, 22.6, 36.1), 1250, "break-even MD");
  });
  it("chooses a demand basis; the contract optimum is at MD/1.05", () => {
    expect(t.bestBasis).toBe("contract");
    expectClose(t.totals.optimalContractKw, 1150 / 1.05, "optimal D_c");
    expect(t.bestYuan).toBeLessThan(t.totals.actualDemandYuan);
    expectClose(t.savingYuan, 45200 - (1150 / 1.05) * 36.1, "saving vs capacity basis");
  });
  it("with the 260 kWh/kVA discount ON every demand price is 0.9 × 36.1", () => {
    const on = assessElectricityCost({
      province: "guangdong",
      category: "two_part",
      prices: { mode: "periods", peak: 1.0, flat: 0.65, valley: 0.3 },
      basic: { transformerKva: 2000, currentBasis: "actual_md", capacityPriceYuanPerKva: 22.6, demandPriceYuanPerKw: 36.1 },
      bills: [{ month: "2026-02", kwhByPeriod: { peak: 200000, flat: 200000, valley: 200000 }, maxDemandKw: 1150 }],
    });
    expectClose(on.twoPart!.months[0].demandPriceEff, 32.49, "c_dem,eff");
    expectClose(on.twoPart!.totals.actualDemandYuan, 1150 * 32.49, "actual MD discounted");
    expectClose(contractDemandCharge(1250, 1100, 32.49), 1155 * 32.49 + 95 * 2 * 32.49, "doubled excess discounted too");
  });
});

describe("T15 — power-factor adjustment and capacitor sizing", () => {
  const r = assessElectricityCost({
    province: "jiangsu",
    category: "two_part",
    prices: { mode: "periods", peak: 1.0, flat: 0.6, valley: 0.3 },
    powerFactorStandard: 0.9,
    bills: [
      {
        month: "2025-09",
        kwhByPeriod: { flat: 500000 },
        kvarh: 300000,
        basicChargeYuan: 50000,
        energyChargeYuan: 300000,
        fundsYuan: 0,
      },
    ],
  });
  const m = r.powerFactor!.months[0];
  it("PF 0.86 (0.857 before rounding), exact adjustments", () => {
    expect(m.powerFactor).toBe(0.86);
    expectClose(m.powerFactorRaw, 0.857493, "raw PF");
    expect(m.adjustmentPercent).toBe(2.0);
    expect(m.adjustmentYuan).toBeCloseTo(7000, 6);
    expect(m.targetAdjustmentPercent).toBe(-0.75);
    expect(m.targetAdjustmentYuan).toBeCloseTo(-2625, 6);
    expect(m.benefitYuan).toBeCloseTo(9625, 6);
  });
  it("capacitor bank on the average-power basis", () => {
    expectClose(m.averageKw, 694.44, "P_avg");
    expectClose(m.capacitorKvar, 188, "Q_c");
    expectClose(capacitorKvar(694.44, 0.857493, 0.95), 188.41, "Q_c formula");
  });
});
