// A motor's duty: operating bins of driven-machine shaft power and hours. Every configuration
// (existing, new belt, VFD, new motor) is evaluated on the same duty so savings compare like with like.
import { driveTrainPoint, type DriveTrainPoint } from "../pumps-fans/drive-train";
import type { DriveType } from "../standards/belt-loss";
import type { MotorModel } from "./efficiency";

export interface DutyBin {
  hours: number;
  /** Shaft power the driven machine needs in this bin, kW. */
  loadShaftKw: number;
  /** Flow as a fraction of design flow, when the bin comes from a flow profile. */
  flowRatio?: number;
}

export interface MotorConfig {
  motor: MotorModel;
  drive: DriveType;
  vfdInLine: boolean;
}

export interface DutyEnergy {
  kwh: number;
  /** Highest grid-side input power over the bins, kW. */
  peakInputKw: number;
  points: (DriveTrainPoint & { hours: number })[];
}

export function dutyEnergy(bins: readonly DutyBin[], config: MotorConfig): DutyEnergy {
  let kwh = 0;
  let peakInputKw = 0;
  const points: DutyEnergy["points"] = [];
  for (const b of bins) {
    const p = driveTrainPoint(b.loadShaftKw, config.motor, config.drive, config.vfdInLine) as DriveTrainPoint & { hours: number };
    p.hours = b.hours;
    kwh += p.inputKw * b.hours;
    if (p.inputKw > peakInputKw) peakInputKw = p.inputKw;
    points.push(p);
  }
  return { kwh, peakInputKw, points };
}

/** Hours-weighted mean load factor of a duty (the "existing LF" of the replace-now rule). */
export function meanLoadFactor(energy: DutyEnergy): number {
  let h = 0;
  let lfh = 0;
  for (const p of energy.points) {
    h += p.hours;
    lfh += p.loadFactor * p.hours;
  }
  return h > 0 ? lfh / h : 0;
}

export function totalHours(bins: readonly DutyBin[]): number {
  return bins.reduce((s, b) => s + b.hours, 0);
}
