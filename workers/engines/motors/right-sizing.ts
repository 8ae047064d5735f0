// Right-sizing for lightly loaded motors (motors.md §5): for LF < 0.4 compare with a grade-1 motor of the
// smallest GB 18613 rating that carries the same shaft power at LF ≤ 0.75. Informational: not part of the
// combined package, because it replaces the upgrade measure rather than adding to it.
import { safeRatio } from "../shared/math";
import { RIGHT_SIZING_TARGET_LOAD_FACTOR } from "../standards/conventions";
import { GB18613_2020_TABLE1, gb18613Efficiency } from "../standards/gb18613-2020";
import { loadShaftKwFromMotorShaft } from "../pumps-fans/drive-train";
import { defaultMotorInvestmentYuan } from "./cost";
import { dutyEnergy } from "./duty";
import type { MotorModel } from "./efficiency";
import type { MotorUnitInput } from "./types";

export interface RightSizingOption {
  suggestedRatedKw: number;
  newLoadFactor: number;
  newFullLoadEfficiency: number;
  baselineKwh: number;
  proposedKwh: number;
  savingKwh: number;
  costSavingYuan: number;
  investmentYuan: number;
  paybackYears: number | null;
}

export function rightSizing(unit: MotorUnitInput, shaftKw: number, motor: MotorModel, price: number): RightSizingOption | null {
  const needKw = shaftKw / RIGHT_SIZING_TARGET_LOAD_FACTOR;
  const row = GB18613_2020_TABLE1.find((r) => r.kw >= needKw - 1e-9);
  // Rows stop at 280 kW (the 280–1000 kW band); beyond that, or when no smaller motor exists, skip.
  if (!row || row.kw >= unit.ratedKw) return null;
  const eta = gb18613Efficiency(row.kw, unit.poles, 1);
  if (eta === undefined) return null;
  const bins = [{ hours: unit.annualHours, loadShaftKw: loadShaftKwFromMotorShaft(shaftKw, unit.drive) }];
  const before = dutyEnergy(bins, { motor, drive: unit.drive, vfdInLine: unit.vfdPresent });
  const after = dutyEnergy(bins, { motor: { ratedKw: row.kw, fullLoadEfficiency: eta }, drive: unit.drive, vfdInLine: unit.vfdPresent });
  const savingKwh = Math.max(before.kwh - after.kwh, 0);
  const costSavingYuan = savingKwh * price;
  const investmentYuan = defaultMotorInvestmentYuan(row.kw, 1);
  return {
    suggestedRatedKw: row.kw,
    newLoadFactor: shaftKw / row.kw,
    newFullLoadEfficiency: eta,
    baselineKwh: before.kwh,
    proposedKwh: before.kwh - savingKwh,
    savingKwh,
    costSavingYuan,
    investmentYuan,
    paybackYears: savingKwh > 0 ? safeRatio(investmentYuan, costSavingYuan) : null,
  };
}
