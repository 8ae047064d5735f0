// Generate a report: required answers per repeat, then the card's answer mapping for plausibility, then
// QUEUED (publication.ts) and a {kind:"report", surveyId} message for the report consumer.
import { fail } from "../../lib/errors";
import { DISPOSE_STATUS, WB_MSG, repeatLabel, type GenerateProblem } from "../../contract/workbench";
import type { InputError } from "../../engines";
import { cardInputErrors, type CardExtras } from "../../cards";
import { writableSurvey, type WbCtx } from "./access";
import { readStoredAnswers } from "./answers";
import { openCard, type OpenCard } from "./cards";
import type { Definition } from "./definitions";
import { readLoadCurve } from "./load-curve";
import { isGenerating, queueReport, unqueueReport } from "./publication";

export interface ReportJob {
  kind: "report";
  surveyId: number;
}

export interface SurveyAnswers {
  /** Engine input: question key → one string per repeat (select answers as option keys). */
  answers: Record<string, string[]>;
  /** Required questions left blank, in form order. */
  missing: GenerateProblem[];
}

/** Read a survey's answers into the engines' shape and list blank required questions. */
export async function collectAnswers(ctx: Pick<WbCtx, "db">, def: Definition, surveyId: number): Promise<SurveyAnswers> {
  const { sizes, answers: rows } = await readStoredAnswers(ctx.db, surveyId);
  const stored = new Map(rows.map((r) => [`${r.questionId}:${r.indexNo}`, r]));
  const answers: Record<string, string[]> = {};
  const missing: GenerateProblem[] = [];
  for (const page of def.pages) {
    for (const mold of page.molds) {
      if (mold.kind === "image") continue;
      const size = mold.multiple === 1 ? (sizes.get(mold.id) ?? 1) : 1;
      for (const q of mold.questions) {
        const values: string[] = [];
        for (let i = 0; i < size; i++) {
          const a = stored.get(`${q.id}:${i}`);
          let value = "";
          if (q.questionType === "select") {
            value = a?.answerOptionId != null ? (q.options.find((o) => o.id === a.answerOptionId)?.key ?? "") : "";
          } else {
            value = (a?.optionContent ?? "").trim();
          }
          values.push(value);
          if (q.requiredFlag === 1 && value === "") {
            const where = mold.multiple === 1 ? repeatLabel(mold.moldName, i) : mold.moldName;
            missing.push({ questionId: q.id, indexNo: i, message: `${where}「${q.questionName}」未填写` });
          }
        }
        answers[q.key] = values;
      }
    }
  }
  return { answers, missing };
}

/** What a card reads beside the answers: the imported load curve, for cards whose workbook carries one. */
export async function cardExtras(env: Env, open: OpenCard, surveyId: number): Promise<CardExtras> {
  return open.card.sheet.loadCurve ? { loadCurve: await readLoadCurve(env, surveyId) } : {};
}

/** Engine messages located by section and repeat (e.g. 第2台电机：额定功率应在…). */
export function locateInputErrors(def: Definition, errors: InputError[]): GenerateProblem[] {
  const byKey = new Map([...def.questions.values()].map((q) => [q.key, q]));
  return errors.map((e) => {
    const q = byKey.get(e.questionKey);
    const mold = q ? def.molds.get(q.moldId) : undefined;
    const prefix = mold?.multiple === 1 ? `${repeatLabel(mold.moldName, e.repeatIndex)}：` : "";
    return { questionId: q?.id ?? 0, indexNo: e.repeatIndex, message: prefix + e.message };
  });
}

export async function generateReport(ctx: WbCtx, userId: number, surveyId: number): Promise<{ id: number; disposeStatus: 0 }> {
  const survey = await writableSurvey(ctx.db, userId, surveyId);
  if (isGenerating(survey.disposeStatus)) throw fail(WB_MSG.generating);
  const open = await openCard(ctx.db, survey.typeId);
  const { answers, missing } = await collectAnswers(ctx, open.def, survey.id);
  if (missing.length) throw fail(missing[0]!.message, { problems: missing });
  const problems = locateInputErrors(open.def, cardInputErrors(open.card, answers, await cardExtras(ctx.env, open, survey.id)));
  if (problems.length) throw fail(problems[0]!.message, { problems });
  // Compare-and-set: two clicks never queue two jobs.
  if (!(await queueReport(ctx.db, survey.id, ctx.now))) throw fail(WB_MSG.generating);
  try {
    await ctx.env.REPORT_QUEUE.send({ kind: "report", surveyId: survey.id } satisfies ReportJob);
  } catch (e) {
    await unqueueReport(ctx.db, survey.id, survey.disposeStatus);
    throw e;
  }
  return { id: survey.id, disposeStatus: DISPOSE_STATUS.QUEUED };
}

