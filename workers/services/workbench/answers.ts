// Answers and repeats: one row per survey + question + repeat, written with a single upsert so concurrent
// autosaves of one field keep the last write; repeats are added and removed with their answers renumbered.
import { and, eq, getTableColumns, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { surveyAnswers, surveyImages, surveyRepeats, surveys } from "../../../db/schema";
import { dbBatch, type Db, type DbStatement } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { DEF_ID_STRIDE, MAX_REPEATS, WB_MSG, splitPicIds, type AnswerSaved, type ModeResult } from "../../contract/workbench";
import {
  repeatSize,
  repeatSizeStatement,
  statusAfterAnswerChange,
  statusAfterAnswerChangeOf,
  touchAnswersStatement,
  writableSurvey,
  type WbCtx,
} from "./access";
import { getDefinition, type DefMold, type DefQuestion } from "./definitions";
import { assertImageKeys, deleteImageRowsStatement, deleteObjects, storedPicIds } from "./images";

const MAX_CARD_TYPE_ID = 999;

export interface SaveAnswerInput {
  surveyId: number;
  questionId: number;
  indexNo: number;
  answerOptionId?: number | null;
  optionContent?: string | null;
  answerPicId?: string | null;
}

export async function saveAnswer({ userId, input, ...ctx }: WbCtx & { userId: number; input: SaveAnswerInput }): Promise<AnswerSaved> {
  const typeId = Math.floor(input.questionId / DEF_ID_STRIDE);
  // Card ids are small; anything else is not a question of ours and goes the checked way (no cache entry).
  const def = typeId >= 1 && typeId <= MAX_CARD_TYPE_ID ? await getDefinition({ db: ctx.db, typeId }) : null;
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

/** The one-row-per-survey+question+repeat rule: a later write of the same answer replaces it. */
const answerConflict = {
  target: [surveyAnswers.surveyId, surveyAnswers.questionId, surveyAnswers.indexNo],
  set: {
    optionContent: sql`excluded.option_content`,
    answerOptionId: sql`excluded.answer_option_id`,
    answerPicId: sql`excluded.answer_pic_id`,
    updatedAt: sql`excluded.updated_at`,
  },
};

/**
 * The autosave hot path for text and select answers: ownership, bin state, card and repeat bound are the
 * upsert's own WHERE, and the survey is touched in the same batch — one D1 round trip after the session
 * (docs/decisions/031). The guard needs INSERT … SELECT with a hand-written SELECT, so that part is drizzle's
 * `sql` template inside a drizzle insert builder (a builder, unlike db.run(sql), can go into db.batch).
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
  const { db, now } = ctx;
  // Column order of survey_answers: id, survey_id, question_id, index_no, option_content, answer_option_id, answer_pic_id, updated_at.
  const guardedRow = sql`SELECT NULL, s.id, ${question.id}, ${input.indexNo}, ${optionContent}, ${optionId}, '', ${now} FROM surveys s
    WHERE s.id = ${input.surveyId} AND s.user_id = ${userId} AND s.type_id = ${typeId} AND s.is_delete = 0
      AND ${input.indexNo} < CASE WHEN ${mold.multiple} = 1
        THEN COALESCE((SELECT r.size FROM survey_repeats r WHERE r.survey_id = s.id AND r.mold_id = ${mold.id}), 1) ELSE 1 END`;
  const [upsert, touch] = await db.batch([
    db.insert(surveyAnswers).select(guardedRow).onConflictDoUpdate(answerConflict).returning({ id: surveyAnswers.id }),
    db
      .update(surveys)
      .set({ updatedAt: now, answersUpdatedAt: now, disposeStatus: statusAfterAnswerChange })
      .where(
        and(
          eq(surveys.id, input.surveyId),
          eq(surveys.userId, userId),
          eq(surveys.isDelete, 0),
          sql`EXISTS (SELECT 1 FROM survey_answers WHERE survey_id = ${input.surveyId} AND question_id = ${question.id} AND index_no = ${input.indexNo} AND updated_at = ${now})`,
        ),
      )
      .returning({ disposeStatus: surveys.disposeStatus }),
  ]);
  const row = upsert[0];
  const status = touch[0]?.disposeStatus;
  if (row?.id === undefined || status === undefined) return null;
  return { id: row.id, answerId: question.id, indexNo: input.indexNo, updatedAt: now, disposeStatus: status };
}

/** Every answer kind with each check spelled out: image answers, and the reason for any refusal. */
async function saveAnswerChecked(ctx: WbCtx, userId: number, input: SaveAnswerInput): Promise<AnswerSaved> {
  const { db, env, now } = ctx;
  // The survey (ownership, bin state) and the repeat count of the question's section in one read.
  const [survey] = await db
    .select({
      ...getTableColumns(surveys),
      repeatSize: sql<number | null>`(SELECT r.size FROM survey_repeats r WHERE r.survey_id = ${surveys.id} AND r.mold_id =
         (SELECT q.mold_id FROM survey_def_questions q WHERE q.id = ${input.questionId}))`,
    })
    .from(surveys)
    .where(and(eq(surveys.id, input.surveyId), eq(surveys.userId, userId)))
    .limit(1);
  if (!survey) throw notFound(WB_MSG.notFound);
  if (survey.isDelete === 1) throw fail(WB_MSG.readOnly);
  const def = await getDefinition({ db, typeId: survey.typeId });
  const question = def?.questions.get(input.questionId);
  const mold = question ? def!.molds.get(question.moldId) : undefined;
  if (!question || !mold) throw fail(WB_MSG.questionMissing, { answerId: input.questionId });
  const size = mold.multiple === 1 ? (survey.repeatSize ?? 1) : 1;
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
    const owned = await db
      .select({ key: surveyImages.key })
      .from(surveyImages)
      .where(and(eq(surveyImages.surveyId, survey.id), eq(surveyImages.questionId, question.id)));
    const ownedKeys = new Set(owned.map((r) => r.key));
    if (keys.some((k) => !ownedKeys.has(k))) throw fail(WB_MSG.badImageKey, { answerId: question.id });
    const before = await storedPicIds({ db, surveyId: survey.id, questionId: question.id, indexNo: input.indexNo });
    const keep = new Set(keys);
    removedKeys = splitPicIds(before).filter((k) => !keep.has(k));
    pics = [...new Set(keys)].join(";");
  } else {
    ({ optionContent, optionId } = answerValue(question, input));
  }

  const statements: DbStatement[] = [touchAnswersStatement({ db, surveyId: survey.id, now })];
  if (removedKeys.length) statements.push(deleteImageRowsStatement({ db, surveyId: survey.id, keys: removedKeys }));
  const [row] = await db.batch([
    db
      .insert(surveyAnswers)
      .values({ surveyId: survey.id, questionId: question.id, indexNo: input.indexNo, optionContent, answerOptionId: optionId, answerPicId: pics, updatedAt: now })
      .onConflictDoUpdate(answerConflict)
      .returning({ id: surveyAnswers.id }),
    ...statements,
  ]);
  if (removedKeys.length) await deleteObjects({ env, keys: removedKeys });
  return {
    id: row[0]!.id,
    answerId: question.id,
    indexNo: input.indexNo,
    updatedAt: now,
    disposeStatus: statusAfterAnswerChangeOf(survey.disposeStatus),
  };
}

async function repeatableMold(ctx: WbCtx, userId: number, surveyId: number, moldId: number) {
  const survey = await writableSurvey({ db: ctx.db, userId, surveyId });
  const def = await getDefinition({ db: ctx.db, typeId: survey.typeId });
  const mold = def?.molds.get(moldId);
  if (!mold) throw fail(WB_MSG.repeatMissing);
  if (mold.multiple !== 1) throw fail(WB_MSG.noRepeat);
  return { survey, mold, size: await repeatSize({ db: ctx.db, surveyId: survey.id, mold }) };
}

/** Answers of one section: a subquery keeps the statement independent of the number of questions. */
function ofMold(surveyId: number, moldId: number) {
  return and(
    eq(surveyAnswers.surveyId, surveyId),
    inArray(surveyAnswers.questionId, sql`(SELECT id FROM survey_def_questions WHERE mold_id = ${moldId})`),
  );
}

/** Add a repeat at indexNo (default: at the end); later repeats move up by one. */
export async function addRepeat({ userId, input, ...ctx }: WbCtx & { userId: number; input: { surveyId: number; moldId: number; indexNo?: number } }): Promise<ModeResult & { indexNo: number }> {
  const { survey, mold, size } = await repeatableMold(ctx, userId, input.surveyId, input.moldId);
  if (size >= MAX_REPEATS) throw fail(WB_MSG.repeatLimit);
  const at = Math.min(input.indexNo ?? size, size);
  const { db } = ctx;
  const statements: DbStatement[] = [];
  if (at < size) {
    // Two steps through negative numbers so the unique (survey, question, index) never collides mid-update.
    statements.push(
      db.update(surveyAnswers).set({ indexNo: sql`-${surveyAnswers.indexNo} - 2` }).where(and(ofMold(survey.id, mold.id), gte(surveyAnswers.indexNo, at))),
      db.update(surveyAnswers).set({ indexNo: sql`-${surveyAnswers.indexNo} - 1` }).where(and(ofMold(survey.id, mold.id), lt(surveyAnswers.indexNo, 0))),
    );
  }
  statements.push(repeatSizeStatement({ db, surveyId: survey.id, moldId: mold.id, size: size + 1 }), touchAnswersStatement({ db, surveyId: survey.id, now: ctx.now }));
  await dbBatch(db, statements);
  return { moldId: mold.id, size: size + 1, indexNo: at };
}

/** Delete repeat indexNo (never the first); later repeats move down by one; its images are removed. */
export async function deleteRepeat({ userId, input, ...ctx }: WbCtx & { userId: number; input: { surveyId: number; moldId: number; indexNo?: number } }): Promise<ModeResult> {
  const { survey, mold, size } = await repeatableMold(ctx, userId, input.surveyId, input.moldId);
  const at = input.indexNo ?? size - 1;
  if (at <= 0) throw fail(WB_MSG.firstRepeat);
  if (at >= size) throw fail(WB_MSG.repeatMissing);
  const { db } = ctx;
  const pics = await db
    .select({ answerPicId: surveyAnswers.answerPicId })
    .from(surveyAnswers)
    .where(and(ofMold(survey.id, mold.id), eq(surveyAnswers.indexNo, at), ne(surveyAnswers.answerPicId, "")));
  const keys = pics.flatMap((r) => splitPicIds(r.answerPicId));
  const statements: DbStatement[] = [
    db.delete(surveyAnswers).where(and(ofMold(survey.id, mold.id), eq(surveyAnswers.indexNo, at))),
    db.update(surveyAnswers).set({ indexNo: sql`-${surveyAnswers.indexNo}` }).where(and(ofMold(survey.id, mold.id), gt(surveyAnswers.indexNo, at))),
    db.update(surveyAnswers).set({ indexNo: sql`-${surveyAnswers.indexNo} - 1` }).where(and(ofMold(survey.id, mold.id), lt(surveyAnswers.indexNo, 0))),
    db.update(surveyRepeats).set({ size: size - 1 }).where(and(eq(surveyRepeats.surveyId, survey.id), eq(surveyRepeats.moldId, mold.id))),
    touchAnswersStatement({ db, surveyId: survey.id, now: ctx.now }),
  ];
  if (keys.length) statements.push(deleteImageRowsStatement({ db, surveyId: survey.id, keys }));
  await dbBatch(db, statements);
  if (keys.length) await deleteObjects({ env: ctx.env, keys });
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
export function bulkAnswerStatements({ db, surveyId, answers, now, chunk = 2000 }: { db: Db; surveyId: number; answers: readonly BulkAnswer[]; now: number; chunk?: number }): DbStatement[] {
  const out: DbStatement[] = [];
  for (let i = 0; i < answers.length; i += chunk) {
    const rows = JSON.stringify(answers.slice(i, i + chunk).map((a) => [a.questionId, a.indexNo, a.optionContent, a.answerOptionId]));
    // INSERT … SELECT FROM json_each: drizzle's `sql` for the SELECT (column order of survey_answers); WHERE true
    // keeps SQLite from reading ON CONFLICT as a join constraint.
    const fromJson = sql`SELECT NULL, ${surveyId}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), '', ${now}
      FROM json_each(${rows}) WHERE true`;
    out.push(
      db
        .insert(surveyAnswers)
        .select(fromJson)
        .onConflictDoUpdate({
          target: answerConflict.target,
          set: { optionContent: sql`excluded.option_content`, answerOptionId: sql`excluded.answer_option_id`, updatedAt: sql`excluded.updated_at` },
        }),
    );
  }
  return out;
}

/** A stored answer as the readers need it (survey content, generate, export). */
export type StoredAnswer = Pick<typeof surveyAnswers.$inferSelect, "id" | "questionId" | "indexNo" | "optionContent" | "answerOptionId" | "answerPicId">;

/** A survey's repeat counts (mold id → size; absent means 1) and answers, in one round trip. */
export async function readStoredAnswers({ db, surveyId }: { db: Db; surveyId: number }): Promise<{ sizes: Map<number, number>; answers: StoredAnswer[] }> {
  const [repeats, answers] = await db.batch([
    db.select({ moldId: surveyRepeats.moldId, size: surveyRepeats.size }).from(surveyRepeats).where(eq(surveyRepeats.surveyId, surveyId)),
    db
      .select({
        id: surveyAnswers.id,
        questionId: surveyAnswers.questionId,
        indexNo: surveyAnswers.indexNo,
        optionContent: surveyAnswers.optionContent,
        answerOptionId: surveyAnswers.answerOptionId,
        answerPicId: surveyAnswers.answerPicId,
      })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.surveyId, surveyId)),
  ]);
  return { sizes: new Map(repeats.map((r) => [r.moldId, r.size])), answers };
}
