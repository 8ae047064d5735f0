// Generate a report: required answers per repeat, then the engines' answer mapping for plausibility, then
// status 0 (queued) and a {kind:"report", surveyId} message for the report consumer.
import { fail } from "../../lib/errors";
import { WB_MSG, repeatLabel, type GenerateProblem } from "../../contract/workbench";
import { electricityInputFromAnswers, motorInputFromAnswers, stenterInputFromAnswers, type Answers, type InputError, type LoadCurveExtra } from "../../engines";
import { readLoadCurve } from "../../reports/load-curve";
import { d1, writableSurvey, type WbCtx } from "./access";
import { getDefinition, type Definition } from "./definitions";

export interface ReportJob {
  kind: "report";
  surveyId: number;
}

interface StoredAnswer {
  question_id: number;
  index_no: number;
  option_content: string;
  answer_option_id: number | null;
}

export interface SurveyAnswers {
  /** Engine input: question key → one string per repeat (select answers as option keys). */
  answers: Record<string, string[]>;
  /** Required questions left blank, in form order. */
  missing: GenerateProblem[];
}

/** Read a survey's answers into the engines' shape and list blank required questions. */
export async function collectAnswers(ctx: Pick<WbCtx, "db">, def: Definition, surveyId: number): Promise<SurveyAnswers> {
  const client = d1(ctx.db);
  const [repeats, rows] = await client.batch([
    client.prepare("SELECT mold_id, size FROM survey_repeats WHERE survey_id = ?").bind(surveyId),
    client.prepare("SELECT question_id, index_no, option_content, answer_option_id FROM survey_answers WHERE survey_id = ?").bind(surveyId),
  ]);
  const sizes = new Map((repeats.results as { mold_id: number; size: number }[]).map((r) => [r.mold_id, r.size]));
  const stored = new Map<string, StoredAnswer>();
  for (const r of rows.results as unknown as StoredAnswer[]) stored.set(`${r.question_id}:${r.index_no}`, r);
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
            value = a?.answer_option_id != null ? (q.options.find((o) => o.id === a.answer_option_id)?.key ?? "") : "";
          } else {
            value = (a?.option_content ?? "").trim();
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

function mapAnswers(code: string, answers: Answers, loadCurve: LoadCurveExtra | undefined): InputError[] {
  switch (code) {
    case "motor":
      return ((r) => (r.ok ? [] : r.errors))(motorInputFromAnswers(answers));
    case "stenter":
      return ((r) => (r.ok ? [] : r.errors))(stenterInputFromAnswers(answers));
    case "electricity":
      // The imported interval data counts, as it does for the report job (bills alone are not required then).
      return ((r) => (r.ok ? [] : r.errors))(electricityInputFromAnswers(answers, loadCurve));
    default:
      throw fail(WB_MSG.cardDisabled);
  }
}

/** Engine messages located by section and repeat (e.g. 第2台电机：额定功率应在…). */
function locate(def: Definition, errors: InputError[]): GenerateProblem[] {
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
  if (survey.dispose_status === 0 || survey.dispose_status === 2) throw fail(WB_MSG.generating);
  const def = await getDefinition(ctx.db, survey.type_id);
  if (!def || !def.enabled) throw fail(WB_MSG.cardDisabled);
  const { answers, missing } = await collectAnswers(ctx, def, survey.id);
  if (missing.length) throw fail(missing[0]!.message, { problems: missing });
  const loadCurve = def.code === "electricity" ? await readLoadCurve(ctx.env, survey.id) : undefined;
  const problems = locate(def, mapAnswers(def.code, answers, loadCurve));
  if (problems.length) throw fail(problems[0]!.message, { problems });
  // Compare-and-set: two clicks never queue two jobs.
  const updated = await d1(ctx.db)
    .prepare("UPDATE surveys SET dispose_status = 0, fail_reason = NULL, updated_at = ?1 WHERE id = ?2 AND dispose_status NOT IN (0, 2)")
    .bind(ctx.now, survey.id)
    .run();
  if (!updated.meta.changes) throw fail(WB_MSG.generating);
  try {
    await ctx.env.REPORT_QUEUE.send({ kind: "report", surveyId: survey.id } satisfies ReportJob);
  } catch (e) {
    await d1(ctx.db).prepare("UPDATE surveys SET dispose_status = ? WHERE id = ? AND dispose_status = 0").bind(survey.dispose_status, survey.id).run();
    throw e;
  }
  return { id: survey.id, disposeStatus: 0 };
}
