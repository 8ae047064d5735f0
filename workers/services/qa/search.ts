// Full-text search over questions: FTS5 table qa_search (migration 0003) holding write-time CJK bigram tokens.
// Only visible questions (status 0/1) are indexed; rowid = question id. See docs/qa.md "Search".
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { qaAnswers, qaQuestions } from "../../../db/schema";
import { dbBatch, type Db } from "../../lib/db";
import { QUESTION_STATUS, ANSWER_STATUS } from "../../contract/qa";
import { anyMatchExpression, anyTokenExpression, closeEnough, indexText, matchExpression, queryTokens } from "./search-tokens";

/** bm25 column weights: a match in the title counts five times a match in the body. */
export const TITLE_WEIGHT = 5.0;
export const BODY_WEIGHT = 1.0;
/** Body text indexed per question: description plus normal answers, cut to keep the index compact. */
export const BODY_INDEX_CHARS = 6000;

/**
 * The FTS5 virtual table as drizzle sees it, so its writes and reads are builders (db.batch binds their
 * parameters; it cannot for a bare db.run(sql…)). Kept out of db/schema: drizzle-kit cannot create a virtual
 * table (migration 0003 does). rowid is FTS5's implicit row id = the question id.
 */
const qaSearch = sqliteTable("qa_search", { rowid: integer("rowid").notNull(), title: text("title").notNull(), body: text("body").notNull() });

/** `qa_search MATCH expr` and its bm25 rank (title weighted). */
const matches = (expr: string) => sql`${qaSearch} MATCH ${expr}`;
const bm25 = sql<number>`bm25(${qaSearch}, ${TITLE_WEIGHT}, ${BODY_WEIGHT})`;

/** The body document of a question: its description and its normal answers' text. */
export function searchBody(description: string, answerTexts: string[]): string {
  let body = description;
  for (const t of answerTexts) {
    if (body.length >= BODY_INDEX_CHARS) break;
    body += "\n" + t;
  }
  return body.slice(0, BODY_INDEX_CHARS);
}

/** Statements replacing a question's index row (for a batch). questionIdSql may be a subquery. */
export function indexRowStatements(db: Db, questionId: number | SQL, title: string, body: string) {
  return [
    removeIndexRowStatement(db, questionId),
    db.insert(qaSearch).values({ rowid: questionId, title: indexText(title), body: indexText(body) }),
  ];
}

export function removeIndexRowStatement(db: Db, questionId: number | SQL) {
  return db.delete(qaSearch).where(sql`${qaSearch.rowid} = ${questionId}`);
}

/** Read a question and its answers and build the statements that refresh its index row (or drop it). */
export async function reindexStatements(db: Db, questionId: number, override?: { title: string; description: string; status?: number }) {
  const q = override ?? (await db.select({ title: qaQuestions.title, description: qaQuestions.description, status: qaQuestions.status }).from(qaQuestions).where(eq(qaQuestions.id, questionId)).get());
  if (!q) return [removeIndexRowStatement(db, questionId)];
  const status = "status" in q && q.status !== undefined ? q.status : QUESTION_STATUS.WAITING;
  if (status !== QUESTION_STATUS.WAITING && status !== QUESTION_STATUS.SOLVED) return [removeIndexRowStatement(db, questionId)];
  const texts = await db
    .select({ text: qaAnswers.contentText })
    .from(qaAnswers)
    .where(and(eq(qaAnswers.questionId, questionId), eq(qaAnswers.status, ANSWER_STATUS.NORMAL)))
    .orderBy(asc(qaAnswers.id))
    .limit(20);
  return indexRowStatements(db, questionId, q.title, searchBody(q.description, texts.map((t) => t.text)));
}

export async function reindexQuestion(db: Db, questionId: number) {
  await dbBatch(db, await reindexStatements(db, questionId));
}

/**
 * Ranking window: bm25 is computed for the newest RANK_WINDOW matches only (FTS5 walks its doclist
 * newest-first cheaply), so a query matching a quarter of 100k questions still ranks in a few ms.
 * Queries with fewer matches are ranked exactly. See docs/qa.md "Search".
 */
export const RANK_WINDOW = 2000;
/** Match counts are exact up to this many; above it the total says "at least". */
export const COUNT_CAP = 10_000;

export interface SearchHits {
  rows: (typeof qaQuestions.$inferSelect)[];
  total: number;
  /** True when total stopped at COUNT_CAP. */
  capped: boolean;
  /** "all": every query token matched; "some": the fallback pass (at least MIN_OVERLAP of them). */
  mode: "all" | "some";
}

/** The fallback pass ranks this many best OR matches (within the ranking window) and filters them by overlap. */
export const FALLBACK_CANDIDATES = 100;

const visible = (r: QuestionRow) => r.status === QUESTION_STATUS.WAITING || r.status === QUESTION_STATUS.SOLVED;

/**
 * One page of ranked questions for a user query plus the match count. First every token must match (bm25, title
 * weighted; one round trip); when nothing does, questions holding at least half of the tokens (or covering half of
 * the query's characters), best first.
 */
export async function searchQuestions(db: Db, query: string, pageNo: number, pageSize: number): Promise<SearchHits> {
  const match = matchExpression(query);
  if (!match) return { rows: [], total: 0, capped: false, mode: "all" };
  // The newest RANK_WINDOW matches, ranked; one page of them joined to their questions; and the capped count.
  const window = db
    .select({ id: sql<number>`${qaSearch.rowid}`.as("hit_id"), score: bm25.as("hit_score") })
    .from(qaSearch)
    .where(matches(match))
    .orderBy(desc(qaSearch.rowid))
    .limit(RANK_WINDOW)
    .as("w");
  const ranked = db
    .select({ id: window.id, score: window.score })
    .from(window)
    .orderBy(asc(window.score), desc(window.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .as("r");
  const [rows, count] = await db.batch([
    db.select(getTableColumns(qaQuestions)).from(ranked).innerJoin(qaQuestions, eq(qaQuestions.id, ranked.id)).orderBy(asc(ranked.score), desc(ranked.id)),
    db.select({ n: sql<number>`COUNT(*)` }).from(db.select({ one: sql`1`.as("one") }).from(qaSearch).where(matches(match)).limit(COUNT_CAP).as("m")),
  ]);
  const total = count[0]?.n ?? 0;
  if (total > 0) return { rows: rows.filter(visible), total, capped: total >= COUNT_CAP, mode: "all" };
  const ids = await closeMatchIds(db, query, FALLBACK_CANDIDATES, true);
  const pageIds = ids.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  const page = pageIds.length ? await db.select().from(qaQuestions).where(inArray(qaQuestions.id, pageIds)) : [];
  const byId = new Map(page.map((r) => [r.id, r]));
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []).filter(visible), total: ids.length, capped: false, mode: "some" };
}

/** Visible questions closest to a text: the search's results, or else those sharing the most words (robot, related). */
export async function closestQuestions(db: Db, text: string, limit: number): Promise<QuestionRow[]> {
  const hits = await searchQuestions(db, text, 1, limit);
  if (hits.rows.length) return hits.rows;
  const ids = await closeMatchIds(db, text, limit, false);
  if (!ids.length) return [];
  const rows = await db.select().from(qaQuestions).where(inArray(qaQuestions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []).filter(visible);
}

/**
 * Ids of questions sharing tokens with a query, best bm25 first: the newest RANK_WINDOW OR matches are ranked, the
 * best `limit` kept and, when `strict`, filtered by `closeEnough` (MIN_OVERLAP of the tokens or of the characters).
 */
export async function closeMatchIds(db: Db, query: string, limit: number, strict: boolean): Promise<number[]> {
  const tokens = queryTokens(query);
  const any = anyMatchExpression(query);
  if (!any) return [];
  const rows = await db.all<{ id: number; title: string; body: string }>(
    sql`SELECT s.rowid AS id, s.title AS title, s.body AS body FROM (
          SELECT id, score FROM (
            SELECT rowid AS id, bm25(qa_search, ${TITLE_WEIGHT}, ${BODY_WEIGHT}) AS score FROM qa_search
            WHERE qa_search MATCH ${any} ORDER BY rowid DESC LIMIT ${RANK_WINDOW})
          ORDER BY score, id DESC LIMIT ${limit}) r
        JOIN qa_search s ON s.rowid = r.id
        ORDER BY r.score, r.id DESC`,
  );
  if (!strict) return rows.map((r) => r.id);
  return rows.filter((r) => closeEnough(tokens, `${r.title} ${r.body}`.split(" "))).map((r) => r.id);
}

type QuestionRow = typeof qaQuestions.$inferSelect;

/** Questions sharing words with a text, best first (similar questions). */
/** The FTS query behind similar questions (any of the text's words, best first), to run inside a batch; null without words. */
export function similarByTextQuery(db: Db, text: string, limit: number) {
  const match = anyTokenExpression(text);
  if (!match) return null;
  return db.select({ id: qaSearch.rowid }).from(qaSearch).where(matches(match)).orderBy(bm25).limit(limit);
}

/**
 * Rebuild the whole index from the base tables (after a restore, an import, or a tokeniser change).
 * Works in chunks of questions so each batch stays small; returns the number of questions indexed.
 */
export async function rebuildSearchIndex(db: Db, chunk = 200): Promise<number> {
  await db.delete(qaSearch);
  let lastId = 0;
  let indexed = 0;
  for (;;) {
    const qs = await db
      .select({ id: qaQuestions.id, title: qaQuestions.title, description: qaQuestions.description })
      .from(qaQuestions)
      .where(and(sql`${qaQuestions.id} > ${lastId}`, inArray(qaQuestions.status, [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED])))
      .orderBy(asc(qaQuestions.id))
      .limit(chunk);
    if (!qs.length) break;
    const ans = await db
      .select({ questionId: qaAnswers.questionId, text: qaAnswers.contentText })
      .from(qaAnswers)
      .where(and(inArray(qaAnswers.questionId, qs.map((q) => q.id)), eq(qaAnswers.status, ANSWER_STATUS.NORMAL)))
      .orderBy(asc(qaAnswers.id));
    const byQuestion = new Map<number, string[]>();
    for (const a of ans) byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a.text]);
    await dbBatch(
      db,
      qs.map((q) => db.insert(qaSearch).values({ rowid: q.id, title: indexText(q.title), body: indexText(searchBody(q.description, byQuestion.get(q.id) ?? [])) })),
    );
    indexed += qs.length;
    lastId = qs[qs.length - 1].id;
  }
  return indexed;
}
