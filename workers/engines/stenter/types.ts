// Typed input of the stenter (定型机) exhaust heat-recovery engine.

/** How the stenter is heated; decides the fuel that recovered heat displaces. */
export type StenterHeating = "direct_gas" | "thermal_oil_gas" | "thermal_oil_coal" | "steam";

export type ExhaustHumidity = { kind: "ratio"; kgPerKgDryAir: number } | { kind: "dew_point"; dewPointC: number };

/**
 * What the recovered heat goes into. The flow is optional (the form says 不清楚可留空): without it the exhaust is
 * taken as C_min, but the kind still decides the fuel the heat displaces (issue 22).
 */
export type ColdStream = { kind: "air"; flowM3h?: number } | { kind: "water"; flowTph?: number };

export interface StenterUnitInput {
  name: string;
  exhaustFlowM3h: number;
  /** "actual": at exhaust temperature; "normal": 0 °C, 101.325 kPa. */
  flowBasis: "actual" | "normal";
  exhaustTempC: number;
  /** Absent: the screening default (conventions.ts) is used and the result says so. */
  humidity?: ExhaustHumidity;
  coldInletTempC: number;
  /** Absent: make-up air with the exhaust as C_min. A stream without its flow also takes the exhaust as C_min. */
  coldStream?: ColdStream;
  /** Exchanger effectiveness ε (0–1), clean. */
  effectiveness: number;
  /**
   * Oil-mist fouling derating: the effectiveness averaged over a cleaning cycle is ε × this factor (0–1).
   * Absent: STENTER_FOULING_FACTOR (ASSUMPTION); 1 when ε is already a measured time average.
   */
  foulingFactor?: number;
  annualHours: number;
  /** Site pressure, default 101,325 Pa. */
  pressurePa?: number;
  /** Added exchanger pressure drop on the exhaust fan and the fan × motor efficiency. */
  fanPenalty?: { pressureDropPa: number; fanEfficiency: number };
  /** The stenter's annual fuel use in the fuel's unit (m³ gas, t coal, t steam), for the saving share. */
  baselineFuelPerYear?: number;
  investmentYuan?: number;
}

export interface StenterInput {
  province?: string;
  heating: StenterHeating;
  /** Heater efficiency η_h; default per heating type (conventions.ts). Not used for steam. */
  heaterEfficiency?: number;
  /** 元/m³ for gas, 元/t for coal and steam. */
  fuelPrice: number;
  gasLhvMjPerM3?: number;
  coalLhvMjPerKg?: number;
  steamEnthalpyKjPerKg?: number;
  electricityPriceYuanPerKwh?: number;
  /**
   * How the process water is heated today, for units whose recovered heat goes into water: that heat displaces
   * this fuel at this price, not the stenter's own (issue 15). "thermal_oil_gas" = gas-fired boiler,
   * "thermal_oil_coal" = coal-fired boiler, "steam" = steam from the boiler house.
   */
  waterHeating?: { heating: StenterHeating; heaterEfficiency?: number; fuelPrice: number };
  stenters: StenterUnitInput[];
}
