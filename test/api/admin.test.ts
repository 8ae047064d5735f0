// Operator console (issue 17): every /api/admin route refuses non-admins; reports land in the review queue; hide,
// restore and approve change spec 2's statuses and what the author and others see; keyword holds; bans; the audit log.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { callJson } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { payOrders, payRefunds, qaAnswers, qaComments, qaQuestions, surveys, users } from "../../db/schema";
import { ANSWER_STATUS, QA_MSG, QUESTION_STATUS, type AnswerPage, type CommentView, type QuestionDetail } from "../../workers/contract/qa";
import { ADMIN_MSG, OWN_NOTE, type AuditEntryView, type DashboardCounts, type ReviewPage } from "../../workers/contract/admin";
import { ADMIN_ROUTES } from "../../workers/api/admin";
import { DISPOSE_STATUS } from "../../workers/contract/workbench";
import { hashPassword } from "../../workers/services/accounts/passwords";
import { readCounter, VISIBLE_QUESTIONS } from "../../workers/services/qa/counters";
import { adminGet, adminPost, lastAudit, makeAdmin, qa, questionWithAnswer, veteran } from "./admin.helpers";

const db = () => getDb(env.DB);
const routeCall = (method: string, path: string, token?: string) =>
  callJson(`/api/admin${path}`, method === "GET" ? { token } : { method, json: {}, token });

async function queueItemFor(token: string, targetType: string, targetId: number) {
  const page = await adminGet<ReviewPage>("review?state=pending", token);
  expect(page.code).toBe(CODE.OK);
  return page.data.list.find((i) => i.targetType === targetType && i.targetId === targetId);
}

describe("authorisation: every /api/admin route refuses non-admins", () => {
  it("lists the routes under test", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(11);
  });
  for (const r of ADMIN_ROUTES) {
    it(`${r.method} ${r.path}`, async () => {
      expect(await routeCall(r.method, r.path)).toMatchObject({ code: CODE.SESSION_EXPIRED, data: null });
      const user = await veteran();
      const refused = await routeCall(r.method, r.path, user.token);
      expect(refused).toEqual({ code: CODE.FORBIDDEN, msg: ADMIN_MSG.notAdmin, data: null });
      // A banned admin (status 0) is refused too.
      const banned = await makeAdmin();
      await db().update(users).set({ status: 0 }).where(eq(users.id, banned.user.id));
      expect((await routeCall(r.method, r.path, banned.token)).code).toBe(CODE.FORBIDDEN);
      // The admin passes the check (validation or business errors may follow, never the refusal).
      const admin = await makeAdmin();
      const res = await routeCall(r.method, r.path, admin.token);
      expect(res.code).not.toBe(CODE.FORBIDDEN);
      expect(res.code).not.toBe(CODE.SESSION_EXPIRED);
    });
  }
  it("an unknown path under /api/admin is refused the same way", async () => {
    const user = await veteran();
    expect((await callJson("/api/admin/nothing-here", { token: user.token })).code).toBe(CODE.FORBIDDEN);
  });
  it("the refusal is HTTP 403", async () => {
    const user = await veteran();
    const { call } = await import("../support/api");
    expect((await call("/api/admin/dashboard", { token: user.token })).status).toBe(403);
  });
});

describe("report → queue → hide → the author sees it hidden → restore", () => {
  it("walks an answer through the queue with the audit log", async () => {
    const { author, questionId, answerId } = await questionWithAnswer();
    const reporter = await veteran();
    const other = await veteran();
    const admin = await makeAdmin();

    const rep = await qa("report/add", { targetType: "answer", targetId: answerId, reason: "spam", detail: "留了联系方式" }, reporter.token);
    expect(rep).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.reported, data: { reported: true } });
    // A second report by the same user is counted once.
    expect((await qa("report/add", { targetType: "answer", targetId: answerId, reason: "abuse" }, reporter.token)).msg).toBe(ADMIN_MSG.reportedAgain);
    await qa("report/add", { targetType: "answer", targetId: answerId, reason: "abuse" }, other.token);

    const item = await queueItemFor(admin.token, "answer", answerId);
    expect(item).toMatchObject({ source: "report", reportCount: 2, state: "pending", authorId: author.user.id, contentStatus: ANSWER_STATUS.NORMAL });
    expect(item!.reasons.map((r) => r.label).sort()).toEqual(["垃圾广告", "辱骂攻击"].sort());
    expect(item!.href).toBe(`/energySavingQA/details?questionId=${questionId}#answer-${answerId}`);

    const hidden = await adminPost("review/decide", { id: item!.id, decision: "hide", note: "广告" }, admin.token);
    expect(hidden).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.decided, data: { state: "hidden", contentStatus: ANSWER_STATUS.DELETED } });
    expect((await db().select().from(qaAnswers).where(eq(qaAnswers.id, answerId)).get())!.status).toBe(ANSWER_STATUS.DELETED);

    // Others no longer see it; the question goes back to waiting (its only answer is gone).
    const seen = await qa<AnswerPage>("answer/queryPageById", { questionId }, other.token);
    expect(seen.data.answerList.map((a) => a.id)).not.toContain(answerId);
    expect(seen.data.questionStatus).toBe(QUESTION_STATUS.WAITING);
    // The author sees it, with the hidden note, on the detail page and in 我的回答.
    const own = await qa<AnswerPage>("answer/queryPageById", { questionId }, author.token);
    expect(own.data.answerList[0]).toMatchObject({ id: answerId, status: ANSWER_STATUS.DELETED, ownOnlyNote: OWN_NOTE.hiddenAnswer });
    const mine = await qa<{ answerList: { id: number; status: number; ownOnlyNote: string | null }[] }>("answer/queryPageByUserId", { status: 4 }, author.token);
    expect(mine.data.answerList).toEqual([expect.objectContaining({ id: answerId, status: 4, ownOnlyNote: OWN_NOTE.hiddenAnswer })]);
    // …and is told in a system message.
    const messages = await qa<{ messageList: { content: string | null }[] }>("common/system/messagePageQuery", {}, author.token);
    expect(messages.data.messageList[0].content).toMatch(/^您的回答“建议先做负荷测试.*”因违反社区规范已被隐藏，仅您本人可见。/);
    // Hidden content cannot be reported, nor hidden twice.
    expect((await qa("report/add", { targetType: "answer", targetId: answerId, reason: "spam" }, (await veteran()).token)).msg).toBe(ADMIN_MSG.targetMissing);
    expect((await adminPost("review/decide", { id: item!.id, decision: "hide" }, admin.token)).msg).toBe(ADMIN_MSG.decisionInvalid);

    const audit = await lastAudit("review.hide", answerId);
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "answer", reason: "广告" });
    expect(JSON.parse(audit!.before!)).toEqual({ state: "pending", contentStatus: 0 });
    expect(JSON.parse(audit!.after!)).toEqual({ state: "hidden", contentStatus: 4 });

    const restored = await adminPost("review/decide", { id: item!.id, decision: "restore" }, admin.token);
    expect(restored).toMatchObject({ code: CODE.OK, data: { state: "restored", contentStatus: ANSWER_STATUS.NORMAL } });
    const back = await qa<AnswerPage>("answer/queryPageById", { questionId }, other.token);
    expect(back.data.answerList.map((a) => a.id)).toContain(answerId);
    expect(back.data.questionStatus).toBe(QUESTION_STATUS.SOLVED);
    const later = await qa<{ messageList: { content: string | null }[] }>("common/system/messagePageQuery", {}, author.token);
    expect(later.data.messageList[0].content).toMatch(/已恢复公开显示。$/);
    expect(await lastAudit("review.restore", answerId)).toBeTruthy();

    const log = await adminGet<{ list: AuditEntryView[] }>("audit", admin.token);
    expect(log.data.list.slice(0, 2).map((e) => e.action)).toEqual(["review.restore", "review.hide"]);
  });

  it("approving a reported answer keeps it public and closes the item", async () => {
    const { answerId } = await questionWithAnswer();
    const admin = await makeAdmin();
    await qa("report/add", { targetType: "answer", targetId: answerId, reason: "fake" }, (await veteran()).token);
    const item = await queueItemFor(admin.token, "answer", answerId);
    expect((await adminPost("review/decide", { id: item!.id, decision: "approve" }, admin.token)).data).toEqual({ state: "approved", contentStatus: 0 });
    expect(await queueItemFor(admin.token, "answer", answerId)).toBeUndefined();
    expect((await adminPost("review/decide", { id: item!.id, decision: "approve" }, admin.token)).msg).toBe(ADMIN_MSG.decisionInvalid);
    expect((await adminPost("review/decide", { id: item!.id, decision: "restore" }, admin.token)).msg).toBe(ADMIN_MSG.decisionInvalid);
  });

  it("refuses reporting own content, unknown content and a missing reason", async () => {
    const { author, answerId } = await questionWithAnswer();
    expect((await qa("report/add", { targetType: "answer", targetId: answerId, reason: "spam" }, author.token)).msg).toBe(ADMIN_MSG.reportOwn);
    const someone = await veteran();
    expect((await qa("report/add", { targetType: "answer", targetId: 999_999_999, reason: "spam" }, someone.token)).msg).toBe(ADMIN_MSG.targetMissing);
    expect((await qa("report/add", { targetType: "answer", targetId: answerId }, someone.token)).msg).toBe(ADMIN_MSG.reasonRequired);
    expect((await qa("report/add", { targetType: "answer", targetId: answerId, reason: "spam" })).code).toBe(CODE.SESSION_EXPIRED);
  });

  it("hides a question: gone for others, readable by its author with the note", async () => {
    const { asker, questionId } = await questionWithAnswer();
    const admin = await makeAdmin();
    await qa("report/add", { targetType: "question", targetId: questionId, reason: "illegal" }, (await veteran()).token);
    const item = await queueItemFor(admin.token, "question", questionId);
    expect((await adminPost("review/decide", { id: item!.id, decision: "hide" }, admin.token)).data).toMatchObject({ contentStatus: QUESTION_STATUS.DELETED_BY_SYSTEM });
    expect((await callJson(`/api/qa/question/getById/${questionId}`)).msg).toBe(QA_MSG.questionMissing);
    const own = await callJson<QuestionDetail>(`/api/qa/question/getById/${questionId}`, { token: asker.token });
    expect(own.data).toMatchObject({ status: QUESTION_STATUS.DELETED_BY_SYSTEM, ownOnlyNote: OWN_NOTE.hiddenQuestion });
    const search = await qa<{ questionList: { id: number }[] }>("question/pageQuery", { searchContent: "水泵变频改造" });
    expect(search.data.questionList.map((q) => q.id)).not.toContain(questionId);
    await adminPost("review/decide", { id: item!.id, decision: "restore" }, admin.token);
    // Restored with its answer: solved again, searchable again.
    expect((await db().select().from(qaQuestions).where(eq(qaQuestions.id, questionId)).get())!.status).toBe(QUESTION_STATUS.SOLVED);
    expect((await callJson<QuestionDetail>(`/api/qa/question/getById/${questionId}`)).code).toBe(CODE.OK);
  });

  it("hides a comment: listed only for its author, with the note; replies refused", async () => {
    const { answerId } = await questionWithAnswer();
    const commenter = await veteran();
    const c = await qa<CommentView>("assessment/add", { answerId, assessmentContent: "这个方案不靠谱" }, commenter.token);
    expect(c.code).toBe(CODE.OK);
    const admin = await makeAdmin();
    const viewer = await veteran();
    await qa("report/add", { targetType: "comment", targetId: c.data.id, reason: "abuse" }, viewer.token);
    const item = await queueItemFor(admin.token, "comment", c.data.id);
    expect(item!.excerpt).toBe("这个方案不靠谱");
    await adminPost("review/decide", { id: item!.id, decision: "hide" }, admin.token);
    expect((await db().select().from(qaComments).where(eq(qaComments.id, c.data.id)).get())!.status).toBe(4);
    const list = await qa<{ assessmentList: CommentView[]; total: number }>("assessment/queryPageById", { answerId }, viewer.token);
    expect(list.data.assessmentList.map((x) => x.id)).not.toContain(c.data.id);
    const ownList = await qa<{ assessmentList: CommentView[] }>("assessment/queryPageById", { answerId }, commenter.token);
    expect(ownList.data.assessmentList.find((x) => x.id === c.data.id)).toMatchObject({ ownOnlyNote: OWN_NOTE.hiddenComment });
    expect((await qa("reply/add", { assessmentId: c.data.id, replyContent: "同意" }, viewer.token)).msg).toBe(QA_MSG.commentMissing);
  });

  it("keeps the answer's public discussion count: a hidden comment and its replies leave it, a restore brings them back", async () => {
    const { answerId } = await questionWithAnswer();
    const commenter = await veteran();
    const admin = await makeAdmin();
    const replyCount = async () => (await db().select().from(qaAnswers).where(eq(qaAnswers.id, answerId)).get())!.replyCount;
    const c = await qa<CommentView>("assessment/add", { answerId, assessmentContent: "先查管网泄漏" }, commenter.token);
    const replier = await veteran();
    expect((await qa("reply/add", { assessmentId: c.data.id, replyContent: "同意" }, replier.token)).code).toBe(CODE.OK);
    expect((await qa<CommentView>("assessment/add", { answerId, assessmentContent: "再看压力设定" }, (await veteran()).token)).code).toBe(CODE.OK);
    expect(await replyCount()).toBe(3);
    const viewer = await veteran();
    await qa("report/add", { targetType: "comment", targetId: c.data.id, reason: "abuse" }, viewer.token);
    const item = await queueItemFor(admin.token, "comment", c.data.id);
    await adminPost("review/decide", { id: item!.id, decision: "hide" }, admin.token);
    expect(await replyCount()).toBe(1);
    await adminPost("review/decide", { id: item!.id, decision: "restore" }, admin.token);
    expect(await replyCount()).toBe(3);
  });
});

describe("keyword list holds new answers for review", () => {
  it("holds a matching answer (status 3, 审核中) until an operator approves it", async () => {
    const { author, asker, questionId, answerId, answer } = await questionWithAnswer("<p>需要报价请加微信 abc123，包您满意。</p>");
    expect(answer).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.heldAnswer, data: { held: true, created: true } });
    expect((await db().select().from(qaAnswers).where(eq(qaAnswers.id, answerId)).get())!.status).toBe(ANSWER_STATUS.REVIEW);
    // Not public: others do not see it, the question is still waiting; the author sees it with the review note.
    const seen = await qa<AnswerPage>("answer/queryPageById", { questionId }, asker.token);
    expect(seen.data.answerList).toEqual([]);
    expect(seen.data.questionStatus).toBe(QUESTION_STATUS.WAITING);
    const own = await qa<AnswerPage>("answer/queryPageById", { questionId }, author.token);
    expect(own.data.answerList[0]).toMatchObject({ id: answerId, status: ANSWER_STATUS.REVIEW, ownOnlyNote: OWN_NOTE.review });

    const admin = await makeAdmin();
    const item = await queueItemFor(admin.token, "answer", answerId);
    expect(item).toMatchObject({ source: "keyword", matched: ["加微信"], reportCount: 0, contentStatus: ANSWER_STATUS.REVIEW });
    const approved = await adminPost("review/decide", { id: item!.id, decision: "approve" }, admin.token);
    expect(approved.data).toEqual({ state: "approved", contentStatus: ANSWER_STATUS.NORMAL });
    const after = await qa<AnswerPage>("answer/queryPageById", { questionId }, asker.token);
    expect(after.data.answerList.map((a) => a.id)).toEqual([answerId]);
    expect(after.data.questionStatus).toBe(QUESTION_STATUS.SOLVED);
    expect(JSON.parse((await lastAudit("review.approve", answerId))!.after!)).toEqual({ state: "approved", contentStatus: 0 });
  });

  it("holds a matching question (status 4) out of lists and search until approved", async () => {
    const asker = await veteran();
    const admin = await makeAdmin();
    const visible = () => readCounter({ db: db(), name: VISIBLE_QUESTIONS });
    const before = await visible();
    const title = `接单刷单赚节能补贴 ${Math.random().toString(36).slice(2, 6)}`;
    const res = await qa<{ id: number; held?: true }>("question/add", { questionTitle: title, questionDescription: "" }, asker.token);
    expect(res).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.heldQuestion, data: { held: true } });
    const id = res.data.id;
    expect((await db().select().from(qaQuestions).where(eq(qaQuestions.id, id)).get())!.status).toBe(QUESTION_STATUS.FILTERED);
    expect(await visible()).toBe(before);
    expect((await callJson(`/api/qa/question/getById/${id}`)).msg).toBe(QA_MSG.questionMissing);
    expect((await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`, { token: asker.token })).data).toMatchObject({ status: 4, ownOnlyNote: OWN_NOTE.reviewQuestion });
    const search = () => qa<{ questionList: { id: number }[] }>("question/pageQuery", { searchContent: "节能补贴" });
    expect((await search()).data.questionList.map((q) => q.id)).not.toContain(id);

    const item = await queueItemFor(admin.token, "question", id);
    expect(item).toMatchObject({ source: "keyword", matched: ["刷单"] });
    expect((await adminPost("review/decide", { id: item!.id, decision: "approve" }, admin.token)).data).toEqual({ state: "approved", contentStatus: QUESTION_STATUS.WAITING });
    expect((await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`)).data).toMatchObject({ status: 0, ownOnlyNote: null });
    expect((await search()).data.questionList.map((q) => q.id)).toContain(id);
    expect(await visible()).toBe(before + 1);
  });

  it("holds a matching comment (status 3) for its author only until approved", async () => {
    const { answerId } = await questionWithAnswer();
    const commenter = await veteran();
    const reader = await veteran();
    const admin = await makeAdmin();
    const res = await qa<CommentView>("assessment/add", { answerId, assessmentContent: "想要节能补贴的加微信详聊" }, commenter.token);
    expect(res).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.heldComment, data: { held: true, ownOnlyNote: OWN_NOTE.reviewComment } });
    const list = (token: string) => qa<{ assessmentList: CommentView[] }>("assessment/queryPageById", { answerId }, token);
    expect((await list(reader.token)).data.assessmentList.map((c) => c.id)).not.toContain(res.data.id);
    expect((await list(commenter.token)).data.assessmentList.find((c) => c.id === res.data.id)).toMatchObject({ ownOnlyNote: OWN_NOTE.reviewComment });
    expect((await qa("reply/add", { assessmentId: res.data.id, replyContent: "好" }, reader.token)).msg).toBe(QA_MSG.commentMissing);
    const item = await queueItemFor(admin.token, "comment", res.data.id);
    expect(item).toMatchObject({ source: "keyword", matched: ["加微信"], contentStatus: 3 });
    const replyCount = async () => (await db().select().from(qaAnswers).where(eq(qaAnswers.id, answerId)).get())!.replyCount;
    expect(await replyCount()).toBe(0); // held: not yet part of the public discussion
    expect((await adminPost("review/decide", { id: item!.id, decision: "approve" }, admin.token)).data).toEqual({ state: "approved", contentStatus: 0 });
    expect((await list(reader.token)).data.assessmentList.find((c) => c.id === res.data.id)).toMatchObject({ ownOnlyNote: null });
    expect(await replyCount()).toBe(1);
  });

  it("an edit that brings in a word holds a public answer again", async () => {
    const { author, asker, questionId, answerId } = await questionWithAnswer();
    const edited = await qa<{ id: number; held?: true }>("answer/update", { id: answerId, questionId, answerContent: "<p>改造方案详见，高额返利等你来。</p>", isAnonymous: 0 }, author.token);
    expect(edited).toMatchObject({ msg: ADMIN_MSG.heldAnswer, data: { id: answerId, held: true } });
    expect((await qa<AnswerPage>("answer/queryPageById", { questionId }, asker.token)).data.answerList).toEqual([]);
    const admin = await makeAdmin();
    expect(await queueItemFor(admin.token, "answer", answerId)).toMatchObject({ source: "keyword", matched: ["高额返利"] });
  });

  it("matches full-width and spaced spellings; an ordinary answer is not held", async () => {
    const spaced = await questionWithAnswer("<p>代 开 发 票，量大从优</p>");
    expect(spaced.answer.data.held).toBe(true);
    const fine = await questionWithAnswer("<p>电机负载率低于 40% 时优先考虑更换小功率高效电机。</p>");
    expect(fine.answer).toMatchObject({ msg: QA_MSG.saved });
    expect(fine.answer.data.held).toBeUndefined();
  });

  it("operators add and remove words; each change is audited", async () => {
    const admin = await makeAdmin();
    const word = `违禁词${Math.random().toString(36).slice(2, 6)}`;
    const added = await adminPost<{ id: number; word: string }>("keywords/add", { word }, admin.token);
    expect(added).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.keywordAdded, data: { word } });
    expect((await adminPost("keywords/add", { word }, admin.token)).msg).toBe(ADMIN_MSG.keywordExists);
    expect((await adminPost("keywords/add", { word: " " }, admin.token)).msg).toBe(ADMIN_MSG.keywordEmpty);
    expect((await questionWithAnswer(`<p>这里有${word}。</p>`)).answer.data.held).toBe(true);
    expect(await lastAudit("keyword.add", word)).toMatchObject({ actorId: admin.user.id });
    expect((await adminPost("keywords/remove", { id: added.data.id }, admin.token)).msg).toBe(ADMIN_MSG.keywordRemoved);
    expect((await questionWithAnswer(`<p>这里有${word}。</p>`)).answer.data.held).toBeUndefined();
    expect(JSON.parse((await lastAudit("keyword.remove", word))!.before!)).toEqual({ id: added.data.id, word });
    const list = await adminGet<{ word: string }[]>("keywords", admin.token);
    expect(list.data.map((k) => k.word)).toEqual(expect.arrayContaining(["加微信", "代开发票"]));
  });
});

describe("ban and unban", () => {
  it("bans with a reason (sessions revoked, login refused), unbans, audits both", async () => {
    const admin = await makeAdmin();
    const pw = await hashPassword("Banme#2024");
    const target = await veteran();
    await db().update(users).set({ passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations }).where(eq(users.id, target.user.id));
    const login = () => callJson("/api/user/login", { method: "POST", json: { type: 1, userName: target.user.userName, password: "Banme#2024" } });

    expect((await adminPost("users/ban", { userId: target.user.id }, admin.token)).msg).toBe(ADMIN_MSG.banReasonRequired);
    expect((await adminPost("users/ban", { userId: admin.user.id, reason: "x" }, admin.token)).msg).toBe(ADMIN_MSG.banSelf);
    expect(await adminPost("users/ban", { userId: target.user.id, reason: "多次发布广告" }, admin.token)).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.banned });
    expect((await qa("question/add", { questionTitle: "封禁后还能提问吗" }, target.token)).code).toBe(CODE.SESSION_REVOKED);
    expect((await login()).msg).toBe("账号已被禁用，请联系客服");
    const found = await adminGet<{ list: { id: number; status: number; banReason: string | null }[] }>(`users?q=${target.user.userName}`, admin.token);
    expect(found.data.list).toEqual([expect.objectContaining({ id: target.user.id, status: 0, banReason: "多次发布广告" })]);
    expect((await adminPost("users/ban", { userId: target.user.id, reason: "再次" }, admin.token)).msg).toBe(ADMIN_MSG.alreadyBanned);
    const banAudit = await lastAudit("user.ban", target.user.id);
    expect(banAudit).toMatchObject({ actorId: admin.user.id, reason: "多次发布广告" });
    expect(JSON.parse(banAudit!.before!)).toEqual({ status: 1 });

    expect(await adminPost("users/unban", { userId: target.user.id }, admin.token)).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.unbanned });
    expect((await login()).code).toBe(CODE.OK);
    expect((await adminPost("users/unban", { userId: target.user.id }, admin.token)).msg).toBe(ADMIN_MSG.notBanned);
    expect(JSON.parse((await lastAudit("user.unban", target.user.id))!.before!)).toEqual({ status: 0, banReason: "多次发布广告" });
  });
});

describe("dashboard revenue per day", () => {
  it("sums paid orders per China-time day over 14 days, net of refunds on the refund's day, zero days included", async () => {
    const { revenueByDay } = await import("../../workers/services/admin/dashboard");
    const buyer = await veteran();
    // 2026-03-10 23:30 in China is 15:30 UTC the same day; 00:30 on the 11th is 16:30 UTC on the 10th.
    const late = Date.parse("2026-03-10T23:30:00+08:00");
    const early = Date.parse("2026-03-11T00:30:00+08:00");
    let sub = 0;
    const order = (paidAt: number, fen: number, status: "WAIT_PAY" | "SUCCESS" | "CLOSED" | "REFUNDED" = "SUCCESS") =>
      db()
        .insert(payOrders)
        .values({
          orderSn: `T${Math.random().toString(36).slice(2, 12)}`,
          userId: buyer.user.id,
          userName: buyer.user.userName,
          merchantId: 1,
          productId: 1,
          subProductId: 900_000 + ++sub,
          productName: "评估报告",
          orderAmountFen: fen,
          payAmountFen: fen,
          platform: "PC",
          status,
          createdAt: paidAt,
          paidAt,
        });
    await order(late, 9900);
    await order(early, 1990);
    await order(early + 60_000, 500);
    await order(early, 7700, "CLOSED");
    // Paid on the 10th, refunded in full on the 11th: counted where it was paid, subtracted where it was refunded.
    const refundedOrder = await order(late, 2000, "REFUNDED").returning({ id: payOrders.id }).get();
    await db().insert(payRefunds).values({
      orderId: refundedOrder!.id,
      outRequestNo: `R${Math.random().toString(36).slice(2, 12)}`,
      amountFen: 2000,
      reason: "测试退款",
      status: "success",
      actorId: buyer.user.id,
      createdAt: early,
      finishedAt: early,
    });
    const days = await revenueByDay({ db: db(), now: Date.parse("2026-03-11T12:00:00+08:00") });
    expect(days).toHaveLength(14);
    expect(days[0].day).toBe("2026-02-26");
    expect(days.slice(-2)).toEqual([
      { day: "2026-03-10", orders: 2, revenue: 119, refunded: 0 },
      { day: "2026-03-11", orders: 2, revenue: 4.9, refunded: 20 },
    ]);
    expect(days.slice(0, -2).every((d) => d.orders === 0 && d.revenue === 0)).toBe(true);
  });
});

describe("dashboard and report failures", () => {
  it("counts and retries a failed report", async () => {
    const admin = await makeAdmin();
    const before = await adminGet<DashboardCounts>("dashboard", admin.token);
    expect(before.code).toBe(CODE.OK);
    const owner = await veteran();
    const now = Date.now();
    const [failed] = await db()
      .insert(surveys)
      .values({ userId: owner.user.id, typeId: 1, evaluationTitle: "一号车间电机评估", disposeStatus: DISPOSE_STATUS.FAILED, failReason: "缺少电机额定功率", createdAt: now, updatedAt: now, answersUpdatedAt: now })
      .returning();
    const [ready] = await db()
      .insert(surveys)
      .values({ userId: owner.user.id, typeId: 1, disposeStatus: DISPOSE_STATUS.READY, createdAt: now, updatedAt: now, answersUpdatedAt: now })
      .returning();
    const after = await adminGet<DashboardCounts>("dashboard", admin.token);
    expect(after.data.users).toBe(before.data.users + 1);
    expect(after.data.reportsFailed).toBe(before.data.reportsFailed + 1);
    expect(after.data.reportsGenerated).toBe(before.data.reportsGenerated + 1);
    const list = await adminGet<{ surveyId: number; reason: string }[]>("report-failures", admin.token);
    expect(list.data.find((f) => f.surveyId === failed.id)).toMatchObject({ surveyName: "一号车间电机评估", reason: "缺少电机额定功率" });
    expect((await adminPost("report-failures/retry", { surveyId: ready.id }, admin.token)).msg).toBe(ADMIN_MSG.retryInvalid);
    expect((await adminPost("report-failures/retry", { surveyId: failed.id }, admin.token)).msg).toBe(ADMIN_MSG.retried);
    expect(JSON.parse((await lastAudit("report.retry", failed.id))!.before!)).toEqual({ disposeStatus: 3, failReason: "缺少电机额定功率" });
  });
});
