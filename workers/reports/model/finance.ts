// Plant roll-up finance (issue 15): net present value and internal rate of return of a measure with a one-off
// investment and a constant annual saving over its service life, plus the ±20 % sensitivity cases. Pure.

/**
 * PROJECT CONVENTION: the discount rate for NPV (8 %/yr, a common pre-tax hurdle for Chinese industrial
 * energy-efficiency projects; the report states it) and the service lives used (ASSUMPTIONS, printed in the report).
 */
export const DISCOUNT_RATE = 0.08;
export const SERVICE_LIFE_YEARS = {
  motor: 15,
  vfd: 10,
  belt: 5,
  heat_recovery: 10,
  storage: 10,
  capacitor: 10,
  management: 5,
} as const;
export type LifeClass = keyof typeof SERVICE_LIFE_YEARS;

/** Present value of 1 元 a year for `years` years at `rate`. */
export function annuityFactor(rate: number, years: number): number {
  return rate === 0 ? years : (1 - (1 + rate) ** -years) / rate;
}

/** NPV = annual × annuity factor − investment. */
export function npv(investment: number, annual: number, rate: number, years: number): number {
  return annual * annuityFactor(rate, years) - investment;
}

/** IRR by bisection on [−99 %, 1,000 %]; null without an investment or when the savings never repay it. */
export function irr(investment: number, annual: number, years: number): number | null {
  if (!(investment > 0) || !(annual > 0) || annual * years <= investment) return null;
  let lo = -0.99;
  let hi = 10;
  if (npv(investment, annual, hi, years) > 0) return hi;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (npv(investment, annual, mid, years) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface SensitivityCase {
  label: string;
  /** Multipliers on the annual saving and on the investment. */
  savingFactor: number;
  investmentFactor: number;
}

/** Price ±20 % and hours ±20 % scale the annual saving (both enter it linearly); investment ±20 % scales the cost. */
export const SENSITIVITY_CASES: readonly SensitivityCase[] = [
  { label: "价格或时间−20%", savingFactor: 0.8, investmentFactor: 1 },
  { label: "价格或时间+20%", savingFactor: 1.2, investmentFactor: 1 },
  { label: "投资−20%", savingFactor: 1, investmentFactor: 0.8 },
  { label: "投资+20%", savingFactor: 1, investmentFactor: 1.2 },
  // Price and running time move the saving alike (both linear), so one column stands for both; the combined
  // adverse case carries the information a second identical column did not (issue 22).
  { label: "节约−20%且投资+20%", savingFactor: 0.8, investmentFactor: 1.2 },
];
