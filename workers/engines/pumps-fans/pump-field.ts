// Pump operating efficiency from field data (pumps_fans.md §2, MEASUR PSAT "existing" chain):
// measured motor input → motor load and efficiency (motors.md §4) → belt loss → pump shaft power;
// hydraulic power from measured flow and head → η_pump = P_h / P_shaft,pump.
import { loadFromInputPower, type MotorModel } from "../motors/efficiency";
import type { DriveType } from "../standards/belt-loss";
import { loadShaftKwFromMotorShaft } from "./drive-train";
import { hydraulicPowerKw } from "./pump-curves";

export interface PumpFieldResult {
  motorEfficiency: number;
  loadFactor: number;
  motorShaftKw: number;
  pumpShaftKw: number;
  hydraulicKw: number;
  pumpOperatingEfficiency: number | null;
}

export function pumpOperatingEfficiency(
  motor: MotorModel,
  measuredInputKw: number,
  flowM3h: number,
  headM: number,
  drive: DriveType = "direct",
): PumpFieldResult {
  const load = loadFromInputPower(motor, measuredInputKw);
  const pumpShaftKw = loadShaftKwFromMotorShaft(load.shaftKw, drive);
  const hydraulicKw = hydraulicPowerKw(flowM3h, headM);
  return {
    motorEfficiency: load.efficiency,
    loadFactor: load.loadFactor,
    motorShaftKw: load.shaftKw,
    pumpShaftKw,
    hydraulicKw,
    pumpOperatingEfficiency: pumpShaftKw > 0 ? hydraulicKw / pumpShaftKw : null,
  };
}
