// Rated speed → pole count, 50 Hz (MEASUR Poles.cpp as quoted in motors.md §1).
import type { Poles } from "../standards/gb18613-2020";

const SPEED_BANDS: readonly { min: number; max: number; poles: Poles }[] = [
  { min: 2700, max: 3000, poles: 2 },
  { min: 1350, max: 1500, poles: 4 },
  { min: 900, max: 1000, poles: 6 },
  { min: 675, max: 750, poles: 8 },
];

/** Pole count for a nameplate speed in r/min, or undefined when it falls in no band. */
export function polesFromRatedSpeed(rpm: number): Poles | undefined {
  return SPEED_BANDS.find((b) => rpm >= b.min && rpm <= b.max)?.poles;
}

export const SYNCHRONOUS_SPEED_RPM: Record<Poles, number> = { 2: 3000, 4: 1500, 6: 1000, 8: 750 };
