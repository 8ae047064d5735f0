// Operator console API under /api/admin/ (issue 17, docs/admin.md): only users with the admin role; every other
// caller is refused (visitors with the session codes, logged-in non-admins with 403 无权访问运营后台). Every
// action writes the audit log. Also the users' report call, POST /api/qa/report/add (reportApi).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import {
  ADMIN_MSG,
  auditListQuery,
  banPayload,
  keywordAddPayload,
  keywordRemovePayload,
  synonymRemovePayload,
  synonymSavePayload,
  reportPayload,
  retryReportPayload,
  reviewDecisionPayload,
  reviewListQuery,
  unbanPayload,
  userSearchQuery,
  type ReviewDecision,
  type ReviewState,
  type ReviewTarget,
} from "../contract/admin";
import { assertAdmin } from "../services/operators/access";
import { adminContentApi } from "./admin-content";
import { qaCtx } from "./qa";
import { auditPage } from "../services/operators/audit";
import { addKeyword, listKeywords, removeKeyword } from "../services/admin/keywords";
import { listSynonyms, removeSynonyms, saveSynonyms } from "../services/admin/synonyms";
import { decideReview, reportContent, reviewPage } from "../services/admin/review";
import { banUser, searchUsers, unbanUser } from "../services/admin/users";
import { dashboardCounts, reportFailures, retryReport, revenueByDay } from "../services/admin/dashboard";
import { adminCommerceApi } from "./admin-commerce";
import { jobFailures, retryJob } from "../services/admin/job-failures";
import { startReindex } from "../services/admin/search-reindex";
import { reindexStatus } from "../services/qa/reindex-job";
import { JOB_MSG, REINDEX_MSG, retryJobPayload } from "../contract/jobs";
import { adminInvoiceApi } from "./invoice";

/** Refuses every caller without the admin role; runs before validation so nothing leaks to non-admins. */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  await assertAdmin({ db: c.get("db"), userId: actorOf(c).userId });
  await next();
});

export const adminApi = new Hono<AppEnv>()
  .use("*", requireActor, requireAdmin)
  .get("/dashboard", async (c) => {
    const db = c.get("db");
    const [counts, revenue] = await Promise.all([dashboardCounts({ db }), revenueByDay({ db, now: Date.now() })]);
    return ok(c, { ...counts, revenueByDay: revenue });
  })
  // ---- content review ----
  .get("/review", validate("query", reviewListQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(c, await reviewPage({ db: c.get("db"), state: q.state as ReviewState | undefined, pageNo: q.pageNo, type: q.type as ReviewTarget | undefined }));
  })
  .post("/review/decide", validate("json", reviewDecisionPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await decideReview({ ...qaCtx(c), actorId: actorOf(c).userId, id: b.id, decision: b.decision as ReviewDecision, note: b.note }), ADMIN_MSG.decided);
  })
  // ---- users ----
  .get("/users", validate("query", userSearchQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(c, await searchUsers({ db: c.get("db"), q: q.q, pageNo: q.pageNo }));
  })
  .post("/users/ban", validate("json", banPayload), async (c) => {
    const b = c.req.valid("json");
    await banUser({ db: c.get("db"), actorId: actorOf(c).userId, userId: b.userId, reason: b.reason, now: Date.now() });
    return ok(c, null, ADMIN_MSG.banned);
  })
  .post("/users/unban", validate("json", unbanPayload), async (c) => {
    const b = c.req.valid("json");
    await unbanUser({ db: c.get("db"), actorId: actorOf(c).userId, userId: b.userId, reason: b.reason, now: Date.now() });
    return ok(c, null, ADMIN_MSG.unbanned);
  })
  // ---- keyword list ----
  .get("/keywords", async (c) => ok(c, await listKeywords({ db: c.get("db") })))
  .post("/keywords/add", validate("json", keywordAddPayload), async (c) => {
    return ok(c, await addKeyword({ db: c.get("db"), actorId: actorOf(c).userId, word: c.req.valid("json").word, now: Date.now() }), ADMIN_MSG.keywordAdded);
  })
  .post("/keywords/remove", validate("json", keywordRemovePayload), async (c) => {
    await removeKeyword({ db: c.get("db"), actorId: actorOf(c).userId, id: c.req.valid("json").id, now: Date.now() });
    return ok(c, null, ADMIN_MSG.keywordRemoved);
  })
  // ---- search synonyms (next to the keyword list) ----
  .get("/synonyms", async (c) => ok(c, await listSynonyms({ db: c.get("db") })))
  .post("/synonyms/save", validate("json", synonymSavePayload), async (c) => {
    return ok(c, await saveSynonyms({ db: c.get("db"), actorId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() }), ADMIN_MSG.synonymSaved);
  })
  // ---- the search index rebuild (a chunked job) ----
  .get("/search/reindex", async (c) => ok(c, await reindexStatus({ db: c.get("db") })))
  .post("/search/reindex", async (c) => ok(c, await startReindex({ db: c.get("db"), env: c.env, actorId: actorOf(c).userId, now: Date.now() }), REINDEX_MSG.started))
  .post("/synonyms/remove", validate("json", synonymRemovePayload), async (c) => {
    await removeSynonyms({ db: c.get("db"), actorId: actorOf(c).userId, id: c.req.valid("json").id, now: Date.now() });
    return ok(c, null, ADMIN_MSG.synonymRemoved);
  })
  // ---- audit log ----
  .get("/audit", validate("query", auditListQuery), async (c) => ok(c, await auditPage({ db: c.get("db"), pageNo: c.req.valid("query").pageNo })))
  // ---- report failures ----
  .get("/report-failures", async (c) => ok(c, await reportFailures({ db: c.get("db") })))
  .post("/report-failures/retry", validate("json", retryReportPayload), async (c) => {
    await retryReport({ db: c.get("db"), env: c.env, actorId: actorOf(c).userId, surveyId: c.req.valid("json").surveyId, now: Date.now() });
    return ok(c, null, ADMIN_MSG.retried);
  })
  // ---- failed background jobs (exports, system-message pushes) ----
  .get("/job-failures", async (c) => ok(c, await jobFailures({ db: c.get("db") })))
  .post("/job-failures/retry", validate("json", retryJobPayload), async (c) => {
    await retryJob({ db: c.get("db"), env: c.env, actorId: actorOf(c).userId, jobId: c.req.valid("json").jobId, now: Date.now() });
    return ok(c, null, JOB_MSG.retried);
  })
  .route("/content", adminContentApi)
  .route("/commerce", adminCommerceApi)
  .route("/invoice", adminInvoiceApi);

/** Every admin route (method, path under /api/admin): the authorisation tests walk this list. */
export const ADMIN_ROUTES = adminApi.routes.filter((r) => r.method !== "ALL").map((r) => ({ method: r.method, path: r.path }));

/** POST /api/qa/report/add: a logged-in user reports a question, answer or comment (举报). */
export const reportApi = new Hono<AppEnv>().post("/add", requireActor, validate("json", reportPayload), async (c) => {
  const res = await reportContent({ db: c.get("db"), reporterId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() });
  return ok(c, res, res.reported ? ADMIN_MSG.reported : ADMIN_MSG.reportedAgain);
});
