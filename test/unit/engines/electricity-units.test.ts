// Storage constraints and other electricity rules not covered by a worked example.
import { describe, expect, it } from "vitest";
import { assessElectricityCost } from "../../../workers/engines";
import { dayArbitrage } from "../../../workers/engines/electricity/storage";
import { t13Day } from "./fixtures";
import { expectAllFinite, expectClose } from "./helpers";

const JIANGSU = {
  province: "jiangsu",
  category: "two_part" as const,
  prices: { mode: "components" as const, floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.25 },
};

describe("storage dispatch constraints (electricity_cost.md §6)", () => {
  it("never charges above D_allowed: a site already at its MD in the valley cannot charge", () => {
    const flat = new Array(96).fill(1000);
    const r = assessElectricityCost({ ...JIANGSU, loadCurve: { kw: flat, intervalMinutes: 15, startDate: "2026-07-15" }, storage: { powerKw: 500, energyKwh: 1000 } });
    expect(r.storage!.dailyHeadlineYuan).toBe(0);
  });
  it("a D_allowed override above MD₀ lets it charge", () => {
    const flat = new Array(96).fill(1000);
    const r = assessElectricityCost({
      ...JIANGSU,
      loadCurve: { kw: flat, intervalMinutes: 15, startDate: "2026-07-15" },
      storage: { powerKw: 500, energyKwh: 1000, allowedDemandKw: 1500 },
    });
    expectClose(r.storage!.dailyHeadlineYuan, 900 * 0.97 - 1000 * 0.39, "one full cycle");
    expect(r.storage!.allowedDemand).toBe(1500);
  });
  it("never exports: with no load in the peak there is nothing to discharge into", () => {
    const kw = t13Day().map((v, i) => (i >= 14 * 4 && i < 22 * 4 ? 0 : v));
    const r = assessElectricityCost({ ...JIANGSU, loadCurve: { kw, intervalMinutes: 15, startDate: "2026-07-15" }, storage: { powerKw: 1000, energyKwh: 2000 } });
    // Best remaining cycle is valley → flat at p_flat·η = 0.585 > 0.39.
    expectClose(r.storage!.dailyHeadlineYuan, 1800 * 0.65 - 2000 * 0.39, "valley→flat headline");
  });
  it("discharge is limited by the load: a 200 kW peak load takes at most 200 kW", () => {
    const kw = t13Day().map((v, i) => (i >= 14 * 4 && i < 22 * 4 ? 200 : v));
    const r = assessElectricityCost({ ...JIANGSU, loadCurve: { kw, intervalMinutes: 15, startDate: "2026-07-15" }, storage: { powerKw: 1000, energyKwh: 2000 } });
    // 8 h × 200 kW = 1,600 kWh into the peak; the battery's remaining 200 kWh go to the flat 22–24.
    expectClose(r.storage!.dailyHeadlineYuan, 1600 * 0.97 + 200 * 0.65 - 2000 * 0.39, "load-limited headline");
  });
  it("a cycle is taken only when p_dis·η_rt > p_ch", () => {
    const none = dayArbitrage([0.5, 0.54], [1000, 1000], [1000, 1000], 500, 0.9);
    expect(none.headline.valueYuan).toBe(0);
    const some = dayArbitrage([0.5, 0.6], [1000, 1000], [1000, 1000], 500, 0.9);
    expectClose(some.headline.valueYuan, 500 * 0.6 - (500 / 0.9) * 0.5, "value");
  });
  it("payback uses capex / (headline − O&M)", () => {
    const r = assessElectricityCost({
      ...JIANGSU,
      loadCurve: { kw: t13Day(), intervalMinutes: 15, startDate: "2026-07-15" },
      operatingDaysPerYear: 330,
      storage: { powerKw: 1000, energyKwh: 2000, capexYuan: 2000000, omRatePerYear: 0.01 },
    });
    expectClose(r.storage!.paybackYears, 2000000 / (318780 - 20000), "payback with O&M");
  });
});

describe("full year, bills only, unconfigured months", () => {
  it("a full 15-minute year is summed, not scaled", () => {
    const day = t13Day();
    const kw = Array.from({ length: 365 }, () => day).flat();
    const r = assessElectricityCost({ ...JIANGSU, loadCurve: { kw, intervalMinutes: 15, startDate: "2025-01-01" }, storage: { powerKw: 1000, energyKwh: 2000 } });
    expect(r.storage!.annualisation).toBe("sum");
    expect(r.months).toHaveLength(12);
    expectClose(r.annualEnergyKwh, 32400 * 365, "annual kWh");
    expectAllFinite(r);
  });
  it("bills only: TOU cost recomputed, storage from the schedule with a caveat", () => {
    const r = assessElectricityCost({
      ...JIANGSU,
      bills: [{ month: "2026-07", kwhByPeriod: { peak: 14400, flat: 11600, valley: 6400 }, energyChargeYuan: 24004 }],
      storage: { powerKw: 1000, energyKwh: 2000 },
    });
    expectClose(r.tou.costYuan, 24004, "recomputed");
    expect(r.bills[0].flagged).toBe(false);
    expect(r.storage!.method).toBe("tariff_schedule");
    expect(r.storage!.notes.map((n) => n.code)).toContain("no_curve");
    expectClose(r.storage!.dailyHeadlineYuan, 966, "schedule headline");
  });
  it("flags a bill whose energy charge differs from the recomputation by more than 1 %", () => {
    const r = assessElectricityCost({ ...JIANGSU, bills: [{ month: "2026-07", kwhByPeriod: { peak: 14400, flat: 11600, valley: 6400 }, energyChargeYuan: 25000 }] });
    expect(r.bills[0].flagged).toBe(true);
    expect(r.notes.map((n) => n.code)).toContain("bill_mismatch");
  });
  it("Shandong months without a schedule are left out of the TOU split and said so", () => {
    const r = assessElectricityCost({
      province: "shandong",
      category: "two_part",
      prices: { mode: "components", floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.2 },
      loadCurve: { kw: [...t13Day(), ...t13Day()], intervalMinutes: 15, startDate: "2026-06-30" },
    });
    expect(r.months.map((m) => m.configured)).toEqual([false, true]);
    expect(r.notes.map((n) => n.code)).toContain("months_not_configured");
    expectClose(r.tou.kwh, 32400, "only the July day is split");
  });
  it("load shifting moves peak energy to the valley, limited by the valley headroom under MD", () => {
    const r = assessElectricityCost({ ...JIANGSU, loadCurve: { kw: t13Day(), intervalMinutes: 15, startDate: "2026-07-15" }, shiftableShare: 0.5, operatingDaysPerYear: 330 });
    // Headroom: valley 0–6 and 11–13 at 800 kW under MD 1,800 kW = 8 h × 1,000 kW = 8,000 kWh; wanted 7,200.
    expectClose(r.loadShift!.movedKwh, 7200 * 330, "moved");
    expectClose(r.loadShift!.savingYuan, 7200 * (0.97 - 0.39) * 330, "saving");
    const big = assessElectricityCost({ ...JIANGSU, loadCurve: { kw: t13Day(), intervalMinutes: 15, startDate: "2026-07-15" }, shiftableShare: 1, operatingDaysPerYear: 330 });
    expect(big.loadShift!.limitedByHeadroom).toBe(true);
    expectClose(big.loadShift!.movedKwh, 8000 * 330, "capped at headroom");
  });
});
