// GB 19762-2025 《离心泵能效限定值及能效等级》, clear-water centrifugal pumps (清水离心泵).
// Source: ../shared/domain/pumps_fans.md §5, from the third-party transcription GitHub
// adgo07/EquipEffi src/equipeffi/resources/standards/pump.json (effective 2026-03-01 per the file).
// UNVERIFIED against the official text.
// η_grade[%] = k1·(ln n_s)² + k2·(ln Q)² + k3·(ln n_s)(ln Q) + k4·ln n_s + k5·ln Q − C_i

export type ClearWaterPumpType =
  | "single_suction"
  | "double_suction"
  | "inline"
  | "multistage"
  | "light_vertical_multistage"
  | "light_horizontal_multistage";

export interface Gb19762Coefficients {
  k1: number;
  k2: number;
  k3: number;
  k4: number;
  k5: number;
}

export const GB19762_SINGLE_STAGE: Gb19762Coefficients = { k1: -8.44, k2: -0.48, k3: 0.09, k4: 84.63, k5: 8.5 };
export const GB19762_MULTISTAGE: Gb19762Coefficients = { k1: -6.93, k2: -0.19, k3: -0.4, k4: 72.67, k5: 8.73 };

export interface Gb19762Row {
  type: ClearWaterPumpType;
  /** Rated flow range in m³/h: minFlow exclusive when minExclusive, maxFlow inclusive. */
  minFlow: number;
  minExclusive: boolean;
  maxFlow: number;
  c1: number;
  c2: number;
  c3: number;
}

export const GB19762_C_TABLE: readonly Gb19762Row[] = [
  { type: "single_suction", minFlow: 5, minExclusive: false, maxFlow: 300, c1: 161.33, c2: 163.33, c3: 168.33 },
  { type: "single_suction", minFlow: 300, minExclusive: true, maxFlow: 10000, c1: 162.33, c2: 163.33, c3: 168.33 },
  { type: "double_suction", minFlow: 50, minExclusive: false, maxFlow: 600, c1: 161.33, c2: 163.33, c3: 168.33 },
  { type: "double_suction", minFlow: 600, minExclusive: true, maxFlow: 20000, c1: 162.33, c2: 163.33, c3: 168.33 },
  { type: "inline", minFlow: 5, minExclusive: false, maxFlow: 300, c1: 163.33, c2: 165.33, c3: 171.33 },
  { type: "inline", minFlow: 300, minExclusive: true, maxFlow: 3000, c1: 164.33, c2: 165.33, c3: 171.33 },
  { type: "multistage", minFlow: 5, minExclusive: false, maxFlow: 100, c1: 139.33, c2: 142.33, c3: 150.33 },
  { type: "multistage", minFlow: 100, minExclusive: true, maxFlow: 3000, c1: 140.33, c2: 142.33, c3: 150.33 },
  { type: "light_vertical_multistage", minFlow: 5, minExclusive: false, maxFlow: 300, c1: 137.33, c2: 139.33, c3: 144.33 },
  { type: "light_horizontal_multistage", minFlow: 5, minExclusive: false, maxFlow: 300, c1: 140.33, c2: 142.33, c3: 147.33 },
];

/** Specific-speed scope used by the transcription's evaluator (devices/pump.py). */
export const GB19762_NS_MIN = 20;
export const GB19762_NS_MAX = 300;

export function gb19762Coefficients(type: ClearWaterPumpType): Gb19762Coefficients {
  return type === "single_suction" || type === "double_suction" || type === "inline"
    ? GB19762_SINGLE_STAGE
    : GB19762_MULTISTAGE;
}

export function gb19762Row(type: ClearWaterPumpType, flowM3h: number): Gb19762Row | undefined {
  return GB19762_C_TABLE.find(
    (r) => r.type === type && (r.minExclusive ? flowM3h > r.minFlow : flowM3h >= r.minFlow) && flowM3h <= r.maxFlow,
  );
}
