// Q&A community calls (spec 2 §7) under /api/qa/. Reads are public and personalise when a token is present;
// writes need a logged-in user and always act as that user (userId/publisherId in bodies are ignored).
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";
import { requireActor, actorOf } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { notFound } from "../lib/errors";
import {
  QA_MSG,
  answerAddPayload,
  answerListPayload,
  answerUpdatePayload,
  commentAddPayload,
  commentListPayload,
  deleteByIdPayload,
  followPayload,
  hotPayload,
  praisePayload,
  questionAddPayload,
  questionDeletePayload,
  questionUpdatePayload,
  replyAddPayload,
  replyListPayload,
  searchPayload,
  similarPayload,
  suggestQuery,
  unansweredPayload,
  DELETE_MODE,
} from "../contract/qa";
import type { QaCtx } from "../services/qa/context";
import { ADMIN_MSG } from "../contract/admin-constants";
import {
  addQuestion,
  allTags,
  deleteQuestion,
  hotPageQuery,
  pageQuery,
  questionDetail,
  similarPageQuery,
  suggestQuestions,
  unansweredPageQuery,
  updateQuestion,
} from "../services/qa/questions";
import { answerPage, deleteAnswer, saveAnswer } from "../services/qa/answers";
import { addComment, addReply, commentPage, replyPage } from "../services/qa/discussion";
import { toggleFollow, togglePraise } from "../services/qa/social";

export function qaCtx(c: Context<AppEnv>): QaCtx {
  let defer: QaCtx["defer"];
  try {
    const ec = c.executionCtx;
    defer = (p) => ec.waitUntil(p);
  } catch {
    defer = undefined; // no execution context (app.request in tests): pushes are awaited inline
  }
  return { db: c.get("db"), env: c.env, now: Date.now(), defer };
}

const viewer = (c: Context<AppEnv>) => c.get("actor")?.userId ?? null;
const idOrNull = (v: unknown) => (typeof v === "number" && v > 0 ? v : null);

export const qaApi = new Hono<AppEnv>()
  // ---- answers ----
  .post("/answer/add", requireActor, validate("json", answerAddPayload), async (c) => {
    const body = c.req.valid("json");
    const saved = await saveAnswer({ ...qaCtx(c), actorId: actorOf(c).userId, input: body });
    return ok(c, saved, saved.held ? ADMIN_MSG.heldAnswer : saved.created ? QA_MSG.saved : QA_MSG.modified);
  })
  .post("/answer/update", requireActor, validate("json", answerUpdatePayload), async (c) => {
    const body = c.req.valid("json");
    const saved = await saveAnswer({ ...qaCtx(c), actorId: actorOf(c).userId, input: body });
    return ok(c, saved, saved.held ? ADMIN_MSG.heldAnswer : QA_MSG.modified);
  })
  .post("/answer/queryPageById", validate("json", answerListPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await answerPage({ ...qaCtx(c), viewerId: viewer(c), questionId: b.questionId, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/answer/deleteById", requireActor, validate("json", deleteByIdPayload), async (c) => {
    await deleteAnswer({ ...qaCtx(c), actorId: actorOf(c).userId, id: c.req.valid("json").id });
    return ok(c, null, QA_MSG.deleted);
  })
  // ---- questions ----
  .post("/question/pageQuery", validate("json", searchPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await pageQuery({ db: c.get("db"), searchContent: b.searchContent, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .get("/question/suggest", validate("query", suggestQuery), async (c) => {
    return ok(c, await suggestQuestions({ db: c.get("db"), query: c.req.valid("query").q }));
  })
  .post("/question/hotSearchPageQuery", validate("json", hotPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await hotPageQuery({ db: c.get("db"), excludeId: idOrNull(b.questionId), pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/question/unAnswerdPageQuery", validate("json", unansweredPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await unansweredPageQuery({ db: c.get("db"), excludeId: idOrNull(b.questionId), pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/question/similarQuestionPageQuery", validate("json", similarPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await similarPageQuery({ ...qaCtx(c), input: { questionId: idOrNull(b.questionId), tagRefs: b.tagList, pageNo: b.pageNo, pageSize: b.pageSize } }));
  })
  .post("/question/add", requireActor, validate("json", questionAddPayload), async (c) => {
    const added = await addQuestion({ ...qaCtx(c), actorId: actorOf(c).userId, input: c.req.valid("json") });
    return ok(c, added, added.held ? ADMIN_MSG.heldQuestion : QA_MSG.published);
  })
  .post("/question/update", requireActor, validate("json", questionUpdatePayload), async (c) => {
    return ok(c, await updateQuestion({ ...qaCtx(c), actorId: actorOf(c).userId, input: c.req.valid("json") }), QA_MSG.modified);
  })
  .post("/question/deleteById", requireActor, validate("json", questionDeletePayload), async (c) => {
    const b = c.req.valid("json");
    const result = await deleteQuestion({ ...qaCtx(c), actorId: actorOf(c).userId, id: b.id, mode: b.deleteType });
    return ok(c, result, b.deleteType === DELETE_MODE.ANONYMOUS ? QA_MSG.converted : QA_MSG.deleted);
  })
  .get("/question/getById/:id", async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isInteger(id) || id <= 0) throw notFound(QA_MSG.questionMissing);
    return ok(c, await questionDetail({ ...qaCtx(c), viewerId: viewer(c), id, countView: true }));
  })
  // ---- tags ----
  .get("/tag/getAll", async (c) => ok(c, { tagList: await allTags({ db: c.get("db") }) }))
  // ---- likes and follows ----
  .post("/common/praiseAndUnpraise", requireActor, validate("json", praisePayload), async (c) => {
    const b = c.req.valid("json");
    const state = await togglePraise({ ...qaCtx(c), actorId: actorOf(c).userId, input: b });
    return ok(c, state, state.isPraised ? QA_MSG.praised : QA_MSG.unpraised);
  })
  .post("/common/followAndUnfollow", requireActor, validate("json", followPayload), async (c) => {
    const b = c.req.valid("json");
    const state = await toggleFollow({ ...qaCtx(c), actorId: actorOf(c).userId, input: { followUserId: b.followUserId, actionType: b.actionType, answerId: idOrNull(b.answerId) } });
    return ok(c, state, state.isFollow === "1" ? QA_MSG.followed : QA_MSG.unfollowed);
  })
  // ---- comments (assessments) and replies ----
  .post("/assessment/queryPageById", validate("json", commentListPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await commentPage({ ...qaCtx(c), viewerId: viewer(c), answerId: b.answerId, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/assessment/add", requireActor, validate("json", commentAddPayload), async (c) => {
    const b = c.req.valid("json");
    const view = await addComment({ ...qaCtx(c), actorId: actorOf(c).userId, answerId: b.answerId, content: b.assessmentContent });
    return ok(c, view, view.held ? ADMIN_MSG.heldComment : QA_MSG.commented);
  })
  .post("/reply/queryPageById", validate("json", replyListPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await replyPage({ ...qaCtx(c), viewerId: viewer(c), commentId: b.assessmentId, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/reply/add", requireActor, validate("json", replyAddPayload), async (c) => {
    const b = c.req.valid("json");
    const view = await addReply({ ...qaCtx(c), actorId: actorOf(c).userId, input: { assessmentId: b.assessmentId, replyId: idOrNull(b.replyId), content: b.replyContent } });
    return ok(c, view, view.held ? ADMIN_MSG.heldReply : QA_MSG.replied);
  });
