// Thresholds and limits of the plant energy balance (issue 22 item 9). Conversion factors are NOT here: they are the
// GB/T 2589-2020 coefficients in carbon-factors.ts, used through engines/carbon/carbon.ts.

/**
 * PROJECT CONVENTION (issue 22): the share of the metered electricity a motor inventory may plausibly account for.
 * Motor-driven systems use about two thirds of industrial electricity (IEA, Waide & Brunner, "Energy-Efficiency Policy
 * Opportunities for Electric Motor-Driven Systems", 2011); a plant also lights, heats, cools and converts power
 * (transformer and cable losses alone are a few per cent). An inventory above 90 % of the meter leaves too little for
 * the rest (hours or load factors overstated, rows duplicated); one below 40 % has probably missed motors or
 * understated hours. Neither is an error in itself: the summary names it so an auditor checks before signing.
 */
export const MOTOR_SHARE_OF_METERED_BAND = { low: 0.4, high: 0.9 } as const;

/**
 * Equipment on one carrier may never use more than the plant's meter for that carrier. A 2 % margin absorbs the
 * scaling of a partial year (bills × 12/n, a curve scaled to operating days) before the summary calls it impossible.
 */
export const EQUIPMENT_OVER_METERED_TOLERANCE = 0.02;

/** Two plant-level readings of the same carrier (e.g. two cards' bills) that differ by more than this are named. */
export const METER_DISAGREEMENT_TOLERANCE = 0.05;

/** How a plant states its annual output (survey option keys, workers/contract/card-options.ts). */
export type OutputUnit = "cloth_100m" | "tonne";

export const OUTPUT_UNIT_NAMES: Record<OutputUnit, string> = { cloth_100m: "百米", tonne: "吨" };

export interface UnitEnergyLimit {
  /** Industry option key (contract/card-options.ts INDUSTRY_OPTIONS). */
  industry: string;
  unit: OutputUnit;
  /** Limit, kgce per unit of output (electricity at its equivalent value, 当量值). */
  kgcePerUnit: number;
  product: string;
  source: string;
}

/**
 * Industry limits of comprehensive energy use per unit of product. ASSUMPTION — values as commonly reproduced from
 * 《印染行业规范条件（2017版）》 (工业和信息化部公告2017年第37号), 二、工艺与装备 / 资源消耗: 棉、麻、化纤及混纺机织物
 * ≤ 30 kgce/100 m, 纱线、针织物 ≤ 1.1 tce/t; the notice text was not retrieved here — verify before a compliance
 * statement. A search of 2026-11-28 (the project's `search` tool, pages and docs corpora, queries: the notice's title
 * with 单位产品综合能耗 / 机织物 / 百米 / 纱线 / 针织物) found no copy of the notice text, only unrelated 能耗限额
 * standards; still UNVERIFIED. A survey may give its own limit (a provincial standard), which then replaces these.
 */
export const UNIT_ENERGY_LIMITS: readonly UnitEnergyLimit[] = [
  { industry: "dyeing", unit: "cloth_100m", kgcePerUnit: 30, product: "棉、麻、化纤及混纺机织物", source: "《印染行业规范条件（2017版）》" },
  { industry: "dyeing", unit: "tonne", kgcePerUnit: 1100, product: "纱线、针织物", source: "《印染行业规范条件（2017版）》" },
];
