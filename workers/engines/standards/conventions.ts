// Project conventions and screening assumptions used by the engines, in one place so a report can
// print them and a reviewer can change them. Each value names the domain document that sets it.

/** Physical constants (test_vectors.md shared conventions). */
export const GRAVITY_M_S2 = 9.81;
export const WATER_DENSITY_KG_M3 = 1000;
export const KW_PER_HP = 0.7457;
export const HOURS_PER_YEAR = 8760;

/** motors.md §3: the ratio curve is clamped at 125 % load. */
export const MAX_LOAD_FACTOR = 1.25;

/** motors.md §4 plausibility checks and flags. */
export const LOAD_FACTOR_PLAUSIBLE_MIN = 0.05;
export const OVERSIZED_BELOW_LOAD_FACTOR = 0.4;
export const OVERLOADED_ABOVE_LOAD_FACTOR = 1.05;
/**
 * PROJECT CONVENTION (issue 15): below this load factor the input is accepted (motors.md allows 0.05) but the
 * report carries a named warning and marks the right-sizing suggestion as "verify first".
 */
export const VERY_LOW_LOAD_FACTOR = 0.15;
/** PROJECT CONVENTION (issue 15): plant totals above these get a named "check for duplicated rows" warning. */
export const PLANT_INSTALLED_KW_WARNING = 20_000;
export const PLANT_MOTOR_COUNT_WARNING = 500;
/** motors.md §5 right-sizing target: a motor sized so the load factor is about 0.75. */
export const RIGHT_SIZING_TARGET_LOAD_FACTOR = 0.75;

/** motors.md §5 "replace now" rule (project convention): hours > 4000, LF > 0.5, payback ≤ 3.0 yr. */
export const REPLACE_NOW_MIN_HOURS = 4000;
export const REPLACE_NOW_MIN_LOAD_FACTOR = 0.5;
export const REPLACE_NOW_MAX_PAYBACK_YEARS = 3.0;
export const RECOMMEND_REPLACE_NOW = "立即更换";
export const RECOMMEND_REPLACE_ON_FAILURE = "故障或到期时更换为高效电机";

/**
 * motors.md §2: a rewound motor "may" lose 0.5–2 efficiency points (ASSUMPTION, commonly quoted,
 * no source verified). We deduct the low-middle value and show it in the result.
 */
export const REWOUND_DEDUCTION_POINTS = 1.0;

/** motors.md §6 / pumps_fans.md §4: constant VFD efficiency (ASSUMPTION). */
export const VFD_EFFICIENCY = 0.97;
/** pumps_fans.md §4: default pump shut-off head ratio a = H(Q=0)/H_d (ASSUMPTION, typical 1.1–1.4). */
export const PUMP_SHUTOFF_HEAD_RATIO = 1.25;
/** pumps_fans.md §4 minimum speed ratios (ASSUMPTION). */
export const PUMP_MIN_SPEED_WITH_STATIC_HEAD = 0.5;
export const PUMP_MIN_SPEED_NO_STATIC_HEAD = 0.3;
export const FAN_MIN_SPEED = 0.3;
/** pumps_fans.md §4: the outlet-damper baseline curve is valid only for 0.4 ≤ q ≤ 1.0. */
export const FAN_DAMPER_MIN_FLOW_RATIO = 0.4;
export const FAN_DAMPER_MAX_FLOW_RATIO = 1.0;
/** pumps_fans.md §2: Kp = 1 up to this fan pressure rise (inclusive). */
export const FAN_KP_UNITY_MAX_PA = 2500;
export const ATMOSPHERIC_PRESSURE_PA = 101325;
/** motors.md §6: VFD savings are small above ~50 % static share — a warning, not a refusal. */
export const STATIC_SHARE_WARNING = 0.5;

/**
 * motors.md §8 cost ASSUMPTIONS (no authoritative price source; editable). Grade-3 (YE3) 4-pole
 * TEFC motor 150–400 元/kW depending on size; we use a step inside that range. Grade 2 (YE4)
 * +12–18 % and grade 1 (YE5) +25–35 % over YE3: the middle of each range. VFD 400–1,000 元/kW
 * installed: a step inside that range (small drives cost more per kW).
 */
export const MOTOR_PRICE_GRADE3_YUAN_PER_KW: readonly { upToKw: number; yuanPerKw: number }[] = [
  { upToKw: 7.5, yuanPerKw: 400 },
  { upToKw: 45, yuanPerKw: 280 },
  { upToKw: 160, yuanPerKw: 200 },
  { upToKw: Infinity, yuanPerKw: 150 },
];
export const MOTOR_PRICE_FACTOR_BY_GRADE: Record<1 | 2 | 3, number> = { 1: 1.3, 2: 1.15, 3: 1.0 };
export const VFD_PRICE_YUAN_PER_KW: readonly { upToKw: number; yuanPerKw: number }[] = [
  { upToKw: 7.5, yuanPerKw: 1000 },
  { upToKw: 55, yuanPerKw: 700 },
  { upToKw: Infinity, yuanPerKw: 400 },
];

/** stenter_heat_recovery.md §3 step 6: non-condensing design margin above the dew point (ASSUMPTION). */
export const STENTER_DEW_POINT_MARGIN_K = 10;
/** stenter_heat_recovery.md §3 step 10: recovered heat above 50 % of the heat input means bad inputs. */
export const STENTER_MAX_PLAUSIBLE_SHARE = 0.5;
/**
 * Real projects report 10–25 % of stenter fuel saved by exhaust recovery (stenter_heat_recovery.md §4, Tian et al.
 * 2017 ≈ 15 %): a computed share above the band's top carries a named warning (issue 15).
 */
export const STENTER_PRACTICE_BAND = { low: 0.1, high: 0.25 } as const;
/**
 * Stenter exhaust heat recovery typically pays back in 1–3 years (stenter_heat_recovery.md §4; issue 22: a unit
 * recovering 1.6× its declared gas showed 5.48 months and an IRR of 275 %): a payback outside the band is named.
 */
export const STENTER_PAYBACK_BAND_YEARS = { low: 1, high: 3 } as const;
/**
 * ASSUMPTION (issue 15): oil-mist and lint fouling lower a stenter exchanger's effectiveness between cleanings
 * (stenter_heat_recovery.md §2 "fouling lowers it over time", §5); the cycle-average effectiveness is taken as
 * 0.90 × the clean value unless the survey gives a measured average. No published figure was found; label it.
 */
export const STENTER_FOULING_FACTOR = 0.9;
/**
 * Screening default for the exhaust humidity when it was not measured (ASSUMPTION; typical range
 * 0.03–0.15 kg/kg, BREF optimum 0.10–0.15, stenter_heat_recovery.md §2). The result says it was assumed.
 */
export const STENTER_DEFAULT_HUMIDITY_KG_PER_KG = 0.1;
/** Above this exhaust humidity (kg/kg dry air) the report warns (typical 0.03–0.15; issue 15: 0.5 was accepted). */
export const STENTER_HUMIDITY_PLAUSIBLE_MAX = 0.2;
/**
 * Exchanger effectiveness when the survey gives none (ASSUMPTION): the middle of the typical 0.4–0.7 range
 * of stenter_heat_recovery.md §2. The result says it was assumed.
 */
export const STENTER_DEFAULT_EFFECTIVENESS = 0.55;
/** stenter_heat_recovery.md §2 default heater efficiencies (ASSUMPTIONS; midpoints where a range is given). */
export const STENTER_HEATER_EFFICIENCY = {
  direct_gas: 0.92,
  thermal_oil_gas: 0.85,
  thermal_oil_coal: 0.75,
  steam: 0.8,
} as const;

/** electricity_cost.md §6 storage defaults (ASSUMPTIONS). */
export const STORAGE_DEFAULT_DOD = 0.9;
export const STORAGE_DEFAULT_ROUND_TRIP = 0.9;
export const STORAGE_DEFAULT_OPERATING_DAYS = 330;
/** 1.0 元/Wh, inside the 0.8–1.5 元/Wh 2024–2026 range (unverified), as T13 assumes. */
export const STORAGE_DEFAULT_CAPEX_YUAN_PER_WH = 1.0;
/** Sizing candidates (project convention): 2-hour systems at these fractions of the peak load. */
export const STORAGE_SIZING_FRACTIONS_OF_PEAK = [0.1, 0.2, 0.3, 0.4, 0.5] as const;
export const STORAGE_SIZING_DURATION_H = 2;

/** electricity_cost.md §4: contract demand may not be declared below 40 % of the capacity. */
export const CONTRACT_DEMAND_MIN_SHARE = 0.4;
export const CONTRACT_DEMAND_TOLERANCE = 1.05;
export const DEMAND_DISCOUNT_KWH_PER_KVA = 260;
export const DEMAND_DISCOUNT_FACTOR = 0.9;
/** electricity_cost.md §5 capacitor sizing target power factor (ASSUMPTION: the best-credit row). */
export const TARGET_POWER_FACTOR = 0.95;
/** electricity_cost.md §7 bill reconciliation threshold. */
export const BILL_RECONCILIATION_TOLERANCE = 0.01;

/**
 * ASSUMPTION (issue 15): installed cost of a low-voltage automatically switched capacitor bank, 元/kvar,
 * including cabinet and installation. Chinese market quotes for 0.4 kV banks commonly fall around 80–150 元/kvar
 * (unverified); the report labels the figure an estimate and a quote replaces it.
 */
export const CAPACITOR_YUAN_PER_KVAR = 120;
/**
 * PROJECT CONVENTION (issue 22): a billing month whose average load is below this share of the median month's is a
 * low-load month (Spring Festival, shutdown): its power factor comes from idle weeks (transformer magnetising and
 * lightly loaded motors), so the capacitor bank is not sized on it, and the report flags it.
 */
export const PF_LOW_LOAD_MONTH_SHARE = 0.8;
