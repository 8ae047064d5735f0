// Personal centre and other users: a user's answers and questions by status, statistics, the basic profile (with the
// profile save fields), fans and follows, view history, and the domain and region lists.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { qaViewHistory } from "../../db/schema";
import { QA_MSG, type QuestionPage } from "../../workers/contract/qa";
import {
  PERSONAL_MSG,
  type BasicProfile,
  type HistoryItem,
  type RegionNode,
  type RelationUser,
  type UserAnswerItem,
  type UserStatistics,
} from "../../workers/contract/qa-personal";
import { PROVINCES } from "../../db/seed/regions";
import { answer, ask, qa, qaGet, veteran } from "./qa-personal.helpers";

type AnswerList = { answerList: UserAnswerItem[]; total: number; pageSize: number };

describe("a user's answers and questions", () => {
  it("owners see every own status and anonymous posts; others only public ones", async () => {
    const a = await veteran();
    const b = await veteran();
    const q1 = await ask(a.token, a.user.id, `公开问题 ${Math.random()}`);
    const q2 = await ask(a.token, a.user.id, `匿名问题 ${Math.random()}`, { isAnonymous: 1 });
    const q3 = await ask(a.token, a.user.id, `要删除的问题 ${Math.random()}`);
    await qa("question/deleteById", { id: q3 }, a.token);
    const other = await ask(b.token, b.user.id, `别人的问题 ${Math.random()}`);
    const a1 = await answer(a.token, a.user.id, other, "公开回答。");
    const other2 = await ask(b.token, b.user.id, `别人的问题二 ${Math.random()}`);
    const a2 = await answer(a.token, a.user.id, other2, "匿名回答。", 1);
    const other3 = await ask(b.token, b.user.id, `别人的问题三 ${Math.random()}`);
    const a3 = await answer(a.token, a.user.id, other3, "之后删除的回答。");
    await qa("answer/deleteById", { id: a3 }, a.token);

    const mine = await qa<QuestionPage>("question/pageQueryByUser", { publisherId: a.user.id, pageNo: 1, pageSize: 10 }, a.token);
    expect(mine.data.total).toBe(3);
    expect(mine.data.questionList.map((q) => q.id)).toEqual([q3, q2, q1]);
    // Status filter (waiting = 0, deleted by owner = 2) and the default "caller" when publisherId is absent.
    expect((await qa<QuestionPage>("question/pageQueryByUser", { status: 2 }, a.token)).data.questionList.map((q) => q.id)).toEqual([q3]);
    expect((await qa<QuestionPage>("question/pageQueryByUser", { status: 0 }, a.token)).data.total).toBe(2);
    const seen = await qa<QuestionPage>("question/pageQueryByUser", { publisherId: a.user.id }, b.token);
    expect(seen.data.questionList.map((q) => q.id)).toEqual([q1]);
    expect((await qa<QuestionPage>("question/pageQueryByUser", { publisherId: a.user.id, status: 2 }, b.token)).data.total).toBe(0);

    const myAnswers = await qa<AnswerList>("answer/queryPageByUserId", { publisherId: a.user.id }, a.token);
    expect(myAnswers.data.answerList.map((x) => x.id)).toEqual([a3, a2, a1]);
    expect(myAnswers.data.answerList[0]).toMatchObject({ status: 1, ownOnlyNote: QA_MSG.ownOnlyNote, answerContent: "之后删除的回答。" });
    expect(myAnswers.data.answerList[1]).toMatchObject({ isAnonymous: 1 });
    expect((await qa<AnswerList>("answer/queryPageByUserId", { status: 0 }, a.token)).data.total).toBe(2);
    const theirView = await qa<AnswerList>("answer/queryPageByUserId", { publisherId: a.user.id }, b.token);
    expect(theirView.data.answerList.map((x) => x.id)).toEqual([a1]);
    expect(JSON.stringify(theirView.data)).not.toContain("匿名回答");
  });

  it("pages with 10 by default and 10/20/50/100 options", async () => {
    const a = await veteran();
    const b = await veteran();
    for (let i = 0; i < 12; i++) await ask(b.token, b.user.id, `分页问题 ${i} ${Math.random()}`);
    const p1 = await qa<QuestionPage>("question/pageQueryByUser", { publisherId: b.user.id }, a.token);
    expect(p1.data).toMatchObject({ total: 12, pageSize: 10 });
    expect(p1.data.questionList).toHaveLength(10);
    const p2 = await qa<QuestionPage>("question/pageQueryByUser", { publisherId: b.user.id, pageNo: 2, pageSize: 10 }, a.token);
    expect(p2.data.questionList).toHaveLength(2);
    expect((await qa<QuestionPage>("question/pageQueryByUser", { publisherId: b.user.id, pageSize: 20 }, a.token)).data.questionList).toHaveLength(12);
  });

  it("needs a token; unknown users are not found", async () => {
    expect((await qa("answer/queryPageByUserId", { publisherId: 1 })).code).toBe(401);
    const a = await makeUser();
    expect((await qa("question/pageQueryByUser", { publisherId: 999_999_999 }, a.token)).msg).toBe(PERSONAL_MSG.userMissing);
  });
});

describe("statistics, profile and relations", () => {
  it("counts follows, likes received, answers and questions (public ones for others)", async () => {
    const a = await veteran();
    const b = await veteran();
    const c = await veteran();
    const q = await ask(b.token, b.user.id, `统计用的问题 ${Math.random()}`);
    await ask(a.token, a.user.id, `A的公开问题 ${Math.random()}`);
    await ask(a.token, a.user.id, `A的匿名问题 ${Math.random()}`, { isAnonymous: 1 });
    const pub = await answer(a.token, a.user.id, q, "公开回答");
    const q2 = await ask(b.token, b.user.id, `统计用的问题二 ${Math.random()}`);
    const anon = await answer(a.token, a.user.id, q2, "匿名回答", 1);
    await qa("common/praiseAndUnpraise", { contentId: pub, contentType: 2, actionType: 0 }, b.token);
    await qa("common/praiseAndUnpraise", { contentId: pub, contentType: 2, actionType: 0 }, c.token);
    await qa("common/praiseAndUnpraise", { contentId: anon, contentType: 2, actionType: 0 }, c.token);
    const comment = await qa<{ id: number }>("assessment/add", { answerId: pub, assessmentContent: "我来评论" }, a.token);
    await qa("common/praiseAndUnpraise", { contentId: comment.data.id, contentType: 3, actionType: 0 }, b.token);
    await qa("common/followAndUnfollow", { followUserId: b.user.id, actionType: 0 }, a.token);
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, c.token);

    const own = await qaGet<UserStatistics>(`userInfo/${a.user.id}/statistics`, a.token);
    expect(own).toMatchObject({ code: CODE.OK, data: { followCount: 1, fansCount: 1, praisedCount: 4, answerCount: 2, questionCount: 2 } });
    const others = await qaGet<UserStatistics>(`userInfo/${a.user.id}/statistics`, b.token);
    expect(others.data).toMatchObject({ followCount: 1, fansCount: 1, praisedCount: 3, answerCount: 1, questionCount: 1 });
    expect((await qaGet(`userInfo/${a.user.id}/statistics`)).code).toBe(401);
    expect((await qaGet(`userInfo/abc/statistics`, a.token)).code).toBe(CODE.NOT_FOUND);
  });

  it("saves workYear, domains, locations and userPhoto through user-info/update and shows them by name", async () => {
    const a = await veteran();
    const b = await veteran();
    const saved = await callJson("/api/user/user-info/update", {
      method: "POST",
      token: a.token,
      json: { id: a.user.id, workYear: "4", domains: [1, 3], locations: "440000,440300" },
    });
    expect(saved).toMatchObject({ code: CODE.OK, data: { workYear: "4", domains: [1, 3], locations: [440000, 440300] } });
    const profile = await qaGet<BasicProfile>(`userInfo/basic/${a.user.id}`, b.token);
    expect(profile.data).toMatchObject({
      id: a.user.id,
      name: a.user.name,
      location: [440000, 440300],
      locationNames: ["广东省", "深圳市"],
      skilledDomains: [
        { id: 1, domainName: "电机系统" },
        { id: 3, domainName: "压缩空气" },
      ],
      workYear: "4",
      workYearName: "三到五年",
      isFollow: "0",
      isSelf: false,
    });
    // Only public fields: no phone, e-mail or account data.
    expect(Object.keys(profile.data).sort()).toEqual(["id", "isFollow", "isSelf", "location", "locationNames", "name", "photo", "skilledDomains", "workYear", "workYearName"]);
    expect(JSON.stringify(profile.data)).not.toContain(a.user.phone!);
    // The photo: userPhoto must be an uploaded avatar of the caller (accounts rule), so a foreign path is refused.
    const foreign = await callJson("/api/user/user-info/update", { method: "POST", token: a.token, json: { userPhoto: "/files/avatar/0000000000000000000000000000000000000000.png" } });
    expect(foreign.code).not.toBe(CODE.OK);
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, b.token);
    expect((await qaGet<BasicProfile>(`userInfo/basic/${a.user.id}`, b.token)).data.isFollow).toBe("1");
    expect((await qaGet<BasicProfile>(`userInfo/basic/${a.user.id}`, a.token)).data.isSelf).toBe(true);
    expect((await qaGet(`userInfo/basic/999999999`, a.token)).msg).toBe(PERSONAL_MSG.userMissing);
  });

  it("lists fans and follows, newest first, with the caller's follow flags", async () => {
    const a = await veteran();
    const [f1, f2, f3] = [await veteran(), await veteran(), await veteran()];
    for (const f of [f1, f2, f3]) {
      await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 0 }, f.token);
      await new Promise((r) => setTimeout(r, 5));
    }
    await qa("common/followAndUnfollow", { followUserId: f2.user.id, actionType: 0 }, a.token);
    type Fans = { fansCount: number; fansList: RelationUser[]; total: number };
    const fans = await qa<Fans>("userInfo/fans/queryPage", { userId: a.user.id, pageNo: 1, pageSize: 2 }, f1.token);
    expect(fans.data.fansCount).toBe(3);
    expect(fans.data.fansList.map((u) => u.userId)).toEqual([f3.user.id, f2.user.id]);
    expect(fans.data.fansList[0]).toMatchObject({ name: f3.user.name, isFollow: "0", isSelf: false });
    const mineFans = await qa<Fans>("userInfo/fans/queryPage", {}, a.token);
    expect(mineFans.data.fansList.find((u) => u.userId === f2.user.id)?.isFollow).toBe("1");
    type Follows = { followCount: number; followList: RelationUser[] };
    const follows = await qa<Follows>("userInfo/follows/queryPage", { userId: f1.user.id }, a.token);
    expect(follows.data).toMatchObject({ followCount: 1, followList: [{ userId: a.user.id, isSelf: true }] });
    // Unfollow drops the row from both lists.
    await qa("common/followAndUnfollow", { followUserId: a.user.id, actionType: 1 }, f1.token);
    expect((await qa<Follows>("userInfo/follows/queryPage", { userId: f1.user.id }, a.token)).data.followCount).toBe(0);
    expect((await qa<Fans>("userInfo/fans/queryPage", {}, a.token)).data.fansCount).toBe(2);
  });
});

describe("view history", () => {
  it("records one row per question for logged-in readers, moves it on re-open, searches, and stays private", async () => {
    const a = await veteran();
    const b = await veteran();
    const q1 = await ask(b.token, b.user.id, `足迹问题变频器选型 ${Math.random()}`);
    const q2 = await ask(b.token, b.user.id, `足迹问题余热回收 ${Math.random()}`);
    await qaGet(`question/getById/${q1}`, a.token);
    await qaGet(`question/getById/${q2}`, a.token);
    await qaGet(`question/getById/${q1}`, a.token);
    await qaGet(`question/getById/${q1}`); // visitors leave no footprint
    const rows = await getDb(env.DB).select().from(qaViewHistory).where(eq(qaViewHistory.userId, a.user.id));
    expect(rows).toHaveLength(2);
    type Hist = { viewHistoryList: HistoryItem[]; total: number };
    const page = await qa<Hist>("common/viewHistory/pageQuery", { userId: b.user.id, pageNo: 1, pageSize: 10 }, a.token);
    expect(page.data.total).toBe(2);
    expect(page.data.viewHistoryList.map((h) => h.questionId)).toEqual([q1, q2]);
    expect(page.data.viewHistoryList[0].viewDate).toMatch(/^\d{4}-/);
    const found = await qa<Hist>("common/viewHistory/pageQuery", { searchContent: "余热" }, a.token);
    expect(found.data.viewHistoryList.map((h) => h.questionId)).toEqual([q2]);
    expect((await qa<Hist>("common/viewHistory/pageQuery", { searchContent: "%" }, a.token)).data.total).toBe(0);
    // B's footprints do not include A's (B only opened nothing); A's userId in B's body changes nothing.
    expect((await qa<Hist>("common/viewHistory/pageQuery", { userId: a.user.id }, b.token)).data.total).toBe(0);
    // Deleting: only own rows.
    const id = page.data.viewHistoryList[1].id;
    expect((await qa<{ deleted: number }>("common/viewHistory/deleteById", { ids: [id] }, b.token)).data.deleted).toBe(0);
    expect((await qa<{ deleted: number }>("common/viewHistory/deleteById", { ids: [id] }, a.token)).data.deleted).toBe(1);
    expect((await qa<Hist>("common/viewHistory/pageQuery", {}, a.token)).data.total).toBe(1);
    expect((await qa("common/viewHistory/pageQuery", {})).code).toBe(401);
  });
});

describe("domains and regions", () => {
  it("serves the domain list and the real region tree of China", async () => {
    const domains = await qaGet<{ id: number; domainName: string }[]>("domain/getAll");
    expect(domains.code).toBe(CODE.OK);
    expect(domains.data.length).toBeGreaterThanOrEqual(15);
    expect(domains.data[0]).toEqual({ id: 1, domainName: "电机系统" });
    const tree = await qaGet<RegionNode[]>("location/getAll");
    expect(tree.data).toHaveLength(34);
    expect(tree.data.map((p) => p.code)).toEqual(PROVINCES.map((p) => p.code));
    const gd = tree.data.find((p) => p.name === "广东省")!;
    expect(gd.code).toBe(440000);
    expect(gd.children).toHaveLength(21);
    expect(gd.children!.find((c) => c.code === 440300)?.name).toBe("深圳市");
    const sd = tree.data.find((p) => p.code === 370000)!;
    expect(sd.children!.map((c) => c.name)).not.toContain("莱芜市");
    expect(tree.data.find((p) => p.code === 810000)).toEqual({ code: 810000, name: "香港特别行政区" });
    // Codes are GB/T 2260: children share their province's first two digits.
    for (const p of tree.data) for (const c of p.children ?? []) expect(Math.floor(c.code / 10000)).toBe(p.code / 10000);
    const cities = tree.data.reduce((n, p) => n + (p.children?.length ?? 0), 0);
    expect(cities).toBeGreaterThan(400);
  });
});
