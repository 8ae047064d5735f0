// Default investments when the survey has no quote (motors.md §8 cost ASSUMPTIONS, see conventions.ts).
import {
  MOTOR_PRICE_FACTOR_BY_GRADE,
  MOTOR_PRICE_GRADE3_YUAN_PER_KW,
  VFD_PRICE_YUAN_PER_KW,
} from "../standards/conventions";
import type { Gb2020Grade } from "../standards/gb18613-2020";

function stepPrice(steps: readonly { upToKw: number; yuanPerKw: number }[], kw: number): number {
  return (steps.find((s) => kw <= s.upToKw) ?? steps[steps.length - 1]).yuanPerKw;
}

export function defaultMotorInvestmentYuan(ratedKw: number, grade: Gb2020Grade): number {
  return ratedKw * stepPrice(MOTOR_PRICE_GRADE3_YUAN_PER_KW, ratedKw) * MOTOR_PRICE_FACTOR_BY_GRADE[grade];
}

export function defaultVfdInvestmentYuan(ratedKw: number): number {
  return ratedKw * stepPrice(VFD_PRICE_YUAN_PER_KW, ratedKw);
}

export interface Investment {
  yuan: number | null;
  /** "quote": from the survey; "default": the documented assumption; "missing": no basis. */
  basis: "quote" | "default" | "missing";
}

export function investment(quote: number | undefined, fallback: number | null): Investment {
  if (quote !== undefined) return { yuan: quote, basis: "quote" };
  return fallback === null ? { yuan: null, basis: "missing" } : { yuan: fallback, basis: "default" };
}
