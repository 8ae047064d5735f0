// Belt drive losses, MEASUR src/calculator/pump/PumpShaftPower.cpp and OptimalMotorShaftPower.cpp
// as quoted in ../shared/domain/motors.md §7. Loss as % of motor shaft power P (hp):
// standard V-belt BL% = 0.68759·e^(−0.019791·P) + 3.7558·e^(−0.21507·P) + 3.9963;
// notched V-belt 5/7 of that, synchronous belt 2/7, direct drive 0.
import { KW_PER_HP } from "./conventions";

export type DriveType = "direct" | "v_belt" | "notched_belt" | "synchronous_belt";

export const BELT_TYPE_FACTOR: Record<DriveType, number> = {
  direct: 0,
  v_belt: 1,
  notched_belt: 5 / 7,
  synchronous_belt: 2 / 7,
};

export function vBeltLossPercent(motorShaftKw: number): number {
  const hp = motorShaftKw / KW_PER_HP;
  return 0.68759 * Math.exp(-0.019791 * hp) + 3.7558 * Math.exp(-0.21507 * hp) + 3.9963;
}

/** Belt loss in % of motor shaft power for a drive type at a motor shaft power. */
export function beltLossPercent(drive: DriveType, motorShaftKw: number): number {
  const factor = BELT_TYPE_FACTOR[drive];
  return factor === 0 ? 0 : factor * vBeltLossPercent(motorShaftKw);
}
