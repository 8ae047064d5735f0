// Survey → engine → report content, through the card registry: the workbench's own collectAnswers (answers
// keyed by question key, one string per repeat) plus the card's extras (imported load curve); no rendering here.
import { WB_MSG } from "../contract/workbench";
import { assessCard, type CardCode } from "../cards";
import type { Db } from "../lib/db";
import { formatChinaTime } from "../lib/china-time";
import { randomId } from "../lib/ids";
import { cardExtras, collectAnswers, findOpenCard, locateInputErrors, type SurveyRow } from "../services/workbench";
import type { ModelContext, ReportDoc } from "./model";

/** A problem with the survey's data: shown to the user as the failure reason, never retried. */
export class ReportInputError extends Error {}

/** BG-20261102-000123-7F3A: date (China time), survey id, 4 random hex digits (one per generation). */
export function reportNumber(surveyId: number, now: number): string {
  return `BG-${formatChinaTime(now, "YYYYMMDD")}-${String(surveyId).padStart(6, "0")}-${randomId(2).toUpperCase()}`;
}

export async function buildReport(db: Db, env: Env, survey: SurveyRow, now: number): Promise<{ doc: ReportDoc; card: CardCode }> {
  const open = await findOpenCard({ db, typeId: survey.typeId });
  if (!open) throw new ReportInputError(WB_MSG.cardDisabled);
  const { def, card } = open;
  const { answers, missing } = await collectAnswers({ db, def, surveyId: survey.id });
  if (missing.length) throw new ReportInputError(missing[0].message);
  const ctx: ModelContext = { card: card.code, cardName: def.typeName, reportNo: reportNumber(survey.id, now), generatedAt: now, answers };
  const built = assessCard(card, answers, await cardExtras({ env, open, surveyId: survey.id }), ctx);
  // The first engine message, located by section and repeat like the generate endpoint does.
  if (!built.ok) throw new ReportInputError(locateInputErrors(def, built.errors)[0]!.message);
  return { card: card.code, doc: built.doc };
}
