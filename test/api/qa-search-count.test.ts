// The search's match count: exact up to COUNT_CAP, then the cap with totalCapped and "1,000+" (the walk over the
// matches stops at the cap). Questions written straight to D1 with their index rows (the API's posting limits would
// make a thousand questions take hours), so the count covers the title, description and answers index alike.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { dbBatch, getDb } from "../../workers/lib/db";
import type { QuestionPage } from "../../workers/contract/qa";
import { qaQuestions } from "../../db/schema";
import { COUNT_CAP } from "../../workers/services/qa/search";
import { indexRowStatements } from "../../workers/services/qa/search-index";

/** Made-up words no seeded question holds: one in more questions than the cap, one in fewer. */
const MANY = "zqcapmany";
const FEW = "zqcapfew";
const FEW_COUNT = 37;

const search = (searchContent: string, pageNo = 1) =>
  callJson<QuestionPage>("/api/qa/question/pageQuery", { method: "POST", json: { searchContent, pageNo, pageSize: 10 } });

describe("search match count", () => {
  beforeAll(async () => {
    const db = getDb(env.DB);
    const user = await makeUser();
    const now = Date.now();
    const total = COUNT_CAP + 5;
    // One insert per row (drizzle binds every column; D1 allows 100 parameters a statement), 15 rows a batch.
    for (let from = 0; from < total; from += 15) {
      const rows = Array.from({ length: Math.min(15, total - from) }, (_, i) => {
        const n = from + i;
        // The word sits in the title, the description or an answer, so the count is over every indexed field.
        const where = n % 3;
        const words = n < FEW_COUNT ? `${MANY} ${FEW}` : MANY;
        return { n, title: where === 0 ? `计数问题 ${words} ${n}` : `计数问题 ${n}`, description: where === 1 ? `描述 ${words}` : "描述", answers: where === 2 ? [`回答 ${words}`] : [] };
      });
      const inserted = await db.batch(
        rows.map((r) => db.insert(qaQuestions).values({ publisherId: user.user.id, title: r.title, description: r.description, status: 0, createdAt: now - r.n, updatedAt: now - r.n }).returning({ id: qaQuestions.id })) as [never, ...never[]],
      );
      const ids = (inserted as { id: number }[][]).map((x) => x[0]);
      await dbBatch(db, rows.flatMap((r, i) => indexRowStatements({ db, questionId: ids[i].id, title: r.title, description: r.description, answerTexts: r.answers })));
    }
  }, 120_000); // ~1,000 rows in 67 chunks; the bound only catches a hang

  it("stops at the cap and says so", async () => {
    const res = await search(MANY);
    expect(res.code).toBe(CODE.OK);
    expect(res.data.total).toBe(COUNT_CAP);
    expect(res.data.totalCapped).toBe(true);
    expect(res.data.totalText).toBe("1,000+");
    expect(res.data.questionList).toHaveLength(10);
    // A deep page inside the cap still lists matches.
    const deep = await search(MANY, COUNT_CAP / 10);
    expect(deep.data.questionList.length).toBeGreaterThan(0);
  });

  it("suggestions (no count shown) still list the best matches", async () => {
    const res = await callJson<{ id: number; questionTitle: string }[]>(`/api/qa/question/suggest?q=${MANY}`);
    expect(res.code).toBe(CODE.OK);
    expect(res.data).toHaveLength(8);
    // Title matches first (the title pool), whatever the count stopped at.
    for (const s of res.data) expect(s.questionTitle).toContain(MANY);
  });

  it("is exact below the cap", async () => {
    const res = await search(FEW);
    expect(res.data.total).toBe(FEW_COUNT);
    expect(res.data.totalCapped).toBe(false);
    expect(res.data.totalText).toBe(String(FEW_COUNT));
    const all = (await Promise.all([1, 2, 3, 4].map((p) => search(FEW, p)))).flatMap((r) => r.data.questionList.map((x) => x.id));
    expect(new Set(all).size).toBe(FEW_COUNT);
  });
});
