// Keyword matching for the robot assistant. Pure (no I/O): shared by the seed builder (which stores each entry's
// tokens) and the robot service. Tokens are the Q&A search's query tokens (search-tokens.ts): question words and
// particles (怎么, 如何, 的, 了 …) cut out, CJK runs as overlapping bigrams, other letter/digit runs whole. Ranking is
// a small TF-IDF: each query token found in an entry adds ln(1 + N/df). An answer is given only when the best entry
// also holds at least half of the query's tokens (the search's MIN_OVERLAP). See docs/qa-personal.md "Robot".
import { enoughOverlap, queryTokens as searchTokens } from "../qa/search-tokens";

/** Distinct match tokens of a text: the search's query tokens less lone characters (too vague for an answer). */
export function queryTokens(text: string): string[] {
  return searchTokens(text)
    .filter((t) => !t.prefix && Array.from(t.text).length >= 2)
    .map((t) => t.text);
}

/** The stored tokens of a knowledge entry: its question plus each keyword (space separated). */
export function robotTokens(question: string, keywords: string): string[] {
  const out = new Set(queryTokens(question));
  for (const k of keywords.split(/\s+/).filter(Boolean)) for (const t of queryTokens(k)) out.add(t);
  return Array.from(out);
}

export interface MatchEntry {
  id: number;
  tokens: string[];
  sortOrder: number;
}

export interface Ranked {
  id: number;
  score: number;
  /** How many of the query's tokens the entry holds. */
  hits: number;
}

/** A free-text question is answered only when its best entry scores at least this (one fairly specific token). */
export const MATCH_MIN_SCORE = 1.2;

/** True when the best-ranked entry is a confident answer: specific enough and holding enough of the query. */
export function confident(best: Ranked | undefined, query: string): boolean {
  return !!best && best.score >= MATCH_MIN_SCORE && enoughOverlap(best.hits, queryTokens(query).length);
}

/** Entries that share a token with the query, best first. Ties: the entry covering more of itself, then sort order. */
export function rankEntries(entries: MatchEntry[], query: string): Ranked[] {
  const q = queryTokens(query);
  if (!q.length || !entries.length) return [];
  const sets = entries.map((e) => new Set(e.tokens));
  const df = new Map<string, number>();
  for (const t of q) df.set(t, sets.reduce((n, s) => n + (s.has(t) ? 1 : 0), 0));
  const n = entries.length;
  const idf = (t: string) => {
    const d = df.get(t) ?? 0;
    return d ? Math.log(1 + n / d) : 0;
  };
  const ranked: (Ranked & { cover: number; sortOrder: number })[] = [];
  entries.forEach((e, i) => {
    let score = 0;
    let hits = 0;
    for (const t of q) {
      if (sets[i].has(t)) {
        score += idf(t);
        hits++;
      }
    }
    if (score > 0) ranked.push({ id: e.id, score, hits, cover: hits / Math.max(1, sets[i].size), sortOrder: e.sortOrder });
  });
  ranked.sort((a, b) => b.score - a.score || b.cover - a.cover || a.sortOrder - b.sortOrder);
  return ranked.map(({ id, score, hits }) => ({ id, score, hits }));
}
