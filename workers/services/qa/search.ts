// Read side of the Q&A search (docs/qa.md "Search", decisions 022 and 023). Queries are cut into words with synonyms
// (query.ts); a question must hold a minimum share of the words. Ranking is title-first, in tiers, so that the work
// per query is bounded at 100,000 questions:
//   1. questions whose TITLE holds the words: bm25 over every such match in qa_search_title (titles are short, so
//      this is cheap, and bm25 there normalises by the title's length, not by the length of the answers);
//   2. the other matches (words in the description or the best answers), bm25 with column weights over the newest
//      RANK_WINDOW matches of qa_search (FTS5 scores each row it ranks; this tier is what was slow over every match);
//   3. older matches beyond that window, newest first (still listed and counted, never scored).
// Tier 1 fills the first page for most queries, so tiers 2 and 3 run only when it does not (a second round trip).
// Recency and answer quality only break ties.
import { desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { qaQuestions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { QUESTION_STATUS } from "../../contract/qa";
import { matchExpression, minShouldMatch, queryTerms, termExpression, type Dictionary, type QueryTerm } from "./query";
import { searchVocabulary, type SearchVocabulary } from "./synonyms";
import { ANSWERS_WEIGHT, BODY_WEIGHT, TITLE_WEIGHT, qaSearch, qaSearchTitle } from "./search-index";

/** Match counts are exact up to this many; above it the page says 1,000+ (counting is a walk over the matches). */
export const COUNT_CAP = 1_000;
/**
 * Tier 2 scores at most this many matches (the newest): bm25 costs FTS5 work per scored row and per phrase (a query
 * of four words with synonyms is ~20 phrases, ~40 µs a row in workerd), so this bounds the slowest queries.
 */
export const RANK_WINDOW = 200;

const bm25 = sql<number>`bm25(${qaSearch}, ${TITLE_WEIGHT}, ${BODY_WEIGHT}, ${ANSWERS_WEIGHT})`;
const titleBm25 = sql<number>`bm25(${qaSearchTitle})`;
const matches = (expr: string) => sql`${qaSearch} MATCH ${expr}`;
const titleMatches = (expr: string) => sql`${qaSearchTitle} MATCH ${expr}`;

export interface SearchHits {
  rows: (typeof qaQuestions.$inferSelect)[];
  total: number;
  /** True when total stopped at COUNT_CAP. */
  capped: boolean;
  /** "all": the minimum share of the query's words matched; "some": the relaxed pass (fewer of them). */
  mode: "all" | "some";
  /** The query's terms with their synonyms (for highlighting). */
  terms: QueryTerm[];
}

type QuestionRow = typeof qaQuestions.$inferSelect;
type Scored = QuestionRow & { score: number };
const visible = (r: QuestionRow) => r.status === QUESTION_STATUS.WAITING || r.status === QUESTION_STATUS.SOLVED;

/** Equal scores: the better answered question first, then the newer (answer quality and recency only break ties). */
const byScore = (a: Scored, b: Scored) => a.score - b.score || b.praiseCount - a.praiseCount || b.answerCount - a.answerCount || b.id - a.id;

/** COUNT(*) of an FTS match, stopped at COUNT_CAP. */
function cappedCount(db: Db, table: typeof qaSearch | typeof qaSearchTitle, where: SQL) {
  return db.select({ n: sql<number>`COUNT(*)` }).from(db.select({ one: sql`1`.as("one") }).from(table).where(where).limit(COUNT_CAP).as("m"));
}

/** Ranked hit ids (a subquery) joined to their question rows. */
function withQuestions(db: Db, hits: ReturnType<typeof hitIds>) {
  return db.select({ ...getTableColumns(qaQuestions), score: hits.score }).from(hits).innerJoin(qaQuestions, eq(qaQuestions.id, hits.id));
}

/** Hit ids and scores (a subquery), ordered by the score's alias so FTS5 computes bm25 once a row, then by newer. */
function hitIds(db: Db, table: typeof qaSearch | typeof qaSearchTitle, where: SQL, score: SQL<number>, limit: number) {
  return db
    .select({ id: sql<number>`${table.rowid}`.as("hit_id"), score: score.as("hit_score") })
    .from(table)
    .where(where)
    .orderBy(sql`hit_score`, desc(table.rowid))
    .limit(limit)
    .as("h");
}

/** The rowid of the RANK_WINDOW-th newest match (tier 2 scores the matches at or above it), 0 when fewer match. */
const windowEdge = (expr: string) =>
  sql`coalesce((SELECT rowid FROM ${qaSearch} WHERE ${matches(expr)} ORDER BY rowid DESC LIMIT 1 OFFSET ${RANK_WINDOW - 1}), 0)`;

/**
 * One page and the capped count for a MATCH expression, in the tiers described above. Round trip 1: tier 1's
 * first `want` rows, its count and the total. Round trip 2, only when tier 1 holds fewer than `want` rows (then all
 * of them are known): tier 2's and tier 3's first rows, from which tier 1's are dropped.
 */
async function tieredPage(db: Db, expr: string, pageNo: number, pageSize: number) {
  const offset = (pageNo - 1) * pageSize;
  const want = offset + pageSize;
  const [titleRows, titleCount, count] = await db.batch([
    withQuestions(db, hitIds(db, qaSearchTitle, titleMatches(expr), titleBm25, want)),
    cappedCount(db, qaSearchTitle, titleMatches(expr)),
    cappedCount(db, qaSearch, matches(expr)),
  ]);
  const total = Math.max(count[0]?.n ?? 0, titleCount[0]?.n ?? 0);
  const tier1 = titleRows.sort(byScore);
  let ordered: Scored[] = tier1;
  if (tier1.length < want && total > tier1.length) {
    // Every tier-1 row is known (fewer than `want`): read enough of the later tiers to fill the page without them.
    const inTier1 = new Set(tier1.map((r) => r.id));
    const limit = want + tier1.length;
    const ranked = await withQuestions(db, hitIds(db, qaSearch, sql`${matches(expr)} AND ${qaSearch.rowid} >= ${windowEdge(expr)}`, bm25, limit));
    const tier2 = ranked.filter((r) => !inTier1.has(r.id)).sort(byScore);
    ordered = [...tier1, ...tier2];
    // Tier 3 only for a page past the window (a deep page, or a window mostly taken by tier 1).
    if (ranked.length < limit && total > RANK_WINDOW && ordered.length < want) {
      const older = await withQuestions(db, hitIds(db, qaSearch, sql`${matches(expr)} AND ${qaSearch.rowid} < ${windowEdge(expr)}`, sql<number>`0`, limit));
      ordered.push(...older.filter((r) => !inTier1.has(r.id)));
    }
  }
  const rows = ordered.slice(offset, want).map(({ score: _s, ...q }) => q as QuestionRow);
  return { rows: rows.filter(visible), total };
}

/** True for a word of the domain dictionary or the synonym list (not one ICU or the user made up). */
const inVocabulary = (dict: Dictionary, word: string) => (dict.byFirst.get(Array.from(word)[0]) ?? []).includes(word);

/** The terms that at least one question holds (one cheap FTS lookup each, in one round trip; only on a miss). */
async function indexedTerms(db: Db, terms: QueryTerm[]): Promise<QueryTerm[]> {
  const probed = terms.flatMap((t) => {
    const e = termExpression(t);
    return e ? [{ t, probe: db.select({ one: sql<number>`1` }).from(qaSearch).where(matches(e)).limit(1) }] : [];
  });
  if (!probed.length) return [];
  const [head, ...rest] = probed.map((p) => p.probe);
  const found = await db.batch([head, ...rest]);
  return probed.filter((_, i) => found[i].length > 0).map((p) => p.t);
}

/**
 * One page of ranked questions for a user query plus the match count. A question must hold minShouldMatch(n) of
 * the query's n words (each word or a synonym); when none does, the relaxed pass asks for half of them (at least two).
 */
export async function searchQuestions(db: Db, query: string, pageNo: number, pageSize: number): Promise<SearchHits> {
  const vocab = await searchVocabulary(db);
  const terms = queryTerms(query, vocab.groups, vocab.dict);
  const strict = matchExpression(terms);
  if (!strict) return { rows: [], total: 0, capped: false, mode: "all", terms };
  const first = await tieredPage(db, strict, pageNo, pageSize);
  if (first.total > 0 || terms.length < 2) return { ...first, capped: first.total >= COUNT_CAP, mode: "all", terms };
  // A vocabulary word no question holds (排班 where the questions say 班次) cannot be met: ask for the others only.
  // A word outside the vocabulary (溴化锂) is the query's subject: it stays required.
  const known = await indexedTerms(db, terms);
  const unmet = terms.filter((t) => !known.includes(t));
  if (known.length && unmet.length && unmet.every((t) => inVocabulary(vocab.dict, t.text))) {
    const kept = await tieredPage(db, matchExpression(known)!, pageNo, pageSize);
    if (kept.total > 0) return { ...kept, capped: kept.total >= COUNT_CAP, mode: "some", terms };
  }
  // Relaxed: half of the words, never a single one of two (电费 alone is not an answer to 降低电费).
  const need = minShouldMatch(terms.length);
  const relaxed = Math.max(2, Math.ceil(terms.length / 2));
  if (relaxed >= need) return { ...first, capped: false, mode: "all", terms };
  const second = await tieredPage(db, matchExpression(terms, relaxed)!, pageNo, pageSize);
  return { ...second, capped: second.total >= COUNT_CAP, mode: "some", terms };
}

/**
 * The questions holding any one of a search's words, best first (related questions on a miss): the same tiers.
 * Takes the terms of the search that missed, so the query is not cut and matched again.
 */
export async function anyWordQuestions(db: Db, terms: QueryTerm[], limit: number): Promise<QuestionRow[]> {
  if (terms.length < 2) return [];
  const any = matchExpression(terms, 1);
  return any ? (await tieredPage(db, any, 1, limit)).rows : [];
}

/**
 * Visible questions closest to a text (the robot's community answers): the search's ranking, and when it finds
 * nothing, the questions holding any one of the text's words, best first.
 */
export async function closestQuestions(db: Db, text: string, limit: number): Promise<QuestionRow[]> {
  const hits = await searchQuestions(db, text, 1, limit);
  return hits.rows.length ? hits.rows : anyWordQuestions(db, hits.terms, limit);
}

/**
 * The FTS query behind similar questions (titles holding any of the text's words, best first), to run inside a
 * batch; null without words. Over the title index: cheap, and a similar question is one with a similar title.
 */
export function similarByTextQuery(db: Db, text: string, limit: number, vocab: SearchVocabulary) {
  const match = matchExpression(queryTerms(text, vocab.groups, vocab.dict), 1);
  if (!match) return null;
  return db.select({ id: qaSearchTitle.rowid }).from(qaSearchTitle).where(titleMatches(match)).orderBy(titleBm25).limit(limit);
}
