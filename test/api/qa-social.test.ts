// Q&A comments (assessments), replies, likes, follows and the messages they create.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { call, callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { qaComments, qaMessages, qaReplies } from "../../db/schema";
import { COMMENT_MAX, QA_MSG, type AnswerPage, type CommentView, type ReplyView } from "../../workers/contract/qa";

const DAY = 86_400_000;
const veteran = () => makeUser({ createdAt: Date.now() - 30 * DAY });
const post = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });

async function scene(anonymousAnswer = 0) {
  const asker = await veteran();
  const answerer = await veteran();
  const qid = (await post<{ id: number }>("question/add", { questionTitle: `峰谷电价下如何安排生产 ${Math.random()}` }, asker.token)).data.id;
  const aid = (await post<{ id: number }>("answer/add", { questionId: qid, answerContent: "<p>把高耗能工序移到谷段。</p>", isAnonymous: anonymousAnswer }, answerer.token)).data.id;
  return { asker, answerer, qid, aid };
}

/** Move a user's comments and replies back a minute so the 10 s interval does not block the next step. */
async function age(userId: number) {
  const db = getDb(env.DB);
  await db.update(qaComments).set({ createdAt: Date.now() - 60_000 }).where(eq(qaComments.publisherId, userId));
  await db.update(qaReplies).set({ createdAt: Date.now() - 60_000 }).where(eq(qaReplies.publisherId, userId));
}

const messagesOf = (receiverId: number, kind: string) =>
  getDb(env.DB).select().from(qaMessages).where(and(eq(qaMessages.receiverId, receiverId), eq(qaMessages.kind, kind)));

describe("comments and replies", () => {
  it("comments, replies to the comment and to a reply; lists with first replies and hasMore", async () => {
    const { asker, answerer, aid, qid } = await scene();
    const c = await post<CommentView>("assessment/add", { answerId: aid, assessmentContent: "谷段电价是多少？", publisherId: 1, receiverId: 1 }, asker.token);
    expect(c).toMatchObject({ code: CODE.OK, msg: QA_MSG.commented, data: { assessmentContent: "谷段电价是多少？", userId: asker.user.id, userName: asker.user.name, replyItemList: [], hasMore: false } });
    const r1 = await post<ReplyView>("reply/add", { assessmentId: c.data.id, replyContent: "0.3 元左右", replyId: "" }, answerer.token);
    expect(r1).toMatchObject({ code: CODE.OK, msg: QA_MSG.replied, data: { receiverId: asker.user.id, receiverName: asker.user.name, parentReplyId: null, userId: answerer.user.id } });
    await age(asker.user.id);
    const r2 = await post<ReplyView>("reply/add", { assessmentId: c.data.id, replyContent: "谢谢", replyId: r1.data.replyId }, asker.token);
    expect(r2.data).toMatchObject({ receiverId: answerer.user.id, parentReplyId: r1.data.id });
    // Messages: the comment to the answerer, the replies to their receivers.
    expect((await messagesOf(answerer.user.id, "comment")).length).toBe(2);
    expect((await messagesOf(asker.user.id, "comment")).length).toBe(1);
    expect((await messagesOf(asker.user.id, "answer"))[0]).toMatchObject({ questionId: qid, answerId: aid });
    // Add more replies from different users to test paging (5 a page, hasMore).
    for (let i = 0; i < 5; i++) {
      const u = await veteran();
      await post("reply/add", { assessmentId: c.data.id, replyContent: `第${i}条回复` }, u.token);
    }
    const list = await post<{ assessmentList: CommentView[]; total: number }>("assessment/queryPageById", { answerId: aid, pageNo: 1, pageSize: 10 });
    expect(list.data.total).toBe(1);
    expect(list.data.assessmentList[0]).toMatchObject({ replyCount: 7, hasMore: true });
    expect(list.data.assessmentList[0].replyItemList).toHaveLength(5);
    const p2 = await post<{ replyItemList: ReplyView[]; hasMore: boolean; total: number }>("reply/queryPageById", { assessmentId: c.data.id, pageNo: 2, pageSize: 5 });
    expect(p2.data).toMatchObject({ total: 7, hasMore: false });
    expect(p2.data.replyItemList.map((r) => r.replyContent)).toEqual(["第3条回复", "第4条回复"]);
    const answers = await post<AnswerPage>("answer/queryPageById", { questionId: qid });
    expect(answers.data.answerList[0].replyCount).toBe(8);
  });

  it("limits length to 200, rejects empty, rate-limits at 10 s", async () => {
    const { asker, aid } = await scene();
    expect((await post("assessment/add", { answerId: aid, assessmentContent: "  " }, asker.token)).msg).toBe(QA_MSG.empty);
    expect((await post("assessment/add", { answerId: aid, assessmentContent: "长".repeat(COMMENT_MAX + 1) }, asker.token)).msg).toBe(QA_MSG.commentTooLong);
    expect((await post("assessment/add", { answerId: aid, assessmentContent: "长".repeat(COMMENT_MAX) }, asker.token)).code).toBe(CODE.OK);
    expect((await post("assessment/add", { answerId: aid, assessmentContent: "第二条" }, asker.token)).msg).toBe(QA_MSG.tooFastComment);
  });

  it("a reply's replyId must belong to the comment", async () => {
    const { asker, answerer, aid } = await scene();
    const other = await scene();
    const c = await post<CommentView>("assessment/add", { answerId: aid, assessmentContent: "问题" }, asker.token);
    const oc = await post<CommentView>("assessment/add", { answerId: other.aid, assessmentContent: "别处" }, other.asker.token);
    const or = await post<ReplyView>("reply/add", { assessmentId: oc.data.id, replyContent: "别处回复" }, other.answerer.token);
    expect((await post("reply/add", { assessmentId: c.data.id, replyContent: "x", replyId: or.data.id }, answerer.token)).msg).toBe(QA_MSG.replyMissing);
  });

  it("no comments under a deleted answer", async () => {
    const { asker, answerer, aid } = await scene();
    await post("answer/deleteById", { id: aid }, answerer.token);
    expect((await post("assessment/add", { answerId: aid, assessmentContent: "还在吗" }, asker.token)).msg).toBe(QA_MSG.answerMissing);
    expect((await post("assessment/queryPageById", { answerId: aid })).msg).toBe(QA_MSG.answerMissing);
    expect((await post("assessment/queryPageById", { answerId: aid }, answerer.token)).code).toBe(CODE.OK);
  });
});

describe("likes", () => {
  it("toggles likes on answers, comments and replies, idempotently, with one message per new like", async () => {
    const { asker, answerer, aid, qid } = await scene();
    const fan = await veteran();
    const like = (contentType: number, contentId: number, actionType: number, token = fan.token) =>
      post<{ isPraised: number; praisedCount: number }>("common/praiseAndUnpraise", { id: "", contentId, contentType, actionType }, token);
    expect(await like(2, aid, 0)).toMatchObject({ msg: QA_MSG.praised, data: { isPraised: 1, praisedCount: 1 } });
    expect((await like(2, aid, 0)).data).toEqual({ isPraised: 1, praisedCount: 1 });
    expect((await like(2, aid, 0, asker.token)).data.praisedCount).toBe(2);
    const seen = await post<AnswerPage>("answer/queryPageById", { questionId: qid }, fan.token);
    expect(seen.data.answerList[0]).toMatchObject({ isPraised: 1, praisedCount: 2 });
    expect((await post<AnswerPage>("answer/queryPageById", { questionId: qid })).data.answerList[0].isPraised).toBe(0);
    expect(await like(2, aid, 1)).toMatchObject({ msg: QA_MSG.unpraised, data: { isPraised: 0, praisedCount: 1 } });
    expect((await like(2, aid, 1)).data.praisedCount).toBe(1);
    expect((await messagesOf(answerer.user.id, "praise")).length).toBe(2);
    // Own like: counted, no message to oneself.
    await like(2, aid, 0, answerer.token);
    expect((await messagesOf(answerer.user.id, "praise")).length).toBe(2);

    const c = await post<CommentView>("assessment/add", { answerId: aid, assessmentContent: "赞同" }, asker.token);
    expect((await like(3, c.data.id, 0)).data).toEqual({ isPraised: 1, praisedCount: 1 });
    const r = await post<ReplyView>("reply/add", { assessmentId: c.data.id, replyContent: "同意" }, answerer.token);
    expect((await like(4, r.data.id, 0)).data).toEqual({ isPraised: 1, praisedCount: 1 });
    const list = await post<{ assessmentList: CommentView[] }>("assessment/queryPageById", { answerId: aid }, fan.token);
    expect(list.data.assessmentList[0]).toMatchObject({ isPraised: 1, praisedCount: 1 });
    expect(list.data.assessmentList[0].replyItemList[0]).toMatchObject({ isPraised: 1, praisedCount: 1 });
    expect((await like(5 as number, aid, 0)).code).toBe(CODE.VALIDATION);
    expect((await like(2, 99999999, 0)).msg).toBe(QA_MSG.answerMissing);
  });
});

describe("follows", () => {
  it("follows and unfollows; answers show isFollow; not self, not anonymous", async () => {
    const { answerer, qid, aid } = await scene();
    const fan = await veteran();
    const follow = (followUserId: number, actionType: number, token = fan.token, answerId?: number) =>
      post<{ isFollow: string }>("common/followAndUnfollow", { userId: 1, followUserId, actionType, answerId }, token);
    expect(await follow(answerer.user.id, 0)).toMatchObject({ msg: QA_MSG.followed, data: { isFollow: "1" } });
    expect((await follow(answerer.user.id, 0)).data.isFollow).toBe("1");
    expect((await messagesOf(answerer.user.id, "follow")).length).toBe(1);
    const page = await post<AnswerPage>("answer/queryPageById", { questionId: qid }, fan.token);
    expect(page.data.answerList[0].isFollow).toBe("1");
    expect(await follow(answerer.user.id, 1)).toMatchObject({ msg: QA_MSG.unfollowed, data: { isFollow: "0" } });
    expect((await follow(fan.user.id, 0)).msg).toBe(QA_MSG.followSelf);
    expect((await follow(99999999, 0)).msg).toBe(QA_MSG.userMissing);
    const anon = await scene(1);
    expect((await follow(anon.answerer.user.id, 0, fan.token, anon.aid)).msg).toBe(QA_MSG.followAnonymous);
    expect(aid).toBeGreaterThan(0);
  });

  it("pushes the live message count to the receiver's channel", async () => {
    const target = await veteran();
    const fan = await veteran();
    const res = await call(`/websocket/${target.user.id}`, { headers: { Upgrade: "websocket" }, token: target.token });
    const ws = res.webSocket!;
    const got = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(String(e.data))));
    ws.accept();
    ws.send("init");
    await post("common/followAndUnfollow", { followUserId: target.user.id, actionType: 0 }, fan.token);
    expect(await got).toBe("1");
    ws.close();
  });
});
