// Typed input and result of the plant energy balance (全厂能源平衡, issue 22 item 9): what several cards of one
// enterprise say about its energy, read together.
import type { EngineNote } from "../shared/notes";
import type { OutputUnit } from "../standards/plant-balance";

export type PlantCarrier = "electricity" | "natural_gas" | "steam" | "coal";

/** One figure a card (or the plant page of a survey) contributes. */
export interface PlantUse {
  /** Where the figure comes from, as printed: 电费优化《2025年电费》. */
  source: string;
  /** What the figure is, as printed: 电费账单（12个月）, 电机清单（30行、235台）. */
  label: string;
  carrier: PlantCarrier;
  /** kWh, m³, t (steam), t (coal). */
  quantity: number;
  /**
   * "metered": the plant's own meter or bill for the whole carrier. "equipment": what listed equipment uses
   * (an inventory's estimate or a unit's declared consumption) — a part of the plant at most.
   */
  role: "metered" | "equipment";
  /** The equipment kind a cross-check band applies to. */
  kind?: "motor_inventory";
}

export interface PlantOutput {
  quantity: number;
  unit: OutputUnit;
  /** The survey's own limit (kgce per unit, e.g. a provincial standard); replaces the configured industry limit. */
  limitKgcePerUnit?: number;
}

export interface PlantBalanceInput {
  companyName: string;
  /** Industry option key (contract/card-options.ts). */
  industry?: string;
  uses: PlantUse[];
  /** Supplier LHV of natural gas; absent: the printed GB/T 2589 coefficient. */
  gasLhvMjPerM3?: number;
  /** Steam enthalpy; absent: the saturated-steam default. */
  steamEnthalpyKjPerKg?: number;
  coalLhvMjPerKg?: number;
  output?: PlantOutput;
}

export interface ConversionFactor {
  value: number;
  unit: string;
  source: string;
}

export interface CarrierBalance {
  carrier: PlantCarrier;
  name: string;
  unit: string;
  /** The quantity counted in 综合能耗: the meter when there is one, else the equipment sum (a lower bound). */
  quantity: number;
  basis: "metered" | "equipment";
  /** The meter reading counted (the first metered use), or null. */
  meteredBy: string | null;
  /** Sum of the equipment uses of this carrier. */
  equipmentQuantity: number;
  /** Equipment sum ÷ meter: how much of the metered carrier the surveyed equipment accounts for; null without a meter. */
  coverage: number | null;
  tceEquivalent: number;
  tceEqual: number;
  /** Conversion to standard coal per unit of quantity, equivalent value (当量值). */
  factorEquivalent: ConversionFactor;
  /** Equal value (等价值); fuels and heat are the same as their equivalent value. */
  factorEqual: ConversionFactor;
  /** Share of the plant's 综合能耗 (当量值). */
  share: number;
}

export type PlantCheckLevel = "error" | "warning" | "ok";

export interface PlantCheck {
  code: "equipment_exceeds_metered" | "motor_share_high" | "motor_share_low" | "motor_share_ok" | "meters_disagree";
  level: PlantCheckLevel;
  carrier: PlantCarrier;
  /** The ratio the check judged (equipment ÷ meter, or second meter ÷ first). */
  ratio: number;
  message: string;
}

export interface PerUnitEnergy {
  output: number;
  unit: OutputUnit;
  unitName: string;
  /** 单位产品综合能耗, kgce per unit, electricity at 当量值 and at 等价值. */
  kgceEquivalent: number;
  kgceEqual: number;
  /** The limit compared with (当量值 basis), or null when none is configured or given. */
  limit: { kgcePerUnit: number; product: string; source: string } | null;
  /** kgceEquivalent ÷ limit. */
  ratio: number | null;
  exceeds: boolean | null;
}

export interface PlantBalanceResult {
  companyName: string;
  carriers: CarrierBalance[];
  /** 综合能耗, tce: electricity at 当量值 / at 等价值. */
  totalTceEquivalent: number;
  totalTceEqual: number;
  /** Share of 综合能耗 (当量值) counted from meters or bills rather than equipment estimates; null when nothing is counted. */
  meteredShare: number | null;
  checks: PlantCheck[];
  perUnit: PerUnitEnergy | null;
  notes: EngineNote[];
}
