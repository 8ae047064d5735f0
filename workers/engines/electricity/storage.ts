// Battery storage arbitrage (electricity_cost.md §6, standard method).
// Per cycle: E_d ≤ E_u = E_nom·DoD discharged to the load, E_c = E_d/η_rt charged from the grid,
// ΔM = E_d·p_dis − E_c·p_ch, counted only when positive. The headline counts ONE cycle per day: the best
// charge-then-discharge sequence (cheapest window first, most expensive window after it). A second cycle
// is "upside (not in headline)". Per 15-minute step: charge ≤ min(P_bat, D_allowed − P_load) so the recorded
// demand never rises; discharge ≤ min(P_bat, P_load) (no export). A greedy schedule over price windows:
// an estimate, as the method allows.
import { safeRatio } from "../shared/math";
import { note, type EngineNote } from "../shared/notes";
import {
  STORAGE_DEFAULT_CAPEX_YUAN_PER_WH,
  STORAGE_DEFAULT_DOD,
  STORAGE_DEFAULT_OPERATING_DAYS,
  STORAGE_DEFAULT_ROUND_TRIP,
  STORAGE_SIZING_DURATION_H,
  STORAGE_SIZING_FRACTIONS_OF_PEAK,
} from "../standards/conventions";
import type { Curve15 } from "./curve";
import { SLOT_HOURS, SLOTS_PER_DAY } from "./periods";
import type { StorageInput } from "./types";

/** A run of consecutive 15-minute slots with one price. */
export interface PriceWindow {
  price: number;
  slotFrom: number;
  slotTo: number;
}

export function priceWindows(slotPrices: ArrayLike<number>): PriceWindow[] {
  const out: PriceWindow[] = [];
  for (let s = 0; s < slotPrices.length; s++) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.price - slotPrices[s]) < 1e-12) last.slotTo = s + 1;
    else out.push({ price: slotPrices[s], slotFrom: s, slotTo: s + 1 });
  }
  return out;
}

export interface CycleResult {
  valueYuan: number;
  dischargeKwh: number;
  chargeKwh: number;
}

const NO_CYCLE: CycleResult = { valueYuan: 0, dischargeKwh: 0, chargeKwh: 0 };

/**
 * Plans the daily cycles of one price pattern (a month's windows). The charge and discharge orders of
 * every window range depend only on the prices, so they are sorted once and reused for every day; the
 * scratch arrays are reused too, which keeps a full year of days cheap.
 */
export class CyclePlanner {
  readonly windows: number;
  private readonly orders = new Map<number, { charge: Int32Array; discharge: Int32Array }>();
  private readonly cLeft: Float64Array;
  private readonly dLeft: Float64Array;

  constructor(private readonly prices: readonly number[]) {
    this.windows = prices.length;
    this.cLeft = new Float64Array(prices.length);
    this.dLeft = new Float64Array(prices.length);
  }

  private order(lo: number, mid: number, hi: number) {
    const key = (lo * 64 + mid) * 64 + hi;
    let o = this.orders.get(key);
    if (!o) {
      const p = this.prices;
      const charge = Array.from({ length: mid - lo }, (_, i) => lo + i).sort((a, b) => p[a] - p[b] || a - b);
      const discharge = Array.from({ length: hi - mid }, (_, i) => mid + i).sort((a, b) => p[b] - p[a] || a - b);
      o = { charge: Int32Array.from(charge), discharge: Int32Array.from(discharge) };
      this.orders.set(key, o);
    }
    return o;
  }

  /** Scratch result of the last `cycle` call (avoids an allocation per call on a year of days). */
  private lastDischarge = 0;

  /**
   * Best single cycle charging in windows [lo, mid) and discharging in [mid, hi): fill the cheapest charge
   * window against the dearest discharge window while p_dis·η_rt > p_ch, up to the usable energy.
   * Returns the value in 元 (0 when no positive cycle exists); the discharged energy is in lastDischarge.
   */
  cycleValue(chargeCap: ArrayLike<number>, dischargeCap: ArrayLike<number>, lo: number, mid: number, hi: number, usableKwh: number, eta: number): number {
    const { charge, discharge } = this.order(lo, mid, hi);
    const p = this.prices;
    const cLeft = this.cLeft;
    const dLeft = this.dLeft;
    for (let k = 0; k < charge.length; k++) cLeft[k] = chargeCap[charge[k]];
    for (let k = 0; k < discharge.length; k++) dLeft[k] = dischargeCap[discharge[k]];
    let i = 0;
    let j = 0;
    let rem = usableKwh;
    let value = 0;
    let dis = 0;
    while (rem > 1e-9 && i < charge.length && j < discharge.length) {
      if (cLeft[i] <= 1e-9) {
        i++;
        continue;
      }
      if (dLeft[j] <= 1e-9) {
        j++;
        continue;
      }
      const pc = p[charge[i]];
      const pd = p[discharge[j]];
      if (pd * eta <= pc) break;
      const e = Math.min(rem, dLeft[j], cLeft[i] * eta);
      value += e * pd - (e / eta) * pc;
      dis += e;
      rem -= e;
      dLeft[j] -= e;
      cLeft[i] -= e / eta;
    }
    if (value > 0) {
      this.lastDischarge = dis;
      return value;
    }
    this.lastDischarge = 0;
    return 0;
  }

  /** Headline (best single cycle) and upside (best two-cycle total minus the headline) of one day. */
  day(chargeCap: ArrayLike<number>, dischargeCap: ArrayLike<number>, usableKwh: number, eta: number): DayArbitrage {
    const W = this.windows;
    let head = 0;
    let headDis = 0;
    for (let mid = 1; mid < W; mid++) {
      const v = this.cycleValue(chargeCap, dischargeCap, 0, mid, W, usableKwh, eta);
      if (v > head) {
        head = v;
        headDis = this.lastDischarge;
      }
    }
    // Two cycles: charge [0,a) → discharge [a,b), then charge [b,c) → discharge [c,W). The battery must be
    // discharged before it charges again, so the ranges cannot interleave.
    let best = head;
    let bestDis = headDis;
    for (let b = 2; b < W - 1; b++) {
      let first = 0;
      let firstDis = 0;
      for (let a = 1; a < b; a++) {
        const v = this.cycleValue(chargeCap, dischargeCap, 0, a, b, usableKwh, eta);
        if (v > first) {
          first = v;
          firstDis = this.lastDischarge;
        }
      }
      if (first <= 0) continue;
      for (let c = b + 1; c < W; c++) {
        const v = this.cycleValue(chargeCap, dischargeCap, b, c, W, usableKwh, eta);
        if (first + v > best + 1e-9) {
          best = first + v;
          bestDis = firstDis + this.lastDischarge;
        }
      }
    }
    const upsideDis = Math.max(bestDis - headDis, 0);
    return {
      headline: head > 0 ? { valueYuan: head, dischargeKwh: headDis, chargeKwh: headDis / eta } : NO_CYCLE,
      upsideYuan: Math.max(best - head, 0),
      upsideDischargeKwh: upsideDis,
      upsideChargeKwh: upsideDis / eta,
    };
  }
}

export interface DayArbitrage {
  headline: CycleResult;
  /** Best two-cycle total minus the headline (≥ 0). */
  upsideYuan: number;
  upsideDischargeKwh: number;
  upsideChargeKwh: number;
}

/** One day's arbitrage for window prices and capacities (kWh per window, grid side for charging). */
export function dayArbitrage(
  prices: readonly number[],
  chargeCap: readonly number[],
  dischargeCap: readonly number[],
  usableKwh: number,
  eta: number,
): DayArbitrage {
  return new CyclePlanner(prices).day(chargeCap, dischargeCap, usableKwh, eta);
}

export interface StorageResult {
  method: "load_curve" | "tariff_schedule";
  powerKw: number;
  energyKwh: number;
  usableKwh: number;
  depthOfDischarge: number;
  roundTripEfficiency: number;
  /** D_allowed: "month_md" = MD₀ of each billing month (default), or the override in kW. */
  allowedDemand: "month_md" | number;
  daysAnalysed: number;
  operatingDays: number;
  /** "sum": a full year of data summed; "scaled": mean day × operating days. */
  annualisation: "sum" | "scaled";
  dailyHeadlineYuan: number;
  dailyUpsideYuan: number;
  annualHeadlineYuan: number;
  /** Upside (not in headline): extra cycles, excluded from the headline and the payback. */
  annualUpsideYuan: number;
  annualDischargeKwh: number;
  annualChargeKwh: number;
  /** Extra grid energy the headline cycles consume (charging losses), kWh/yr. */
  annualLossKwh: number;
  capexYuan: number;
  capexBasis: "input" | "default";
  annualOmYuan: number;
  paybackYears: number | null;
  /** Critical-peak days a year counted (the input), or null when every day of a critical month counts as one. */
  criticalPeakDays: number | null;
  notes: EngineNote[];
}

export interface MonthPricing {
  /** Price per 15-minute slot (96), or null when the month has no schedule. */
  slotPrices: Float64Array | null;
}

function storageParams(s: StorageInput) {
  const dod = s.depthOfDischarge ?? STORAGE_DEFAULT_DOD;
  const eta = s.roundTripEfficiency ?? STORAGE_DEFAULT_ROUND_TRIP;
  const capexBasis: "input" | "default" = s.capexYuan !== undefined ? "input" : "default";
  const capexYuan = s.capexYuan ?? s.energyKwh * 1000 * STORAGE_DEFAULT_CAPEX_YUAN_PER_WH;
  return { dod, eta, usable: s.energyKwh * dod, capexYuan, capexBasis, om: (s.omRatePerYear ?? 0) * capexYuan };
}

function finish(
  s: StorageInput,
  method: StorageResult["method"],
  days: number,
  operatingDays: number,
  sums: { head: number; up: number; dis: number; ch: number },
  notes: EngineNote[],
): StorageResult {
  const p = storageParams(s);
  const fullYear = method === "load_curve" && days >= 364;
  const scale = fullYear ? 1 : days > 0 ? operatingDays / days : 0;
  const annualHeadlineYuan = sums.head * scale;
  const net = annualHeadlineYuan - p.om;
  return {
    method,
    powerKw: s.powerKw,
    energyKwh: s.energyKwh,
    usableKwh: p.usable,
    depthOfDischarge: p.dod,
    roundTripEfficiency: p.eta,
    allowedDemand: s.allowedDemandKw ?? "month_md",
    daysAnalysed: days,
    operatingDays: fullYear ? days : operatingDays,
    annualisation: fullYear ? "sum" : "scaled",
    dailyHeadlineYuan: days > 0 ? sums.head / days : 0,
    dailyUpsideYuan: days > 0 ? sums.up / days : 0,
    annualHeadlineYuan,
    annualUpsideYuan: sums.up * scale,
    annualDischargeKwh: sums.dis * scale,
    annualChargeKwh: sums.ch * scale,
    annualLossKwh: (sums.ch - sums.dis) * scale,
    capexYuan: p.capexYuan,
    capexBasis: p.capexBasis,
    annualOmYuan: p.om,
    paybackYears: net > 0 ? safeRatio(p.capexYuan, net) : null,
    criticalPeakDays: null,
    notes,
  };
}

/**
 * Day types (electricity_cost.md §6 "annual days"): `ordinary` priced every operating day without critical-peak
 * windows; `critical` and `ordinaryInCritical` are mean days (operating days = 1) of the critical-peak months with
 * and without the windows. Annual = ordinary + (critical − ordinaryInCritical) × critical-peak days.
 */
export function withCriticalPeakDays(ordinary: StorageResult, critical: StorageResult, ordinaryInCritical: StorageResult, days: number): StorageResult {
  const d = (f: (r: StorageResult) => number) => (f(critical) - f(ordinaryInCritical)) * days;
  const annualHeadlineYuan = ordinary.annualHeadlineYuan + d((r) => r.annualHeadlineYuan);
  const annualDischargeKwh = ordinary.annualDischargeKwh + d((r) => r.annualDischargeKwh);
  const annualChargeKwh = ordinary.annualChargeKwh + d((r) => r.annualChargeKwh);
  const net = annualHeadlineYuan - ordinary.annualOmYuan;
  return {
    ...ordinary,
    annualHeadlineYuan,
    annualUpsideYuan: Math.max(ordinary.annualUpsideYuan + d((r) => r.annualUpsideYuan), 0),
    annualDischargeKwh,
    annualChargeKwh,
    annualLossKwh: annualChargeKwh - annualDischargeKwh,
    paybackYears: net > 0 ? safeRatio(ordinary.capexYuan, net) : null,
    criticalPeakDays: days,
    notes: [...ordinary.notes, note("critical_peak_days", `尖峰电价按每年${days}天计入（其余运行日按无尖峰时段计算）`)],
  };
}

/**
 * Day-by-day arbitrage on a 15-minute curve (D_allowed per billing month, no export) for one or more
 * systems at once: the curve is read once and every system's window capacities come from the same pass.
 */
export function storageFromCurveMany(
  systems: readonly StorageInput[],
  curve: Curve15,
  pricingForMonth: (month: number) => MonthPricing,
  monthMaxKw: ReadonlyMap<string, number>,
  operatingDays = STORAGE_DEFAULT_OPERATING_DAYS,
): StorageResult[] {
  const params = systems.map(storageParams);
  const K = systems.length;
  const contexts = new Map<number, { windows: PriceWindow[]; planner: CyclePlanner } | null>();
  const sums = systems.map(() => ({ head: 0, up: 0, dis: 0, ch: 0 }));
  const caps = systems.map(() => ({ charge: new Float64Array(SLOTS_PER_DAY), discharge: new Float64Array(SLOTS_PER_DAY) }));
  const power = Float64Array.from(systems, (s) => s.powerKw);
  // NaN marks "D_allowed = the month's MD₀" (the default); a number is the user's override.
  const allowedOverride = Float64Array.from(systems, (s) => s.allowedDemandKw ?? NaN);
  let days = 0;
  let skipped = 0;
  for (let d = 0; d < curve.days; d++) {
    const month = curve.dayMonth[d];
    if (!contexts.has(month)) {
      const slotPrices = pricingForMonth(month).slotPrices;
      const windows = slotPrices ? priceWindows(slotPrices) : null;
      contexts.set(month, windows ? { windows, planner: new CyclePlanner(windows.map((w) => w.price)) } : null);
    }
    const ctx = contexts.get(month);
    if (!ctx) {
      skipped++;
      continue;
    }
    const monthMd = monthMaxKw.get(curve.dayMonthKey[d]) ?? 0;
    const base = d * SLOTS_PER_DAY;
    const windows = ctx.windows;
    for (let w = 0; w < windows.length; w++) {
      for (let k = 0; k < K; k++) {
        caps[k].charge[w] = 0;
        caps[k].discharge[w] = 0;
      }
      for (let t = windows[w].slotFrom; t < windows[w].slotTo; t++) {
        const load = curve.kw[base + t];
        for (let k = 0; k < K; k++) {
          const o = allowedOverride[k];
          const allowed = o === o ? o : monthMd;
          const p = power[k];
          const room = allowed - load;
          caps[k].charge[w] += (room <= 0 ? 0 : room < p ? room : p) * SLOT_HOURS;
          caps[k].discharge[w] += (load <= 0 ? 0 : load < p ? load : p) * SLOT_HOURS;
        }
      }
    }
    for (let k = 0; k < K; k++) {
      const day = ctx.planner.day(caps[k].charge, caps[k].discharge, params[k].usable, params[k].eta);
      sums[k].head += day.headline.valueYuan;
      sums[k].up += day.upsideYuan;
      sums[k].dis += day.headline.dischargeKwh;
      sums[k].ch += day.headline.chargeKwh;
    }
    days++;
  }
  return systems.map((s, k) => {
    const notes = [note("greedy_estimate", "储能收益按每日一次充放电的贪心调度估算（不含需量电费削峰收益），实际以运行策略为准")];
    if (skipped > 0) notes.push(note("months_not_configured", `${skipped}天所在月份未配置分时时段，未计入储能收益`));
    return finish(s, "load_curve", days, operatingDays, sums[k], notes);
  });
}

export function storageFromCurve(
  s: StorageInput,
  curve: Curve15,
  pricingForMonth: (month: number) => MonthPricing,
  monthMaxKw: ReadonlyMap<string, number>,
  operatingDays = STORAGE_DEFAULT_OPERATING_DAYS,
): StorageResult {
  return storageFromCurveMany([s], curve, pricingForMonth, monthMaxKw, operatingDays)[0];
}

/** Without a curve: the tariff schedule of each month, power limits only from P_bat (load not checked). */
export function storageFromSchedule(
  s: StorageInput,
  months: readonly number[],
  pricingForMonth: (month: number) => MonthPricing,
  operatingDays = STORAGE_DEFAULT_OPERATING_DAYS,
): StorageResult {
  const p = storageParams(s);
  const sums = { head: 0, up: 0, dis: 0, ch: 0 };
  let n = 0;
  for (const month of months) {
    const slotPrices = pricingForMonth(month).slotPrices;
    if (!slotPrices) continue;
    const windows = priceWindows(slotPrices);
    const caps = windows.map((w) => s.powerKw * (w.slotTo - w.slotFrom) * SLOT_HOURS);
    const day = dayArbitrage(windows.map((w) => w.price), caps, caps, p.usable, p.eta);
    sums.head += day.headline.valueYuan;
    sums.up += day.upsideYuan;
    sums.dis += day.headline.dischargeKwh;
    sums.ch += day.headline.chargeKwh;
    n++;
  }
  const notes = [
    note("no_curve", "未提供负荷曲线：按分时时段估算储能收益，未校核不倒送和不抬高需量的约束，结果偏乐观"),
  ];
  // One representative day per month: the mean day is scaled to the operating days.
  return finish(s, "tariff_schedule", n, operatingDays, sums, notes);
}

export interface SizingCandidate {
  powerKw: number;
  energyKwh: number;
  annualHeadlineYuan: number;
  capexYuan: number;
  paybackYears: number | null;
}

/**
 * Sizing (project convention): 2-hour systems at 10–50 % of the peak load, rounded to 100 kW, at the
 * default capex; recommend the shortest payback (ties go to the larger system).
 */
export function sizingSystems(peakKw: number): StorageInput[] {
  const powers = [...new Set(STORAGE_SIZING_FRACTIONS_OF_PEAK.map((f) => Math.max(100, Math.round((f * peakKw) / 100) * 100)))];
  return powers.map((powerKw) => ({ powerKw, energyKwh: powerKw * STORAGE_SIZING_DURATION_H }));
}

export function sizeStorage(results: readonly StorageResult[]): { candidates: SizingCandidate[]; recommended: SizingCandidate | null } {
  const candidates = results.map((r) => ({
    powerKw: r.powerKw,
    energyKwh: r.energyKwh,
    annualHeadlineYuan: r.annualHeadlineYuan,
    capexYuan: r.capexYuan,
    paybackYears: r.paybackYears,
  }));
  let recommended: SizingCandidate | null = null;
  for (const c of candidates) {
    if (c.paybackYears === null) continue;
    if (!recommended || recommended.paybackYears === null || c.paybackYears <= recommended.paybackYears + 1e-9) recommended = c;
  }
  return { candidates, recommended };
}
