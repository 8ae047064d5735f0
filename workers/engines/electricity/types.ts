// Typed input of the electricity cost optimisation engine (electricity_cost.md).
import type { PfStandard } from "../standards/power-factor-adjustment";
import type { Period, TariffCategory } from "../standards/tariffs/types";

/** p_j = f_j·p_b + p_nf from the provincial factors, or the period prices printed on the bill. */
export type PriceInput =
  | { mode: "components"; floatingBaseYuanPerKwh: number; nonFloatingYuanPerKwh: number }
  | { mode: "periods"; critical?: number; peak: number; flat: number; valley: number };

export type BasicChargeBasis = "capacity" | "actual_md" | "contract";

export interface BasicChargeInput {
  /** S: transformer (+ HV motor) kVA in service. */
  transformerKva: number;
  currentBasis: BasicChargeBasis;
  capacityPriceYuanPerKva: number;
  demandPriceYuanPerKw: number;
  contractDemandKw?: number;
}

export interface MonthlyBill {
  /** "YYYY-MM". */
  month: string;
  kwhByPeriod: Partial<Record<Period, number>>;
  kvarh?: number;
  maxDemandKw?: number;
  basicChargeYuan?: number;
  /** 电度电费 including every per-kWh component (funds included). */
  energyChargeYuan?: number;
  /** 政府性基金及附加, the part of the energy charge excluded from the PF adjustment base. */
  fundsYuan?: number;
  pfAdjustmentYuan?: number;
  totalYuan?: number;
}

export interface LoadCurveInput {
  /** Average kW per interval, in time order from startDate 00:00. */
  kw: readonly number[];
  intervalMinutes: 15 | 60;
  /** "YYYY-MM-DD" of the first point. */
  startDate: string;
}

export interface StorageInput {
  powerKw: number;
  energyKwh: number;
  depthOfDischarge?: number;
  roundTripEfficiency?: number;
  capexYuan?: number;
  /** O&M as a share of capex per year (the worked examples use 0). */
  omRatePerYear?: number;
  /** D_allowed override, kW; default MD₀ of each billing month. */
  allowedDemandKw?: number;
}

export interface ElectricityOptions {
  /** Jiangsu critical peak (unconfirmed for 426号): default OFF. */
  jiangsuCriticalPeak?: boolean;
  /** 90 % demand price when kWh/kVA ≥ 260 in the month: default ON. */
  demandDiscount260?: boolean;
  /** Non-excess contract demand billed at 1.05·D_c ("tolerance", default) or at D_c ("contract"). */
  contractNonExcessBase?: "tolerance" | "contract";
}

export interface ElectricityInput {
  province: string;
  category: TariffCategory;
  prices: PriceInput;
  /** 政府性基金及附加 per kWh, used for the PF adjustment base when bills do not state the funds. */
  fundsYuanPerKwh?: number;
  basic?: BasicChargeInput;
  powerFactorStandard?: PfStandard | null;
  bills?: MonthlyBill[];
  loadCurve?: LoadCurveInput;
  /**
   * Operating days a year on which critical-peak prices apply (the operating calendar's day type). Absent: every
   * operating day of a month with critical-peak windows is a critical-peak day (the upper bound).
   */
  criticalPeakDaysPerYear?: number;
  /** Days a partial curve is scaled to (default 330); a full-year curve is summed as it is. */
  operatingDaysPerYear?: number;
  storage?: StorageInput;
  /** Share of peak and critical-peak energy that can move to the valley (0–1). */
  shiftableShare?: number;
  options?: ElectricityOptions;
}
