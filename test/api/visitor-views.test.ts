// Visitors' views of cached detail pages (workers/services/qa/visitor-views.ts): a quiet page counts each view at
// once; a burst is written in groups of FLUSH_AFTER_VIEWS, with the hot score refreshed; nothing is counted for a
// question no longer visible.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { qaQuestions } from "../../db/schema";
import { getDb } from "../../workers/lib/db";
import { hotScore } from "../../workers/services/qa/hot";
import { countVisitorView, FLUSH_AFTER_MS, FLUSH_AFTER_VIEWS, pendingVisitorViews } from "../../workers/services/qa/visitor-views";
import { callJson, makeUser } from "../support/api";

const db = () => getDb(env.DB);
// The counter remembers when it last wrote: every test moves this clock well past the previous one.
let clock = Date.now();
const later = (ms = FLUSH_AFTER_MS * 10) => (clock += ms);

async function ask() {
  const { token } = await makeUser({ createdAt: Date.now() - 30 * 86_400_000 });
  const res = await callJson<{ id: number }>("/api/qa/question/add", {
    method: "POST",
    token,
    json: { questionTitle: `浏览计数测试 ${Math.random().toString(36).slice(2, 8)} 空压机`, questionDescription: "空压机站节能。", tagList: ["空压机"] },
  });
  expect(res.code).toBe(10000);
  return res.data.id;
}

const row = (id: number) => db().select().from(qaQuestions).where(eq(qaQuestions.id, id)).get().then((q) => q!);

describe("visitor views of cached pages", () => {
  it("a quiet page counts each view at once", async () => {
    const id = await ask();
    const start = (await row(id)).viewCount;
    await countVisitorView({ db: db(), id, now: later() });
    expect((await row(id)).viewCount).toBe(start + 1);
    await countVisitorView({ db: db(), id, now: later(FLUSH_AFTER_MS) });
    expect((await row(id)).viewCount).toBe(start + 2);
    expect(pendingVisitorViews()).toBe(0);
  });

  it("a burst waits at most FLUSH_AFTER_VIEWS views, then writes them all with the hot score; the rest follow with the next view after FLUSH_AFTER_MS", async () => {
    const [a, b] = [await ask(), await ask()];
    const [a0, b0] = [(await row(a)).viewCount, (await row(b)).viewCount];
    await countVisitorView({ db: db(), id: a, now: later() }); // written at once: nothing was pending
    for (let i = 1; i < FLUSH_AFTER_VIEWS; i++) await countVisitorView({ db: db(), id: i % 2 ? b : a, now: later(1) });
    expect(pendingVisitorViews()).toBe(FLUSH_AFTER_VIEWS - 1);
    expect((await row(a)).viewCount).toBe(a0 + 1);
    expect((await row(b)).viewCount).toBe(b0);

    await countVisitorView({ db: db(), id: a, now: later(1) }); // the FLUSH_AFTER_VIEWS-th pending view: all written
    expect(pendingVisitorViews()).toBe(0);
    const [ra, rb] = [await row(a), await row(b)];
    expect(ra.viewCount + rb.viewCount).toBe(a0 + b0 + 1 + FLUSH_AFTER_VIEWS);
    expect(rb.viewCount).toBe(b0 + Math.floor(FLUSH_AFTER_VIEWS / 2));
    for (const q of [ra, rb]) expect(q.hotScore).toBeCloseTo(hotScore(q), 9);

    for (let i = 0; i < 3; i++) await countVisitorView({ db: db(), id: b, now: later(1) });
    expect((await row(b)).viewCount).toBe(rb.viewCount);
    await countVisitorView({ db: db(), id: b, now: later(FLUSH_AFTER_MS) });
    expect((await row(b)).viewCount).toBe(rb.viewCount + 4);
  });

  it("a question deleted or hidden since the page was cached counts nothing", async () => {
    const id = await ask();
    await db().update(qaQuestions).set({ status: 2 }).where(eq(qaQuestions.id, id));
    const before = await row(id);
    await countVisitorView({ db: db(), id, now: later() });
    expect(pendingVisitorViews()).toBe(0);
    expect(await row(id)).toEqual(before);
  });
});
