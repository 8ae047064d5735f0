// Q&A questions and answers: every call's happy path and the rules of spec 2 §4–§6.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { qaAnswers, qaQuestions } from "../../db/schema";
import { QA_MSG, type AnswerPage, type QuestionDetail, type TagView } from "../../workers/contract/qa";

const DAY = 86_400_000;
const veteran = () => makeUser({ createdAt: Date.now() - 30 * DAY });
const post = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });

async function ask(token: string, extra: Record<string, unknown> = {}) {
  const title = (extra.questionTitle as string) ?? `空压机站节能改造怎么做 ${Math.random().toString(36).slice(2, 8)}`;
  const res = await post<{ id: number }>("question/add", { questionTitle: title, questionDescription: "我厂有三台 75kW 螺杆空压机。", tagList: ["空压机"], ...extra }, token);
  expect(res.msg).toBe(QA_MSG.published);
  return res.data.id;
}

/** Move a user's recent posts back in time so the interval limits do not interfere with a test's next step. */
async function age(userId: number) {
  const db = getDb(env.DB);
  await db.update(qaQuestions).set({ createdAt: Date.now() - 60_000 }).where(eq(qaQuestions.publisherId, userId));
  await db.update(qaAnswers).set({ createdAt: Date.now() - 60_000 }).where(eq(qaAnswers.publisherId, userId));
}

describe("visitor gets 401 on every write", () => {
  const writes: [string, unknown][] = [
    ["answer/add", { questionId: 1, answerContent: "<p>x</p>" }],
    ["answer/update", { id: 1, questionId: 1, answerContent: "<p>x</p>" }],
    ["answer/deleteById", { id: 1 }],
    ["question/add", { questionTitle: "标题" }],
    ["question/update", { id: 1, questionTitle: "标题" }],
    ["question/deleteById", { id: 1 }],
    ["common/praiseAndUnpraise", { contentId: 1, contentType: 2, actionType: 0 }],
    ["common/followAndUnfollow", { followUserId: 1, actionType: 0 }],
    ["assessment/add", { answerId: 1, assessmentContent: "好" }],
    ["reply/add", { assessmentId: 1, replyContent: "好" }],
  ];
  for (const [path, body] of writes) {
    it(path, async () => {
      const res = await post(path, body);
      expect(res).toMatchObject({ code: 401, msg: "用户信息失效，请重新登录" });
    });
  }
  it("picture upload", async () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "a.jpg"));
    expect((await callJson("/common/picture/upload", { method: "POST", body: form })).code).toBe(401);
  });
});

describe("question add / getById / update / delete", () => {
  it("asks with tags and reads it back publicly", async () => {
    const { token, user } = await veteran();
    const id = await ask(token, { questionTitle: "变频器改造后电机发热怎么办", tagList: ["变频器", "电机", "变频器"], isAnonymous: 0 });
    const detail = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}?timestamp=1`);
    expect(detail.code).toBe(CODE.OK);
    expect(detail.data).toMatchObject({ id, questionTitle: "变频器改造后电机发热怎么办", questionDescription: "我厂有三台 75kW 螺杆空压机。", isAnonymous: "0", publisherName: user.name, isPublisher: "0", status: 0, pictureList: [] });
    expect(detail.data.tags.map((t) => t.tagName).sort()).toEqual(["电机", "变频器"].sort());
    const own = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`, { token });
    expect(own.data.isPublisher).toBe("1");
    const tags = await callJson<{ tagList: TagView[] }>("/api/qa/tag/getAll");
    expect(tags.data.tagList.map((t) => t.tagName)).toEqual(expect.arrayContaining(["变频器", "电机"]));
  });

  it("counts views from others only", async () => {
    const { token } = await veteran();
    const id = await ask(token);
    await callJson(`/api/qa/question/getById/${id}`, { token });
    await callJson(`/api/qa/question/getById/${id}`);
    const d = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`);
    expect(d.data.viewCount).toBe(2);
  });

  it("validates title, tags and pictures with the spec's messages", async () => {
    const { token } = await veteran();
    expect((await post("question/add", { questionTitle: "   " }, token)).msg).toBe(QA_MSG.empty);
    expect((await post("question/add", {}, token)).msg).toBe(QA_MSG.empty);
    expect((await post("question/add", { questionTitle: "字".repeat(51) }, token)).msg).toBe(QA_MSG.titleTooLong);
    expect((await post("question/add", { questionTitle: "标题", tagList: ["a", "b", "c", "d", "e", "f"] }, token)).msg).toBe(QA_MSG.tooManyTags);
    const six = Array.from({ length: 6 }, (_, i) => `/files/qa/${"a".repeat(31)}${i}.png`);
    expect((await post("question/add", { questionTitle: "标题", pictureList: six }, token)).msg).toBe(QA_MSG.tooManyPictures);
    expect((await post("question/add", { questionTitle: "标题", pictureList: ["https://evil.example/x.png"] }, token)).msg).toBe(QA_MSG.badPicture);
    // A well-formed path that was never uploaded.
    expect((await post("question/add", { questionTitle: "标题", pictureList: [`/files/qa/${"b".repeat(32)}.png`] }, token)).msg).toBe(QA_MSG.badPicture);
    expect((await post("question/add", { questionTitle: "字".repeat(50) }, token)).code).toBe(CODE.OK);
  });

  it("ignores a forged userId and posts as the token's user", async () => {
    const a = await veteran();
    const b = await veteran();
    const id = (await post<{ id: number }>("question/add", { questionTitle: "冒名提问测试", userId: b.user.id, publisherId: b.user.id }, a.token)).data.id;
    const row = await getDb(env.DB).select().from(qaQuestions).where(eq(qaQuestions.id, id)).get();
    expect(row!.publisherId).toBe(a.user.id);
  });

  it("anonymous questions hide the author", async () => {
    const { token } = await veteran();
    const id = await ask(token, { isAnonymous: 1 });
    const d = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`);
    expect(d.data).toMatchObject({ isAnonymous: "1", publisherName: QA_MSG.anonymousName, publisherId: null, publisherPhoto: null });
  });

  it("only the owner updates; tags and pictures are replaced", async () => {
    const owner = await veteran();
    const other = await veteran();
    const id = await ask(owner.token, { tagList: ["锅炉"] });
    const upd = { id, questionTitle: "燃气锅炉排烟温度 180℃ 正常吗", questionDescription: "新描述", tagList: ["锅炉", "余热回收"] };
    expect((await post("question/update", upd, other.token)).msg).toBe(QA_MSG.notOwner);
    const res = await post("question/update", upd, owner.token);
    expect(res).toMatchObject({ code: CODE.OK, msg: QA_MSG.modified });
    const d = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`);
    expect(d.data.questionTitle).toBe("燃气锅炉排烟温度 180℃ 正常吗");
    expect(d.data.tags.map((t) => t.tagName).sort()).toEqual(["余热回收", "锅炉"].sort());
  });

  it("deletes only while waiting; deleted questions are visible only to the author with the note", async () => {
    const owner = await veteran();
    const other = await veteran();
    const id = await ask(owner.token);
    expect((await post("question/deleteById", { id, isAdmin: false }, other.token)).msg).toBe(QA_MSG.notOwner);
    expect(await post("question/deleteById", { id, isAdmin: false }, owner.token)).toMatchObject({ code: CODE.OK, msg: QA_MSG.deleted });
    expect((await callJson(`/api/qa/question/getById/${id}`)).msg).toBe(QA_MSG.questionMissing);
    expect((await callJson(`/api/qa/question/getById/${id}`, { token: other.token })).code).toBe(CODE.NOT_FOUND);
    const own = await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`, { token: owner.token });
    expect(own.data).toMatchObject({ status: 2, ownOnlyNote: QA_MSG.ownOnlyNote });
    expect((await post("question/deleteById", { id }, owner.token)).code).toBe(CODE.NOT_FOUND);
    // Answered (solved) questions cannot be deleted.
    await age(owner.user.id);
    const answered = await ask(owner.token);
    await post("answer/add", { questionId: answered, answerContent: "<p>先查泄漏。</p>" }, other.token);
    expect((await post("question/deleteById", { id: answered }, owner.token)).msg).toBe(QA_MSG.questionLocked);
  });

  it("converts to anonymous instead of deleting", async () => {
    const owner = await veteran();
    const id = await ask(owner.token);
    const res = await post<{ status: number; isAnonymous: number }>("question/deleteById", { id, deleteType: "anonymous" }, owner.token);
    expect(res).toMatchObject({ code: CODE.OK, msg: QA_MSG.converted, data: { status: 0, isAnonymous: 1 } });
    expect((await callJson<QuestionDetail>(`/api/qa/question/getById/${id}`)).data.publisherName).toBe(QA_MSG.anonymousName);
  });
});

describe("answers", () => {
  it("adds, preloads, updates on a second add, and lists with the question head", async () => {
    const asker = await veteran();
    const a = await veteran();
    const qid = await ask(asker.token);
    const first = await post<{ id: number; created: boolean }>("answer/add", { questionId: qid, answerContent: "<p>建议先做<strong>泄漏检测</strong>。</p>", isAnonymous: 0, userId: 999999 }, a.token);
    expect(first).toMatchObject({ code: CODE.OK, msg: QA_MSG.saved, data: { created: true } });
    const again = await post<{ id: number; created: boolean }>("answer/add", { questionId: qid, answerContent: "<p>更新后的回答：加装储气罐。</p>" }, a.token);
    expect(again.data).toEqual({ id: first.data.id, created: false });
    const page = await post<AnswerPage>("answer/queryPageById", { questionId: qid, pageNo: 1, pageSize: 10 }, a.token);
    expect(page.data).toMatchObject({ questionId: qid, isPublished: "1", answerCount: 1, total: 1, questionStatus: 1 });
    expect(page.data.myAnswer).toMatchObject({ id: first.data.id, answerContent: "<p>更新后的回答：加装储气罐。</p>" });
    expect(page.data.answerList[0]).toMatchObject({ isPublisher: "1", publisherName: a.user.name, isFavorite: 0, isFollow: "0", isPraised: 0, praisedCount: 0 });
    const visitor = await post<AnswerPage>("answer/queryPageById", { questionId: qid }, undefined);
    expect(visitor.data).toMatchObject({ isPublished: "0" });
    expect(visitor.data.answerList[0].isPublisher).toBe("0");
    const upd = await post("answer/update", { id: first.data.id, questionId: qid, answerContent: "<p>第三版</p>" }, a.token);
    expect(upd).toMatchObject({ code: CODE.OK, msg: QA_MSG.modified });
  });

  it("rejects empty answers with 内容不能为空", async () => {
    const asker = await veteran();
    const a = await veteran();
    const qid = await ask(asker.token);
    for (const empty of ["", "<p></p>", "<p><br></p><p><br></p>", "<p>&nbsp; </p>", "<script>alert(1)</script>", "<p><strong> </strong></p>\n\n"]) {
      expect((await post("answer/add", { questionId: qid, answerContent: empty }, a.token)).msg).toBe(QA_MSG.empty);
    }
  });

  it("only the owner updates or deletes, and only while normal; deleted answers are author-only", async () => {
    const asker = await veteran();
    const a = await veteran();
    const b = await veteran();
    const qid = await ask(asker.token);
    const aid = (await post<{ id: number }>("answer/add", { questionId: qid, answerContent: "<p>A 的回答</p>" }, a.token)).data.id;
    await post("answer/add", { questionId: qid, answerContent: "<p>B 的回答</p>" }, b.token);
    expect((await post("answer/update", { id: aid, questionId: qid, answerContent: "<p>B 改 A</p>" }, b.token)).msg).toBe(QA_MSG.notOwner);
    expect((await post("answer/deleteById", { id: aid }, b.token)).msg).toBe(QA_MSG.notOwner);
    expect(await post("answer/deleteById", { id: aid, isAdmin: false }, a.token)).toMatchObject({ code: CODE.OK, msg: QA_MSG.deleted });
    expect((await post("answer/deleteById", { id: aid }, a.token)).msg).toBe(QA_MSG.answerLocked);
    expect((await post("answer/update", { id: aid, questionId: qid, answerContent: "<p>改</p>" }, a.token)).msg).toBe(QA_MSG.answerLocked);
    expect((await post("answer/add", { questionId: qid, answerContent: "<p>再答</p>" }, a.token)).msg).toBe(QA_MSG.answerLocked);
    const forA = await post<AnswerPage>("answer/queryPageById", { questionId: qid }, a.token);
    expect(forA.data.answerList[0]).toMatchObject({ id: aid, status: 1, ownOnlyNote: QA_MSG.ownOnlyNote, isPublisher: "1" });
    expect(forA.data.answerCount).toBe(1);
    const forVisitor = await post<AnswerPage>("answer/queryPageById", { questionId: qid });
    expect(forVisitor.data.answerList.map((x) => x.id)).not.toContain(aid);
    expect(forVisitor.data.total).toBe(1);
  });

  it("moves the caller's answer to the top and paginates by 10", async () => {
    const asker = await veteran();
    const qid = await ask(asker.token);
    const users = await Promise.all(Array.from({ length: 12 }, () => veteran()));
    for (const [i, u] of users.entries()) await post("answer/add", { questionId: qid, answerContent: `<p>第${i}个回答</p>` }, u.token);
    const me = users[11];
    const p1 = await post<AnswerPage>("answer/queryPageById", { questionId: qid, pageNo: 1, pageSize: 10 }, me.token);
    expect(p1.data.answerList).toHaveLength(10);
    expect(p1.data.answerList[0].answerContent).toBe("<p>第11个回答</p>");
    expect(p1.data.total).toBe(12);
    const p2 = await post<AnswerPage>("answer/queryPageById", { questionId: qid, pageNo: 2, pageSize: 10 }, me.token);
    expect(p2.data.answerList).toHaveLength(2);
    const all = [...p1.data.answerList, ...p2.data.answerList].map((a) => a.id);
    expect(new Set(all).size).toBe(12);
  });

  it("anonymous answers hide name, photo and id", async () => {
    const asker = await veteran();
    const a = await veteran();
    const qid = await ask(asker.token);
    await post("answer/add", { questionId: qid, answerContent: "<p>匿名回答</p>", isAnonymous: 1 }, a.token);
    const page = await post<AnswerPage>("answer/queryPageById", { questionId: qid });
    expect(page.data.answerList[0]).toMatchObject({ isAnonymous: 1, publisherName: QA_MSG.anonymousName, publisherPhoto: null, publisherId: null });
  });

  it("answering a deleted question fails", async () => {
    const asker = await veteran();
    const a = await veteran();
    const qid = await ask(asker.token);
    await post("question/deleteById", { id: qid }, asker.token);
    expect((await post("answer/add", { questionId: qid, answerContent: "<p>x</p>" }, a.token)).msg).toBe(QA_MSG.questionMissing);
    expect((await post("answer/queryPageById", { questionId: qid })).msg).toBe(QA_MSG.questionMissing);
  });
});

describe("abuse limits", () => {
  it("one question per 30 s, duplicate text rejected", async () => {
    const { token, user } = await veteran();
    await ask(token, { questionTitle: "节能灯改造回收期" });
    expect((await post("question/add", { questionTitle: "另一个问题" }, token)).msg).toBe(QA_MSG.tooFastQuestion);
    await age(user.id);
    const dup = await post("question/add", { questionTitle: "节能灯改造，回收期？", questionDescription: "我厂有三台 75kW 螺杆空压机。" }, token);
    expect(dup).toMatchObject({ code: CODE.RATE_LIMITED, msg: QA_MSG.duplicate });
  });

  it("answers: 10 s interval and same text on another question rejected", async () => {
    const asker = await veteran();
    const a = await veteran();
    const q1 = await ask(asker.token);
    await age(asker.user.id);
    const q2 = await ask(asker.token);
    await post("answer/add", { questionId: q1, answerContent: "<p>复制粘贴的回答</p>" }, a.token);
    expect((await post("answer/add", { questionId: q2, answerContent: "<p>其他回答</p>" }, a.token)).msg).toBe(QA_MSG.tooFastAnswer);
    await age(a.user.id);
    expect((await post("answer/add", { questionId: q2, answerContent: "<p>复制粘贴的 回答！</p>" }, a.token)).msg).toBe(QA_MSG.duplicate);
  });

  it("daily cap for accounts younger than a day", async () => {
    const { token, user } = await makeUser();
    for (let i = 0; i < 5; i++) {
      await ask(token, { questionTitle: `新用户第${i}个问题` });
      await getDb(env.DB).update(qaQuestions).set({ createdAt: Date.now() - 60_000 * (i + 1) }).where(eq(qaQuestions.publisherId, user.id));
    }
    expect((await post("question/add", { questionTitle: "第六个问题" }, token)).msg).toBe(QA_MSG.dailyCap);
  });
});
