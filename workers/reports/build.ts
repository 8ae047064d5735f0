// Survey → engine → report content. Reads the workbench's tables through its own collectAnswers (answers keyed
// by question key, one string per repeat) and the optional imported load curve; no rendering here.
import { WB_MSG, repeatLabel } from "../contract/workbench";
import {
  assessElectricityCost,
  assessMotorSystemFromAnswers,
  assessStenterFromAnswers,
  electricityInputFromAnswers,
  type InputError,
} from "../engines";
import type { Db } from "../lib/db";
import { randomId } from "../lib/ids";
import { collectAnswers, getDefinition, type Definition, type SurveyRow } from "../services/workbench";
import type { ReportCard } from "./figures";
import { readLoadCurve } from "./load-curve";
import { electricityReport, motorReport, stenterReport, type ModelContext, type ReportDoc } from "./model";

/** A problem with the survey's data: shown to the user as the failure reason, never retried. */
export class ReportInputError extends Error {}

const CARDS: readonly ReportCard[] = ["motor", "stenter", "electricity"];

/** The first engine message, located by section and repeat like the generate endpoint does. */
function locate(def: Definition, errors: InputError[]): string {
  const e = errors[0];
  const q = [...def.questions.values()].find((x) => x.key === e.questionKey);
  const mold = q ? def.molds.get(q.moldId) : undefined;
  return (mold?.multiple === 1 ? `${repeatLabel(mold.moldName, e.repeatIndex)}：` : "") + e.message;
}

/** BG-20261102-000123-7F3A: date (China time), survey id, 4 random hex digits (one per generation). */
export function reportNumber(surveyId: number, now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `BG-${ymd}-${String(surveyId).padStart(6, "0")}-${randomId(2).toUpperCase()}`;
}

export async function buildReport(db: Db, env: Env, survey: SurveyRow, now: number): Promise<{ doc: ReportDoc; card: ReportCard }> {
  const def = await getDefinition(db, survey.type_id);
  if (!def || !def.enabled || !CARDS.includes(def.code as ReportCard)) throw new ReportInputError(WB_MSG.cardDisabled);
  const card = def.code as ReportCard;
  const { answers, missing } = await collectAnswers({ db }, def, survey.id);
  if (missing.length) throw new ReportInputError(missing[0].message);
  const ctx: ModelContext = { card, cardName: def.typeName, reportNo: reportNumber(survey.id, now), generatedAt: now, answers };
  if (card === "motor") {
    const r = assessMotorSystemFromAnswers(answers);
    if (!r.ok) throw new ReportInputError(locate(def, r.errors));
    return { card, doc: motorReport(ctx, r.result) };
  }
  if (card === "stenter") {
    const r = assessStenterFromAnswers(answers);
    if (!r.ok) throw new ReportInputError(locate(def, r.errors));
    return { card, doc: stenterReport(ctx, r.result) };
  }
  const mapped = electricityInputFromAnswers(answers, await readLoadCurve(env, survey.id));
  if (!mapped.ok) throw new ReportInputError(locate(def, mapped.errors));
  return { card, doc: electricityReport(ctx, assessElectricityCost(mapped.input), mapped.input) };
}
