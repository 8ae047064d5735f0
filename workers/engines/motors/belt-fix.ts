// Belt drive fix (motors.md §7, standard method): evaluate both loss percentages at the existing motor
// shaft power P_ms; ΔP_ms = (BL_old − BL_new)/100 × P_ms; ΔE = ΔP_ms × h / η_m(LF) at the existing LF
// (the small drop in LF after the change is ignored — project convention). Cost = ΔE × price.
import { safeRatio } from "../shared/math";
import { beltLossPercent, type DriveType } from "../standards/belt-loss";
import { VFD_EFFICIENCY } from "../standards/conventions";
import type { Investment } from "./cost";
import { dutyEnergy, type DutyBin, type MotorConfig } from "./duty";

export interface BeltFixBin {
  hours: number;
  motorShaftKw: number;
  oldLossPercent: number;
  newLossPercent: number;
  motorShaftSavedKw: number;
  savingKwh: number;
}

export interface BeltFixMeasure {
  status: "assessed" | "not_applicable";
  from: DriveType;
  to: DriveType;
  bins: BeltFixBin[];
  savingKwh: number;
  costSavingYuan: number;
  investment: Investment;
  paybackYears: number | null;
}

export function beltFixMeasure(args: {
  bins: readonly DutyBin[];
  existing: MotorConfig;
  to?: DriveType;
  priceYuanPerKwh: number;
  investment: Investment;
}): BeltFixMeasure {
  const to = args.to ?? "synchronous_belt";
  const from = args.existing.drive;
  const energy = dutyEnergy(args.bins, args.existing);
  const rows: BeltFixBin[] = energy.points.map((p) => {
    const oldLossPercent = beltLossPercent(from, p.motorShaftKw);
    const newLossPercent = beltLossPercent(to, p.motorShaftKw);
    const motorShaftSavedKw = ((oldLossPercent - newLossPercent) / 100) * p.motorShaftKw;
    const inputPerShaft = p.motorEfficiency > 0 ? 1 / p.motorEfficiency : 0;
    const vfd = args.existing.vfdInLine ? 1 / VFD_EFFICIENCY : 1;
    return {
      hours: p.hours,
      motorShaftKw: p.motorShaftKw,
      oldLossPercent,
      newLossPercent,
      motorShaftSavedKw,
      savingKwh: motorShaftSavedKw * p.hours * inputPerShaft * vfd,
    };
  });
  const savingKwh = rows.reduce((s, r) => s + r.savingKwh, 0);
  if (!(savingKwh > 0)) {
    return { status: "not_applicable", from, to, bins: rows, savingKwh: 0, costSavingYuan: 0, investment: args.investment, paybackYears: null };
  }
  const costSavingYuan = savingKwh * args.priceYuanPerKwh;
  return {
    status: "assessed",
    from,
    to,
    bins: rows,
    savingKwh,
    costSavingYuan,
    investment: args.investment,
    paybackYears: args.investment.yuan === null ? null : safeRatio(args.investment.yuan, costSavingYuan),
  };
}
