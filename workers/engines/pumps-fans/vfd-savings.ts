// VFD savings for variable-flow pumps and fans over a flow profile (pumps_fans.md §4, motors.md §6):
// Savings = Σ_i (P_in,baseline − P_in,VFD)·h_i. A VFD is applied to every bin, including 100 % flow,
// where it costs energy (η_VFD = 0.97).
import type { MotorModel } from "../motors/efficiency";
import { note, type EngineNote } from "../shared/notes";
import { safeRatio } from "../shared/math";
import type { DriveType } from "../standards/belt-loss";
import { STATIC_SHARE_WARNING } from "../standards/conventions";
import { driveTrainPoint, type DriveTrainPoint } from "./drive-train";
import {
  compressibilityKp,
  damperRangeOk,
  damperShaftKw,
  DAMPER_RANGE_MESSAGE,
  designShaftKw,
  fanBelowMinSpeed,
  vfdShaftKw,
  type FanSystem,
} from "./fan-curves";
import { throttledPoint, vfdPoint, type PumpSystem } from "./pump-curves";

export interface FlowBin {
  /** Flow as a fraction of design flow. */
  flowRatio: number;
  hours: number;
}

/** Existing flow control of the pump or fan. */
export type PumpControl = "throttle_valve" | "bypass";
export type FanControl = "outlet_damper";

export interface VfdBinRow {
  flowRatio: number;
  hours: number;
  baseline: DriveTrainPoint & { headM?: number; pressurePa?: number };
  vfd: DriveTrainPoint & { headM?: number; pressurePa?: number; speedRatio?: number };
  baselineKwh: number;
  vfdKwh: number;
  savingKwh: number;
}

export interface VfdAssessment {
  /** "not_beneficial": the VFD would use at least as much energy as the baseline (saving reported as 0). */
  status: "assessed" | "refused" | "not_beneficial";
  /** Why the VFD measure could not be assessed (Chinese, one per refused bin). */
  refusals: EngineNote[];
  warnings: EngineNote[];
  bins: VfdBinRow[];
  baselineKwh: number;
  vfdKwh: number;
  savingKwh: number;
  /** 1 − E_VFD/E_baseline, null when the baseline is zero. */
  savingShare: number | null;
  /** Highest-demand bin difference, kW (the demand a VFD removes at the busiest operating point). */
  demandReductionKw: number;
  /**
   * Set when a measured motor input power anchors the flow model: every bin's driven-machine shaft power
   * (baseline and VFD alike) is scaled by `factor` so the hours-weighted mean baseline input equals the
   * measurement (issue 15: a measurement sets the baseline; the model only shapes the bins).
   */
  calibration?: { measuredInputKw: number; modelInputKw: number; factor: number };
  /** Fans only: design shaft power and Kp. */
  fanDesignShaftKw?: number;
  fanKp?: number;
}

export function totals(bins: VfdBinRow[], refusals: EngineNote[], warnings: EngineNote[]): VfdAssessment {
  let baselineKwh = 0;
  let vfdKwh = 0;
  let demandReductionKw = 0;
  let peakBaseline = -1;
  for (const b of bins) {
    baselineKwh += b.baselineKwh;
    vfdKwh += b.vfdKwh;
    if (b.baseline.inputKw > peakBaseline) {
      peakBaseline = b.baseline.inputKw;
      demandReductionKw = b.baseline.inputKw - b.vfd.inputKw;
    }
  }
  const refused = refusals.length > 0 || baselineKwh - vfdKwh <= 0;
  const ratio = safeRatio(vfdKwh, baselineKwh);
  return {
    status: refusals.length > 0 ? "refused" : refused ? "not_beneficial" : "assessed",
    refusals,
    warnings,
    bins,
    baselineKwh,
    // A refused measure changes nothing; a non-beneficial one keeps its computed energy for the report.
    vfdKwh: refusals.length > 0 ? baselineKwh : vfdKwh,
    savingKwh: refused ? 0 : baselineKwh - vfdKwh,
    savingShare: refused || ratio === null ? null : 1 - ratio,
    demandReductionKw: refused ? 0 : demandReductionKw,
  };
}

function binLabel(q: number): string {
  return `流量${(q * 100).toFixed(0)}%工况`;
}

export function pumpVfdSavings(
  sys: PumpSystem,
  motor: MotorModel,
  drive: DriveType,
  control: PumpControl,
  bins: readonly FlowBin[],
): VfdAssessment {
  const refusals: EngineNote[] = [];
  const warnings: EngineNote[] = [];
  if (sys.staticHeadM / sys.designHeadM > STATIC_SHARE_WARNING) {
    warnings.push(note("static_head_high", "静扬程占设计扬程50%以上，变频节能有限，可考虑换用小泵或台数控制"));
  }
  const rows: VfdBinRow[] = bins.map((bin) => {
    const base = control === "bypass" ? throttledPoint(sys, 1) : throttledPoint(sys, bin.flowRatio);
    const v = vfdPoint(sys, bin.flowRatio);
    if (v.refused === "below_min_speed") {
      refusals.push(
        note("below_min_speed", `${binLabel(bin.flowRatio)}所需转速比${v.speedRatio.toFixed(2)}低于最低转速比${v.minSpeedRatio}，变频方案不适用该工况`),
      );
    } else if (v.refused === "beyond_pump_curve") {
      refusals.push(note("beyond_pump_curve", `${binLabel(bin.flowRatio)}管路所需扬程高于水泵全速扬程，请核对设计参数`));
    }
    // Extend the points in place: object spreads are slow in V8 and this runs for every bin of every motor.
    const baseline: VfdBinRow["baseline"] = driveTrainPoint(base.pumpShaftKw, motor, drive, false);
    baseline.headM = base.headM;
    const vfd: VfdBinRow["vfd"] = driveTrainPoint(v.pumpShaftKw, motor, drive, true);
    vfd.headM = v.headM;
    vfd.speedRatio = v.speedRatio;
    const baselineKwh = baseline.inputKw * bin.hours;
    const vfdKwh = vfd.inputKw * bin.hours;
    return { flowRatio: bin.flowRatio, hours: bin.hours, baseline, vfd, baselineKwh, vfdKwh, savingKwh: baselineKwh - vfdKwh };
  });
  return totals(rows, refusals, warnings);
}

export function fanVfdSavings(sys: FanSystem, motor: MotorModel, drive: DriveType, bins: readonly FlowBin[]): VfdAssessment {
  const refusals: EngineNote[] = [];
  const warnings: EngineNote[] = [];
  if (sys.staticPressurePa / sys.designPressurePa > 0.3) {
    warnings.push(note("static_pressure_high", "系统静压占比超过30%，按设计效率估算的变频节能偏乐观"));
  }
  const kp = compressibilityKp(sys);
  const design = designShaftKw(sys, kp);
  const rows: VfdBinRow[] = bins.map((bin) => {
    const q = bin.flowRatio;
    if (!damperRangeOk(q)) refusals.push(note("damper_range", `${binLabel(q)}：${DAMPER_RANGE_MESSAGE}`));
    else if (fanBelowMinSpeed(q)) refusals.push(note("below_min_speed", `${binLabel(q)}低于风机最低转速比`));
    const baseShaft = damperRangeOk(q) ? damperShaftKw(design, q) : 0;
    const baseline = driveTrainPoint(baseShaft, motor, drive, false);
    const vfd = driveTrainPoint(vfdShaftKw(sys, q, kp), motor, drive, true);
    const baselineKwh = baseline.inputKw * bin.hours;
    const vfdKwh = vfd.inputKw * bin.hours;
    return { flowRatio: q, hours: bin.hours, baseline, vfd, baselineKwh, vfdKwh, savingKwh: baselineKwh - vfdKwh };
  });
  const result = totals(rows, refusals, warnings);
  result.fanDesignShaftKw = design;
  result.fanKp = kp;
  return result;
}

/** Hours-weighted mean grid input of the baseline bins with driven-machine shaft power scaled by k. */
function meanBaselineInput(rows: readonly VfdBinRow[], k: number, motor: MotorModel, drive: DriveType): number {
  let h = 0;
  let e = 0;
  for (const b of rows) {
    h += b.hours;
    e += driveTrainPoint(b.baseline.loadShaftKw * k, motor, drive, false).inputKw * b.hours;
  }
  return h > 0 ? e / h : 0;
}

/**
 * Anchor a flow-model VFD assessment to a measured motor input power (the mean over the year's bins). The
 * scale factor is found by bisection (input power rises monotonically with shaft power); the VFD bins are
 * scaled by the same factor, so the model's shape (head, speed ratios, saving share) is kept.
 */
export function calibrateToMeasuredInput(a: VfdAssessment, measuredInputKw: number, motor: MotorModel, drive: DriveType): VfdAssessment {
  if (a.status === "refused" || !a.bins.length) return a;
  const modelInputKw = meanBaselineInput(a.bins, 1, motor, drive);
  if (!(modelInputKw > 0) || !(measuredInputKw > 0)) return a;
  let lo = 0;
  let hi = 1;
  while (meanBaselineInput(a.bins, hi, motor, drive) < measuredInputKw && hi < 1e4) hi *= 2;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (meanBaselineInput(a.bins, mid, motor, drive) < measuredInputKw) lo = mid;
    else hi = mid;
  }
  const k = (lo + hi) / 2;
  const rows: VfdBinRow[] = a.bins.map((b) => {
    const baseline: VfdBinRow["baseline"] = driveTrainPoint(b.baseline.loadShaftKw * k, motor, drive, false);
    if (b.baseline.headM !== undefined) baseline.headM = b.baseline.headM;
    const vfd: VfdBinRow["vfd"] = driveTrainPoint(b.vfd.loadShaftKw * k, motor, drive, true);
    if (b.vfd.headM !== undefined) vfd.headM = b.vfd.headM;
    if (b.vfd.speedRatio !== undefined) vfd.speedRatio = b.vfd.speedRatio;
    const baselineKwh = baseline.inputKw * b.hours;
    const vfdKwh = vfd.inputKw * b.hours;
    return { flowRatio: b.flowRatio, hours: b.hours, baseline, vfd, baselineKwh, vfdKwh, savingKwh: baselineKwh - vfdKwh };
  });
  const out = totals(rows, a.refusals, a.warnings);
  out.calibration = { measuredInputKw, modelInputKw, factor: k };
  if (a.fanDesignShaftKw !== undefined) out.fanDesignShaftKw = a.fanDesignShaftKw * k;
  if (a.fanKp !== undefined) out.fanKp = a.fanKp;
  return out;
}
