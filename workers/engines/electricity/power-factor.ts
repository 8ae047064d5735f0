// Monthly power factor, the adjustment charge or credit, the benefit of reaching 0.95, and the
// capacitor bank size Q_c = P·(tanφ₁ − tanφ₂) (electricity_cost.md §5).
import { TARGET_POWER_FACTOR } from "../standards/conventions";
import { monthlyPowerFactor, powerFactorAdjustmentPercent, type PfStandard } from "../standards/power-factor-adjustment";

export interface PfMonthInput {
  monthKey: string;
  kwh: number;
  kvarh: number;
  /** Basic charge + kWh charge excluding government funds and surcharges, 元. */
  adjustmentBaseYuan: number;
  hours: number;
}

export interface PfMonth {
  monthKey: string;
  powerFactorRaw: number;
  /** Rounded to 2 decimals, as billed. */
  powerFactor: number;
  adjustmentPercent: number;
  adjustmentYuan: number;
  targetAdjustmentPercent: number;
  targetAdjustmentYuan: number;
  /** Current adjustment − target adjustment (≥ 0 when the target is better). */
  benefitYuan: number;
  averageKw: number;
  capacitorKvar: number;
}

export interface PfResult {
  standard: PfStandard;
  targetPowerFactor: number;
  months: PfMonth[];
  adjustmentYuan: number;
  benefitYuan: number;
  /** Largest monthly requirement on the average-power basis; size to peak with automatic steps. */
  capacitorKvar: number;
  monthsOfData: number;
  annualBenefitYuan: number;
  annualAdjustmentYuan: number;
}

export function capacitorKvar(activeKw: number, pfFrom: number, pfTo: number): number {
  if (pfFrom >= pfTo || pfFrom <= 0) return 0;
  return activeKw * (Math.tan(Math.acos(pfFrom)) - Math.tan(Math.acos(pfTo)));
}

export function assessPowerFactor(standard: PfStandard, months: readonly PfMonthInput[], target = TARGET_POWER_FACTOR): PfResult {
  const rows: PfMonth[] = months.map((m) => {
    const pf = monthlyPowerFactor(m.kwh, m.kvarh);
    const adjustmentPercent = powerFactorAdjustmentPercent(pf.rounded, standard);
    const targetPct = powerFactorAdjustmentPercent(Math.max(target, pf.rounded), standard);
    const adjustmentYuan = (adjustmentPercent / 100) * m.adjustmentBaseYuan;
    const targetAdjustmentYuan = (targetPct / 100) * m.adjustmentBaseYuan;
    const averageKw = m.hours > 0 ? m.kwh / m.hours : 0;
    return {
      monthKey: m.monthKey,
      powerFactorRaw: pf.raw,
      powerFactor: pf.rounded,
      adjustmentPercent,
      adjustmentYuan,
      targetAdjustmentPercent: targetPct,
      targetAdjustmentYuan,
      benefitYuan: adjustmentYuan - targetAdjustmentYuan,
      averageKw,
      capacitorKvar: capacitorKvar(averageKw, pf.raw, target),
    };
  });
  const n = rows.length;
  const scale = n > 0 ? 12 / n : 0;
  const adjustmentYuan = rows.reduce((s, r) => s + r.adjustmentYuan, 0);
  const benefitYuan = rows.reduce((s, r) => s + r.benefitYuan, 0);
  return {
    standard,
    targetPowerFactor: target,
    months: rows,
    adjustmentYuan,
    benefitYuan,
    capacitorKvar: rows.reduce((s, r) => Math.max(s, r.capacitorKvar), 0),
    monthsOfData: n,
    annualBenefitYuan: benefitYuan * scale,
    annualAdjustmentYuan: adjustmentYuan * scale,
  };
}
