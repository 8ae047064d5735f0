// Time-of-use cost breakdown from a 15-minute curve or from monthly bills, and the load statistics
// of electricity_cost.md §7 (P_max, P_min, P_avg, load-curve load factor, peak-valley difference rate).
import type { Period } from "../standards/tariffs/types";
import type { Curve15 } from "./curve";
import { PERIODS, SLOT_HOURS, SLOTS_PER_DAY, type PeriodPrices } from "./periods";

export type PeriodAmounts = Record<Period, number>;

export function zeroAmounts(): PeriodAmounts {
  return { critical: 0, peak: 0, flat: 0, valley: 0, deep_valley: 0 };
}

export interface MonthTou {
  monthKey: string;
  month: number;
  days: number;
  /** False when the tariff has no hour schedule for the month (excluded from the TOU breakdown). */
  configured: boolean;
  kwh: number;
  kwhByPeriod: PeriodAmounts;
  costByPeriod: PeriodAmounts;
  costYuan: number;
  maxDemandKw: number;
  /** 15-minute intervals above 90 % of the month's maximum demand. */
  intervalsAbove90: number;
  /** Σ over valley intervals of (MD − load)·0.25 h: energy that can move into the valley without a new MD. */
  valleyHeadroomKwh: number;
}

export interface TouBreakdown {
  kwhByPeriod: PeriodAmounts;
  costByPeriod: PeriodAmounts;
  kwh: number;
  costYuan: number;
  averagePriceYuanPerKwh: number | null;
  kwhShareByPeriod: PeriodAmounts;
  costShareByPeriod: PeriodAmounts;
}

export interface LoadStatistics {
  maxKw: number;
  minKw: number;
  averageKw: number;
  /** f_load = P_avg / P_max (负荷率), not the motor load factor. */
  loadFactor: number | null;
  peakValleyDifferenceRate: number | null;
  days: number;
  totalKwh: number;
}

export function breakdown(kwhByPeriod: PeriodAmounts, costByPeriod: PeriodAmounts): TouBreakdown {
  let kwh = 0;
  let cost = 0;
  for (const p of PERIODS) {
    kwh += kwhByPeriod[p];
    cost += costByPeriod[p];
  }
  const kwhShare = zeroAmounts();
  const costShare = zeroAmounts();
  for (const p of PERIODS) {
    kwhShare[p] = kwh > 0 ? kwhByPeriod[p] / kwh : 0;
    costShare[p] = cost > 0 ? costByPeriod[p] / cost : 0;
  }
  return {
    kwhByPeriod,
    costByPeriod,
    kwh,
    costYuan: cost,
    averagePriceYuanPerKwh: kwh > 0 ? cost / kwh : null,
    kwhShareByPeriod: kwhShare,
    costShareByPeriod: costShare,
  };
}

export interface MonthTariff {
  grid: Period[] | null;
  prices: PeriodPrices | null;
  /** Period index (into PERIODS) per 15-minute slot, and the slot prices; null when not configured. */
  slotPeriod: Uint8Array | null;
  slotPrices: Float64Array | null;
}

function amounts(values: Float64Array): PeriodAmounts {
  const out = zeroAmounts();
  PERIODS.forEach((p, i) => (out[p] = values[i]));
  return out;
}

/**
 * Two passes over the curve: per-month TOU energy and cost, maximum demand and load statistics; then, with
 * each month's MD known, the intervals above 90 % of MD and the valley headroom under MD (for shifting).
 * Typed arrays and period indices keep a year of 15-minute data to a few milliseconds.
 */
export function analyseCurve(curve: Curve15, tariffForMonth: (month: number) => MonthTariff): { months: MonthTou[]; stats: LoadStatistics } {
  const index = new Map<string, number>();
  const acc: { key: string; month: number; days: number; kwh: Float64Array; cost: Float64Array; total: number; md: number; above90: number; headroom: number; t: MonthTariff }[] = [];
  const dayIdx = new Int32Array(curve.days);
  let max = -Infinity;
  let min = Infinity;
  let total = 0;
  const kw = curve.kw;
  for (let d = 0; d < curve.days; d++) {
    const key = curve.dayMonthKey[d];
    let mi = index.get(key);
    if (mi === undefined) {
      mi = acc.length;
      index.set(key, mi);
      const month = curve.dayMonth[d];
      acc.push({ key, month, days: 0, kwh: new Float64Array(PERIODS.length), cost: new Float64Array(PERIODS.length), total: 0, md: 0, above90: 0, headroom: 0, t: tariffForMonth(month) });
    }
    dayIdx[d] = mi;
    const m = acc[mi];
    m.days++;
    const base = d * SLOTS_PER_DAY;
    const periods = m.t.slotPeriod;
    const prices = m.t.slotPrices;
    let dayKwh = 0;
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const p = kw[base + s];
      const e = p * SLOT_HOURS;
      dayKwh += e;
      if (p > max) max = p;
      if (p < min) min = p;
      if (p > m.md) m.md = p;
      if (periods && prices) {
        const k = periods[s];
        m.kwh[k] += e;
        m.cost[k] += e * prices[s];
      }
    }
    m.total += dayKwh;
    total += dayKwh;
  }
  const valley = PERIODS.indexOf("valley");
  const deep = PERIODS.indexOf("deep_valley");
  for (let d = 0; d < curve.days; d++) {
    const m = acc[dayIdx[d]];
    const threshold = 0.9 * m.md;
    const base = d * SLOTS_PER_DAY;
    const periods = m.t.slotPeriod;
    for (let s = 0; s < SLOTS_PER_DAY; s++) {
      const p = kw[base + s];
      if (p > threshold) m.above90++;
      if (periods && (periods[s] === valley || periods[s] === deep)) m.headroom += (m.md - p) * SLOT_HOURS;
    }
  }
  const months: MonthTou[] = acc.map((m) => {
    const costByPeriod = amounts(m.cost);
    return {
      monthKey: m.key,
      month: m.month,
      days: m.days,
      configured: m.t.grid !== null,
      kwh: m.total,
      kwhByPeriod: amounts(m.kwh),
      costByPeriod,
      costYuan: PERIODS.reduce((sum, p) => sum + costByPeriod[p], 0),
      maxDemandKw: m.md,
      intervalsAbove90: m.above90,
      valleyHeadroomKwh: m.headroom,
    };
  });
  const hours = curve.days * 24;
  const averageKw = hours > 0 ? total / hours : 0;
  const maxKw = curve.days > 0 ? max : 0;
  const minKw = curve.days > 0 ? min : 0;
  return {
    months,
    stats: {
      maxKw,
      minKw,
      averageKw,
      loadFactor: maxKw > 0 ? averageKw / maxKw : null,
      peakValleyDifferenceRate: maxKw > 0 ? (maxKw - minKw) / maxKw : null,
      days: curve.days,
      totalKwh: total,
    },
  };
}
