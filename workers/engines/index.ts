// Public API of the assessment engines: pure functions, no I/O. One function per card takes the typed
// input and returns the results with every intermediate figure a report explains; the *FromAnswers
// variants first map stored survey answers (Chinese messages for anything missing or implausible).
import { assessElectricityInput, type ElectricityResult } from "./electricity/assess";
import type { ElectricityInput } from "./electricity/types";
import type { Answers, InputError } from "./inputs/answers";
import { electricityInputFromAnswers, type LoadCurveExtra } from "./inputs/electricity";
import { motorInputFromAnswers } from "./inputs/motor";
import { stenterInputFromAnswers } from "./inputs/stenter";
import { assessMotorSystemInput, type MotorSystemResult } from "./motors/assess";
import type { MotorSystemInput } from "./motors/types";
import { assessStenterInput, stenterRefusals, type StenterResult } from "./stenter/assess";
import type { StenterInput } from "./stenter/types";

export type CardCode = "motor" | "stenter" | "electricity";

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

export type CardResult<R> = { ok: true; result: R; warnings: InputError[] } | { ok: false; errors: InputError[] };

function run<I, R>(mapped: { ok: true; input: I; warnings: InputError[] } | { ok: false; errors: InputError[] }, engine: (i: I) => R): CardResult<R> {
  return mapped.ok ? { ok: true, result: engine(mapped.input), warnings: mapped.warnings } : mapped;
}

export function assessMotorSystemFromAnswers(answers: Answers): CardResult<MotorSystemResult> {
  return run(motorInputFromAnswers(answers), assessMotorSystem);
}

export function assessStenterFromAnswers(answers: Answers): CardResult<StenterResult> {
  return run(stenterInputFromAnswers(answers), assessStenter);
}

export function assessElectricityCostFromAnswers(answers: Answers, extra?: LoadCurveExtra): CardResult<ElectricityResult> {
  return run(electricityInputFromAnswers(answers, extra), assessElectricityCost);
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
export type { Answers, InputError, MappingResult } from "./inputs/answers";
export type { LoadCurveExtra } from "./inputs/electricity";
export { motorInputFromAnswers, stenterInputFromAnswers, electricityInputFromAnswers, stenterRefusals };
export { gridFactorFor, electricityCarbon, naturalGasCarbon, steamCarbon, heatCarbon, coalCarbon } from "./carbon/carbon";
