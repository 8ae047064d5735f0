// Survey images (spec 3 §5): JPG/PNG by magic bytes, ≤10 MB, ≤ the question's imageSize; stored in R2 under an
// unguessable key and served only to the owner.
import { fail, invalid, notFound } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { DEFAULT_IMAGE_SIZE, IMAGE_MAX_BYTES, SURVEY_IMAGE_KEY, WB_MSG, splitPicIds } from "../../contract/workbench";
import { d1, repeatSize, touchAnswersStatement, writableSurvey, type WbCtx } from "./access";
import { getDefinition } from "./definitions";

const R2_PREFIX = "survey/";
const MIME = { jpg: "image/jpeg", png: "image/png" } as const;

export function r2KeyOf(key: string) {
  return R2_PREFIX + key;
}

/** The image type from the first bytes; names and MIME headers are not trusted. */
export function detectSurveyImageType(head: Uint8Array): "jpg" | "png" | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return "png";
  return null;
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
export async function addImage(ctx: WbCtx, userId: number, input: UploadInput) {
  const { db, env, now } = ctx;
  const survey = await writableSurvey(db, userId, input.surveyId);
  const def = await getDefinition(db, survey.type_id);
  const question = def?.questions.get(input.questionId);
  const mold = question ? def!.molds.get(question.moldId) : undefined;
  if (!question || !mold) throw fail(WB_MSG.questionMissing);
  if (mold.kind !== "image") throw fail(WB_MSG.imageNotImageQuestion);
  if (input.indexNo >= (await repeatSize(db, survey.id, mold))) throw fail(WB_MSG.repeatMissing);
  if (input.file.size > IMAGE_MAX_BYTES) throw invalid(WB_MSG.imageSize);
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw invalid(WB_MSG.imageSize);
  const type = detectSurveyImageType(bytes.subarray(0, 16));
  if (!type) throw invalid(WB_MSG.imageType);
  const limit = question.imageSize ?? DEFAULT_IMAGE_SIZE;
  const current = await d1(db)
    .prepare("SELECT answer_pic_id FROM survey_answers WHERE survey_id = ? AND question_id = ? AND index_no = ?")
    .bind(survey.id, question.id, input.indexNo)
    .first<{ answer_pic_id: string }>();
  const keys = splitPicIds(current?.answer_pic_id);
  if (keys.length >= limit) throw fail(`最多上传${limit}张图片`);
  const key = `${randomId(16)}.${type}`;
  await env.FILES.put(r2KeyOf(key), bytes, {
    httpMetadata: { contentType: MIME[type], cacheControl: "private, max-age=31536000, immutable" },
    customMetadata: { owner: String(userId), survey: String(survey.id) },
  });
  const joined = [...keys, key].join(";");
  const client = d1(db);
  try {
    const [row] = await client.batch<{ id: number }>([
      client
        .prepare(
          `INSERT INTO survey_answers (survey_id, question_id, index_no, option_content, answer_option_id, answer_pic_id, updated_at)
           VALUES (?1, ?2, ?3, '', NULL, ?4, ?5)
           ON CONFLICT (survey_id, question_id, index_no) DO UPDATE SET answer_pic_id = excluded.answer_pic_id, updated_at = excluded.updated_at
           RETURNING id`,
        )
        .bind(survey.id, question.id, input.indexNo, joined, now),
      client
        .prepare("INSERT INTO survey_images (key, survey_id, user_id, question_id, size, content_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind(key, survey.id, userId, question.id, bytes.byteLength, MIME[type], now),
      touchAnswersStatement(db, survey.id, now),
    ]);
    return { answerPicId: joined, key, id: row.results[0]?.id ?? null, answerId: question.id, indexNo: input.indexNo };
  } catch (e) {
    await env.FILES.delete(r2KeyOf(key));
    throw e;
  }
}

/** The stored image for its owner; null for anyone else or an unknown key. */
export async function readImage(ctx: Pick<WbCtx, "db" | "env">, userId: number | null, key: string): Promise<R2ObjectBody | null> {
  if (!userId || !SURVEY_IMAGE_KEY.test(key)) return null;
  const row = await d1(ctx.db).prepare("SELECT user_id FROM survey_images WHERE key = ?").bind(key).first<{ user_id: number }>();
  if (!row || row.user_id !== userId) return null;
  return ctx.env.FILES.get(r2KeyOf(key));
}

/** Delete R2 objects in chunks of 1000 (R2's limit per call). */
export async function deleteObjects(env: Env, keys: string[]) {
  for (let i = 0; i < keys.length; i += 1000) await env.FILES.delete(keys.slice(i, i + 1000).map(r2KeyOf));
}

export function assertImageKeys(keys: string[]) {
  if (keys.some((k) => !SURVEY_IMAGE_KEY.test(k))) throw notFound(WB_MSG.badImageKey);
}
