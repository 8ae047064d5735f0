// Generate a report: required answers per repeat, the definition's value and cross-field rules and the card's
// answer mapping for plausibility — every problem at once, each tied to its field — then QUEUED (publication.ts) and a {kind:"report", surveyId} message for the report consumer.
import { fail } from "../../lib/errors";
import { DISPOSE_STATUS, REQUIRED_FIELD, WB_MSG, problemsMsg, repeatLabel, type GenerateProblem } from "../../contract/workbench";
import { definitionProblems, hiddenAnswers } from "../../contract/survey-rules";
import type { InputError } from "../../cards";
import { cardInputErrors, type CardExtras } from "../../cards";
import { writableSurvey, type WbCtx } from "./access";
import { readStoredAnswers } from "./answers";
import { openCard, type OpenCard } from "./cards";
import type { DefMold, DefQuestion, Definition } from "./definitions";
import { readLoadCurve } from "./load-curve";
import { isGenerating, queueReport } from "./publication";
import { jobTiming, liveJob } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { JOB_KIND } from "../../contract/jobs";

export interface SurveyAnswers {
  /** Engine input: question key → one string per repeat (select answers as option keys); answers that do not apply
   *  to the choices made (a pump block of a fan motor) are blank, as the form hides them. */
  answers: Record<string, string[]>;
  /** Required questions left blank, in form order (hidden ones are not required). */
  missing: GenerateProblem[];
}

/** A problem located by section and repeat: 第2台电机：… for the list, the bare text for beside the field. */
function locate(def: Definition, q: DefQuestion | undefined, key: string, indexNo: number, text: string, message?: string): GenerateProblem {
  const mold = q ? def.molds.get(q.moldId) : undefined;
  const prefix = mold?.multiple === 1 ? `${repeatLabel(mold.moldName, indexNo)}：` : "";
  return {
    questionId: q?.id ?? 0,
    indexNo,
    key,
    path: mold ? `${mold.key}[${indexNo}].${key}` : `${key}[${indexNo}]`,
    message: message ?? prefix + text,
    field: text,
  };
}

/** Read a survey's answers into the engines' shape and list blank required questions. */
export async function collectAnswers({ def, surveyId, ...ctx }: Pick<WbCtx, "db"> & { def: Definition; surveyId: number }): Promise<SurveyAnswers> {
  const { sizes, answers: rows } = await readStoredAnswers({ db: ctx.db, surveyId });
  const stored = new Map(rows.map((r) => [`${r.questionId}:${r.indexNo}`, r]));
  const answers: Record<string, string[]> = {};
  const inputQuestions: { q: DefQuestion; mold: DefMold }[] = [];
  for (const page of def.pages) {
    for (const mold of page.molds) {
      if (mold.kind === "image") continue;
      const size = mold.multiple === 1 ? (sizes.get(mold.id) ?? 1) : 1;
      for (const q of mold.questions) {
        inputQuestions.push({ q, mold });
        const values: string[] = [];
        for (let i = 0; i < size; i++) {
          const a = stored.get(`${q.id}:${i}`);
          values.push(
            q.questionType === "select"
              ? a?.answerOptionId != null
                ? (q.options.find((o) => o.id === a.answerOptionId)?.key ?? "")
                : ""
              : (a?.optionContent ?? "").trim(),
          );
        }
        answers[q.key] = values;
      }
    }
  }
  const hidden = def.source ? hiddenAnswers(def.source, answers) : new Set<string>();
  const missing: GenerateProblem[] = [];
  for (const { q, mold } of inputQuestions) {
    const values = answers[q.key]!;
    for (let i = 0; i < values.length; i++) {
      if (hidden.has(`${q.key}:${i}`)) {
        values[i] = "";
        continue;
      }
      if (q.requiredFlag === 1 && values[i] === "") {
        const where = mold.multiple === 1 ? repeatLabel(mold.moldName, i) : mold.moldName;
        missing.push(locate(def, q, q.key, i, REQUIRED_FIELD, `${where}「${q.questionName}」未填写`));
      }
    }
  }
  return { answers, missing };
}

/** What a card reads beside the answers: the imported load curve, for cards whose workbook carries one. */
export async function cardExtras({ env, open, surveyId }: { env: Env; open: OpenCard; surveyId: number }): Promise<CardExtras> {
  return open.card.sheet.loadCurve ? { loadCurve: await readLoadCurve({ env, surveyId }) } : {};
}

/** Engine messages located by section and repeat (e.g. 第2台电机：额定功率应在…). */
export function locateInputErrors(def: Definition, errors: InputError[]): GenerateProblem[] {
  const byKey = new Map([...def.questions.values()].map((q) => [q.key, q]));
  return errors.map((e) => locate(def, byKey.get(e.questionKey), e.questionKey, e.repeatIndex, e.message));
}

/**
 * Every problem of a survey at once, in form order, at most one per field (the first found: blank required, then
 * the definition's value and cross-field rules, then what only the engine can judge).
 */
export function surveyProblems(def: Definition, missing: GenerateProblem[], ruleErrors: InputError[], engineErrors: InputError[]): GenerateProblem[] {
  const seen = new Set<string>();
  const out: GenerateProblem[] = [];
  for (const p of [...missing, ...locateInputErrors(def, ruleErrors), ...locateInputErrors(def, engineErrors)]) {
    const at = p.questionId ? `${p.questionId}:${p.indexNo}` : `0:${p.message}`;
    if (seen.has(at)) continue;
    seen.add(at);
    out.push(p);
  }
  // Question ids follow definition order (docs/decisions/030), so sorting by section, repeat, question is form order.
  const moldOf = (p: GenerateProblem) => (p.questionId ? (def.questions.get(p.questionId)?.moldId ?? Infinity) : Infinity);
  return out.sort((a, b) => moldOf(a) - moldOf(b) || a.indexNo - b.indexNo || a.questionId - b.questionId);
}

export async function generateReport({ userId, surveyId, ...ctx }: WbCtx & { userId: number; surveyId: number }): Promise<{ id: number; disposeStatus: typeof DISPOSE_STATUS.QUEUED }> {
  const survey = await writableSurvey({ db: ctx.db, userId, surveyId });
  // Pending with a live job: refuse. Pending whose job's lease expired (the worker died): start it again.
  const restart = isGenerating(survey.disposeStatus);
  if (restart && (await liveJob({ db: ctx.db, kind: JOB_KIND.REPORT, subjectId: survey.id, now: ctx.now }))) throw fail(WB_MSG.generating);
  const open = await openCard({ db: ctx.db, typeId: survey.typeId });
  const { answers, missing } = await collectAnswers({ ...ctx, def: open.def, surveyId: survey.id });
  // All of them at once: blank required, the definition's rules (as the form checks them), and the engine's own.
  const ruleErrors = open.def.source
    ? definitionProblems(open.def.source, answers).map((p) => ({ questionKey: p.key, repeatIndex: p.index, message: p.message }))
    : [];
  const engineErrors = cardInputErrors(open.card, answers, await cardExtras({ env: ctx.env, open, surveyId: survey.id }));
  const problems = surveyProblems(open.def, missing, ruleErrors, engineErrors);
  if (problems.length) throw fail(problemsMsg(problems.length, problems[0]!.message), { problems });
  // Compare-and-set: two clicks never queue two jobs. The job row is the promise; the message only wakes a worker
  // (a lost one is re-sent by the sweeper).
  const jobId = await queueReport({ db: ctx.db, surveyId: survey.id, now: ctx.now, timing: jobTiming({ env: ctx.env }), restart });
  if (!jobId) throw fail(WB_MSG.generating);
  await wakeJobs({ env: ctx.env, list: [{ id: jobId, kind: JOB_KIND.REPORT }] });
  return { id: survey.id, disposeStatus: DISPOSE_STATUS.QUEUED };
}

