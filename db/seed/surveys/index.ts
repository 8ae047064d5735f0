// Survey definitions of the enabled cards, keyed by card code. Seeded into D1 by the seed script
// (ids assigned there); the form renderer and the engines' answer mapping use the same keys.
import { ELECTRICITY_COST_SURVEY } from "./electricity-cost";
import { MOTOR_SYSTEM_SURVEY } from "./motor-system";
import { STENTER_SURVEY } from "./stenter";
import type { CardCode, QuestionDef, SurveyDefinition } from "./types";

export const SURVEY_DEFINITIONS: Readonly<Record<CardCode, SurveyDefinition>> = {
  motor: MOTOR_SYSTEM_SURVEY,
  stenter: STENTER_SURVEY,
  electricity: ELECTRICITY_COST_SURVEY,
};

/** Every question of a definition in form order (pages → sections → groups → questions). */
export function allQuestions(def: SurveyDefinition): QuestionDef[] {
  return def.pages.flatMap((p) => p.sections.flatMap((s) => s.groups.flatMap((g) => g.questions)));
}

export { ELECTRICITY_COST_SURVEY, MOTOR_SYSTEM_SURVEY, STENTER_SURVEY };
export * from "./types";
