// Shape of a provincial time-of-use tariff kept as data (electricity_cost.md §3).
// Hours are decimal clock hours; a window starts inclusive and ends exclusive; 22→2 wraps past midnight.

export type Period = "critical" | "peak" | "flat" | "valley" | "deep_valley";
export type BasePeriod = "peak" | "flat" | "valley";

/** Tariff category: two-part (两部制) or single-part (单一制) by capacity. */
export type TariffCategory = "two_part" | "single_part_ge100" | "single_part_lt100";

export interface HourWindow {
  from: number;
  to: number;
}

export interface BaseSchedule {
  /** Calendar months 1–12 this hour schedule applies to. */
  months: readonly number[];
  peak: readonly HourWindow[];
  flat: readonly HourWindow[];
  valley: readonly HourWindow[];
}

export interface CriticalSchedule {
  months: readonly number[];
  windows: readonly HourWindow[];
  /** When set, the windows apply only if this config flag is on (e.g. jiangsu_critical_peak). */
  flag?: "jiangsu_critical_peak";
}

/** TOU factors relative to flat (= 1): p_j = f_j·p_b + p_nf. */
export interface PeriodFactors {
  peak: number;
  flat: 1;
  valley: number;
  /** Critical-peak factor relative to flat, already multiplied out (e.g. 1.7 × 1.25 = 2.125). */
  critical?: number;
}

export interface FactorSet {
  months: readonly number[];
  byCategory: Partial<Record<TariffCategory, PeriodFactors>>;
}

export interface ProvinceTariff {
  province: string;
  name: string;
  document: string;
  /** Only where the domain documents state it. */
  effectiveFrom?: string;
  /** Which bill components float with the TOU factors (Chinese, for the survey tooltip and report). */
  floatingBaseNote: string;
  schedules: readonly BaseSchedule[];
  critical: readonly CriticalSchedule[];
  /** Empty when the documents in ../shared/domain do not give the ratios: period prices must come from the bill. */
  factors: readonly FactorSet[];
  /** Caveats printed in the report (unverified items, periods not configured). */
  caveats: readonly string[];
}
