// Workbench calls (spec 3 §7 business service) under /api/surveyInfo, and survey images at /files/survey/<key>
// (owner only). Thin: validate → service → envelope.
import { Hono, type Context } from "hono";
import { formWithFile, uploadLimit } from "./uploads";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { invalid } from "../lib/errors";
import { validate } from "../lib/validation";
import {
  IMAGE_MAX_BYTES,
  WB_MSG,
  addInfoSchema,
  answerSaveSchema,
  idsSchema,
  infoSchema,
  listSchema,
  surveyPageSchema,
  emptyTrashSchema,
  modeSchema,
  surveyIdSchema,
  titleSchema,
} from "../contract/workbench";
import {
  addImage,
  addRepeat,
  createSurvey,
  deleteRepeat,
  generateReport,
  listSurveys,
  pageSurveys,
  emptyTrash,
  moveToTrash,
  pdfInfo,
  purgeSurveys,
  readImage,
  restoreSurveys,
  saveAnswer,
  saveTitle,
  surveyInfo,
  type WbCtx,
} from "../services/workbench";

const ctxOf = (c: Context<AppEnv>): WbCtx => ({ db: c.get("db"), env: c.env, now: Date.now() });

export const surveyApi = new Hono<AppEnv>()
  .use("*", requireActor)
  .post("/list", validate("json", listSchema), async (c) => ok(c, await listSurveys({ db: c.get("db"), userId: actorOf(c).userId, input: c.req.valid("json") })))
  .post("/page", validate("json", surveyPageSchema), async (c) => ok(c, await pageSurveys({ db: c.get("db"), userId: actorOf(c).userId, input: c.req.valid("json") })))
  .post("/trash/empty", validate("json", emptyTrashSchema), async (c) => {
    await emptyTrash({ ...ctxOf(c), userId: actorOf(c).userId, typeId: c.req.valid("json").type });
    return ok(c, null, WB_MSG.purged);
  })
  .post("/addInfo", validate("json", addInfoSchema), async (c) =>
    ok(c, await createSurvey({ ...ctxOf(c), userId: actorOf(c).userId, typeId: c.req.valid("json").type }), WB_MSG.created),
  )
  .post("/info", validate("json", infoSchema), async (c) => ok(c, await surveyInfo({ db: c.get("db"), userId: actorOf(c).userId, surveyId: c.req.valid("json").id })))
  .post("/title/save", validate("json", titleSchema), async (c) => {
    const { id, title } = c.req.valid("json");
    await saveTitle({ ...ctxOf(c), userId: actorOf(c).userId, surveyId: id, title });
    return ok(c, null, WB_MSG.saved);
  })
  .post("/answer/save", validate("json", answerSaveSchema), async (c) => {
    const p = c.req.valid("json");
    const saved = await saveAnswer({ ...ctxOf(c), userId: actorOf(c).userId, input: {
      surveyId: p.id,
      questionId: p.answerId,
      indexNo: p.indexNo,
      answerOptionId: p.answerOptionId,
      optionContent: p.optionContent,
      answerPicId: p.answerPicId,
    } });
    return ok(c, saved, WB_MSG.saved);
  })
  .post("/addMode", validate("json", modeSchema), async (c) => {
    const p = c.req.valid("json");
    return ok(c, await addRepeat({ ...ctxOf(c), userId: actorOf(c).userId, input: { surveyId: p.surveyId, moldId: p.moldId, indexNo: p.indexNo } }), WB_MSG.saved);
  })
  .post("/delMode", validate("json", modeSchema), async (c) => {
    const p = c.req.valid("json");
    return ok(c, await deleteRepeat({ ...ctxOf(c), userId: actorOf(c).userId, input: { surveyId: p.surveyId, moldId: p.moldId, indexNo: p.indexNo } }), WB_MSG.deleted);
  })
  .post("/batchDelete", validate("json", idsSchema), async (c) => {
    await moveToTrash({ ...ctxOf(c), userId: actorOf(c).userId, ids: c.req.valid("json").ids });
    return ok(c, null, WB_MSG.deleted);
  })
  .post("/restore", validate("json", idsSchema), async (c) => {
    await restoreSurveys({ ...ctxOf(c), userId: actorOf(c).userId, ids: c.req.valid("json").ids });
    return ok(c, null, WB_MSG.restored);
  })
  .post("/batchDeleteTwo", validate("json", idsSchema), async (c) => {
    await purgeSurveys({ ...ctxOf(c), userId: actorOf(c).userId, ids: c.req.valid("json").ids });
    return ok(c, null, WB_MSG.purged);
  })
  .post("/generate", validate("json", surveyIdSchema), async (c) =>
    ok(c, await generateReport({ ...ctxOf(c), userId: actorOf(c).userId, surveyId: c.req.valid("json").id }), WB_MSG.generateQueued),
  )
  .post("/queryPdf", validate("json", surveyIdSchema), async (c) => ok(c, await pdfInfo({ db: c.get("db"), userId: actorOf(c).userId, surveyId: c.req.valid("json").id })))
  .post("/queryPdfName", validate("json", surveyIdSchema), async (c) => {
    const info = await pdfInfo({ db: c.get("db"), userId: actorOf(c).userId, surveyId: c.req.valid("json").id });
    return ok(c, { id: info.id, evaluationTitle: info.evaluationTitle, fileUrl: info.fileUrl });
  })
  .post(
    "/answer/addImage",
    uploadLimit(IMAGE_MAX_BYTES, WB_MSG.imageSize),
    async (c) => {
      const { form, file } = await formWithFile(c, WB_MSG.imageMissing);
      const num = (name: string) => Number(form.get(name) ?? NaN);
      const surveyId = num("id");
      const questionId = num("answerId");
      const indexNo = form.get("indexNo") == null ? 0 : num("indexNo");
      if (!Number.isInteger(surveyId) || surveyId <= 0) throw invalid(WB_MSG.notFound);
      if (!Number.isInteger(questionId) || questionId <= 0) throw invalid(WB_MSG.questionMissing);
      if (!Number.isInteger(indexNo) || indexNo < 0) throw invalid(WB_MSG.repeatMissing);
      return ok(c, await addImage({ ...ctxOf(c), userId: actorOf(c).userId, input: { surveyId, questionId, indexNo, file } }), "上传成功");
    },
  );

export const surveyFilesApi = new Hono<AppEnv>().get("/:key", async (c) => {
  const object = await readImage({ db: c.get("db"), env: c.env, userId: c.get("actor")?.userId ?? null, key: c.req.param("key") });
  if (!object) return c.text("Not found", 404);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "private, max-age=86400");
  headers.set("x-content-type-options", "nosniff");
  headers.set("content-security-policy", "default-src 'none'; sandbox");
  if (c.req.header("if-none-match") === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
});
