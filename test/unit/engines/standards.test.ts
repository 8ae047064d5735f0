// Standards data kept as data: spot values against ../shared/domain, internal consistency, and the
// tariff schedules (every configured month covers 24 h; critical windows override the base period).
import { describe, expect, it } from "vitest";
import { periodGrid, periodPrices, tariffFor } from "../../../workers/engines/electricity/periods";
import { GB18613_2020_TABLE1, gb18613Efficiency } from "../../../workers/engines/standards/gb18613-2020";
import { legacyEfficiency4Pole } from "../../../workers/engines/standards/iec60034-30-1";
import { PART_LOAD_RATIOS, partLoadRow } from "../../../workers/engines/standards/motor-part-load";
import { monthlyPowerFactor, powerFactorAdjustmentPercent } from "../../../workers/engines/standards/power-factor-adjustment";
import { PROVINCE_TARIFFS } from "../../../workers/engines/standards/tariffs";

describe("GB 18613-2020 table 1", () => {
  it("spot cells from motors.md §2, including the uncertain 6-pole grade-2 cells", () => {
    expect(gb18613Efficiency(55, 4, 3)).toBeCloseTo(0.946, 12);
    expect(gb18613Efficiency(55, 4, 1)).toBeCloseTo(0.965, 12);
    expect(gb18613Efficiency(0.75, 8, 3)).toBeCloseTo(0.75, 12);
    expect(gb18613Efficiency(200, 6, 2)).toBeCloseTo(0.963, 12);
    expect(gb18613Efficiency(250, 6, 2)).toBeCloseTo(0.965, 12);
    expect(gb18613Efficiency(1000, 2, 1)).toBeCloseTo(0.972, 12);
  });
  it("uses the next lower row for non-standard ratings and refuses outside 0.75–1000 kW", () => {
    expect(gb18613Efficiency(50, 4, 3)).toBe(gb18613Efficiency(45, 4, 3));
    expect(gb18613Efficiency(500, 4, 2)).toBe(gb18613Efficiency(280, 4, 2));
    expect(gb18613Efficiency(0.55, 4, 3)).toBeUndefined();
    expect(gb18613Efficiency(1100, 4, 3)).toBeUndefined();
  });
  it("grade 1 ≥ grade 2 ≥ grade 3 in every cell, and rows rise with rating", () => {
    for (const row of GB18613_2020_TABLE1) {
      for (let c = 0; c < 4; c++) {
        expect(row.grade1[c]).toBeGreaterThanOrEqual(row.grade2[c]);
        expect(row.grade2[c]).toBeGreaterThanOrEqual(row.grade3[c]);
      }
    }
    for (let i = 1; i < GB18613_2020_TABLE1.length; i++) expect(GB18613_2020_TABLE1[i].kw).toBeGreaterThan(GB18613_2020_TABLE1[i - 1].kw);
  });
});

describe("legacy IE1/IE2 and part-load ratios", () => {
  it("spot values and the flat 200–1000 kW column", () => {
    expect(legacyEfficiency4Pole(11, "IE1")).toBeCloseTo(0.876, 12);
    expect(legacyEfficiency4Pole(160, "IE2")).toBeCloseTo(0.949, 12);
    expect(legacyEfficiency4Pole(900, "IE2")).toBeCloseTo(0.951, 12);
  });
  it("ratio rows: 26 rows, the 355 row for everything above 400 kW", () => {
    expect(PART_LOAD_RATIOS).toHaveLength(26);
    expect(partLoadRow(55)).toEqual({ kw: 55, r25: 0.971, r50: 0.998, r75: 1.003 });
    expect(partLoadRow(900).kw).toBe(355);
    expect(partLoadRow(340).kw).toBe(315);
  });
});

describe("power-factor adjustment table (水电财字〔1983〕215号)", () => {
  const cases: [number, 0.9 | 0.85 | 0.8, number][] = [
    [1.0, 0.9, -0.75], [0.95, 0.9, -0.75], [0.94, 0.9, -0.6], [0.93, 0.9, -0.45], [0.92, 0.9, -0.3], [0.91, 0.9, -0.15], [0.9, 0.9, 0],
    [0.89, 0.9, 0.5], [0.86, 0.9, 2.0], [0.85, 0.9, 2.5], [0.84, 0.9, 3.0], [0.81, 0.9, 4.5], [0.8, 0.9, 5.0], [0.7, 0.9, 10], [0.65, 0.9, 15], [0.64, 0.9, 17],
    [0.94, 0.85, -1.1], [0.93, 0.85, -0.95], [0.92, 0.85, -0.8], [0.91, 0.85, -0.65], [0.9, 0.85, -0.5], [0.89, 0.85, -0.4], [0.86, 0.85, -0.1],
    [0.85, 0.85, 0], [0.84, 0.85, 0.5], [0.8, 0.85, 2.5], [0.65, 0.85, 10], [0.6, 0.85, 15], [0.59, 0.85, 17],
    [0.92, 0.8, -1.3], [0.91, 0.8, -1.15], [0.9, 0.8, -1.0], [0.89, 0.8, -0.9], [0.86, 0.8, -0.6], [0.85, 0.8, -0.5], [0.84, 0.8, -0.4],
    [0.81, 0.8, -0.1], [0.8, 0.8, 0], [0.79, 0.8, 0.5], [0.6, 0.8, 10], [0.55, 0.8, 15], [0.54, 0.8, 17],
  ];
  it.each(cases)("PF %s at standard %s → %s %%", (pf, std, pct) => {
    expect(powerFactorAdjustmentPercent(pf, std)).toBeCloseTo(pct, 10);
  });
  it("rounds the monthly PF to 2 decimals", () => {
    expect(monthlyPowerFactor(500000, 300000).rounded).toBe(0.86);
    expect(monthlyPowerFactor(100, 0).rounded).toBe(1);
    expect(monthlyPowerFactor(0, 0).rounded).toBe(1);
  });
});

describe("provincial TOU schedules", () => {
  it("every configured month gives each 15-minute interval exactly one period", () => {
    for (const t of Object.values(PROVINCE_TARIFFS)) {
      for (let m = 1; m <= 12; m++) {
        const grid = periodGrid(t, m, { jiangsuCriticalPeak: true });
        if (t.schedules.some((s) => s.months.includes(m))) expect(grid).toHaveLength(96);
        else expect(grid).toBeNull();
      }
      // Each calendar month maps to at most one schedule.
      const months = t.schedules.flatMap((s) => s.months);
      expect(new Set(months).size).toBe(months.length);
    }
  });
  it("Jiangsu 2025 summer and spring/autumn hours (8 h valley, 8 or 7 h peak)", () => {
    const count = (grid: string[] | null, p: string) => (grid ?? []).filter((x) => x === p).length / 4;
    const july = periodGrid(tariffFor("jiangsu")!, 7);
    expect([count(july, "peak"), count(july, "flat"), count(july, "valley"), count(july, "critical")]).toEqual([8, 8, 8, 0]);
    const april = periodGrid(tariffFor("jiangsu")!, 4);
    expect([count(april, "peak"), count(april, "flat"), count(april, "valley")]).toEqual([7, 9, 8]);
    expect(april![0]).toBe("flat"); // 22:00–02:00 wraps past midnight
  });
  it("critical windows override peak and flat (Guangdong July, Beijing 16–17)", () => {
    const gd = periodGrid(tariffFor("guangdong")!, 7)!;
    expect(gd[11 * 4]).toBe("critical");
    expect(gd[14 * 4]).toBe("peak");
    expect(periodGrid(tariffFor("guangdong")!, 10)![11 * 4]).toBe("peak");
    const bj = periodGrid(tariffFor("beijing")!, 8)!;
    expect(bj[16 * 4]).toBe("critical");
    expect(periodGrid(tariffFor("beijing")!, 5)![16 * 4]).toBe("flat");
  });
  it("Guangdong critical price 2.125·p_b + p_nf; Shanghai factors by season", () => {
    const gd = periodPrices(tariffFor("guangdong")!, 8, "two_part", { mode: "components", floatingBaseYuanPerKwh: 0.5, nonFloatingYuanPerKwh: 0.05 });
    expect(gd.critical).toBeCloseTo(2.125 * 0.5 + 0.05, 12);
    expect(gd.valley).toBeCloseTo(0.38 * 0.5 + 0.05, 12);
    const sh = (m: number) => periodPrices(tariffFor("shanghai")!, m, "two_part", { mode: "components", floatingBaseYuanPerKwh: 1, nonFloatingYuanPerKwh: 0 });
    expect(sh(1).peak).toBeCloseTo(1.8, 12);
    expect(sh(1).critical).toBeCloseTo(2.25, 12);
    expect(sh(4).peak).toBeCloseTo(1.6, 12);
    expect(sh(4).valley).toBeCloseTo(0.5, 12);
  });
});
