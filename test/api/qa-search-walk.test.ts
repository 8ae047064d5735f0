// A first search page walks the matches once for its newest rows and its count (search.ts newestRowsCounted,
// decision 024 "Search speed"): the count from that walk equals the separate capped COUNT of the two-step path for
// any cap, above, at and below the number of matches, and the page is the same. Rows written straight to D1 with
// their index rows (the API's posting limits would make this slow).
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { makeUser } from "../support/api";
import { dbBatch, getDb } from "../../workers/lib/db";
import { qaQuestions } from "../../db/schema";
import { searchQuestions } from "../../workers/services/qa/search";
import { indexRowStatements } from "../../workers/services/qa/search-index";

/** Made-up words no seeded question holds. */
const WORD = "zqwalkone";
const OTHER = "zqwalktwo";
const MATCHES = 30;

describe("one walk for a first page's newest matches and its count", () => {
  beforeAll(async () => {
    const db = getDb(env.DB);
    const user = await makeUser();
    const now = Date.now();
    const rows = Array.from({ length: MATCHES }, (_, n) => {
      // The word in the title, the description or an answer; every third row also holds the second word.
      const words = n % 3 === 0 ? `${WORD} ${OTHER}` : WORD;
      const where = n % 3;
      return { n, title: where === 0 ? `走查问题 ${words} ${n}` : `走查问题 ${n}`, description: where === 1 ? `描述 ${words}` : "描述", answers: where === 2 ? [`回答 ${words}`] : [] };
    });
    const inserted = await db.batch(
      rows.map((r) => db.insert(qaQuestions).values({ publisherId: user.user.id, title: r.title, description: r.description, status: 0, createdAt: now - r.n, updatedAt: now - r.n }).returning({ id: qaQuestions.id })) as [never, ...never[]],
    );
    const ids = (inserted as { id: number }[][]).map((x) => x[0].id);
    await dbBatch(db, rows.flatMap((r, i) => indexRowStatements({ db, questionId: ids[i], title: r.title, description: r.description, answerTexts: r.answers })));
  });

  it("counts up to the cap and lists the same page as the separate count and newest reads", async () => {
    const db = getDb(env.DB);
    for (const query of [WORD, `${WORD} ${OTHER}`]) {
      for (const countCap of [5, MATCHES - 1, MATCHES, MATCHES + 1, 1_000]) {
        for (const [pageNo, pageSize] of [[1, 10], [3, 10], [1, 5]]) {
          const label = `${query} cap ${countCap} page ${pageNo}×${pageSize}`;
          const one = await searchQuestions({ db, query, pageNo, pageSize, countCap });
          const two = await searchQuestions({ db, query, pageNo, pageSize, countCap, newestInFirstTrip: 0 });
          expect(one.total, label).toBe(two.total);
          expect(one.capped, label).toBe(two.capped);
          expect(one.rows.map((r) => r.id), label).toEqual(two.rows.map((r) => r.id));
          const matches = query === WORD ? MATCHES : MATCHES / 3;
          expect(one.total, label).toBe(Math.min(matches, countCap));
        }
      }
    }
  });

  it("counts nothing for a word no question holds", async () => {
    const hits = await searchQuestions({ db: getDb(env.DB), query: "zqwalknone", pageNo: 1, pageSize: 10 });
    expect(hits.total).toBe(0);
    expect(hits.rows).toEqual([]);
  });
});
