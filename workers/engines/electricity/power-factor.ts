// Monthly power factor, the adjustment charge or credit, the benefit of reaching 0.95, and the
// capacitor bank size Q_c = P·(tanφ₁ − tanφ₂) (electricity_cost.md §5).
import { CAPACITOR_YUAN_PER_KVAR, TARGET_POWER_FACTOR } from "../standards/conventions";
import { safeRatio } from "../shared/math";
import { monthlyPowerFactor, powerFactorAdjustmentPercent, type PfStandard } from "../standards/power-factor-adjustment";

export interface PfMonthInput {
  monthKey: string;
  kwh: number;
  kvarh: number;
  /** Basic charge + kWh charge excluding government funds and surcharges, 元. */
  adjustmentBaseYuan: number;
  hours: number;
  /** The month's maximum demand (bill or curve), kW: the bank is sized at this load when known. */
  maxDemandKw?: number;
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
  /** Maximum demand of the month, kW, and the bank it needs at that load (null without an MD). */
  maxDemandKw: number | null;
  capacitorKvarAtPeak: number | null;
}

export interface PfResult {
  standard: PfStandard;
  targetPowerFactor: number;
  months: PfMonth[];
  adjustmentYuan: number;
  benefitYuan: number;
  /** Largest monthly requirement on the average-power basis; size to peak with automatic steps. */
  capacitorKvar: number;
  /** Largest monthly requirement at maximum demand (null when no month has an MD). */
  capacitorKvarAtPeak: number | null;
  /** The bank the report recommends: at maximum demand when known, else on the average-power basis. */
  sizedKvar: number;
  sizedAt: "peak" | "average";
  /** Installed cost of the sized bank at CAPACITOR_YUAN_PER_KVAR (ASSUMPTION) and simple payback on the annual benefit. */
  capacitorCostYuan: number;
  paybackYears: number | null;
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
      maxDemandKw: m.maxDemandKw ?? null,
      capacitorKvarAtPeak: m.maxDemandKw !== undefined ? capacitorKvar(m.maxDemandKw, pf.raw, target) : null,
    };
  });
  const n = rows.length;
  const scale = n > 0 ? 12 / n : 0;
  const adjustmentYuan = rows.reduce((s, r) => s + r.adjustmentYuan, 0);
  const benefitYuan = rows.reduce((s, r) => s + r.benefitYuan, 0);
  const avgKvar = rows.reduce((s, r) => Math.max(s, r.capacitorKvar), 0);
  const peakRows = rows.filter((r) => r.capacitorKvarAtPeak !== null);
  const peakKvar = peakRows.length ? peakRows.reduce((s, r) => Math.max(s, r.capacitorKvarAtPeak!), 0) : null;
  const sizedKvar = peakKvar ?? avgKvar;
  const capacitorCostYuan = sizedKvar * CAPACITOR_YUAN_PER_KVAR;
  const annualBenefitYuan = benefitYuan * scale;
  return {
    standard,
    targetPowerFactor: target,
    months: rows,
    adjustmentYuan,
    benefitYuan,
    capacitorKvar: avgKvar,
    capacitorKvarAtPeak: peakKvar,
    sizedKvar,
    sizedAt: peakKvar !== null ? "peak" : "average",
    capacitorCostYuan,
    paybackYears: annualBenefitYuan > 0 && capacitorCostYuan > 0 ? safeRatio(capacitorCostYuan, annualBenefitYuan) : null,
    monthsOfData: n,
    annualBenefitYuan,
    annualAdjustmentYuan: adjustmentYuan * scale,
  };
}
