// Test access to the cards (workers/cards): the survey definitions by card code, the answer mappers and their key
// lists, and answers → engine in one call (what generate does before the report model).
import { ALL_CARDS, cardOf, type CardCode, type MappingResult } from "../../workers/cards";
import type { InputError } from "../../workers/cards/kit/answers";
import type { LoadCurveExtra } from "../../workers/cards/kit/card";
import type { QuestionDef, SurveyDefinition } from "../../workers/contract/survey-definition";
import type { ElectricityResult, MotorSystemResult, StenterResult } from "../../workers/engines";

export { MOTOR_SYSTEM_SURVEY } from "../../workers/cards/motor/survey";
export { STENTER_SURVEY } from "../../workers/cards/stenter/survey";
export { ELECTRICITY_COST_SURVEY } from "../../workers/cards/electricity/survey";
export { motorInputFromAnswers, MOTOR_PLANT_KEYS, MOTOR_SECTION_KEYS, FLOW_BIN_COUNT } from "../../workers/cards/motor/input";
export { stenterInputFromAnswers, STENTER_PLANT_KEYS, STENTER_SECTION_KEYS } from "../../workers/cards/stenter/input";
export { electricityInputFromAnswers, ELECTRICITY_PLANT_KEYS, BILL_SECTION_KEYS, LOAD_CURVE_KEY } from "../../workers/cards/electricity/input";
export { COMPANY_KEYS } from "../../workers/cards/kit/company";
export type { CardCode, InputError, MappingResult, SurveyDefinition };

/** Every card's survey definition by card code. */
export const SURVEY_DEFINITIONS = Object.fromEntries(ALL_CARDS.map((c) => [c.code, c.survey])) as Readonly<Record<CardCode, SurveyDefinition<CardCode>>>;

/** Every question of a definition in form order (pages → sections → groups → questions). */
export function allQuestions(def: SurveyDefinition): QuestionDef[] {
  return def.pages.flatMap((p) => p.sections.flatMap((s) => s.groups.flatMap((g) => g.questions)));
}

export type CardResult<R> = { ok: true; result: R; warnings: InputError[] } | { ok: false; errors: InputError[] };

function run<R>(code: CardCode, answers: Parameters<NonNullable<ReturnType<typeof cardOf>>["fromAnswers"]>[0], loadCurve?: LoadCurveExtra): CardResult<R> {
  const card = cardOf(code)!;
  const mapped = card.fromAnswers(answers, loadCurve ? { loadCurve } : {});
  return mapped.ok ? { ok: true, result: card.assess(mapped.input) as R, warnings: mapped.warnings } : mapped;
}

export const assessMotorSystemFromAnswers = (answers: Parameters<typeof run>[1]) => run<MotorSystemResult>("motor", answers);
export const assessStenterFromAnswers = (answers: Parameters<typeof run>[1]) => run<StenterResult>("stenter", answers);
export const assessElectricityCostFromAnswers = (answers: Parameters<typeof run>[1], extra?: LoadCurveExtra) => run<ElectricityResult>("electricity", answers, extra);
