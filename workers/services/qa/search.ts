// Read side of the Q&A search (docs/qa.md "Search", decisions 022, 023, 024 and 176). Queries are cut into words
// with synonyms (query.ts); a question must hold a minimum share of the words (minimum-should-match). Ranking over
// every match, in bounded work at 100,000 questions:
//   1. two candidate pools, each ranked by bm25 over EVERY match of its own small index (not a window of the newest
//      rows): the questions whose title holds the words (qa_search_title) and the questions whose best answers hold
//      them (qa_search_answers; a looser share of the words there, since the title may hold the rest); a frequent
//      word's title pool comes stored, as FTS5 ranked it (search-pools.ts, decision 178);
//   2. the pools' questions re-ranked by their evidence: each word counts by the best place it is held, title >
//      best answers > description (a word an asker merely mentions counts least), so a question holding more of the
//      query, or holding it where it matters, comes first; a candidate below the minimum share is dropped;
//   3. the other matches, newest first (listed and counted, never scored).
// Ties: an answered question before an unanswered one, then its place in its pool (bm25), then answer quality,
// then the newer question. Steps 1 and 2 are one SQL statement (rankedHead): only the rows a page may show leave the
// database, shaped for the list (search-shape.ts). One round trip for a page, its count and its list; only a deep
// page past the ranked head reads the newest matches in a second one.
import { desc, sql, type SQL } from "drizzle-orm";
import { qaQuestions } from "../../../db/schema";
import { inJsonList, sqlInt, sqlLiteral, type Db, type DbStatement } from "../../lib/db";
import { QUESTION_STATUS } from "../../contract/qa";
import { isGoalTerm, matchExpression, minShouldMatch, queryTerms, termExpression, termNeedles, type Dictionary, type QueryTerm } from "./query";
import { searchVocabulary, type SearchVocabulary } from "./synonyms";
import { qaSearch, qaSearchTitle } from "./search-tables";
import { shapedColumns, shapedSelectSql, splitShape, type ShapedRow } from "./search-shape";
import { POOL_SIZE, rankedMatchesSql, titlePoolSql } from "./search-pools";

/**
 * Match counts are exact up to this many; above it the page says 1,000+. Counting is a walk over the matches, and
 * for a query of several common words (an OR of ANDs over long posting lists) a walk to 10,000 was the largest part
 * of the search at 100,000 questions; nobody pages past 100 pages (docs/decisions/024).
 */
export const COUNT_CAP = 1_000;
/**
 * A page whose last row is at most this deep reads the newest matches (the rows after the ranked head) in its first
 * round trip, shaped, whether the head fills it or not: cheap (a walk down the match list that stops at the page).
 */
export const NEWEST_IN_FIRST_TRIP = 50;
/** Evidence weights: where a question holds a word of the query. */
export const FIELD_WEIGHT = { title: 3, answers: 2, body: 1 } as const;

const titleBm25 = sql<number>`bm25(${qaSearchTitle})`;
const matches = (expr: string) => sql`${qaSearch} MATCH ${expr}`;
const titleMatches = (expr: string) => sql`${qaSearchTitle} MATCH ${expr}`;

export interface SearchHits {
  /** The page's questions, each with its list shape when its statement read one (search-shape.ts). */
  rows: SearchRow[];
  total: number;
  /** True when total stopped at COUNT_CAP. */
  capped: boolean;
  /** "all": the minimum share of the query's words matched; "some": the relaxed pass (fewer of them). */
  mode: "all" | "some";
  /** The query's terms with their synonyms (for highlighting). */
  terms: QueryTerm[];
}

type QuestionRow = typeof qaQuestions.$inferSelect;
export type SearchRow = ShapedRow<QuestionRow>;
const visible = (r: Pick<QuestionRow, "status">) => r.status === QUESTION_STATUS.WAITING || r.status === QUESTION_STATUS.SOLVED;

/** COUNT(*) of an FTS match, stopped at `cap` (the walk over the matches ends there). */
function cappedCount(db: Db, where: SQL, cap: number) {
  return db.select({ n: sql<number>`COUNT(*)` }).from(db.select({ one: sql`1`.as("one") }).from(qaSearch).where(where).limit(cap).as("m"));
}


/** A field padded with a space at each end, as the needles expect (query.ts termNeedles). */
const padded = (col: string) => `(' ' || coalesce(${col}, '') || ' ')`;

/**
 * The evidence rule as SQL, one expression per term over a candidate's PADDED indexed fields (`field` names them):
 * the weight of the best field holding the term (title > best answers > description; a field holds a term when it
 * contains one of the term's needles). Literals and fixed column names only, so each is one SQL string: a drizzle
 * fragment per test cost more JS than the rest of the search.
 */
function evidenceWeights(terms: QueryTerm[], field: { title: string; answers: string; body: string }): string[] {
  const holds = (col: string, t: QueryTerm) => {
    const tests = termNeedles(t).map((n) => `instr(${col}, ${sqlLiteral(n)}) > 0`);
    return tests.length ? `(${tests.join(" OR ")})` : "0";
  };
  return terms.map(
    (t) => `(CASE WHEN ${holds(field.title, t)} THEN ${FIELD_WEIGHT.title} WHEN ${holds(field.answers, t)} THEN ${FIELD_WEIGHT.answers} WHEN ${holds(field.body, t)} THEN ${FIELD_WEIGHT.body} ELSE 0 END)`,
  );
}

/**
 * The evidence of a candidate as SQL over its indexed fields (their space-separated tokens; `field` names the
 * columns): the weights summed (score) and the number of terms held (held). What rankedHead computes, as two
 * expressions (the tests evaluate them on given text).
 */
export function evidenceSql(terms: QueryTerm[], field: { title: string; answers: string; body: string }): { score: SQL<number>; held: SQL<number> } {
  const weights = evidenceWeights(terms, { title: padded(field.title), answers: padded(field.answers), body: padded(field.body) });
  if (!weights.length) return { score: sql<number>`0`, held: sql<number>`0` };
  return { score: sql.raw(`(${weights.join(" + ")})`) as SQL<number>, held: sql.raw(`(${weights.map((w) => `(${w} > 0)`).join(" + ")})`) as SQL<number> };
}

/**
 * A pool as a derived table (id, place): the best `limit` matches of one index by its bm25 over EVERY match (FTS5
 * ranks them all), place = the 0-based rank in that order. A title pool of POOL_SIZE may come ready from
 * qa_search_title_pools (a frequent word's, search-pools.ts).
 */
function poolSql(table: "qa_search_title" | "qa_search_answers", expr: string, limit: number): string {
  if (table === "qa_search_title" && limit === POOL_SIZE) return titlePoolSql(expr);
  return `SELECT id, row_number() OVER (ORDER BY s, id DESC) - 1 AS place FROM (${rankedMatchesSql(table, sqlLiteral(expr), limit)})`;
}

/** A shaped statement's rows: D1's objects keyed by column name (read with shapedColumns). */
type RawRow = Record<string, unknown>;

/**
 * The ranked head in one statement: the two pools' questions (each once, at its best place) holding at least `need`
 * of the terms, by evidence, then an answered question before an unanswered one, then place (bm25), then answer
 * quality, then the newer question. Its first `want` rows come back shaped for the list, each with head_count (how
 * many candidates passed): only the rows a page may show leave the database (decision 176).
 */
function rankedHead(db: Db, terms: QueryTerm[], expr: string, looser: string, need: number, size: number, want: number) {
  // Each candidate's fields padded once and each term's weight computed once (MATERIALIZED, so SQLite does not
  // substitute the expressions into every use). In sqlite3 on the bench database this was within noise of the plain
  // form (evidenceSql's two expressions); it bounds the work to one evaluation per candidate and term.
  const weights = evidenceWeights(terms, { title: "pt", answers: "pa", body: "pb" });
  const wCols = weights.map((w, i) => `${w} AS w${i}`).join(", ");
  const score = weights.map((_, i) => `w${i}`).join(" + ");
  const held = weights.map((_, i) => `(w${i} > 0)`).join(" + ");
  const head = `(WITH c AS (SELECT id, MIN(place) AS place FROM (${poolSql("qa_search_title", expr, size)} UNION ALL ${poolSql("qa_search_answers", looser, size)}) GROUP BY id),
    f AS MATERIALIZED (SELECT c.id AS id, c.place AS place, ${padded("s.title")} AS pt, ${padded("s.answers")} AS pa, ${padded("s.body")} AS pb FROM c JOIN qa_search s ON s.rowid = c.id),
    w AS MATERIALIZED (SELECT id, place, ${wCols} FROM f)
    SELECT id, place, ${score} AS ev, COUNT(*) OVER () AS head_count FROM w WHERE ${held} >= ${sqlInt(need)}) e`;
  const q = `"qa_questions"`;
  const text = shapedSelectSql(db, {
    source: head,
    joinId: "e.id",
    extra: "e.head_count AS head_count",
    tail: `ORDER BY e.ev DESC, (${q}."answer_count" > 0) DESC, e.place, ${q}."praise_count" DESC, ${q}."answer_count" DESC, ${q}."id" DESC LIMIT ${sqlInt(want)}`,
  });
  return db.all<RawRow>(sql.raw(text));
}

/** The newest matches' ids (the tail after the ranked head), ids only: a deep page reads no more than it shows. */
function newestIds(db: Db, expr: string, limit: number) {
  return db.select({ id: qaSearch.rowid }).from(qaSearch).where(matches(expr)).orderBy(desc(qaSearch.rowid)).limit(limit);
}

/**
 * The newest `limit` matches as shaped rows (in no particular order: rowid is the question id, sorted in JS), each
 * with the count of the matches up to `countCap` (match_total): one walk down the matches newest first, kept as a CTE
 * (SQLite materialises a CTE read twice), serves both, so a first page walks the FTS posting lists once for its
 * count and its newest rows instead of twice (the separate capped COUNT was the costliest statement of the slow
 * multi-word queries; docs/decisions/024 "Search speed"). No row comes back when nothing matches: the count is 0.
 */
function newestRowsCounted(db: Db, expr: string, limit: number, countCap: number) {
  const walk = `WITH m AS (SELECT rowid AS m_id FROM qa_search WHERE qa_search MATCH ${sqlLiteral(expr)} ORDER BY rowid DESC LIMIT ${sqlInt(Math.max(countCap, limit))}) `;
  const text = shapedSelectSql(db, {
    source: `(SELECT m_id FROM m ORDER BY m_id DESC LIMIT ${sqlInt(limit)}) n`,
    joinId: "n.m_id",
    extra: "(SELECT COUNT(*) FROM m) AS match_total",
  });
  return db.all<RawRow>(sql.raw(walk + text));
}

/**
 * One page and the count (up to `countCap`) for the terms with at least `k` of them held, ranked as described above.
 * Round trip 1: both pools, the count and (for a page within NEWEST_IN_FIRST_TRIP) the newest `want` matches, all
 * shaped for the list. The rows after the head are the newest matches not in it: at most head.length of the newest
 * `want` are in the head, so those `want` hold every row a page short of its head needs. A deeper page reads the
 * newest matches' ids and their rows in more round trips.
 */
async function rankedPage(db: Db, terms: QueryTerm[], k: number, pageNo: number, pageSize: number, countCap: number, newestInFirstTrip = NEWEST_IN_FIRST_TRIP) {
  const plan = pagePlan(db, terms, k, pageNo, pageSize, countCap, newestInFirstTrip);
  if (!plan) return { rows: [], total: 0 };
  return plan.finish(await db.batch(plan.statements as [DbStatement, ...DbStatement[]]));
}

type Page = { rows: SearchRow[]; total: number };

/**
 * rankedPage's first round trip as statements to batch (alone, or beside a miss's probes), and what turns their
 * results into the page (more round trips only for a deep page). Null when the terms match nothing.
 */
function pagePlan(db: Db, terms: QueryTerm[], k: number, pageNo: number, pageSize: number, countCap: number, newestInFirstTrip: number) {
  const expr = matchExpression(terms, k);
  if (!expr) return null;
  // The answers pool asks for one word fewer (at least one): the title or description may hold the rest.
  const looser = matchExpression(terms, Math.max(1, Math.min(k, terms.length) - 1))!;
  const offset = (pageNo - 1) * pageSize;
  const want = offset + pageSize;
  const size = Math.max(POOL_SIZE, want);
  const head = rankedHead(db, terms, expr, looser, Math.min(k, terms.length), size, want);
  // A page within NEWEST_IN_FIRST_TRIP reads its newest matches with the count (one walk); a deeper one, the count.
  const tail = want <= newestInFirstTrip ? newestRowsCounted(db, expr, want, countCap) : cappedCount(db, matches(expr), countCap);
  const statements: DbStatement[] = [head, tail];
  const finish = async (results: unknown[]): Promise<Page> => {
    const [ranked, third] = results as [RawRow[], RawRow[]];
    const newest = want <= newestInFirstTrip ? third : null;
    const total = Math.min(countCap, Number((newest ? newest[0]?.match_total : third[0]?.n) ?? 0));
    return finishPage(db, { expr, offset, want, ranked, total, newest });
  };
  return { statements, finish };
}

async function finishPage(
  db: Db,
  { expr, offset, want, ranked, total, newest }: { expr: string; offset: number; want: number; ranked: RawRow[]; total: number; newest: RawRow[] | null },
): Promise<Page> {
  const headCount = Number(ranked[0]?.head_count ?? 0);
  const shaped = (rows: RawRow[]) => rows.map((r) => splitShape(shapedColumns(r) as Parameters<typeof splitShape>[0]) as unknown as SearchRow);
  const head = shaped(ranked);
  // The head's first `want` rows came back: enough when the head fills the page or holds every match.
  if (want <= headCount || total <= headCount) return { rows: head.slice(offset, want).filter(visible), total };
  // Past the head (all of it came back, being shorter than `want`): the other matches, newest first.
  const inHead = new Set(head.map((r) => r.id));
  const fromHead = new Map(head.map((r) => [r.id, r]));
  if (newest) {
    const tail = shaped(newest)
      .sort((a, b) => b.id - a.id)
      .filter((r) => !inHead.has(r.id));
    return { rows: [...head, ...tail].slice(offset, want).filter(visible), total };
  }
  const tail = (await newestIds(db, expr, want + head.length)).map((r) => r.id).filter((id) => !inHead.has(id));
  const ordered = [...head.map((r) => r.id), ...tail].slice(offset, want);
  const missing = ordered.filter((id) => !fromHead.has(id));
  const read = missing.length ? await db.select().from(qaQuestions).where(inJsonList(qaQuestions.id, missing)) : [];
  const byId = new Map<number, SearchRow>([...fromHead, ...read.map((r) => [r.id, { ...r, shape: null }] as const)]);
  return { rows: ordered.map((id) => byId.get(id)).filter((r): r is SearchRow => !!r && visible(r)), total };
}

/** True for a word of the domain dictionary or the synonym list (not one ICU or the user made up). */
const inVocabulary = (dict: Dictionary, word: string) => (dict.byFirst.get(Array.from(word)[0]) ?? []).includes(word);

/** Probes for the terms that at least one question holds (one cheap `LIMIT 1` FTS lookup each; only on a miss). */
function termProbes(db: Db, terms: QueryTerm[]) {
  return terms.flatMap((t) => {
    const e = termExpression(t);
    return e ? [{ t, probe: db.select({ one: sql<number>`1` }).from(qaSearch).where(matches(e)).limit(1) }] : [];
  });
}

/**
 * One page of ranked questions for a user query plus the match count. A question must hold minShouldMatch(n) of
 * the query's n words (each word or a synonym). When none does, in turn: the words some question holds (a
 * vocabulary word none holds is dropped), the words other than goal words (节能 …), half of the words (at least two).
 */
export async function searchQuestions({
  db,
  query,
  pageNo,
  pageSize,
  countCap = COUNT_CAP,
  newestInFirstTrip = NEWEST_IN_FIRST_TRIP,
}: {
  db: Db;
  query: string;
  pageNo: number;
  pageSize: number;
  countCap?: number;
  /** Deepest page end whose newest matches are read in the first round trip (tests compare with 0: the other path). */
  newestInFirstTrip?: number;
}): Promise<SearchHits> {
  const vocab = await searchVocabulary({ db });
  const terms = queryTerms(query, vocab.groups, vocab.dict);
  if (!matchExpression(terms)) return { rows: [], total: 0, capped: false, mode: "all", terms };
  const first = await rankedPage(db, terms, minShouldMatch(terms.length), pageNo, pageSize, countCap, newestInFirstTrip);
  if (first.total > 0 || terms.length < 2) return { ...first, capped: first.total >= countCap, mode: "all", terms };
  // Relaxed: half of the words, never a single one of two (电费 alone is not an answer to 降低电费). Its statements
  // go in one round trip with the probes below; it is used only when dropping unmet words, then goal words, finds
  // nothing.
  const need = minShouldMatch(terms.length);
  const relaxed = Math.max(2, Math.ceil(terms.length / 2));
  const relaxedPlan = relaxed < need ? pagePlan(db, terms, relaxed, pageNo, pageSize, countCap, newestInFirstTrip) : null;
  const probes = termProbes(db, terms);
  const statements: DbStatement[] = [...probes.map((p) => p.probe), ...(relaxedPlan?.statements ?? [])];
  const results: unknown[] = statements.length ? await db.batch(statements as [DbStatement, ...DbStatement[]]) : [];
  // A vocabulary word no question holds (排班 where the questions say 班次) cannot be met: ask for the others only.
  // A word outside the vocabulary (溴化锂) is the query's subject: it stays required.
  const known = probes.filter((_, i) => (results[i] as unknown[]).length > 0).map((p) => p.t);
  const unmet = terms.filter((t) => !known.includes(t));
  const droppable = unmet.every((t) => inVocabulary(vocab.dict, t.text));
  if (known.length && unmet.length && droppable) {
    const kept = await rankedPage(db, known, minShouldMatch(known.length), pageNo, pageSize, countCap, newestInFirstTrip);
    if (kept.total > 0) return { ...kept, capped: kept.total >= countCap, mode: "some", terms };
  }
  // A goal word (节能, 省电 …) that no question holds together with the rest: the rest are the subject
  // (导热油炉怎么节能 → the questions on 导热油炉). Tried before the half-of-the-words pass, which may drop the subject.
  const subject = known.filter((t) => !isGoalTerm(t));
  if (droppable && subject.length && subject.length < known.length) {
    const kept = await rankedPage(db, subject, minShouldMatch(subject.length), pageNo, pageSize, countCap, newestInFirstTrip);
    if (kept.total > 0) return { ...kept, capped: kept.total >= countCap, mode: "some", terms };
  }
  if (!relaxedPlan) return { ...first, capped: false, mode: "all", terms };
  const second = await relaxedPlan.finish(results.slice(probes.length));
  return { ...second, capped: second.total >= countCap, mode: "some", terms };
}

/**
 * The questions holding any one of a search's words, best first (related questions on a miss): the same ranking.
 * Takes the terms of the search that missed, so the query is not cut and matched again.
 */
export async function anyWordQuestions({ db, terms, limit }: { db: Db; terms: QueryTerm[]; limit: number }): Promise<SearchRow[]> {
  if (terms.length < 2) return [];
  return (await rankedPage(db, terms, 1, 1, limit, limit)).rows;
}

/**
 * Visible questions closest to a text (the robot's community answers): the search's ranking, and when it finds
 * nothing, the questions holding any one of the text's words, best first.
 */
export async function closestQuestions({ db, text, limit }: { db: Db; text: string; limit: number }): Promise<SearchRow[]> {
  const hits = await searchQuestions({ db, query: text, pageNo: 1, pageSize: limit, countCap: limit });
  return hits.rows.length ? hits.rows : anyWordQuestions({ db, terms: hits.terms, limit });
}

/**
 * The FTS query behind similar questions (titles holding any of the text's words, best first), to run inside a
 * batch; null without words. Over the title index: cheap, and a similar question is one with a similar title.
 */
export function similarByTextQuery({ db, text, limit, vocab }: { db: Db; text: string; limit: number; vocab: SearchVocabulary }) {
  const match = matchExpression(queryTerms(text, vocab.groups, vocab.dict), 1);
  if (!match) return null;
  return db.select({ id: qaSearchTitle.rowid }).from(qaSearchTitle).where(titleMatches(match)).orderBy(titleBm25).limit(limit);
}
