// 导出我的数据 (PIPL art. 45): the request (rate limited), the queue job that builds the zip in R2, the owner-only
// download and the cron clean-up. What goes into the zip, and what deliberately does not: docs/account-rights.md.
import { and, asc, desc, eq, gt, inArray, lt } from "drizzle-orm";
import {
  couponBatches,
  dataExports,
  jobs,
  payOrders,
  qaAnswers,
  qaComments,
  qaFavoriteCategories,
  qaFavorites,
  qaFollows,
  qaPraises,
  qaQuestionPictures,
  qaQuestions,
  qaQuestionTags,
  qaReplies,
  qaTags,
  qaViewHistory,
  reportResults,
  sessions,
  surveys,
  surveyTypes,
  userCoupons,
  users,
} from "../../../db/schema";
import type { Db } from "../../lib/db";
import { getDb } from "../../lib/db";
import { fail, rateLimited } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { DAY } from "../../lib/time";
import { CHINA_OFFSET_MS, chinaDateTime, chinaDateTimeSeconds } from "../../lib/china-time";
import { disposeStatusText } from "../../contract/workbench";
import { yuanOf } from "../../contract/payment";
import {
  EXPORT_DAILY_MAX,
  EXPORT_LINK_DAYS,
  EXPORT_STATUS,
  EXPORT_STATUS_TEXT,
  RIGHTS_MSG,
  exportDownloadPath,
  type ExportStatus,
  type ExportView,
} from "../../contract/account-rights";
import { writeZip } from "../../spreadsheets/zip";
import { exportWorkbook, fileNameOf } from "../../spreadsheets/service";
import { readStoredAnswers } from "../workbench/answers";
import { getDefinition } from "../workbench/definitions";
import { reportObjectKey } from "../workbench/report-keys";
import { hasPaidReport } from "../payment/gating";
import { sendSystemMessage } from "../messaging/system";
import { getUser, userInfoView } from "./users";
import { enqueueJobStatement, jobTiming, liveJob } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { JOB_ERROR, JOB_KIND, JOB_STATE } from "../../contract/jobs";
import { bindInfo } from "./oauth";
import { isActiveUser } from "../../contract/user-status";

export type ExportRow = typeof dataExports.$inferSelect;

export const exportObjectKey = (userId: number, id: string) => `exports/${userId}/${id}.zip`;

export function exportView(row: ExportRow, now: number): ExportView {
  const live = row.status === EXPORT_STATUS.READY && !!row.expiresAt && row.expiresAt > now;
  const status: ExportStatus = row.status === EXPORT_STATUS.READY && !live ? EXPORT_STATUS.EXPIRED : (row.status as ExportStatus);
  return {
    id: row.id,
    status,
    statusText: EXPORT_STATUS_TEXT[status],
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    expiresAt: row.expiresAt,
    fileSize: row.fileSize,
    downloadUrl: live ? exportDownloadPath(row.id) : null,
  };
}

/** The caller's recent exports, newest first. */
export async function listExports({ db, userId, now = Date.now() }: { db: Db; userId: number; now?: number }): Promise<ExportView[]> {
  const rows = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(10);
  return rows.map((r) => exportView(r, now));
}

const PENDING: ExportStatus[] = [EXPORT_STATUS.QUEUED, EXPORT_STATUS.BUILDING];

/**
 * Ask for an export: one running at a time and EXPORT_DAILY_MAX in any 24 hours. A pending export whose job lost its
 * lease (the worker died, docs/decisions/162-jobs-in-d1.md) neither blocks nor counts: it is failed as superseded and
 * the new request replaces it. Failed exports never count. The row and its job are written in one batch; the queue
 * message only wakes a worker (the sweeper re-sends a lost one).
 */
export async function requestExport({ env, db, userId, now = Date.now() }: { env: Env; db: Db; userId: number; now?: number }): Promise<ExportView> {
  const recent = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, now - DAY)))
    .orderBy(desc(dataExports.createdAt));
  let counted = 0;
  for (const r of recent) {
    if (r.status === EXPORT_STATUS.FAILED) continue;
    if (PENDING.includes(r.status as ExportStatus)) {
      if (await liveJob({ db, kind: JOB_KIND.EXPORT, subjectId: r.id, now })) throw fail(RIGHTS_MSG.exportRunning);
      if (await supersedeExport(db, r.id, now)) continue;
    }
    counted++;
  }
  if (counted >= EXPORT_DAILY_MAX) throw rateLimited(RIGHTS_MSG.exportDailyLimit);
  const id = randomId(18);
  const timing = jobTiming({ env });
  const [, job] = await db.batch([
    db.insert(dataExports).values({ id, userId, status: EXPORT_STATUS.QUEUED, createdAt: now }),
    enqueueJobStatement({ db, kind: JOB_KIND.EXPORT, subjectId: id, now, timing }),
  ]);
  await wakeJobs({ env, list: [{ id: job[0]!.id, kind: JOB_KIND.EXPORT }] });
  const row = await db.select().from(dataExports).where(eq(dataExports.id, id)).get();
  return exportView(row!, now);
}

/** A pending export whose job is dead → failed (with its job), so a new request replaces it. */
async function supersedeExport(db: Db, id: string, now: number): Promise<boolean> {
  const [rows] = await db.batch([
    db
      .update(dataExports)
      .set({ status: EXPORT_STATUS.FAILED, failReason: JOB_ERROR.superseded })
      .where(and(eq(dataExports.id, id), inArray(dataExports.status, PENDING)))
      .returning({ id: dataExports.id }),
    db
      .update(jobs)
      .set({ state: JOB_STATE.FAILED, lastError: JOB_ERROR.superseded, updatedAt: now, finishedAt: now })
      .where(and(eq(jobs.kind, JOB_KIND.EXPORT), eq(jobs.subjectId, id), inArray(jobs.state, [JOB_STATE.QUEUED, JOB_STATE.RUNNING]), lt(jobs.leaseUntil, now))),
  ]);
  return rows.length > 0;
}

// ---------------------------------------------------------------- the zip

const time = (ms: number | null | undefined) => (ms ? chinaDateTimeSeconds(ms) : null);
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));

const QUESTION_STATUS: Record<number, string> = { 0: "待回答", 1: "已解决", 2: "已删除", 3: "已隐藏", 4: "审核中" };
const ANSWER_STATUS: Record<number, string> = { 0: "正常", 1: "已删除", 3: "审核中", 4: "已隐藏" };
const COMMENT_STATUS: Record<number, string> = { 0: "正常", 3: "审核中", 4: "已隐藏" };
const ORDER_STATUS: Record<string, string> = { WAIT_PAY: "待支付", SUCCESS: "已支付", CLOSED: "已关闭" };
const COUPON_STATUS: Record<number, string> = { 0: "未使用", 1: "已使用", 2: "已锁定" };
const PRAISE_TARGET: Record<number, string> = { 2: "回答", 3: "评论", 4: "回复" };

function readme(userName: string, now: number, counts: Record<string, number>, pdfsLeftOut: number): string {
  return [
    "个人数据导出说明",
    "",
    `账号：${userName}`,
    `生成时间：${chinaDateTimeSeconds(now)}（北京时间，文件中的时间均为北京时间）`,
    "",
    "本压缩包是您依据《个人信息保护法》第四十五条申请获取的个人信息副本，包含：",
    `  profile.json      账号资料、认证信息、第三方账号绑定、最近的登录记录（时间、IP、设备）`,
    `  questions.json    您发布的问题（${counts.questions} 条，含匿名发布和已删除的问题）`,
    `  answers.json      您发布的回答（${counts.answers} 条）`,
    `  comments.json     您发表的评论（${counts.comments} 条）和回复（${counts.replies} 条）`,
    `  favourites.json   您的收藏夹和收藏（${counts.favourites} 条）`,
    `  follows.json      您关注的用户（${counts.follows} 位）、您的点赞、浏览记录`,
    `  surveys.json      您的调查表及填写内容（${counts.surveys} 份）；surveys/ 下是可重新导入的 Excel 文件`,
    `  orders.json       您的订单（${counts.orders} 笔）和优惠券`,
    `  reports/          您已支付的评估报告 PDF（${counts.reports} 份）`,
    "",
    "不包含的内容：其他用户对您的回答发表的评论和回复、其他用户的资料（关注列表中只列出对方公开的昵称），",
    "这些属于其他用户的个人信息；登录密码（仅以不可逆的方式保存）；系统内部的审核记录。",
    pdfsLeftOut ? `尚未支付的报告（${pdfsLeftOut} 份）不含 PDF，支付后可在工作台下载。` : "",
    "",
    `下载链接自生成起 ${EXPORT_LINK_DAYS} 天内有效，过期后文件将被删除。`,
  ]
    .filter((l, i, a) => l !== "" || a[i - 1] !== "")
    .join("\r\n");
}

/** A file of the zip. */
interface ExportFile {
  name: string;
  data: Uint8Array;
}

/** Who the data belongs to, for every step: read with the owner's id only. */
interface ExportStep {
  env: Env;
  db: Db;
  userId: number;
}

/** profile.json: the profile, bindings and the last 50 login sessions. */
async function exportProfile({ db, userId, user }: ExportStep & { user: Awaited<ReturnType<typeof getUser>> }) {
  const profileView = await userInfoView({ db, user });
  const [bindings, sessionRows] = await Promise.all([
    bindInfo({ db, actorId: userId }),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(50),
  ]);
  const profile = {
    ...profileView,
    whenCreated: time(profileView.whenCreated),
    whenUpdated: time(profileView.whenUpdated),
    userNameChangeableAt: time(profileView.userNameChangeableAt),
    bindings: bindings.map((b) => ({ type: b.type, nickname: b.nickname, bindTime: time(b.bindTime) })),
    loginSessions: sessionRows.map((s) => ({ createdAt: time(s.createdAt), expiresAt: time(s.expiresAt), revokedAt: time(s.revokedAt), ip: s.ip, userAgent: s.userAgent })),
  };
  return profile;
}

/** questions.json: the questions the user asked, with tags and pictures. */
async function exportQuestions({ db, userId }: ExportStep) {
  const questionRows = await db.select().from(qaQuestions).where(eq(qaQuestions.publisherId, userId)).orderBy(asc(qaQuestions.id));
  const qIds = questionRows.map((q) => q.id);
  const [tagRows, pictureRows] = qIds.length
    ? await Promise.all([
        db.select({ questionId: qaQuestionTags.questionId, tag: qaTags.tagName }).from(qaQuestionTags).innerJoin(qaTags, eq(qaTags.id, qaQuestionTags.tagId)).where(inArray(qaQuestionTags.questionId, qIds)),
        db.select().from(qaQuestionPictures).where(inArray(qaQuestionPictures.questionId, qIds)),
      ])
    : [[], []];
  const questions = questionRows.map((q) => ({
    id: q.id,
    title: q.title,
    description: q.description,
    status: QUESTION_STATUS[q.status] ?? String(q.status),
    anonymous: q.isAnonymous === 1,
    tags: tagRows.filter((t) => t.questionId === q.id).map((t) => t.tag),
    pictures: pictureRows.filter((p) => p.questionId === q.id).sort((a, b) => a.sortOrder - b.sortOrder).map((p) => p.path),
    viewCount: q.viewCount,
    answerCount: q.answerCount,
    createdAt: time(q.createdAt),
    updatedAt: time(q.updatedAt),
  }));
  return questions;
}

/** answers.json: the user's answers with their question's title. */
async function exportAnswers({ db, userId }: ExportStep) {
  const answerRows = await db
    .select({ a: qaAnswers, title: qaQuestions.title })
    .from(qaAnswers)
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
    .where(eq(qaAnswers.publisherId, userId))
    .orderBy(asc(qaAnswers.id));
  const answers = answerRows.map(({ a, title }) => ({
    id: a.id,
    questionId: a.questionId,
    questionTitle: title,
    contentHtml: a.contentHtml,
    contentText: a.contentText,
    status: ANSWER_STATUS[a.status] ?? String(a.status),
    anonymous: a.isAnonymous === 1,
    praiseCount: a.praiseCount,
    createdAt: time(a.createdAt),
    updatedAt: time(a.updatedAt),
  }));
  return answers;
}

/** comments.json: comments and replies the user wrote (others' comments on the user's answers stay out). */
async function exportComments({ db, userId }: ExportStep) {
  const [commentRows, replyRows] = await Promise.all([
    db
      .select({ c: qaComments, questionId: qaAnswers.questionId })
      .from(qaComments)
      .innerJoin(qaAnswers, eq(qaAnswers.id, qaComments.answerId))
      .where(eq(qaComments.publisherId, userId))
      .orderBy(asc(qaComments.id)),
    db
      .select({ r: qaReplies, answerId: qaComments.answerId })
      .from(qaReplies)
      .innerJoin(qaComments, eq(qaComments.id, qaReplies.commentId))
      .where(eq(qaReplies.publisherId, userId))
      .orderBy(asc(qaReplies.id)),
  ]);
  const comments = {
    comments: commentRows.map(({ c, questionId }) => ({ id: c.id, questionId, answerId: c.answerId, content: c.content, status: COMMENT_STATUS[c.status] ?? String(c.status), createdAt: time(c.createdAt) })),
    replies: replyRows.map(({ r, answerId }) => ({ id: r.id, commentId: r.commentId, answerId, content: r.content, createdAt: time(r.createdAt) })),
  };
  return comments;
}

/** favourites.json: the user's categories and favourites. */
async function exportFavourites({ db, userId }: ExportStep) {
  const [categoryRows, favouriteRows] = await Promise.all([
    db.select().from(qaFavoriteCategories).where(eq(qaFavoriteCategories.userId, userId)).orderBy(asc(qaFavoriteCategories.id)),
    db
      .select({ f: qaFavorites, questionId: qaAnswers.questionId, title: qaQuestions.title })
      .from(qaFavorites)
      .leftJoin(qaAnswers, eq(qaAnswers.id, qaFavorites.contentId))
      .leftJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
      .where(eq(qaFavorites.userId, userId))
      .orderBy(asc(qaFavorites.id)),
  ]);
  const categoryName = new Map(categoryRows.map((c) => [c.id, c.name]));
  const favourites = {
    categories: categoryRows.map((c) => ({ id: c.id, name: c.name, createdAt: time(c.createdAt) })),
    favourites: favouriteRows.map(({ f, questionId, title }) => ({
      answerId: f.contentId,
      questionId,
      questionTitle: title,
      category: f.categoryId ? (categoryName.get(f.categoryId) ?? null) : null,
      createdAt: time(f.createdAt),
    })),
  };
  return favourites;
}

/** follows.json: whom the user follows, the follower count, the user's likes and footprints. */
async function exportFollows({ db, userId }: ExportStep) {
  const [followRows, followerCount, praiseRows, historyRows] = await Promise.all([
    db
      .select({ id: qaFollows.followeeId, name: users.name, userName: users.userName, createdAt: qaFollows.createdAt })
      .from(qaFollows)
      .leftJoin(users, eq(users.id, qaFollows.followeeId))
      .where(eq(qaFollows.followerId, userId))
      .orderBy(asc(qaFollows.createdAt)),
    db.$count(qaFollows, eq(qaFollows.followeeId, userId)),
    db.select().from(qaPraises).where(eq(qaPraises.userId, userId)).orderBy(asc(qaPraises.id)),
    db
      .select({ questionId: qaViewHistory.questionId, title: qaQuestions.title, viewedAt: qaViewHistory.viewedAt })
      .from(qaViewHistory)
      .leftJoin(qaQuestions, eq(qaQuestions.id, qaViewHistory.questionId))
      .where(eq(qaViewHistory.userId, userId))
      .orderBy(desc(qaViewHistory.viewedAt)),
  ]);
  const follows = {
    following: followRows.map((f) => ({ userId: f.id, name: f.name || f.userName || null, followedAt: time(f.createdAt) })),
    // Who follows the user is those users' action: only the number is the user's.
    followerCount,
    praises: praiseRows.map((p) => ({ target: PRAISE_TARGET[p.contentType] ?? String(p.contentType), targetId: p.contentId, createdAt: time(p.createdAt) })),
    footprints: historyRows.map((h) => ({ questionId: h.questionId, questionTitle: h.title, viewedAt: time(h.viewedAt) })),
  };
  return follows;
}

/** surveys.json and surveys/: every survey (the recycle bin too) with its answers by question name, and its workbook. */
async function exportSurveys({ env, db, userId }: ExportStep): Promise<{ surveyList: unknown[]; files: ExportFile[] }> {
  const surveyRows = await db
    .select({ s: surveys, typeName: surveyTypes.surveyName })
    .from(surveys)
    .innerJoin(surveyTypes, eq(surveyTypes.id, surveys.typeId))
    .where(eq(surveys.userId, userId))
    .orderBy(asc(surveys.id));
  const files: ExportFile[] = [];
  const surveyList = [];
  for (const { s, typeName } of surveyRows) {
    const def = await getDefinition({ db, typeId: s.typeId });
    const { answers: stored } = await readStoredAnswers({ db, surveyId: s.id });
    const answersOut = stored
      .sort((a, b) => a.questionId - b.questionId || a.indexNo - b.indexNo)
      .map((a) => {
        const q = def?.questions.get(a.questionId);
        const section = q ? def?.molds.get(q.moldId)?.moldName : undefined;
        const value = q?.questionType === "select" ? (q.options.find((o) => o.id === a.answerOptionId)?.optionName ?? a.optionContent) : a.optionContent;
        return { section: section ?? null, question: q?.questionName ?? String(a.questionId), row: a.indexNo + 1, value, unit: q?.unit ?? null, images: a.answerPicId ? a.answerPicId.split(";").filter(Boolean).length : 0 };
      });
    let workbook: string | null = null;
    try {
      const book = await exportWorkbook({ db, env }, userId, s.id);
      workbook = `surveys/${s.id}-${fileNameOf(s.evaluationTitle)}`;
      files.push({ name: workbook, data: book.bytes });
    } catch {
      // A card that is closed now has no workbook layout; the JSON above still holds every answer.
    }
    surveyList.push({
      id: s.id,
      card: typeName,
      title: s.evaluationTitle,
      reportStatus: disposeStatusText(s.disposeStatus),
      inRecycleBin: s.isDelete === 1,
      createdAt: time(s.createdAt),
      updatedAt: time(s.updatedAt),
      workbook,
      answers: answersOut,
    });
  }
  return { surveyList, files };
}

/** reports/: the PDFs the user may download (paid, or the privileged phone); unpaid ones are counted, not included. */
async function exportReports({ env, db, userId }: ExportStep): Promise<{ files: ExportFile[]; reportCount: number; pdfsLeftOut: number }> {
  const files: ExportFile[] = [];
  const reportRows = await db
    .select({ surveyId: reportResults.surveyId, fileKey: reportResults.fileKey, reportNo: reportResults.reportNo, title: surveys.evaluationTitle })
    .from(reportResults)
    .innerJoin(surveys, eq(surveys.id, reportResults.surveyId))
    .where(and(eq(reportResults.userId, userId), eq(surveys.userId, userId)));
  let reportCount = 0;
  let pdfsLeftOut = 0;
  for (const r of reportRows) {
    if (!(await hasPaidReport({ db, env, userId, surveyId: r.surveyId }))) {
      pdfsLeftOut++;
      continue;
    }
    const object = await env.FILES.get(reportObjectKey(r.fileKey));
    if (!object) continue;
    files.push({ name: `reports/${r.surveyId}-${fileNameOf(r.title || r.reportNo).replace(/\.xlsx$/, "")}.pdf`, data: new Uint8Array(await object.arrayBuffer()) });
    reportCount++;
  }
  return { files, reportCount, pdfsLeftOut };
}

/** orders.json: the user's orders and coupons. */
async function exportOrders({ db, userId }: ExportStep) {
  const [orderRows, couponRows] = await Promise.all([
    db.select().from(payOrders).where(eq(payOrders.userId, userId)).orderBy(asc(payOrders.id)),
    db
      .select({ c: userCoupons, name: couponBatches.couponName, amountFen: couponBatches.amountFen })
      .from(userCoupons)
      .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(eq(userCoupons.userId, userId))
      .orderBy(asc(userCoupons.id)),
  ]);
  const orders = {
    orders: orderRows.map((o) => ({
      orderSn: o.orderSn,
      productName: o.productName,
      surveyId: o.subProductId,
      orderAmount: yuanOf(o.orderAmountFen),
      payAmount: yuanOf(o.payAmountFen),
      status: ORDER_STATUS[o.status] ?? o.status,
      payChannel: o.payChannel,
      tradeNo: o.tradeNo,
      createdAt: time(o.createdAt),
      paidAt: time(o.paidAt),
      closedAt: time(o.closedAt),
    })),
    coupons: couponRows.map(({ c, name, amountFen }) => ({ name, amount: yuanOf(amountFen), status: COUPON_STATUS[c.status] ?? String(c.status), expiresAt: time(c.expiresAt), usedAt: time(c.usedAt), issuedAt: time(c.createdAt) })),
  };
  return orders;
}

/** Everything of one user that the zip holds, read with the owner's id only, one step per file. */
export async function buildExportFiles({ env, db, userId, now }: { env: Env; db: Db; userId: number; now: number }): Promise<ExportFile[]> {
  const step: ExportStep = { env, db, userId };
  const user = await getUser({ db, userId });
  const profile = await exportProfile({ ...step, user });
  const questions = await exportQuestions(step);
  const answers = await exportAnswers(step);
  const comments = await exportComments(step);
  const favourites = await exportFavourites(step);
  const follows = await exportFollows(step);
  const { surveyList, files: workbooks } = await exportSurveys(step);
  const { files: pdfs, reportCount, pdfsLeftOut } = await exportReports(step);
  const orders = await exportOrders(step);
  const counts = {
    questions: questions.length,
    answers: answers.length,
    comments: comments.comments.length,
    replies: comments.replies.length,
    favourites: favourites.favourites.length,
    follows: follows.following.length,
    surveys: surveyList.length,
    orders: orders.orders.length,
    reports: reportCount,
  };
  return [
    { name: "README.txt", data: new TextEncoder().encode(readme(user.userName, now, counts, pdfsLeftOut)) },
    { name: "profile.json", data: json(profile) },
    { name: "questions.json", data: json(questions) },
    { name: "answers.json", data: json(answers) },
    { name: "comments.json", data: json(comments) },
    { name: "favourites.json", data: json(favourites) },
    { name: "follows.json", data: json(follows) },
    { name: "surveys.json", data: json(surveyList) },
    { name: "orders.json", data: json(orders) },
    ...workbooks,
    ...pdfs,
  ];
}

// ---------------------------------------------------------------- the job (workers/jobs/kinds.ts)

/** Claim a queued export (or one a dead worker left building); null when it is done, gone or not claimable. */
async function claim(db: Db, id: string): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ status: EXPORT_STATUS.BUILDING })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, PENDING)))
    .returning();
  return row ?? null;
}

/**
 * Build the zip, store it in R2, mark it ready and tell the user by system message (live badge). Throws on failure:
 * the job runner retries, and after the last attempt calls exportJobFailed.
 */
export async function runExportJob({ env, exportId, heartbeat = async () => undefined, now = Date.now() }: { env: Env; exportId: string; heartbeat?: () => Promise<void>; now?: number }): Promise<void> {
  const db = getDb(env.DB);
  const row = await claim(db, exportId);
  if (!row) return;
  const owner = await db.select({ status: users.status }).from(users).where(eq(users.id, row.userId)).get();
  if (!owner || !isActiveUser(owner.status)) {
    // Deleted (or banned) meanwhile: nothing is built for an account that no longer exists.
    await db.update(dataExports).set({ status: EXPORT_STATUS.FAILED, failReason: "account inactive" }).where(eq(dataExports.id, exportId));
    return;
  }
  const files = await buildExportFiles({ env, db, userId: row.userId, now });
  await heartbeat();
  const zip = await writeZip(files, new Date(now + CHINA_OFFSET_MS));
  await heartbeat();
  const key = exportObjectKey(row.userId, row.id);
  await env.FILES.put(key, zip, {
    httpMetadata: { contentType: "application/zip" },
    customMetadata: { owner: String(row.userId), export: row.id },
  });
  const expiresAt = now + EXPORT_LINK_DAYS * DAY;
  const published = await db
    .update(dataExports)
    .set({ status: EXPORT_STATUS.READY, fileKey: key, fileSize: zip.length, readyAt: now, expiresAt })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.status, EXPORT_STATUS.BUILDING)))
    .returning({ id: dataExports.id });
  if (!published.length) {
    // The account was deleted while the zip was being built (its exports were expired): drop the file, say nothing.
    await env.FILES.delete(key);
    return;
  }
  await sendSystemMessage({ db, env, now, to: row.userId, text: `${RIGHTS_MSG.exportReady(chinaDateTime(expiresAt))}${exportDownloadPath(row.id)}` });
}

/** The export's job failed for good (last attempt, lease lost too often): the row fails and the user is told. */
export async function exportJobFailed({ env, db, exportId, reason, now = Date.now() }: { env: Env; db: Db; exportId: string; reason: string; now?: number }): Promise<void> {
  const [row] = await db
    .update(dataExports)
    .set({ status: EXPORT_STATUS.FAILED, failReason: reason.slice(0, 300) })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, PENDING)))
    .returning({ userId: dataExports.userId });
  if (row) await sendSystemMessage({ db, env, now, to: row.userId, text: RIGHTS_MSG.exportFailed });
}

/** The operator's retry of a failed export: the row is pending again (its job is reset by the caller's batch). */
export function reopenExportStatement({ db, exportId }: { db: Db; exportId: string }) {
  return db
    .update(dataExports)
    .set({ status: EXPORT_STATUS.QUEUED, failReason: null })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, EXPORT_STATUS.FAILED)));
}

// ---------------------------------------------------------------- download and clean-up

/** The zip of an export for its owner while the link is live; null for anyone else, expired or unknown ids. */
export async function readExportFile({ env, db, userId, id, now = Date.now() }: { env: Env; db: Db; userId: number; id: string; now?: number }): Promise<{ object: R2ObjectBody; row: ExportRow } | null> {
  if (!/^[0-9a-f]{36}$/.test(id)) return null;
  const row = await db.select().from(dataExports).where(and(eq(dataExports.id, id), eq(dataExports.userId, userId))).get();
  if (!row || row.status !== EXPORT_STATUS.READY || !row.fileKey || !row.expiresAt || row.expiresAt <= now) return null;
  const object = await env.FILES.get(row.fileKey);
  if (!object) return null;
  await db.update(dataExports).set({ downloadedAt: now }).where(eq(dataExports.id, id));
  return { object, row };
}

/** Remove the zips of the given export rows from R2 and mark the rows expired (the rows stay as the request log). */
export async function expireExports({ env, db, rows }: { env: Env; db: Db; rows: Pick<ExportRow, "id" | "fileKey">[] }): Promise<number> {
  if (!rows.length) return 0;
  const keys = rows.map((r) => r.fileKey).filter((k): k is string => !!k);
  if (keys.length) await env.FILES.delete(keys);
  await db
    .update(dataExports)
    .set({ status: EXPORT_STATUS.EXPIRED, fileKey: null })
    .where(inArray(dataExports.id, rows.map((r) => r.id)));
  return rows.length;
}

/** Cron: zips past their link's end leave R2. */
export async function purgeExpiredExports({ env, db, now }: { env: Env; db: Db; now: number }): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db
      .select({ id: dataExports.id, fileKey: dataExports.fileKey })
      .from(dataExports)
      .where(and(eq(dataExports.status, EXPORT_STATUS.READY), lt(dataExports.expiresAt, now)))
      .limit(100);
    if (!rows.length) return total;
    total += await expireExports({ env, db, rows });
  }
}
