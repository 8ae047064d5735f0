// Answers and repeats: one row per survey + question + repeat, written with a single upsert so concurrent
// autosaves of one field keep the last write; repeats are added and removed with their answers renumbered.
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { DEF_ID_STRIDE, MAX_REPEATS, WB_MSG, splitPicIds, type AnswerSaved, type ModeResult } from "../../contract/workbench";
import { d1, repeatSize, touchAnswersStatement, writableSurvey, type SurveyRow, type WbCtx } from "./access";
import { getDefinition, type DefMold, type DefQuestion } from "./definitions";
import { assertImageKeys, deleteObjects } from "./images";

const MAX_CARD_TYPE_ID = 999;

export interface SaveAnswerInput {
  surveyId: number;
  questionId: number;
  indexNo: number;
  answerOptionId?: number | null;
  optionContent?: string | null;
  answerPicId?: string | null;
}

export async function saveAnswer(ctx: WbCtx, userId: number, input: SaveAnswerInput): Promise<AnswerSaved> {
  const typeId = Math.floor(input.questionId / DEF_ID_STRIDE);
  // Card ids are small; anything else is not a question of ours and goes the checked way (no cache entry).
  const def = typeId >= 1 && typeId <= MAX_CARD_TYPE_ID ? await getDefinition(ctx.db, typeId) : null;
  const question = def?.questions.get(input.questionId);
  const mold = question ? def!.molds.get(question.moldId) : undefined;
  if (question && mold && mold.kind !== "image") {
    const saved = await saveValueGuarded(ctx, userId, input, def!.typeId, question, mold);
    if (saved) return saved;
  }
  return saveAnswerChecked(ctx, userId, input);
}

/** A text/select answer's stored value; an option id must belong to the question. */
function answerValue(question: DefQuestion, input: SaveAnswerInput): { optionContent: string; optionId: number | null } {
  if (question.questionType !== "select") return { optionContent: (input.optionContent ?? "").trim(), optionId: null };
  if (input.answerOptionId == null) return { optionContent: "", optionId: null };
  const option = question.options.find((o) => o.id === input.answerOptionId);
  if (!option) throw fail(WB_MSG.optionMissing, { answerId: question.id });
  return { optionContent: option.optionName, optionId: option.id };
}

const UPSERT_ANSWER_SET = `ON CONFLICT (survey_id, question_id, index_no) DO UPDATE SET
  option_content = excluded.option_content, answer_option_id = excluded.answer_option_id,
  answer_pic_id = excluded.answer_pic_id, updated_at = excluded.updated_at
RETURNING id`;

/**
 * The autosave hot path for text and select answers: ownership, bin state, card and repeat bound are the
 * upsert's own WHERE, and the survey is touched in the same batch — one D1 round trip after the session.
 * Null when the guard refused: the checked path then says why (not found, read-only, no such repeat…).
 */
async function saveValueGuarded(
  ctx: WbCtx,
  userId: number,
  input: SaveAnswerInput,
  typeId: number,
  question: DefQuestion,
  mold: DefMold,
): Promise<AnswerSaved | null> {
  let value: ReturnType<typeof answerValue>;
  try {
    value = answerValue(question, input);
  } catch {
    return null; // the checked path answers, after the ownership check, with the same message
  }
  const { optionContent, optionId } = value;
  const client = d1(ctx.db);
  const [upsert, touch] = await client.batch<{ id?: number; dispose_status?: number }>([
    client
      .prepare(
        `INSERT INTO survey_answers (survey_id, question_id, index_no, option_content, answer_option_id, answer_pic_id, updated_at)
         SELECT s.id, ?2, ?3, ?4, ?5, '', ?6 FROM surveys s
         WHERE s.id = ?1 AND s.user_id = ?7 AND s.type_id = ?8 AND s.is_delete = 0
           AND ?3 < CASE WHEN ?9 = 1
             THEN COALESCE((SELECT r.size FROM survey_repeats r WHERE r.survey_id = s.id AND r.mold_id = ?10), 1) ELSE 1 END
         ${UPSERT_ANSWER_SET}`,
      )
      .bind(input.surveyId, question.id, input.indexNo, optionContent, optionId, ctx.now, userId, typeId, mold.multiple, mold.id),
    client
      .prepare(
        `UPDATE surveys SET updated_at = ?1, answers_updated_at = ?1,
           dispose_status = CASE WHEN dispose_status IN (1, 3) THEN -1 ELSE dispose_status END
         WHERE id = ?2 AND user_id = ?3 AND is_delete = 0 AND EXISTS (SELECT 1 FROM survey_answers
           WHERE survey_id = ?2 AND question_id = ?4 AND index_no = ?5 AND updated_at = ?1)
         RETURNING dispose_status`,
      )
      .bind(ctx.now, input.surveyId, userId, question.id, input.indexNo),
  ]);
  const row = upsert.results[0];
  const status = touch.results[0]?.dispose_status;
  if (row?.id === undefined || status === undefined) return null;
  return { id: row.id, answerId: question.id, indexNo: input.indexNo, updatedAt: ctx.now, disposeStatus: status };
}

/** Every answer kind with each check spelled out: image answers, and the reason for any refusal. */
async function saveAnswerChecked(ctx: WbCtx, userId: number, input: SaveAnswerInput): Promise<AnswerSaved> {
  const { db, env, now } = ctx;
  const client = d1(db);
  // The survey (ownership, bin state) and the repeat count of the question's section in one read.
  const survey = await client
    .prepare(
      `SELECT s.*, (SELECT r.size FROM survey_repeats r WHERE r.survey_id = s.id AND r.mold_id =
         (SELECT q.mold_id FROM survey_def_questions q WHERE q.id = ?3)) AS repeat_size
       FROM surveys s WHERE s.id = ?1 AND s.user_id = ?2`,
    )
    .bind(input.surveyId, userId, input.questionId)
    .first<SurveyRow & { repeat_size: number | null }>();
  if (!survey) throw notFound(WB_MSG.notFound);
  if (survey.is_delete === 1) throw fail(WB_MSG.readOnly);
  const def = await getDefinition(db, survey.type_id);
  const question = def?.questions.get(input.questionId);
  const mold = question ? def!.molds.get(question.moldId) : undefined;
  if (!question || !mold) throw fail(WB_MSG.questionMissing, { answerId: input.questionId });
  const size = mold.multiple === 1 ? (survey.repeat_size ?? 1) : 1;
  if (input.indexNo >= size) throw fail(WB_MSG.repeatMissing, { answerId: input.questionId });

  let optionContent = "";
  let optionId: number | null = null;
  let pics = "";
  let removedKeys: string[] = [];
  if (mold.kind === "image") {
    const keys = splitPicIds(input.answerPicId);
    assertImageKeys(keys);
    const limit = question.imageSize ?? 10;
    if (keys.length > limit) throw fail(`最多上传${limit}张图片`, { answerId: question.id });
    // Only images uploaded to this survey's question may be referenced.
    const owned = await client
      .prepare("SELECT key FROM survey_images WHERE survey_id = ? AND question_id = ?")
      .bind(survey.id, question.id)
      .all<{ key: string }>();
    const ownedKeys = new Set(owned.results.map((r) => r.key));
    if (keys.some((k) => !ownedKeys.has(k))) throw fail(WB_MSG.badImageKey, { answerId: question.id });
    const before = await client
      .prepare("SELECT answer_pic_id FROM survey_answers WHERE survey_id = ? AND question_id = ? AND index_no = ?")
      .bind(survey.id, question.id, input.indexNo)
      .first<{ answer_pic_id: string }>();
    const keep = new Set(keys);
    removedKeys = splitPicIds(before?.answer_pic_id).filter((k) => !keep.has(k));
    pics = [...new Set(keys)].join(";");
  } else {
    ({ optionContent, optionId } = answerValue(question, input));
  }

  const statements = [
    client
      .prepare(
        `INSERT INTO survey_answers (survey_id, question_id, index_no, option_content, answer_option_id, answer_pic_id, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ${UPSERT_ANSWER_SET}`,
      )
      .bind(survey.id, question.id, input.indexNo, optionContent, optionId, pics, now),
    touchAnswersStatement(db, survey.id, now),
  ];
  if (removedKeys.length) {
    statements.push(
      client.prepare(`DELETE FROM survey_images WHERE survey_id = ? AND key IN (${removedKeys.map(() => "?").join(",")})`).bind(survey.id, ...removedKeys),
    );
  }
  const [row] = await client.batch<{ id: number }>(statements);
  if (removedKeys.length) await deleteObjects(env, removedKeys);
  return {
    id: row.results[0]!.id,
    answerId: question.id,
    indexNo: input.indexNo,
    updatedAt: now,
    disposeStatus: survey.dispose_status === 1 || survey.dispose_status === 3 ? -1 : survey.dispose_status,
  };
}

async function repeatableMold(ctx: WbCtx, userId: number, surveyId: number, moldId: number) {
  const survey = await writableSurvey(ctx.db, userId, surveyId);
  const def = await getDefinition(ctx.db, survey.type_id);
  const mold = def?.molds.get(moldId);
  if (!mold) throw fail(WB_MSG.repeatMissing);
  if (mold.multiple !== 1) throw fail(WB_MSG.noRepeat);
  return { survey, mold, size: await repeatSize(ctx.db, survey.id, mold) };
}

// Answers of one section: a subquery keeps the statement independent of the number of questions.
const OF_MOLD = "survey_id = ?1 AND question_id IN (SELECT id FROM survey_def_questions WHERE mold_id = ?2)";

/** Add a repeat at indexNo (default: at the end); later repeats move up by one. */
export async function addRepeat(ctx: WbCtx, userId: number, input: { surveyId: number; moldId: number; indexNo?: number }): Promise<ModeResult & { indexNo: number }> {
  const { survey, mold, size } = await repeatableMold(ctx, userId, input.surveyId, input.moldId);
  if (size >= MAX_REPEATS) throw fail(WB_MSG.repeatLimit);
  const at = Math.min(input.indexNo ?? size, size);
  const client = d1(ctx.db);
  const statements: D1PreparedStatement[] = [];
  if (at < size) {
    // Two steps through negative numbers so the unique (survey, question, index) never collides mid-update.
    statements.push(
      client.prepare(`UPDATE survey_answers SET index_no = -index_no - 2 WHERE ${OF_MOLD} AND index_no >= ?3`).bind(survey.id, mold.id, at),
      client.prepare(`UPDATE survey_answers SET index_no = -index_no - 1 WHERE ${OF_MOLD} AND index_no < 0`).bind(survey.id, mold.id),
    );
  }
  statements.push(
    client
      .prepare("INSERT INTO survey_repeats (survey_id, mold_id, size) VALUES (?1, ?2, ?3) ON CONFLICT (survey_id, mold_id) DO UPDATE SET size = excluded.size")
      .bind(survey.id, mold.id, size + 1),
    touchAnswersStatement(ctx.db, survey.id, ctx.now),
  );
  await client.batch(statements);
  return { moldId: mold.id, size: size + 1, indexNo: at };
}

/** Delete repeat indexNo (never the first); later repeats move down by one; its images are removed. */
export async function deleteRepeat(ctx: WbCtx, userId: number, input: { surveyId: number; moldId: number; indexNo?: number }): Promise<ModeResult> {
  const { survey, mold, size } = await repeatableMold(ctx, userId, input.surveyId, input.moldId);
  const at = input.indexNo ?? size - 1;
  if (at <= 0) throw fail(WB_MSG.firstRepeat);
  if (at >= size) throw fail(WB_MSG.repeatMissing);
  const client = d1(ctx.db);
  const pics = await client
    .prepare(`SELECT answer_pic_id FROM survey_answers WHERE ${OF_MOLD} AND index_no = ?3 AND answer_pic_id != ''`)
    .bind(survey.id, mold.id, at)
    .all<{ answer_pic_id: string }>();
  const keys = pics.results.flatMap((r) => splitPicIds(r.answer_pic_id));
  const statements = [
    client.prepare(`DELETE FROM survey_answers WHERE ${OF_MOLD} AND index_no = ?3`).bind(survey.id, mold.id, at),
    client.prepare(`UPDATE survey_answers SET index_no = -index_no WHERE ${OF_MOLD} AND index_no > ?3`).bind(survey.id, mold.id, at),
    client.prepare(`UPDATE survey_answers SET index_no = -index_no - 1 WHERE ${OF_MOLD} AND index_no < 0`).bind(survey.id, mold.id),
    client.prepare("UPDATE survey_repeats SET size = ?3 WHERE survey_id = ?1 AND mold_id = ?2").bind(survey.id, mold.id, size - 1),
    touchAnswersStatement(ctx.db, survey.id, ctx.now),
  ];
  if (keys.length) {
    statements.push(client.prepare(`DELETE FROM survey_images WHERE survey_id = ? AND key IN (${keys.map(() => "?").join(",")})`).bind(survey.id, ...keys));
  }
  await client.batch(statements);
  if (keys.length) await deleteObjects(ctx.env, keys);
  return { moldId: mold.id, size: size - 1 };
}

/** One answer of a bulk write (spreadsheet import): select answers carry the option id and its name. */
export interface BulkAnswer {
  questionId: number;
  indexNo: number;
  optionContent: string;
  answerOptionId: number | null;
}

/**
 * Upserts for many answers of one survey, as few statements as D1's limits allow: the rows travel as one JSON
 * parameter per chunk (D1 binds at most 100 parameters and a value of at most ~2 MB). Same row rule as saveAnswer.
 */
export function bulkAnswerStatements(db: Db, surveyId: number, answers: readonly BulkAnswer[], now: number, chunk = 2000): D1PreparedStatement[] {
  const client = d1(db);
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < answers.length; i += chunk) {
    const rows = answers.slice(i, i + chunk).map((a) => [a.questionId, a.indexNo, a.optionContent, a.answerOptionId]);
    out.push(
      client
        .prepare(
          `INSERT INTO survey_answers (survey_id, question_id, index_no, option_content, answer_option_id, answer_pic_id, updated_at)
           SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), '', ?2
           FROM json_each(?3) WHERE true
           ON CONFLICT (survey_id, question_id, index_no) DO UPDATE SET
             option_content = excluded.option_content, answer_option_id = excluded.answer_option_id, updated_at = excluded.updated_at`,
        )
        .bind(surveyId, now, JSON.stringify(rows)),
    );
  }
  return out;
}

/** Set a repeatable section's number of repeats (bulk writes; addRepeat/deleteRepeat renumber answers instead). */
export function repeatSizeStatement(db: Db, surveyId: number, moldId: number, size: number): D1PreparedStatement {
  return d1(db)
    .prepare("INSERT INTO survey_repeats (survey_id, mold_id, size) VALUES (?1, ?2, ?3) ON CONFLICT (survey_id, mold_id) DO UPDATE SET size = excluded.size")
    .bind(surveyId, moldId, size);
}
