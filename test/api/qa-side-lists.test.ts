// The detail page's side lists for visitors (app/qa/side-lists.server.ts, issue 23): the same lists the services
// give, read once per content version (a Q&A write through the API starts over), while logged-in viewers read fresh.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { detailSideLists } from "../../app/qa/side-lists.server";
import { qaQuestions } from "../../db/schema";
import { HOT_DETAIL_PAGE_SIZE, SIMILAR_PAGE_SIZE, UNANSWERED_PAGE_SIZE } from "../../workers/contract/qa-constants";
import { getDb } from "../../workers/lib/db";
import { bumpContentVersion } from "../../workers/lib/page-cache";
import type { QaCtx } from "../../workers/services/qa/context";
import { hotPageQuery, similarPageQuery, unansweredPageQuery } from "../../workers/services/qa/questions";
import { callJson, makeUser } from "../support/api";

const db = () => getDb(env.DB);
const ctx = (): QaCtx => ({ db: db(), env, now: Date.now() });
const firstPages = { waitPage: 1, hotPage: 1 };

/** A new question by a new user (one each: the posting interval limits apply per user). */
async function ask() {
  const { token } = await makeUser({ createdAt: Date.now() - 30 * 86_400_000 });
  const res = await callJson<{ id: number }>("/api/qa/question/add", {
    method: "POST",
    token,
    json: { questionTitle: `侧栏列表测试 ${Math.random().toString(36).slice(2, 8)} 空压机节能`, questionDescription: "空压机站节能。", tagList: ["空压机"] },
  });
  expect(res.code).toBe(10000);
  return res.data.id;
}

describe("detail page side lists", () => {
  it("a visitor's lists are the services' lists, the shared hot page included, for any question", async () => {
    await bumpContentVersion();
    const ids = [await ask(), await ask()];
    const hot = await hotPageQuery({ db: db(), excludeId: null, pageNo: 1, pageSize: HOT_DETAIL_PAGE_SIZE + 1 });
    // One question on the hot page (dropped from its own list) and one that may not be.
    for (const id of [...ids, hot.questionList[0]!.id]) {
      const side = await detailSideLists(ctx(), null, id, firstPages);
      expect(side.hot).toEqual(await hotPageQuery({ db: db(), excludeId: id, pageNo: 1, pageSize: HOT_DETAIL_PAGE_SIZE }));
      expect(side.waiting).toEqual(await unansweredPageQuery({ db: db(), excludeId: id, pageNo: 1, pageSize: UNANSWERED_PAGE_SIZE }));
      expect(side.similar).toEqual(await similarPageQuery({ ...ctx(), input: { questionId: id, tagRefs: [], pageNo: 1, pageSize: SIMILAR_PAGE_SIZE } }));
    }
    // Another page of the hot list is read as asked.
    const page2 = await detailSideLists(ctx(), null, ids[0]!, { waitPage: 1, hotPage: 2 });
    expect(page2.hot).toEqual(await hotPageQuery({ db: db(), excludeId: ids[0]!, pageNo: 2, pageSize: HOT_DETAIL_PAGE_SIZE }));
  });

  it("visitors read once per content version; a write through the API shows at once; logged-in viewers read fresh", async () => {
    const author = await makeUser({ createdAt: Date.now() - 30 * 86_400_000 });
    const viewed = await ask();
    const newest = await ask();
    const titles = (page: { questionList: { id: number; questionTitle: string }[] }) => page.questionList.map((q) => q.questionTitle);
    const before = await detailSideLists(ctx(), null, viewed, firstPages);
    expect(before.waiting.questionList.map((q) => q.id)).toContain(newest);

    // A change that bypasses the API (so no new content version): visitors keep the remembered list, which is
    // what proves they do not read again; a logged-in viewer sees the change.
    const renamed = `侧栏改名 ${Math.random().toString(36).slice(2, 8)}`;
    await db().update(qaQuestions).set({ title: renamed }).where(eq(qaQuestions.id, newest));
    expect(titles((await detailSideLists(ctx(), null, viewed, firstPages)).waiting)).not.toContain(renamed);
    expect(titles((await detailSideLists(ctx(), author.user.id, viewed, firstPages)).waiting)).toContain(renamed);

    // Any Q&A write through the API bumps the version: the next visitor reads again.
    const third = await ask();
    const after = await detailSideLists(ctx(), null, viewed, firstPages);
    expect(titles(after.waiting)).toContain(renamed);
    expect(after.waiting.questionList.map((q) => q.id)).toContain(third);
  });
});
