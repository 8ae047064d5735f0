// Interval load data → 15-minute kW in day order, with the calendar month of every day.
// Hourly data is spread evenly over its four quarter-hours (energy is kept; the 15-minute maximum
// demand is then only an estimate, which the result says).
import { SLOTS_PER_DAY } from "./periods";
import type { LoadCurveInput } from "./types";

export interface Curve15 {
  kw: Float64Array;
  days: number;
  /** Per day: calendar month 1–12 and "YYYY-MM". */
  dayMonth: Uint8Array;
  dayMonthKey: string[];
  fromHourly: boolean;
}

export function parseIsoDate(s: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? { y, m, d } : null;
}

export function normaliseCurve(input: LoadCurveInput): Curve15 {
  const fromHourly = input.intervalMinutes === 60;
  const n = fromHourly ? input.kw.length * 4 : input.kw.length;
  const kw = new Float64Array(n);
  if (fromHourly) {
    for (let i = 0; i < input.kw.length; i++) kw.fill(input.kw[i], i * 4, i * 4 + 4);
  } else {
    kw.set(input.kw);
  }
  const days = Math.floor(n / SLOTS_PER_DAY);
  const start = parseIsoDate(input.startDate);
  if (!start) throw new Error("invalid load curve start date");
  const dayMonth = new Uint8Array(days);
  const dayMonthKey: string[] = new Array(days);
  for (let d = 0; d < days; d++) {
    const t = new Date(Date.UTC(start.y, start.m - 1, start.d + d));
    const m = t.getUTCMonth() + 1;
    dayMonth[d] = m;
    dayMonthKey[d] = `${t.getUTCFullYear()}-${String(m).padStart(2, "0")}`;
  }
  return { kw, days, dayMonth, dayMonthKey, fromHourly };
}
