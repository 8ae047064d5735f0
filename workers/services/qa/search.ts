// Read side of the Q&A search (docs/qa.md "Search", decisions 022, 023 and 024). Queries are cut into words with
// synonyms (query.ts); a question must hold a minimum share of the words (minimum-should-match). Ranking over every
// match, in bounded work at 100,000 questions:
//   1. two candidate pools, each ranked by bm25 over EVERY match of its own small index (not a window of the newest
//      rows): the questions whose title holds the words (qa_search_title) and the questions whose best answers hold
//      them (qa_search_answers; a looser share of the words there, since the title may hold the rest);
//   2. the pools' questions re-ranked by their evidence: each word counts by the best place it is held, title >
//      best answers > description (a word an asker merely mentions counts least), so a question holding more of the
//      query, or holding it where it matters, comes first; a candidate below the minimum share is dropped;
//   3. the other matches, newest first (listed and counted, never scored).
// Ties: an answered question before an unanswered one, then its place in its pool (bm25), then answer quality,
// then the newer question. One round trip for a page, its count and what the list shows of its questions
// (search-shape.ts); only a deep page past the ranked head reads the newest matches in a second one.
import { desc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { qaQuestions } from "../../../db/schema";
import { inJsonList, type Db, type DbStatement } from "../../lib/db";
import { QUESTION_STATUS } from "../../contract/qa";
import { matchExpression, paddedHolds, minShouldMatch, queryTerms, termExpression, type Dictionary, type QueryTerm } from "./query";
import { searchVocabulary, type SearchVocabulary } from "./synonyms";
import { qaSearch, qaSearchAnswers, qaSearchTitle } from "./search-index";
import { SHAPE_COLUMNS, splitShape, withShape, type ShapedRow } from "./search-shape";

/**
 * Match counts are exact up to this many; above it the page says 1,000+. Counting is a walk over the matches, and
 * for a query of several common words (an OR of ANDs over long posting lists) a walk to 10,000 was the largest part
 * of the search at 100,000 questions; nobody pages past 100 pages (docs/decisions/024).
 */
export const COUNT_CAP = 1_000;
/** Candidates each pool keeps (its best by bm25 over every match); the page's first rows come from their union. */
export const POOL_SIZE = 40;
/**
 * A page whose last row is at most this deep reads the newest matches (the rows after the ranked head) in its first
 * round trip, shaped, whether the head fills it or not: cheap (a walk down the match list that stops at the page).
 */
export const NEWEST_IN_FIRST_TRIP = 50;
/** Evidence weights: where a question holds a word of the query. */
export const FIELD_WEIGHT = { title: 3, answers: 2, body: 1 } as const;

const titleBm25 = sql<number>`bm25(${qaSearchTitle})`;
const answersBm25 = sql<number>`bm25(${qaSearchAnswers})`;
const matches = (expr: string) => sql`${qaSearch} MATCH ${expr}`;
const titleMatches = (expr: string) => sql`${qaSearchTitle} MATCH ${expr}`;
const answersMatches = (expr: string) => sql`${qaSearchAnswers} MATCH ${expr}`;

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

/**
 * A pool: the best `limit` matches of one index by its bm25 (FTS5 ranks every match), each joined to its question
 * and its indexed text (title, description, answers tokens) for the evidence score, and shaped for the list.
 * Aliased columns: the joined tables share column names (title), which drizzle must not confuse.
 */
function pool(db: Db, table: typeof qaSearchTitle | typeof qaSearchAnswers, where: SQL, score: SQL<number>, limit: number) {
  const hits = db
    .select({ id: sql<number>`${table.rowid}`.as("hit_id"), score: score.as("hit_score") })
    .from(table)
    .where(where)
    .orderBy(sql`hit_score`, desc(table.rowid))
    .limit(limit)
    .as("h");
  return withShape(
    db
      .select({
        ...getTableColumns(qaQuestions),
        hitScore: hits.score,
        tokTitle: sql<string>`${qaSearch.title}`.as("tok_title"),
        tokBody: sql<string>`${qaSearch.body}`.as("tok_body"),
        tokAnswers: sql<string>`${qaSearch.answers}`.as("tok_answers"),
        ...SHAPE_COLUMNS,
      })
      .from(hits)
      .innerJoin(qaQuestions, eq(qaQuestions.id, hits.id))
      .innerJoin(qaSearch, sql`${qaSearch.rowid} = ${hits.id}`),
  );
}

type Candidate = SearchRow & { tokTitle: string; tokBody: string; tokAnswers: string };
type Ranked = { row: SearchRow; evidence: number; held: number; place: number };

/** How strongly a question holds the terms: Σ over the terms of the weight of the best field holding each. */
export function evidence(c: { tokTitle: string; tokBody: string; tokAnswers: string }, terms: QueryTerm[]): { score: number; held: number } {
  let score = 0;
  let held = 0;
  // Each field padded once (fieldHolds pads per call: a copy of the field per term).
  const [title, answers, body] = [c.tokTitle, c.tokAnswers, c.tokBody].map((f) => (f ? ` ${f} ` : ""));
  for (const t of terms) {
    const w = paddedHolds(title, t) ? FIELD_WEIGHT.title : paddedHolds(answers, t) ? FIELD_WEIGHT.answers : paddedHolds(body, t) ? FIELD_WEIGHT.body : 0;
    score += w;
    if (w) held++;
  }
  return { score, held };
}

const answered = (r: QuestionRow) => (r.answerCount > 0 ? 1 : 0);
const byEvidence = (a: Ranked, b: Ranked) =>
  b.evidence - a.evidence || answered(b.row) - answered(a.row) || a.place - b.place || b.row.praiseCount - a.row.praiseCount || b.row.answerCount - a.row.answerCount || b.row.id - a.row.id;

/** The pools' candidates holding at least `need` of the terms, best first (each question once, at its best place). */
function rankCandidates(pools: Candidate[][], terms: QueryTerm[], need: number): SearchRow[] {
  const best = new Map<number, Ranked>();
  for (const list of pools) {
    list.forEach((c, place) => {
      const seen = best.get(c.id);
      if (seen) return void (seen.place = Math.min(seen.place, place));
      const { score, held } = evidence(c, terms);
      if (held < need) return;
      const { tokTitle: _t, tokBody: _b, tokAnswers: _a, hitScore: _s, ...row } = c as Candidate & { hitScore: number };
      best.set(c.id, { row, evidence: score, held, place });
    });
  }
  return [...best.values()].sort(byEvidence).map((r) => r.row);
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
  const walk = db
    .$with("m")
    .as(db.select({ id: sql<number>`${qaSearch.rowid}`.as("m_id") }).from(qaSearch).where(matches(expr)).orderBy(desc(qaSearch.rowid)).limit(Math.max(countCap, limit)));
  const page = sql`(SELECT m_id FROM m ORDER BY m_id DESC LIMIT ${limit}) n`;
  return withShape(
    db
      .with(walk)
      .select({ ...getTableColumns(qaQuestions), ...SHAPE_COLUMNS, matchTotal: sql<number>`(SELECT COUNT(*) FROM m)`.as("match_total") })
      .from(page)
      .innerJoin(qaQuestions, sql`${qaQuestions.id} = n.m_id`),
  );
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
  const titlePool = pool(db, qaSearchTitle, titleMatches(expr), titleBm25, size);
  const answersPool = pool(db, qaSearchAnswers, answersMatches(looser), answersBm25, size);
  // A page within NEWEST_IN_FIRST_TRIP reads its newest matches with the count (one walk); a deeper one, the count.
  const tail = want <= newestInFirstTrip ? newestRowsCounted(db, expr, want, countCap) : cappedCount(db, matches(expr), countCap);
  const statements: DbStatement[] = [titlePool, answersPool, tail];
  type Pool = Awaited<typeof titlePool>;
  const finish = async (results: unknown[]): Promise<Page> => {
    const [byTitle, byAnswers, third] = results as [Pool, Pool, { n?: number; matchTotal?: number }[]];
    const newest = want <= newestInFirstTrip ? third : null;
    const total = Math.min(countCap, (newest ? newest[0]?.matchTotal : third[0]?.n) ?? 0);
    return finishPage(db, { expr, terms, k, offset, want, byTitle, byAnswers, total, newest });
  };
  return { statements, finish };
}

async function finishPage(
  db: Db,
  { expr, terms, k, offset, want, byTitle, byAnswers, total, newest }: { expr: string; terms: QueryTerm[]; k: number; offset: number; want: number; byTitle: unknown[]; byAnswers: unknown[]; total: number; newest: unknown[] | null },
): Promise<Page> {
  const shaped = (list: unknown[]) => list.map((r) => splitShape(r as Parameters<typeof splitShape>[0])) as unknown as Candidate[];
  const head = rankCandidates([shaped(byTitle), shaped(byAnswers)], terms, Math.min(k, terms.length));
  if (want <= head.length || total <= head.length) return { rows: head.slice(offset, want).filter(visible), total };
  // Past the head: the other matches, newest first.
  const inHead = new Set(head.map((r) => r.id));
  const fromHead = new Map(head.map((r) => [r.id, r]));
  if (newest) {
    const tail = ((newest as { matchTotal?: number }[]).map(({ matchTotal: _, ...r }) => splitShape(r as Parameters<typeof splitShape>[0])) as unknown as SearchRow[])
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
 * the query's n words (each word or a synonym); when none does, the relaxed pass asks for half of them (at least two).
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
  // go in one round trip with the probes below; it is used only when dropping unmet words finds nothing.
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
  if (known.length && unmet.length && unmet.every((t) => inVocabulary(vocab.dict, t.text))) {
    const kept = await rankedPage(db, known, minShouldMatch(known.length), pageNo, pageSize, countCap, newestInFirstTrip);
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
