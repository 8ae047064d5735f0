// Issue 15: the operating calendar's critical-peak day count (electricity_cost.md §6 "annual days"). Guangdong,
// tariff schedule only (no curve): 1 MW / 2 MWh, DoD 0.9, η 0.9, p_b 0.40, p_nf 0.25, 330 operating days.
// On a critical-peak day the one headline cycle discharges its 1,800 kWh at the critical price (11–12 h and
// 15–17 h hold 3,000 kWh at 1 MW) instead of the peak price: uplift = 1,800 × (2.125 − 1.7) × 0.40 = 306 元/day.
import { describe, expect, it } from "vitest";
import { assessElectricityCost } from "../../../workers/engines";
import { electricityInputFromAnswers } from "../../support/cards";
import { electricityAnswers } from "./answers-fixtures";

const GUANGDONG = {
  province: "guangdong",
  category: "two_part" as const,
  prices: { mode: "components" as const, floatingBaseYuanPerKwh: 0.4, nonFloatingYuanPerKwh: 0.25 },
  storage: { powerKw: 1000, energyKwh: 2000, capexYuan: 2_000_000 },
  operatingDaysPerYear: 330,
};
const UPLIFT = 1800 * (2.125 - 1.7) * 0.4;

const annual = (criticalPeakDaysPerYear?: number) => assessElectricityCost({ ...GUANGDONG, criticalPeakDaysPerYear }).storage!;

describe("critical-peak day count", () => {
  it("counts the critical-peak uplift on exactly the given days", () => {
    const none = annual(0);
    const thirty = annual(30);
    expect(UPLIFT).toBeCloseTo(306, 9);
    expect(thirty.annualHeadlineYuan - none.annualHeadlineYuan).toBeCloseTo(UPLIFT * 30, 6);
    expect(thirty.criticalPeakDays).toBe(30);
    expect(thirty.notes.map((n) => n.code)).toContain("critical_peak_days");
    expect(thirty.paybackYears!).toBeCloseTo(2_000_000 / thirty.annualHeadlineYuan, 9);
  });

  it("without the count every operating day of July–September is a critical-peak day (the old upper bound)", () => {
    const none = annual(0);
    const all = annual(undefined);
    expect(all.criticalPeakDays).toBeNull();
    expect(all.annualHeadlineYuan - none.annualHeadlineYuan).toBeCloseTo(UPLIFT * 330 * (3 / 12), 6);
    expect(all.annualHeadlineYuan).toBeGreaterThan(annual(30).annualHeadlineYuan);
  });

  it("the survey carries the count and refuses more critical-peak days than operating days", () => {
    const a = electricityAnswers();
    a.critical_peak_days = ["20"];
    const ok = electricityInputFromAnswers(a);
    expect(ok.ok && ok.input.criticalPeakDaysPerYear).toBe(20);
    a.critical_peak_days = ["340"];
    const bad = electricityInputFromAnswers(a);
    expect(bad.ok).toBe(false);
  });
});
