// Survey images (spec 3 §5): JPG/PNG by magic bytes, ≤10 MB, ≤ the question's imageSize; stored in R2 under an
// unguessable key and served only to the owner.
import { and, eq, sql } from "drizzle-orm";
import { surveyAnswers, surveyImages } from "../../../db/schema";
import { inJsonList, type Db } from "../../lib/db";
import { fail, invalid, notFound } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { IMAGE_MIME, photoTypeOf } from "../../lib/image-type";
import { DEFAULT_IMAGE_SIZE, IMAGE_MAX_BYTES, SURVEY_IMAGE_KEY, WB_MSG, splitPicIds } from "../../contract/workbench";
import { repeatSize, touchAnswersStatement, writableSurvey, type WbCtx } from "./access";
import { getDefinition } from "./definitions";

const R2_PREFIX = "survey/";

export function r2KeyOf(key: string) {
  return R2_PREFIX + key;
}

export interface UploadInput {
  surveyId: number;
  questionId: number;
  indexNo: number;
  file: File;
}

/**
 * Store one image and append it to the answer (the stored answer is the truth for the count, not the
 * client's url list). Returns the new semicolon-joined answerPicId.
 */
export async function addImage({ userId, input, ...ctx }: WbCtx & { userId: number; input: UploadInput }) {
  const { db, env, now } = ctx;
  const survey = await writableSurvey({ db, userId, surveyId: input.surveyId });
  const def = await getDefinition({ db, typeId: survey.typeId });
  const question = def?.questions.get(input.questionId);
  const mold = question ? def!.molds.get(question.moldId) : undefined;
  if (!question || !mold) throw fail(WB_MSG.questionMissing);
  if (mold.kind !== "image") throw fail(WB_MSG.imageNotImageQuestion);
  if (input.indexNo >= (await repeatSize({ db, surveyId: survey.id, mold }))) throw fail(WB_MSG.repeatMissing);
  if (input.file.size > IMAGE_MAX_BYTES) throw invalid(WB_MSG.imageSize);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw invalid(WB_MSG.imageSize);
  const type = photoTypeOf(bytes.subarray(0, 16));
  if (!type) throw invalid(WB_MSG.imageType);
  const limit = question.imageSize ?? DEFAULT_IMAGE_SIZE;
  const keys = splitPicIds(await storedPicIds({ db, surveyId: survey.id, questionId: question.id, indexNo: input.indexNo }));
  if (keys.length >= limit) throw fail(`最多上传${limit}张图片`);
  const key = `${randomId(16)}.${type}`;
  await env.FILES.put(r2KeyOf(key), bytes, {
    httpMetadata: { contentType: IMAGE_MIME[type], cacheControl: "private, max-age=31536000, immutable" },
    customMetadata: { owner: String(userId), survey: String(survey.id) },
  });
  const joined = [...keys, key].join(";");
  try {
    const [row] = await db.batch([
      db
        .insert(surveyAnswers)
        .values({ surveyId: survey.id, questionId: question.id, indexNo: input.indexNo, optionContent: "", answerOptionId: null, answerPicId: joined, updatedAt: now })
        .onConflictDoUpdate({
          target: [surveyAnswers.surveyId, surveyAnswers.questionId, surveyAnswers.indexNo],
          set: { answerPicId: sql`excluded.answer_pic_id`, updatedAt: sql`excluded.updated_at` },
        })
        .returning({ id: surveyAnswers.id }),
      db.insert(surveyImages).values({ key, surveyId: survey.id, userId, questionId: question.id, size: bytes.byteLength, contentType: IMAGE_MIME[type], createdAt: now }),
      touchAnswersStatement({ db, surveyId: survey.id, now }),
    ]);
    return { answerPicId: joined, key, id: row[0]?.id ?? null, answerId: question.id, indexNo: input.indexNo };
  } catch (e) {
    await env.FILES.delete(r2KeyOf(key));
    throw e;
  }
}

/** The stored image for its owner; null for anyone else or an unknown key. */
export async function readImage({ userId, key, ...ctx }: (Pick<WbCtx, "db" | "env">) & { userId: number | null; key: string }): Promise<R2ObjectBody | null> {
  if (!userId || !SURVEY_IMAGE_KEY.test(key)) return null;
  const [row] = await ctx.db.select({ userId: surveyImages.userId }).from(surveyImages).where(eq(surveyImages.key, key)).limit(1);
  if (!row || row.userId !== userId) return null;
  return ctx.env.FILES.get(r2KeyOf(key));
}

/** Delete R2 objects in chunks of 1000 (R2's limit per call). */
export async function deleteObjects({ env, keys }: { env: Env; keys: string[] }) {
  for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000).map(r2KeyOf));
}

export function assertImageKeys(keys: string[]) {
  if (keys.some((k) => !SURVEY_IMAGE_KEY.test(k))) throw notFound(WB_MSG.badImageKey);
}

/** The semicolon-joined image keys stored for one answer ("" when none). */
export async function storedPicIds({ db, surveyId, questionId, indexNo }: { db: Db; surveyId: number; questionId: number; indexNo: number }): Promise<string> {
  const [row] = await db
    .select({ answerPicId: surveyAnswers.answerPicId })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.questionId, questionId), eq(surveyAnswers.indexNo, indexNo)))
    .limit(1);
  return row?.answerPicId ?? "";
}

/** Drop image rows of a survey (for db.batch; the R2 objects go with deleteObjects after the batch). */
export function deleteImageRowsStatement({ db, surveyId, keys }: { db: Db; surveyId: number; keys: string[] }) {
  return db.delete(surveyImages).where(and(eq(surveyImages.surveyId, surveyId), inJsonList(surveyImages.key, keys)));
}
