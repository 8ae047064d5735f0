// GB 19762-2025 grade of a clear-water centrifugal pump from its catalogue BEP data (pumps_fans.md §5).
// n_s = 3.65·n·√Q_s / H_st^0.75 (Q_s in m³/s, halved for double suction — in n_s only; the ln Q terms
// and the C row use the full rated Q in m³/h, standard method). A pump meets a grade when its BEP
// efficiency ≥ the threshold (inclusive). n_s outside 20–300 is outside the standard's scope.
import {
  gb19762Coefficients,
  gb19762Row,
  GB19762_NS_MAX,
  GB19762_NS_MIN,
  type ClearWaterPumpType,
} from "../standards/gb19762-2025";

export interface PumpCatalogue {
  type: ClearWaterPumpType;
  ratedFlowM3h: number;
  ratedHeadM: number;
  speedRpm: number;
  stages?: number;
  /** BEP efficiency in % from the catalogue/nameplate. */
  bepEfficiencyPercent: number;
}

export interface PumpGradeResult {
  specificSpeed: number;
  /** Threshold efficiencies in % for grades 1, 2, 3; null when out of scope. */
  thresholdsPercent: { grade1: number; grade2: number; grade3: number } | null;
  /** 1, 2, 3, "below_3" (不达标) or "out_of_scope". */
  grade: 1 | 2 | 3 | "below_3" | "out_of_scope";
  gradeText: string;
}

export function pumpSpecificSpeed(p: PumpCatalogue): number {
  const stages = p.stages && p.stages > 0 ? p.stages : 1;
  const flowM3s = (p.type === "double_suction" ? p.ratedFlowM3h / 2 : p.ratedFlowM3h) / 3600;
  const headPerStage = p.ratedHeadM / stages;
  return (3.65 * p.speedRpm * Math.sqrt(flowM3s)) / Math.pow(headPerStage, 0.75);
}

export function pumpGrade(p: PumpCatalogue): PumpGradeResult {
  const ns = pumpSpecificSpeed(p);
  const row = gb19762Row(p.type, p.ratedFlowM3h);
  if (!row || ns < GB19762_NS_MIN || ns > GB19762_NS_MAX) {
    return { specificSpeed: ns, thresholdsPercent: null, grade: "out_of_scope", gradeText: "超出GB 19762-2025适用范围" };
  }
  const k = gb19762Coefficients(p.type);
  const lnNs = Math.log(ns);
  const lnQ = Math.log(p.ratedFlowM3h);
  const base = k.k1 * lnNs * lnNs + k.k2 * lnQ * lnQ + k.k3 * lnNs * lnQ + k.k4 * lnNs + k.k5 * lnQ;
  const thresholds = { grade1: base - row.c1, grade2: base - row.c2, grade3: base - row.c3 };
  const eta = p.bepEfficiencyPercent;
  const grade = eta >= thresholds.grade1 ? 1 : eta >= thresholds.grade2 ? 2 : eta >= thresholds.grade3 ? 3 : "below_3";
  const gradeText = grade === "below_3" ? "未达到3级能效（不达标）" : `${grade}级能效`;
  return { specificSpeed: ns, thresholdsPercent: thresholds, grade, gradeText };
}
