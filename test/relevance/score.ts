// Relevance scorer for Q&A search: success@5 (share of queries with an answering question in the top five) and
// MRR (mean of 1 / rank of the first answering question in the top ten, 0 when none). Pure; used by the workerd
// test (demo scale) and bench/qa-search.mjs (100,000 questions).
import set from "./qa-queries.json";

export interface RelevanceQuery {
  q: string;
  /** Seeded question ids that answer the query. */
  ids: number[];
}

export const RELEVANCE_QUERIES: RelevanceQuery[] = set.queries;

export interface QueryOutcome {
  q: string;
  /** 1-based rank of the first answering question in the top ten, 0 when none. */
  rank: number;
  top: number[];
}

export interface RelevanceScore {
  queries: number;
  successAt5: number;
  mrr: number;
  misses: QueryOutcome[];
}

/** Run every query through `search` (ids best first) and score the lists. */
export async function scoreRelevance(search: (q: string) => Promise<number[]>, queries = RELEVANCE_QUERIES): Promise<RelevanceScore> {
  const outcomes: QueryOutcome[] = [];
  for (const { q, ids } of queries) {
    const top = (await search(q)).slice(0, 10);
    const at = top.findIndex((id) => ids.includes(id));
    outcomes.push({ q, rank: at + 1, top });
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    queries: outcomes.length,
    successAt5: round(outcomes.filter((o) => o.rank >= 1 && o.rank <= 5).length / outcomes.length),
    mrr: round(outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / outcomes.length),
    misses: outcomes.filter((o) => !o.rank || o.rank > 5),
  };
}
