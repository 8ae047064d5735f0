// Matching for the robot assistant, on the Q&A search's retrieval (workers/services/qa/query.ts): the same words
// (dictionary + ICU, question words dropped), the same synonym list (qa_synonyms) and the same minimum-should-match
// rule. An entry holds a word when its question or keywords contain the word or a synonym (what the search's FTS
// phrase asks of a question); its answer counts a little too. Score = Σ idf × field weight over the words held;
// the robot answers only when the best entry holds minShouldMatch(n) of the n words and scores at least
// MATCH_MIN_SCORE. Pure (no I/O). See docs/decisions/022.
import { dictionary, minShouldMatch, normaliseWord, queryTerms, type Dictionary, type QueryTerm, type SynonymGroups } from "../qa/query";

export interface RobotVocabulary {
  groups: SynonymGroups;
  dict: Dictionary;
}

const DEFAULT_VOCAB: RobotVocabulary = { groups: [], dict: dictionary([]) };

/** A text as the matcher compares it: normalised words without separators between CJK characters. */
export function matchText(text: string): string {
  return normaliseWord(text);
}

/** The words of a query (shown by 试一试). */
export function queryTokens(text: string, vocab: RobotVocabulary = DEFAULT_VOCAB): string[] {
  return queryTerms(text, vocab.groups, vocab.dict).map((t) => t.text);
}

/** The stored match text of an entry (robot_knowledge.tokens): its question and keywords, normalised. */
export function robotTokens(question: string, keywords: string): string[] {
  return [matchText(question), ...keywords.split(/\s+/).filter(Boolean).map(matchText)];
}

export interface MatchEntry {
  id: number;
  question: string;
  keywords: string;
  answer?: string;
  sortOrder: number;
}

export interface Ranked {
  id: number;
  score: number;
  /** How many of the query's words the entry's question or keywords hold. */
  hits: number;
  /** How many words the query has. */
  terms: number;
}

/** Field weights: a word in the entry's question counts most, in its keywords less, in its answer a little. */
const QUESTION_WEIGHT = 3;
const KEYWORD_WEIGHT = 2;
const ANSWER_WEIGHT = 0.5;

/** A free-text question is answered only when its best entry scores at least this. */
export const MATCH_MIN_SCORE = 2;

const holds = (hay: string, t: QueryTerm) => t.alternatives.some((w) => hay.includes(matchText(w)));

/** The best entry must beat a runner-up holding as many words by this factor: a tie means the robot asks back. */
export const MATCH_MARGIN = 1.01;

/**
 * True when the best-ranked entry is a confident answer: enough of the query's words, specific enough, and not tied
 * with the runner-up (电费太高了 holds 电费 like two entries do: the robot offers both under 您是不是想问).
 */
export function confident(best: Ranked | undefined, second?: Ranked): boolean {
  if (!best || best.terms === 0 || best.score < MATCH_MIN_SCORE || best.hits < minShouldMatch(best.terms)) return false;
  return !second || second.hits < best.hits || best.score >= second.score * MATCH_MARGIN;
}

/** Entries that hold a word of the query, best first. Ties: more words held, then sort order. */
export function rankEntries(entries: MatchEntry[], query: string, vocab: RobotVocabulary = DEFAULT_VOCAB): Ranked[] {
  const terms = queryTerms(query, vocab.groups, vocab.dict).filter((t) => !t.single);
  if (!terms.length || !entries.length) return [];
  const docs = entries.map((e) => ({ q: matchText(e.question), k: matchText(e.keywords), a: matchText(e.answer ?? "") }));
  const held = terms.map((t) => docs.map((d) => ({ q: holds(d.q, t), k: holds(d.k, t), a: holds(d.a, t) })));
  const n = entries.length;
  const idf = held.map((perDoc) => {
    const df = perDoc.filter((h) => h.q || h.k).length;
    return Math.log(1 + n / Math.max(1, df));
  });
  const ranked: (Ranked & { sortOrder: number })[] = [];
  entries.forEach((e, i) => {
    let score = 0;
    let hits = 0;
    terms.forEach((_, ti) => {
      const h = held[ti][i];
      const w = h.q ? QUESTION_WEIGHT : h.k ? KEYWORD_WEIGHT : h.a ? ANSWER_WEIGHT : 0;
      score += w * idf[ti];
      if (h.q || h.k) hits++;
    });
    if (score > 0) ranked.push({ id: e.id, score, hits, terms: terms.length, sortOrder: e.sortOrder });
  });
  ranked.sort((a, b) => b.score - a.score || b.hits - a.hits || a.sortOrder - b.sortOrder);
  return ranked.map(({ id, score, hits, terms }) => ({ id, score, hits, terms }));
}
