// Monthly power factor, the adjustment charge or credit, the benefit of reaching 0.95, and the
// capacitor bank size Q_c = P·(tanφ₁ − tanφ₂) (electricity_cost.md §5).
import { CAPACITOR_YUAN_PER_KVAR, PF_LOW_LOAD_MONTH_SHARE, TARGET_POWER_FACTOR } from "../standards/conventions";
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
  /** Average load below PF_LOW_LOAD_MONTH_SHARE of the median month's: not used to size the bank (issue 22). */
  lowLoad: boolean;
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
  /** Low-load months left out of the sizing whose power factor is below the target (the report flags them). */
  lowLoadMonths: string[];
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
      lowLoad: false,
    };
  });
  // Size on working months: a month of idle weeks has a low PF at a load the bank never has to carry.
  const loads = rows.map((r) => r.averageKw).sort((a, b) => a - b);
  const median = loads.length ? (loads.length % 2 ? loads[(loads.length - 1) / 2] : (loads[loads.length / 2 - 1] + loads[loads.length / 2]) / 2) : 0;
  for (const r of rows) r.lowLoad = r.averageKw < PF_LOW_LOAD_MONTH_SHARE * median;
  const sizing = rows.some((r) => !r.lowLoad) ? rows.filter((r) => !r.lowLoad) : rows;
  const n = rows.length;
  const scale = n > 0 ? 12 / n : 0;
  const adjustmentYuan = rows.reduce((s, r) => s + r.adjustmentYuan, 0);
  const benefitYuan = rows.reduce((s, r) => s + r.benefitYuan, 0);
  const avgKvar = sizing.reduce((s, r) => Math.max(s, r.capacitorKvar), 0);
  const peakRows = sizing.filter((r) => r.capacitorKvarAtPeak !== null);
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
    lowLoadMonths: rows.filter((r) => r.lowLoad && r.powerFactorRaw < target).map((r) => r.monthKey),
    annualBenefitYuan,
    annualAdjustmentYuan: adjustmentYuan * scale,
  };
}
