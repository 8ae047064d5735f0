// From driven-machine shaft power to electrical input: belt losses, motor part-load efficiency and,
// when a VFD is in line, its constant efficiency (motors.md §6–§7, pumps_fans.md §2, §4).
import { motorInputPowerKw, type MotorModel } from "../motors/efficiency";
import { beltLossPercent, type DriveType } from "../standards/belt-loss";
import { VFD_EFFICIENCY } from "../standards/conventions";

/**
 * Motor shaft power needed to deliver a driven-machine shaft power through the drive:
 * P_ms = P_load / η_drive with η_drive = 1 − BL(P_ms)/100. BL depends on P_ms itself (MEASUR
 * evaluates it at the motor shaft power), so iterate; BL changes slowly, so a few steps converge.
 */
export function motorShaftKwForLoad(loadShaftKw: number, drive: DriveType): number {
  if (drive === "direct" || loadShaftKw <= 0) return Math.max(loadShaftKw, 0);
  let pms = loadShaftKw;
  for (let i = 0; i < 50; i++) {
    const next = loadShaftKw / (1 - beltLossPercent(drive, pms) / 100);
    if (Math.abs(next - pms) < 1e-9) return next;
    pms = next;
  }
  return pms;
}

/** Driven-machine shaft power delivered by a motor shaft power through the drive. */
export function loadShaftKwFromMotorShaft(motorShaftKw: number, drive: DriveType): number {
  return motorShaftKw * (1 - beltLossPercent(drive, motorShaftKw) / 100);
}

export interface DriveTrainPoint {
  loadShaftKw: number;
  motorShaftKw: number;
  loadFactor: number;
  motorEfficiency: number;
  motorInputKw: number;
  /** Grid-side input: motor input divided by η_VFD when a VFD is in line. */
  inputKw: number;
}

export function driveTrainPoint(loadShaftKw: number, motor: MotorModel, drive: DriveType, vfdInLine: boolean): DriveTrainPoint {
  const motorShaftKw = motorShaftKwForLoad(loadShaftKw, drive);
  const motorInputKw = motorInputPowerKw(motor, motorShaftKw);
  return {
    loadShaftKw,
    motorShaftKw,
    loadFactor: motorShaftKw / motor.ratedKw,
    motorEfficiency: motorInputKw > 0 ? motorShaftKw / motorInputKw : 0,
    motorInputKw,
    inputKw: vfdInLine ? motorInputKw / VFD_EFFICIENCY : motorInputKw,
  };
}
