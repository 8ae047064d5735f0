// Public API of the assessment engines: physics and standards only, pure functions, no I/O. One function per
// engine takes the typed input and returns the results with every intermediate figure a report explains.
// Reading survey answers into these inputs is card glue (workers/cards/<card>/input.ts), not engine work.
import { assessElectricityInput, type ElectricityResult } from "./electricity/assess";
import type { ElectricityInput } from "./electricity/types";
import { assessMotorSystemInput, type MotorSystemResult } from "./motors/assess";
import type { MotorSystemInput } from "./motors/types";
import { assessStenterInput, type StenterResult } from "./stenter/assess";
import type { StenterInput } from "./stenter/types";

/** Motor drive system (电机驱动系统): per-motor table and plant totals. */
export function assessMotorSystem(input: MotorSystemInput): MotorSystemResult {
  return assessMotorSystemInput(input);
}

/** Stenter exhaust waste-heat recovery (定型机余热回收). */
export function assessStenter(input: StenterInput): StenterResult {
  return assessStenterInput(input);
}

/** Electricity cost optimisation (电费优化). */
export function assessElectricityCost(input: ElectricityInput): ElectricityResult {
  return assessElectricityInput(input);
}

export type { MotorSystemInput, MotorUnitInput } from "./motors/types";
export type { MotorSystemResult, MotorAssessment, MotorPackage } from "./motors/assess";
export type { UpgradeMeasure } from "./motors/upgrade";
export type { BeltFixMeasure } from "./motors/belt-fix";
export type { VfdAssessment } from "./pumps-fans/vfd-savings";
export type { StenterInput, StenterUnitInput } from "./stenter/types";
export type { StenterResult, StenterAssessment } from "./stenter/assess";
export type { ElectricityInput, MonthlyBill, LoadCurveInput, StorageInput } from "./electricity/types";
export type { ElectricityResult } from "./electricity/assess";
export type { CarbonFigure, GridFactor } from "./carbon/carbon";
export type { EngineNote } from "./shared/notes";
export { gridFactorFor, electricityCarbon, naturalGasCarbon, steamCarbon, heatCarbon, coalCarbon } from "./carbon/carbon";
export { stenterRefusals } from "./stenter/assess";
