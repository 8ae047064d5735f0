// Write side of the Q&A search index (docs/qa.md "Search", decisions 022, 023 and 024): the FTS5 tables qa_search
// (title, description, best answers: write-time CJK bigram tokens from search-tokens.ts), qa_search_title (the title's
// tokens alone) and qa_search_answers (the best answers' tokens alone, only for questions with answer text), their rows
// per question, and the chunked rebuild. Only visible questions (status 0/1) are indexed; rowid = question id. Every
// write replaces a question's rows in all three tables together, then the stored title pools it touches (search-pools.ts).
import { and, asc, desc, eq, gt, lte, sql, type SQL } from "drizzle-orm";
import { qaAnswers, qaQuestions } from "../../../db/schema";
import { dbBatch, inJsonList, type Db, type DbStatement } from "../../lib/db";
import { QUESTION_STATUS, ANSWER_STATUS } from "../../contract/qa";
import { indexText } from "./search-tokens";
import { refreshTitlePools, titlePoolStatements } from "./search-pools";
import { qaSearch, qaSearchAnswers, qaSearchTitle } from "./search-tables";

/** bm25 column weights of qa_search: title ≫ description > answers. */
export const TITLE_WEIGHT = 10.0;
export const BODY_WEIGHT = 3.0;
export const ANSWERS_WEIGHT = 1.0;
/** Text indexed per question: the description, and the best answers (most liked first), cut to keep the index compact. */
export const BODY_INDEX_CHARS = 3000;
export const ANSWERS_INDEX_CHARS = 4000;
/** Answers read per question for the index (most liked first). */
const ANSWERS_PER_QUESTION = 5;

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

/**
 * Statements replacing a question's index row (for a batch), then the stored title pools it is in or enters
 * (search-pools.ts). questionId may be a subquery.
 */
export function indexRowStatements({ db, questionId, title, description, answerTexts = [] }: { db: Db; questionId: number | SQL; title: string; description: string; answerTexts?: string[] }): DbStatement[] {
  const row = indexRow(title, description, answerTexts);
  return [
    ...dropRowStatements(db, questionId),
    db.insert(qaSearch).values({ rowid: questionId, ...row }),
    db.insert(qaSearchTitle).values({ rowid: questionId, title: row.title }),
    ...(row.answers ? [db.insert(qaSearchAnswers).values({ rowid: questionId, answers: row.answers })] : []),
    ...titlePoolStatements({ db, questionId }),
  ];
}

/** Statements dropping a question's index rows (all three tables), then the stored title pools it was in. */
export function removeIndexRowStatements({ db, questionId }: { db: Db; questionId: number | SQL }): DbStatement[] {
  return [...dropRowStatements(db, questionId), ...titlePoolStatements({ db, questionId })];
}

function dropRowStatements(db: Db, questionId: number | SQL): DbStatement[] {
  return [
    db.delete(qaSearch).where(sql`${qaSearch.rowid} = ${questionId}`),
    db.delete(qaSearchTitle).where(sql`${qaSearchTitle.rowid} = ${questionId}`),
    db.delete(qaSearchAnswers).where(sql`${qaSearchAnswers.rowid} = ${questionId}`),
  ];
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
export async function reindexStatements({ db, questionId, override }: { db: Db; questionId: number; override?: { title: string; description: string; status?: number } }) {
  const q = override ?? (await db.select({ title: qaQuestions.title, description: qaQuestions.description, status: qaQuestions.status }).from(qaQuestions).where(eq(qaQuestions.id, questionId)).get());
  if (!q) return removeIndexRowStatements({ db, questionId });
  const status = "status" in q && q.status !== undefined ? q.status : QUESTION_STATUS.WAITING;
  if (status !== QUESTION_STATUS.WAITING && status !== QUESTION_STATUS.SOLVED) return removeIndexRowStatements({ db, questionId });
  const texts = (await answerTextsQuery(db, [questionId])).slice(0, ANSWERS_PER_QUESTION);
  return indexRowStatements({ db, questionId, title: q.title, description: q.description, answerTexts: texts.map((t) => t.text) });
}

export async function reindexQuestion({ db, questionId }: { db: Db; questionId: number }) {
  await dbBatch(db, await reindexStatements({ db, questionId }));
}

/** Questions read per rebuild chunk; each chunk is a few D1 round trips and bounded work (a job can run one per call). */
export const REINDEX_CHUNK = 500;
/** Index rows per INSERT: 4 bound parameters each (2 in the title table), within D1's 100 per statement. */
const ROWS_PER_INSERT = 24;

/**
 * Rebuild the index rows of the questions with ids in (afterId, next]: remove the old rows of that range, insert the
 * visible questions' rows. Returns the cursor for the next call (null when done) and the rows written. Bounded
 * (`size` questions, a fixed number of round trips), so a job can call it repeatedly, resuming from the cursor.
 */
export async function rebuildSearchIndexChunk({ db, afterId, size = REINDEX_CHUNK }: { db: Db; afterId: number; size?: number }): Promise<{ next: number | null; indexed: number }> {
  const qs = await db
    .select({ id: qaQuestions.id, title: qaQuestions.title, description: qaQuestions.description, status: qaQuestions.status })
    .from(qaQuestions)
    .where(gt(qaQuestions.id, afterId))
    .orderBy(asc(qaQuestions.id))
    .limit(size);
  const last = qs.length ? qs[qs.length - 1].id : null;
  // The last chunk also clears rows of questions that no longer exist beyond it.
  const range = (t: typeof qaSearch | typeof qaSearchTitle | typeof qaSearchAnswers) => (last !== null && qs.length === size ? and(gt(t.rowid, afterId), lte(t.rowid, last))! : gt(t.rowid, afterId));
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
  const statements: DbStatement[] = [db.delete(qaSearch).where(range(qaSearch)), db.delete(qaSearchTitle).where(range(qaSearchTitle)), db.delete(qaSearchAnswers).where(range(qaSearchAnswers))];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const slice = rows.slice(i, i + ROWS_PER_INSERT);
    statements.push(db.insert(qaSearch).values(slice), db.insert(qaSearchTitle).values(slice.map((r) => ({ rowid: r.rowid, title: r.title }))));
    const answered = slice.filter((r) => r.answers).map((r) => ({ rowid: r.rowid, answers: r.answers }));
    if (answered.length) statements.push(db.insert(qaSearchAnswers).values(answered));
  }
  await dbBatch(db, statements);
  const next = qs.length === size ? last : null;
  // The chunks leave the stored title pools alone (every chunk touches every frequent word's pool); the last one
  // recomputes them over the rebuilt index.
  if (next === null) {
    await optimizeSearchIndex({ db });
    await refreshTitlePools({ db });
  }
  return { next, indexed: rows.length };
}

/**
 * Merge each search table's segments into one (FTS5 'optimize'), dropping the delete markers a rebuild leaves: every
 * chunk deletes and re-inserts rows, and a query walks every segment of a table. On the 100,000-question bench the
 * answers index (42 rows, but 45 pages after rebuilds) took 4 ms per search before and 0.5 ms after; the whole
 * search head about half its SQLite time for multi-word queries. Idempotent: a rebuild redone after a crash
 * optimizes again. ≈ 1 s of SQLite work at 100,000 questions, once per rebuild (decision 176).
 */
export async function optimizeSearchIndex({ db }: { db: Db }) {
  for (const table of ["qa_search_answers", "qa_search_title", "qa_search"]) {
    await db.run(sql.raw(`INSERT INTO ${table}(${table}) VALUES('optimize')`));
  }
}

/**
 * Rebuild the whole index from the base tables (after a restore, an import, or a tokeniser change) by running the
 * chunks one after another. Returns the number of questions indexed.
 */
export async function rebuildSearchIndex({ db, size = REINDEX_CHUNK }: { db: Db; size?: number }): Promise<number> {
  let cursor: number | null = 0;
  let indexed = 0;
  while (cursor !== null) {
    const step = await rebuildSearchIndexChunk({ db, afterId: cursor, size });
    indexed += step.indexed;
    cursor = step.next;
  }
  return indexed;
}
