// Keyword matching for the robot assistant. Pure (no I/O): shared by the seed builder (which stores each entry's
// tokens) and the robot service. Tokens come from the Q&A search tokeniser (search-tokens.ts): CJK runs become
// overlapping bigrams, other letter/digit runs stay whole words. Ranking is a small TF-IDF: each query token found
// in an entry adds ln(1 + N/df); question-word bigrams (怎么, 如何 …) are ignored. See docs/qa-personal.md "Robot".
import { bigrams, segments } from "../qa/search-tokens";

/** Bigrams that carry no topic (question words, pronouns): they would match almost every entry. */
const STOP = new Set([
  "怎么", "么办", "么样", "怎样", "如何", "什么", "么是", "是什", "为什", "请问", "可以", "哪些", "有哪", "有什", "么意", "意思",
  "我的", "我们", "你们", "一下", "能否", "是否", "能不", "不能", "需要", "么用", "的吗", "了吗", "吗",
]);

/** Distinct match tokens of a text: CJK bigrams and words of 2+ characters, stop bigrams removed. */
export function queryTokens(text: string): string[] {
  const out = new Set<string>();
  for (const s of segments(text)) {
    if (s.kind === "word") {
      if (Array.from(s.text).length >= 2) out.add(s.text);
      continue;
    }
    for (const b of bigrams(s.text)) if (Array.from(b).length === 2 && !STOP.has(b)) out.add(b);
  }
  return Array.from(out);
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
}

/** A free-text question is answered only when its best entry scores at least this (one fairly specific token). */
export const MATCH_MIN_SCORE = 1.2;

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
    if (score > 0) ranked.push({ id: e.id, score, cover: hits / Math.max(1, sets[i].size), sortOrder: e.sortOrder });
  });
  ranked.sort((a, b) => b.score - a.score || b.cover - a.cover || a.sortOrder - b.sortOrder);
  return ranked.map(({ id, score }) => ({ id, score }));
}
