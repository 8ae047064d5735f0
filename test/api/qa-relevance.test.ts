// Search relevance at demo scale: the relevance set (test/relevance/qa-queries.json) against the seeded questions,
// through the real search service. Prints success@5 and MRR; fails below the floor. The same set runs at 100,000
// questions in bench/qa-search.mjs.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { getDb } from "../../workers/lib/db";
import { pageQuery } from "../../workers/services/qa/questions";
import { scoreRelevance } from "../relevance/score";

/** Floors for the seeded corpus (the target is 95 % success@5). */
const SUCCESS_AT_5_FLOOR = 0.95;
const MRR_FLOOR = 0.85;

describe("search relevance (seeded questions)", () => {
  it("finds an answering question in the top five for the relevance set", async () => {
    const db = getDb(env.DB);
    const score = await scoreRelevance(async (q) => (await pageQuery({ db, searchContent: q, pageNo: 1, pageSize: 10 })).questionList.map((x) => x.id));
    console.log(JSON.stringify({ relevance: { successAt5: score.successAt5, mrr: score.mrr, queries: score.queries, misses: score.misses } }));
    expect(score.queries).toBeGreaterThanOrEqual(50);
    expect(score.successAt5).toBeGreaterThanOrEqual(SUCCESS_AT_5_FLOOR);
    expect(score.mrr).toBeGreaterThanOrEqual(MRR_FLOOR);
  }, 60_000); // 62 searches; the bound only catches a hang on a busy machine
});
