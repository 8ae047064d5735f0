// Stored title pools of frequent words (search-pools.ts, decision 178): the cron stores the pools of the vocabulary's
// words held by enough titles, the search reads them instead of ranking every match, and every write through the API
// keeps them what the live ranking computes. Test rows are written straight to D1 with their index rows (the API's
// posting limits would make 60 questions slow); the writes under test go through the API.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { callJson, makeUser } from "../support/api";
import { dbBatch, getDb, type Db } from "../../workers/lib/db";
import { qaQuestions } from "../../db/schema";
import { CODE } from "../../workers/lib/codes";
import { searchQuestions } from "../../workers/services/qa/search";
import { indexRowStatements } from "../../workers/services/qa/search-index";
import { POOL_SIZE, refreshTitlePools } from "../../workers/services/qa/search-pools";
import { qaSearchTitlePools } from "../../workers/services/qa/search-tables";
import { matchExpression, queryTerms } from "../../workers/services/qa/query";
import { searchVocabulary } from "../../workers/services/qa/synonyms";
import { scheduledJobs } from "../../workers/jobs/scheduled";

const DAY = 86_400_000;
/** A domain word (so the cron sizes it) that a few seeded titles hold too. */
const WORD = "冷却塔";
const MATCHES = 60;
const post = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });

async function exprOf(db: Db, word: string) {
  const vocab = await searchVocabulary({ db });
  return matchExpression(queryTerms(word, vocab.groups, vocab.dict))!;
}

/** What the search ranks without a stored pool: FTS5's bm25 over every title match, best first. */
async function livePool(db: Db, expr: string): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT rowid AS id FROM qa_search_title WHERE qa_search_title MATCH ${expr} ORDER BY bm25(qa_search_title), rowid DESC LIMIT ${POOL_SIZE}`,
  );
  return rows.map((r) => r.id);
}

async function storedPool(db: Db, expr: string): Promise<number[] | null> {
  const row = await db.select().from(qaSearchTitlePools).where(eq(qaSearchTitlePools.expr, expr)).get();
  return row ? (JSON.parse(row.ids) as number[]) : null;
}

async function pages(db: Db, query: string) {
  const out = [];
  for (const pageNo of [1, 2, 3, 4]) {
    const hits = await searchQuestions({ db, query, pageNo, pageSize: 10 });
    out.push({ ids: hits.rows.map((r) => r.id), total: hits.total });
  }
  return out;
}

describe("stored title pools", () => {
  let ours: number[] = [];

  beforeAll(async () => {
    const db = getDb(env.DB);
    const user = await makeUser();
    const now = Date.now();
    // Titles of many lengths, some holding the word twice: bm25 orders them by more than their id.
    const titles = Array.from({ length: MATCHES }, (_, n) => `${WORD}${"运行维护记录".repeat(n % 5)}${n % 7 === 0 ? `和备用${WORD}` : ""}第${n}号`);
    const inserted = await db.batch(
      titles.map((title, n) => db.insert(qaQuestions).values({ publisherId: user.user.id, title, description: "描述", status: 0, createdAt: now - n, updatedAt: now - n }).returning({ id: qaQuestions.id })) as [never, ...never[]],
    );
    ours = (inserted as { id: number }[][]).map((x) => x[0].id);
    await dbBatch(db, titles.flatMap((title, i) => indexRowStatements({ db, questionId: ours[i], title, description: "描述" })));
  });

  it("stores the pools of the words enough titles hold, exactly as ranked live, and drops the others", async () => {
    const db = getDb(env.DB);
    const expr = await exprOf(db, WORD);
    const rare = await exprOf(db, "疏水阀");
    expect(await refreshTitlePools({ db, minMatches: MATCHES })).toBeGreaterThanOrEqual(1);
    const live = await livePool(db, expr);
    expect(live).toHaveLength(POOL_SIZE);
    expect(await storedPool(db, expr)).toEqual(live);
    expect(await storedPool(db, rare)).toBeNull();
    // No word reaches a higher bar: every stored pool goes.
    expect(await refreshTitlePools({ db, minMatches: 100_000 })).toBe(0);
    expect(await db.select().from(qaSearchTitlePools).all()).toEqual([]);
  });

  it("serves the first pages from the stored pool: the same rows as the live ranking, read, not ranked again", async () => {
    const db = getDb(env.DB);
    const expr = await exprOf(db, WORD);
    await db.delete(qaSearchTitlePools);
    const live = await pages(db, WORD);
    await refreshTitlePools({ db, minMatches: MATCHES });
    expect(await pages(db, WORD)).toEqual(live);
    // A pool stored in another order is what the search follows (its rows tie on everything before their place).
    const reversed = [...(await livePool(db, expr))].reverse();
    await db.update(qaSearchTitlePools).set({ ids: JSON.stringify(reversed) }).where(eq(qaSearchTitlePools.expr, expr));
    const shown = (await searchQuestions({ db, query: WORD, pageNo: 1, pageSize: 20 })).rows.map((r) => r.id).filter((id) => ours.includes(id));
    expect(shown.length).toBeGreaterThan(5);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect(shown).not.toEqual([...reversed].reverse().filter((id) => shown.includes(id)));
    await refreshTitlePools({ db, minMatches: MATCHES });
  });

  it("keeps a stored pool what the live ranking computes through a question's add, edit and delete", async () => {
    const db = getDb(env.DB);
    const expr = await exprOf(db, WORD);
    await refreshTitlePools({ db, minMatches: MATCHES });
    const asker = await makeUser({ createdAt: Date.now() - 30 * DAY });
    // The shortest title holding the word ranks first.
    const added = await post<{ id: number }>("question/add", { questionTitle: `${WORD}？` }, asker.token);
    expect(added.code).toBe(CODE.OK);
    const id = added.data.id;
    expect((await storedPool(db, expr))?.[0]).toBe(id);
    expect(await storedPool(db, expr)).toEqual(await livePool(db, expr));
    expect((await searchQuestions({ db, query: WORD, pageNo: 1, pageSize: 10 })).rows.map((r) => r.id)).toContain(id);

    expect((await post("question/update", { id, questionTitle: "空压机房通风怎么做？" }, asker.token)).code).toBe(CODE.OK);
    expect(await storedPool(db, expr)).not.toContain(id);
    expect(await storedPool(db, expr)).toEqual(await livePool(db, expr));

    expect((await post("question/update", { id, questionTitle: `${WORD}？` }, asker.token)).code).toBe(CODE.OK);
    expect((await storedPool(db, expr))?.[0]).toBe(id);
    expect((await post("question/deleteById", { id, isAdmin: false }, asker.token)).code).toBe(CODE.OK);
    expect(await storedPool(db, expr)).not.toContain(id);
    expect(await storedPool(db, expr)).toEqual(await livePool(db, expr));
  });

  it("is refreshed by the cron", async () => {
    const db = getDb(env.DB);
    const job = scheduledJobs.find((j) => j.name === "refresh-search-pools");
    expect(job).toBeDefined();
    await refreshTitlePools({ db, minMatches: MATCHES });
    expect((await db.select().from(qaSearchTitlePools).all()).length).toBeGreaterThan(0);
    // At the production bar (POOL_MIN_MATCHES) no word of this small corpus needs a stored pool.
    expect(await job!.run({ env, db, now: Date.now() })).toBe(0);
    expect(await db.select().from(qaSearchTitlePools).all()).toEqual([]);
  });
});
