// Part-load efficiency ratio r = η(LF)/η(100 %) at 25/50/75 % load, from MEASUR's
// Energy-Efficient 4-pole curves (ORNL-AMO/AMO-Tools-Suite src/calculator/motor/MotorEfficiency.cpp),
// rounded to 3 decimals as printed in ../shared/domain/motors.md §3 — the rounded values are the
// standard method. Used for every pole count (simplification stated in motors.md §3).
// Rows: next lower row for a rating between rows; 355 covers 355–400 kW and, by project convention,
// everything above 400 kW up to 1000 kW.
import { nextLowerRow } from "../shared/math";

export interface PartLoadRow {
  kw: number;
  r25: number;
  r50: number;
  r75: number;
}

export const PART_LOAD_RATIOS: readonly PartLoadRow[] = [
  { kw: 0.75, r25: 0.931, r50: 0.997, r75: 1.011 },
  { kw: 1.1, r25: 0.932, r50: 0.997, r75: 1.01 },
  { kw: 1.5, r25: 0.932, r50: 0.997, r75: 1.009 },
  { kw: 2.2, r25: 0.934, r50: 0.997, r75: 1.008 },
  { kw: 3, r25: 0.936, r50: 0.996, r75: 1.007 },
  { kw: 4, r25: 0.939, r50: 0.996, r75: 1.006 },
  { kw: 5.5, r25: 0.943, r50: 0.997, r75: 1.006 },
  { kw: 7.5, r25: 0.949, r50: 0.997, r75: 1.005 },
  { kw: 11, r25: 0.957, r50: 0.998, r75: 1.005 },
  { kw: 15, r25: 0.964, r50: 0.999, r75: 1.005 },
  { kw: 18.5, r25: 0.968, r50: 0.999, r75: 1.005 },
  { kw: 22, r25: 0.97, r50: 0.999, r75: 1.005 },
  { kw: 30, r25: 0.972, r50: 0.999, r75: 1.004 },
  { kw: 37, r25: 0.972, r50: 0.999, r75: 1.004 },
  { kw: 45, r25: 0.972, r50: 0.999, r75: 1.003 },
  { kw: 55, r25: 0.971, r50: 0.998, r75: 1.003 },
  { kw: 75, r25: 0.971, r50: 0.996, r75: 1.002 },
  { kw: 90, r25: 0.971, r50: 0.995, r75: 1.001 },
  { kw: 110, r25: 0.971, r50: 0.993, r75: 1.001 },
  { kw: 132, r25: 0.972, r50: 0.993, r75: 1.001 },
  { kw: 160, r25: 0.974, r50: 0.993, r75: 1.001 },
  { kw: 200, r25: 0.976, r50: 0.993, r75: 1.001 },
  { kw: 250, r25: 0.978, r50: 0.994, r75: 1.001 },
  { kw: 280, r25: 0.979, r50: 0.994, r75: 1.001 },
  { kw: 315, r25: 0.98, r50: 0.995, r75: 1.001 },
  { kw: 355, r25: 0.981, r50: 0.995, r75: 1.001 },
];

/** Fixed nodes of the ratio curve: r(1.00) = 1.000 and r(1.25) = 0.990 (MEASUR: η125 = 0.99·η100). */
export const R100 = 1.0;
export const R125 = 0.99;

/** Ratio row for a rated power; ratings below 0.75 kW use the first row (engines reject them earlier). */
export function partLoadRow(ratedKw: number): PartLoadRow {
  return nextLowerRow(PART_LOAD_RATIOS, ratedKw) ?? PART_LOAD_RATIOS[0];
}
