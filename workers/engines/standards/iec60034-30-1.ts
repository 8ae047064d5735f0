// Legacy baseline for existing old motors: IEC 60034-30-1 IE1 and IE2, 4-pole only, full-load
// efficiency (%). Source: ../shared/domain/motors.md §2 "Legacy baseline" (two independent public
// GitHub transcriptions that agree). Flat from 200 kW to 1000 kW by the standard method
// (UNCERTAIN for 355–1000 kW). Other pole counts are not verified: ask for the nameplate value.
import { nextLowerRow } from "../shared/math";

export type LegacyClass = "IE1" | "IE2";

export const IEC60034_LEGACY_4POLE: readonly { kw: number; IE1: number; IE2: number }[] = [
  { kw: 0.75, IE1: 72.1, IE2: 79.6 },
  { kw: 1.1, IE1: 75.0, IE2: 81.4 },
  { kw: 1.5, IE1: 77.2, IE2: 82.8 },
  { kw: 2.2, IE1: 79.7, IE2: 84.3 },
  { kw: 3, IE1: 81.5, IE2: 85.5 },
  { kw: 4, IE1: 83.1, IE2: 86.6 },
  { kw: 5.5, IE1: 84.7, IE2: 87.7 },
  { kw: 7.5, IE1: 86.0, IE2: 88.7 },
  { kw: 11, IE1: 87.6, IE2: 89.8 },
  { kw: 15, IE1: 88.7, IE2: 90.6 },
  { kw: 18.5, IE1: 89.3, IE2: 91.2 },
  { kw: 22, IE1: 89.9, IE2: 91.6 },
  { kw: 30, IE1: 90.7, IE2: 92.3 },
  { kw: 37, IE1: 91.2, IE2: 92.7 },
  { kw: 45, IE1: 91.7, IE2: 93.1 },
  { kw: 55, IE1: 92.1, IE2: 93.5 },
  { kw: 75, IE1: 92.7, IE2: 94.0 },
  { kw: 90, IE1: 93.0, IE2: 94.2 },
  { kw: 110, IE1: 93.3, IE2: 94.5 },
  { kw: 132, IE1: 93.5, IE2: 94.7 },
  { kw: 160, IE1: 93.8, IE2: 94.9 },
  { kw: 200, IE1: 94.0, IE2: 95.1 },
];

/** Full-load efficiency (fraction) of a legacy IE1/IE2 4-pole motor; undefined outside 0.75–1000 kW. */
export function legacyEfficiency4Pole(ratedKw: number, cls: LegacyClass): number | undefined {
  if (ratedKw > 1000) return undefined;
  const row = nextLowerRow(IEC60034_LEGACY_4POLE, ratedKw);
  return row ? row[cls] / 100 : undefined;
}
