// Full-text search over questions (docs/qa.md "Search", docs/decisions/022): FTS5 table qa_search (migration 0017)
// holding write-time CJK bigram tokens of the title, the description and the best answers. Queries are cut into
// words with synonyms (query.ts); a question must hold a minimum share of the words; bm25 with column weights ranks
// every question that does (no window of newest rows); recency and answer quality only break ties.
// Only visible questions (status 0/1) are indexed; rowid = question id.
import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { qaAnswers, qaQuestions } from "../../../db/schema";
import { dbBatch, inJsonList, type Db, type DbStatement } from "../../lib/db";
import { QUESTION_STATUS, ANSWER_STATUS } from "../../contract/qa";
import { indexText } from "./search-tokens";
import { matchExpression, minShouldMatch, queryTerms, type QueryTerm } from "./query";
import { searchVocabulary, type SearchVocabulary } from "./synonyms";

/** bm25 column weights: title ≫ description > answers. */
export const TITLE_WEIGHT = 10.0;
export const BODY_WEIGHT = 3.0;
export const ANSWERS_WEIGHT = 1.0;
/** Text indexed per question: the description, and the best answers (most liked first), cut to keep the index compact. */
export const BODY_INDEX_CHARS = 3000;
export const ANSWERS_INDEX_CHARS = 4000;
/** Answers read per question for the index (most liked first). */
const ANSWERS_PER_QUESTION = 5;

/**
 * The FTS5 virtual table as drizzle sees it, so its writes and reads are builders (db.batch binds their
 * parameters; it cannot for a bare db.run(sql…)). Kept out of db/schema: drizzle-kit cannot create a virtual
 * table (migration 0017 does). rowid is FTS5's implicit row id = the question id.
 */
const qaSearch = sqliteTable("qa_search", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  answers: text("answers").notNull(),
});

const matches = (expr: string) => sql`${qaSearch} MATCH ${expr}`;
const bm25 = sql<number>`bm25(${qaSearch}, ${TITLE_WEIGHT}, ${BODY_WEIGHT}, ${ANSWERS_WEIGHT})`;

/** The answers document of a question: its normal answers' text, best first, cut to ANSWERS_INDEX_CHARS. */
export function answersText(answerTexts: string[]): string {
  let out = "";
  for (const t of answerTexts) {
    if (out.length >= ANSWERS_INDEX_CHARS) break;
    out += (out ? "\n" : "") + t;
  }
  return out.slice(0, ANSWERS_INDEX_CHARS);
}

/** The index row of a question: tokens of its title, description and best answers. */
export function indexRow(title: string, description: string, answerTexts: string[]) {
  return { title: indexText(title), body: indexText(description.slice(0, BODY_INDEX_CHARS)), answers: indexText(answersText(answerTexts)) };
}

/** Statements replacing a question's index row (for a batch). questionId may be a subquery. */
export function indexRowStatements(db: Db, questionId: number | SQL, title: string, description: string, answerTexts: string[] = []) {
  return [removeIndexRowStatement(db, questionId), db.insert(qaSearch).values({ rowid: questionId, ...indexRow(title, description, answerTexts) })];
}

export function removeIndexRowStatement(db: Db, questionId: number | SQL) {
  return db.delete(qaSearch).where(sql`${qaSearch.rowid} = ${questionId}`);
}

/** The normal answers' text of a question, best first (the order the index keeps). */
function answerTextsQuery(db: Db, questionIds: number[]) {
  const which = questionIds.length === 1 ? eq(qaAnswers.questionId, questionIds[0]) : inJsonList(qaAnswers.questionId, questionIds);
  return db
    .select({ questionId: qaAnswers.questionId, text: qaAnswers.contentText })
    .from(qaAnswers)
    .where(and(which, eq(qaAnswers.status, ANSWER_STATUS.NORMAL)))
    .orderBy(asc(qaAnswers.questionId), desc(qaAnswers.praiseCount), asc(qaAnswers.id));
}

/** Read a question and its answers and build the statements that refresh its index row (or drop it). */
export async function reindexStatements(db: Db, questionId: number, override?: { title: string; description: string; status?: number }) {
  const q = override ?? (await db.select({ title: qaQuestions.title, description: qaQuestions.description, status: qaQuestions.status }).from(qaQuestions).where(eq(qaQuestions.id, questionId)).get());
  if (!q) return [removeIndexRowStatement(db, questionId)];
  const status = "status" in q && q.status !== undefined ? q.status : QUESTION_STATUS.WAITING;
  if (status !== QUESTION_STATUS.WAITING && status !== QUESTION_STATUS.SOLVED) return [removeIndexRowStatement(db, questionId)];
  const texts = (await answerTextsQuery(db, [questionId])).slice(0, ANSWERS_PER_QUESTION);
  return indexRowStatements(db, questionId, q.title, q.description, texts.map((t) => t.text));
}

export async function reindexQuestion(db: Db, questionId: number) {
  await dbBatch(db, await reindexStatements(db, questionId));
}

/** Match counts are exact up to this many; above it the page says 10,000+. */
export const COUNT_CAP = 10_000;

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
const visible = (r: QuestionRow) => r.status === QUESTION_STATUS.WAITING || r.status === QUESTION_STATUS.SOLVED;

/**
 * One ranked page and the capped count for a MATCH expression, in one round trip: bm25 over every match (FTS5 scores
 * each matching row once; the sorter keeps the best offset+size), ties to the newer question, the page joined to its rows.
 */
async function rankedPage(db: Db, expr: string, pageNo: number, pageSize: number) {
  const ranked = db
    .select({ id: sql<number>`${qaSearch.rowid}`.as("hit_id"), score: bm25.as("hit_score") })
    .from(qaSearch)
    .where(matches(expr))
    .orderBy(bm25, desc(qaSearch.rowid))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .as("r");
  const [rows, count] = await db.batch([
    db.select({ ...getTableColumns(qaQuestions), score: ranked.score }).from(ranked).innerJoin(qaQuestions, eq(qaQuestions.id, ranked.id)),
    db.select({ n: sql<number>`COUNT(*)` }).from(db.select({ one: sql`1`.as("one") }).from(qaSearch).where(matches(expr)).limit(COUNT_CAP).as("m")),
  ]);
  // Equal scores: the better answered question first, then the newer (answer quality and recency only break ties).
  rows.sort((a, b) => a.score - b.score || b.praiseCount - a.praiseCount || b.answerCount - a.answerCount || b.id - a.id);
  return { rows: rows.map(({ score: _s, ...q }) => q as QuestionRow).filter(visible), total: count[0]?.n ?? 0 };
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
  const first = await rankedPage(db, strict, pageNo, pageSize);
  if (first.total > 0 || terms.length < 2) return { ...first, capped: first.total >= COUNT_CAP, mode: "all", terms };
  // Relaxed: half of the words, never a single one of two (电费 alone is not an answer to 降低电费).
  const need = minShouldMatch(terms.length);
  const relaxed = Math.max(2, Math.ceil(terms.length / 2));
  if (relaxed >= need) return { ...first, capped: false, mode: "all", terms };
  const second = await rankedPage(db, matchExpression(terms, relaxed)!, pageNo, pageSize);
  return { ...second, capped: second.total >= COUNT_CAP, mode: "some", terms };
}

/**
 * Visible questions closest to a text (related questions on a miss, the robot's community answers): the search's
 * ranking, and when it finds nothing, the questions holding any one of the text's words, best first.
 */
export async function closestQuestions(db: Db, text: string, limit: number): Promise<QuestionRow[]> {
  const hits = await searchQuestions(db, text, 1, limit);
  if (hits.rows.length || hits.terms.length < 2) return hits.rows;
  const any = matchExpression(hits.terms, 1);
  return any ? (await rankedPage(db, any, 1, limit)).rows : [];
}

/** The FTS query behind similar questions (any of the text's words, best first), to run inside a batch; null without words. */
export function similarByTextQuery(db: Db, text: string, limit: number, vocab: SearchVocabulary) {
  const match = matchExpression(queryTerms(text, vocab.groups, vocab.dict), 1);
  if (!match) return null;
  return db.select({ id: qaSearch.rowid }).from(qaSearch).where(matches(match)).orderBy(bm25).limit(limit);
}

/** Questions read per rebuild chunk; each chunk is a few D1 round trips and bounded work (a job can run one per call). */
export const REINDEX_CHUNK = 500;
/** Index rows per INSERT: 4 bound parameters each, within D1's 100 per statement. */
const ROWS_PER_INSERT = 24;

/**
 * Rebuild the index rows of the questions with ids in (afterId, next]: remove the old rows of that range, insert the
 * visible questions' rows. Returns the cursor for the next call (null when done) and the rows written. Bounded
 * (`size` questions, a fixed number of round trips), so a job can call it repeatedly, resuming from the cursor.
 */
export async function rebuildSearchIndexChunk(db: Db, afterId: number, size = REINDEX_CHUNK): Promise<{ next: number | null; indexed: number }> {
  const qs = await db
    .select({ id: qaQuestions.id, title: qaQuestions.title, description: qaQuestions.description, status: qaQuestions.status })
    .from(qaQuestions)
    .where(gt(qaQuestions.id, afterId))
    .orderBy(asc(qaQuestions.id))
    .limit(size);
  const last = qs.length ? qs[qs.length - 1].id : null;
  // The last chunk also clears rows of questions that no longer exist beyond it.
  const range = last !== null && qs.length === size ? and(gt(qaSearch.rowid, afterId), lte(qaSearch.rowid, last)) : gt(qaSearch.rowid, afterId);
  const shown = qs.filter((q) => q.status === QUESTION_STATUS.WAITING || q.status === QUESTION_STATUS.SOLVED);
  const texts = new Map<number, string[]>();
  if (shown.length) {
    for (const a of await answerTextsQuery(db, shown.map((q) => q.id))) {
      const list = texts.get(a.questionId) ?? [];
      if (list.length < ANSWERS_PER_QUESTION) list.push(a.text);
      texts.set(a.questionId, list);
    }
  }
  const rows = shown.map((q) => ({ rowid: q.id, ...indexRow(q.title, q.description, texts.get(q.id) ?? []) }));
  const statements: DbStatement[] = [db.delete(qaSearch).where(range!)];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(db.insert(qaSearch).values(rows.slice(i, i + ROWS_PER_INSERT)));
  await dbBatch(db, statements);
  return { next: qs.length === size ? last : null, indexed: rows.length };
}

/**
 * Rebuild the whole index from the base tables (after a restore, an import, or a tokeniser change) by running the
 * chunks one after another. Returns the number of questions indexed.
 */
export async function rebuildSearchIndex(db: Db, size = REINDEX_CHUNK): Promise<number> {
  let cursor: number | null = 0;
  let indexed = 0;
  while (cursor !== null) {
    const step = await rebuildSearchIndexChunk(db, cursor, size);
    indexed += step.indexed;
    cursor = step.next;
  }
  return indexed;
}
