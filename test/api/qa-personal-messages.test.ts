// Message notifications: unread counts per tab, tab lists, mark-read (own messages only), live pushes through the
// UserChannel when someone answers, follows or likes, and operator system messages.
import { describe, expect, it } from "vitest";
import { env, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { qaMessages, users } from "../../db/schema";
import { QA_MSG } from "../../workers/contract/qa";
import { PERSONAL_MSG, type MessageCounts, type MessagePage } from "../../workers/contract/qa-personal";
import { unreadMessageCount } from "../../workers/services/messaging/counts";
import worker from "./worker-entry";
import { answer, ask, listen, qa, veteran } from "./qa-personal.helpers";

const counts = (token: string, userId?: number) => qa<MessageCounts>("messageNotice/statistics", { userId }, token);

describe("message counts and lists", () => {
  it("counts each tab, lists them, and marks read only the caller's own messages", async () => {
    const a = await veteran();
    const b = await veteran();
    const c = await veteran();
    const qid = await ask(a.token, a.user.id, `我的空压机需要变频吗 ${Math.random()}`);
    const aid = await answer(b.token, b.user.id, qid, "看负荷波动，波动大就值得。");
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, b.token);
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, c.token);
    const own = await answer(a.token, a.user.id, qid, "补充一下我的负荷数据。");
    await qa("common/praiseAndUnpraise", { contentId: own, contentType: 2, actionType: 0 }, c.token);
    // B comments on A's answer: it shows in the 回答 tab with targetType 2 (answer commented).
    await qa("assessment/add", { answerId: own, assessmentContent: "负荷率多少？" }, b.token);

    const before = await counts(a.token);
    expect(before).toMatchObject({ code: CODE.OK, data: { unreadAnswerCount: 2, unreadFollowCount: 2, unreadPraiseCount: 1, unreadSystemCount: 0, unreadTotal: 5 } });
    expect(await unreadMessageCount({ db: getDb(env.DB), userId: a.user.id })).toBe(5);
    // Another user's id in the body changes nothing: B still gets B's own counts.
    expect((await counts(b.token, a.user.id)).data.unreadTotal).toBe(0);

    const answers = await qa<MessagePage>("question/messagePageQuery", { userId: a.user.id, pageNo: 1, pageSize: 20 }, a.token);
    expect(answers.data.total).toBe(2);
    const [comment, answered] = answers.data.messageList;
    expect(comment).toMatchObject({ kind: "comment", isRead: 0, questionId: qid, answerId: own, targetType: 2, content: "负荷率多少？" });
    expect(answered).toMatchObject({ kind: "answer", questionId: qid, answerId: aid, questionDeleted: false, publisherList: [{ publisherId: b.user.id, publisherName: b.user.name }] });
    expect(answered.questionTitle).toContain("我的空压机需要变频吗");
    expect(answered.answerDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const follows = await qa<MessagePage>("common/follow/messagePageQuery", { pageNo: 1 }, a.token);
    expect(follows.data.messageList.map((m) => m.followerId).sort()).toEqual([b.user.id, c.user.id].sort());
    const praises = await qa<MessagePage>("common/praise/messagePageQuery", {}, a.token);
    expect(praises.data.messageList).toHaveLength(1);
    expect(praises.data.messageList[0]).toMatchObject({ targetType: 2, targetId: own, publisherList: [{ publisherId: c.user.id }] });

    // Nobody reads another user's list through the body's userId.
    expect((await qa<MessagePage>("question/messagePageQuery", { userId: a.user.id }, b.token)).data.total).toBe(0);

    // B tries to mark A's messages read: nothing changes.
    const ids = follows.data.messageList.map((m) => m.messageId);
    const foreign = await qa<{ updated: number }>("messageNotice/updateMessageStatus", { messageIds: ids }, b.token);
    expect(foreign).toMatchObject({ code: CODE.OK, data: { updated: 0 } });
    expect((await counts(a.token)).data.unreadFollowCount).toBe(2);

    // A marks one follow message read (comma list form), then the same again: idempotent.
    const marked = await qa<{ updated: number } & MessageCounts>("messageNotice/updateMessageStatus", { messageIds: String(ids[0]) }, a.token);
    expect(marked).toMatchObject({ code: CODE.OK, msg: PERSONAL_MSG.marked, data: { updated: 1, unreadFollowCount: 1, unreadTotal: 4 } });
    expect((await qa<{ updated: number }>("messageNotice/updateMessageStatus", { messageIds: [ids[0]] }, a.token)).data.updated).toBe(0);
    expect((await counts(a.token)).data).toMatchObject({ unreadFollowCount: 1, unreadAnswerCount: 2, unreadTotal: 4 });

    // isRead filter.
    expect((await qa<MessagePage>("common/follow/messagePageQuery", { isRead: 0 }, a.token)).data.messageList.map((m) => m.messageId)).toEqual([ids[1]]);
    expect((await qa<MessagePage>("common/follow/messagePageQuery", { isRead: "1" }, a.token)).data.messageList.map((m) => m.messageId)).toEqual([ids[0]]);

    // Mark everything in the answers tab read.
    await qa("messageNotice/updateMessageStatus", { messageIds: answers.data.messageList.map((m) => m.messageId) }, a.token);
    expect((await counts(a.token)).data).toMatchObject({ unreadAnswerCount: 0, unreadFollowCount: 1, unreadPraiseCount: 1, unreadTotal: 2 });
  });

  it("hides anonymous answerers and deleted questions in messages", async () => {
    const a = await veteran();
    const b = await veteran();
    const qid = await ask(a.token, a.user.id, `匿名回答的消息 ${Math.random()}`);
    await answer(b.token, b.user.id, qid, "匿名给个建议。", 1);
    const page = await qa<MessagePage>("question/messagePageQuery", {}, a.token);
    expect(page.data.messageList[0].publisherList).toEqual([{ publisherId: null, publisherName: QA_MSG.anonymousName, publisherPhoto: null }]);
    expect(JSON.stringify(page.data)).not.toContain(b.user.name!);
    // The system hides the question: its title no longer shows.
    await env.DB.prepare("UPDATE qa_questions SET status = 3 WHERE id = ?").bind(qid).run();
    const after = await qa<MessagePage>("question/messagePageQuery", {}, a.token);
    expect(after.data.messageList[0]).toMatchObject({ questionDeleted: true, questionTitle: PERSONAL_MSG.questionDeleted });
  });

  it("needs a token and validates ids", async () => {
    expect((await qa("messageNotice/statistics", {})).code).toBe(401);
    expect((await qa("question/messagePageQuery", {})).code).toBe(401);
    const a = await makeUser();
    expect((await qa("messageNotice/updateMessageStatus", { messageIds: [] }, a.token)).code).toBe(CODE.VALIDATION);
    expect((await qa("messageNotice/updateMessageStatus", { messageIds: ["x"] }, a.token)).code).toBe(CODE.VALIDATION);
  });
});

describe("live counts through the UserChannel", () => {
  it("pushes +1 when someone answers, follows or likes, and -n when messages are read", async () => {
    const a = await veteran();
    const b = await veteran();
    const qid = await ask(a.token, a.user.id, `实时消息推送测试 ${Math.random()}`);
    const socket = await listen(a.user.id, a.token);
    const aid = await answer(b.token, b.user.id, qid, "回答来了。");
    await socket.until(1);
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, b.token);
    await socket.until(2);
    const own = await answer(a.token, a.user.id, qid, "我自己的补充。");
    await qa("common/praiseAndUnpraise", { contentId: own, contentType: 2, actionType: 0 }, b.token);
    await socket.until(3);
    expect(socket.received).toEqual([1, 1, 1]);
    expect(aid).toBeGreaterThan(0);
    // Own actions never notify: A liking nothing of theirs; B unfollowing sends nothing.
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 1 }, b.token);
    const list = await qa<MessagePage>("question/messagePageQuery", {}, a.token);
    const follows = await qa<MessagePage>("common/follow/messagePageQuery", {}, a.token);
    await qa("messageNotice/updateMessageStatus", { messageIds: [...list.data.messageList, ...follows.data.messageList].map((m) => m.messageId) }, a.token);
    await socket.until(4);
    expect(socket.received).toEqual([1, 1, 1, -2]);
    expect((await counts(a.token)).data.unreadTotal).toBe(1);
    socket.close();
  });
});

describe("system messages", () => {
  const send = (json: unknown, headers: Record<string, string> = {}, token?: string, opsToken?: string) => {
    const h = new Headers({ "content-type": "application/json", code: "energy-evaluation", ...headers });
    if (token) h.set("token", token);
    const request = new Request("http://localhost/api/qa/admin/systemMessage/send", { method: "POST", headers: h, body: JSON.stringify(json) });
    const ctx = createExecutionContext();
    return (async () => {
      const res = await worker.fetch(request, { ...env, ...(opsToken ? { OPS_TOKEN: opsToken } : {}) } as Env, ctx);
      await waitOnExecutionContext(ctx);
      return (await res.json()) as { code: number; msg: string; data: { receivers: number } };
    })();
  };

  it("refuses anyone who is not an operator", async () => {
    const a = await makeUser();
    expect((await send({ to: a.user.id, content: "你好" })).code).toBe(CODE.NOT_FOUND);
    expect((await send({ to: a.user.id, content: "你好" }, {}, a.token)).code).toBe(CODE.NOT_FOUND);
    // Without the secret configured, any header is refused; a wrong header with it configured too.
    expect((await send({ to: a.user.id, content: "你好" }, { "x-ops-token": "x".repeat(30) })).code).toBe(CODE.NOT_FOUND);
    expect((await send({ to: a.user.id, content: "你好" }, { "x-ops-token": "y".repeat(30) }, undefined, "x".repeat(30))).code).toBe(CODE.NOT_FOUND);
    expect((await counts(a.token)).data.unreadSystemCount).toBe(0);
  });

  it("sends to one user with the ops token and pushes the count live", async () => {
    const a = await makeUser();
    const secret = "ops-secret-0123456789abcdefghij";
    const socket = await listen(a.user.id, a.token);
    const res = await send({ to: a.user.id, content: "平台将于今晚 22:00 维护。" }, { "x-ops-token": secret }, undefined, secret);
    expect(res).toMatchObject({ code: CODE.OK, msg: PERSONAL_MSG.sent, data: { receivers: 1 } });
    await socket.until(1);
    expect(socket.received).toEqual([1]);
    const page = await qa<MessagePage>("common/system/messagePageQuery", {}, a.token);
    expect(page.data.messageList[0]).toMatchObject({ kind: "system", content: "平台将于今晚 22:00 维护。", publisherList: [], isRead: 0 });
    expect((await counts(a.token)).data.unreadSystemCount).toBe(1);
    socket.close();
  });

  it("an admin user sends to everyone; unknown users and empty texts are refused", async () => {
    const admin = await makeUser();
    await getDb(env.DB).update(users).set({ isAdmin: 1 }).where(eq(users.id, admin.user.id));
    const a = await makeUser();
    const active = (await getDb(env.DB).select({ id: users.id }).from(users).where(eq(users.status, 1))).length;
    const res = await send({ to: "all", content: "新功能上线：我的足迹。" }, {}, admin.token);
    expect(res).toMatchObject({ code: CODE.OK, data: { receivers: active } });
    const rows = await getDb(env.DB).select().from(qaMessages).where(eq(qaMessages.content, "新功能上线：我的足迹。"));
    expect(rows.some((r) => r.receiverId === a.user.id)).toBe(true);
    expect((await send({ to: 999_999_999, content: "x" }, {}, admin.token)).msg).toBe(PERSONAL_MSG.userMissing);
    expect((await send({ to: a.user.id, content: "  " }, {}, admin.token)).msg).toBe(PERSONAL_MSG.systemEmpty);
  });

  it("the seeded demo users have a welcome message", async () => {
    const login = await callJson<{ token: string; userId: number }>("/api/user/login", { method: "POST", json: { type: 1, userName: "lisi", password: "Lisi@2024" } });
    expect(login.code).toBe(CODE.OK);
    const page = await qa<MessagePage>("common/system/messagePageQuery", {}, login.data.token);
    expect(page.data.messageList.some((m) => m.content?.startsWith("欢迎来到能源问答社区"))).toBe(true);
  });
});
