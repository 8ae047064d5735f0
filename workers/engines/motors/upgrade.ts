// Grade-upgrade savings (motors.md §5): at the same shaft output, ΔE = Σ P_s·h·(1/η_old(LF) − 1/η_new(LF)),
// cost = ΔE × price, ΔP = P_s·(1/η_old − 1/η_new) at the busiest bin, payback = investment / cost saving.
// Recommendation (project convention): "立即更换" only if h > 4,000 h/yr, LF > 0.5 and payback ≤ 3.0 yr.
import { safeRatio } from "../shared/math";
import { note, type EngineNote } from "../shared/notes";
import {
  RECOMMEND_REPLACE_NOW,
  RECOMMEND_REPLACE_ON_FAILURE,
  REPLACE_NOW_MAX_PAYBACK_YEARS,
  REPLACE_NOW_MIN_HOURS,
  REPLACE_NOW_MIN_LOAD_FACTOR,
} from "../standards/conventions";
import type { Gb2020Grade } from "../standards/gb18613-2020";
import type { Investment } from "./cost";
import { dutyEnergy, meanLoadFactor, totalHours, type DutyBin, type MotorConfig } from "./duty";
import { motorEfficiency, type MotorModel } from "./efficiency";

export type ReplaceRecommendation = "replace_now" | "replace_on_failure";

export interface UpgradeMeasure {
  status: "assessed" | "not_applicable";
  targetGrade: Gb2020Grade;
  targetFullLoadEfficiency: number;
  /** Efficiencies at the mean existing load, old and new (for the report table). */
  oldEfficiencyAtLoad: number;
  newEfficiencyAtLoad: number;
  baselineKwh: number;
  proposedKwh: number;
  savingKwh: number;
  demandReductionKw: number;
  costSavingYuan: number;
  investment: Investment;
  paybackYears: number | null;
  recommendation: ReplaceRecommendation | null;
  recommendationText: string | null;
  notes: EngineNote[];
}

export function recommendReplacement(hours: number, loadFactor: number, paybackYears: number | null): ReplaceRecommendation {
  const now =
    hours > REPLACE_NOW_MIN_HOURS &&
    loadFactor > REPLACE_NOW_MIN_LOAD_FACTOR &&
    paybackYears !== null &&
    paybackYears <= REPLACE_NOW_MAX_PAYBACK_YEARS;
  return now ? "replace_now" : "replace_on_failure";
}

export const RECOMMENDATION_TEXT: Record<ReplaceRecommendation, string> = {
  replace_now: RECOMMEND_REPLACE_NOW,
  replace_on_failure: RECOMMEND_REPLACE_ON_FAILURE,
};

const SLIP_CAVEAT = note(
  "slip_caveat",
  "高效电机转差率较小、转速略高，离心负载功率约与转速三次方成正比，若工艺不调速可能抵消部分节能量",
);

export function upgradeMeasure(args: {
  bins: readonly DutyBin[];
  existing: MotorConfig;
  newMotor: MotorModel;
  targetGrade: Gb2020Grade;
  priceYuanPerKwh: number;
  investment: Investment;
}): UpgradeMeasure {
  const { bins, existing, newMotor, targetGrade, priceYuanPerKwh, investment } = args;
  const before = dutyEnergy(bins, existing);
  const after = dutyEnergy(bins, { ...existing, motor: newMotor });
  const lf = meanLoadFactor(before);
  const oldEfficiencyAtLoad = motorEfficiency(existing.motor, lf);
  const newEfficiencyAtLoad = motorEfficiency(newMotor, lf);
  // Report a result only when the physics check passes: η_new > η_old (motors.md §8).
  const applicable = newMotor.fullLoadEfficiency > existing.motor.fullLoadEfficiency && after.kwh < before.kwh;
  const savingKwh = applicable ? before.kwh - after.kwh : 0;
  const costSavingYuan = savingKwh * priceYuanPerKwh;
  // Demand reduction at the busiest bin (for a single operating point: P_s·(1/η_old − 1/η_new)).
  let busiest = 0;
  for (let i = 1; i < before.points.length; i++) if (before.points[i].inputKw > before.points[busiest].inputKw) busiest = i;
  const demandReductionKw = applicable && before.points.length ? before.points[busiest].inputKw - after.points[busiest].inputKw : 0;
  const paybackYears = !applicable || investment.yuan === null ? null : safeRatio(investment.yuan, costSavingYuan);
  const recommendation = applicable ? recommendReplacement(totalHours(bins), lf, paybackYears) : null;
  // One explicit literal (no spreads): this runs for every motor and grade, and V8 builds it fastest.
  return {
    status: applicable ? "assessed" : "not_applicable",
    targetGrade,
    targetFullLoadEfficiency: newMotor.fullLoadEfficiency,
    oldEfficiencyAtLoad,
    newEfficiencyAtLoad,
    baselineKwh: before.kwh,
    proposedKwh: applicable ? after.kwh : before.kwh,
    savingKwh,
    demandReductionKw,
    costSavingYuan,
    investment,
    paybackYears,
    recommendation,
    recommendationText: recommendation ? RECOMMENDATION_TEXT[recommendation] : null,
    notes: applicable ? [SLIP_CAVEAT] : [note("already_efficient", `现有电机效率不低于${targetGrade}级能效，无需更换`)],
  };
}
