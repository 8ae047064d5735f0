// The title pools of frequent words, kept ready (decision 178). A search's title pool is the best POOL_SIZE matches of
// the title index by bm25 over EVERY match (search.ts). For a word that thousands of titles hold (电机, 空压机, 变频 at
// 100,000 questions) FTS5 ranks each of those matches, ≈ 1.5 µs apiece: most of the search's time. The pools of such
// words are the same for every visitor, so they are stored (qa_search_title_pools, migration 0024), keyed by the
// exact MATCH expression the search builds, and read instead of recomputed:
//   - a write to a question's title row recomputes, in the same transaction, every stored pool the question is in
//     or enters (titlePoolStatements, batched by search-index.ts after the row): a new, edited, hidden or deleted
//     question is in its pools at once, exactly as the live ranking would place it;
//   - the cron (refreshTitlePools, every 5 minutes) recomputes them all and keeps the set to the words held by at
//     least POOL_MIN_MATCHES titles: what other writes change (bm25's document count and average length) settles
//     within minutes, and a word that became frequent, or a synonym list edited in /admin, gets its pool.
// The search computes any pool it does not find here, so an empty table (a fresh database, a rebuild under way) is
// only slower, never wrong.
import { sql, type SQL } from "drizzle-orm";
import { sqlInt, sqlLiteral, type Db, type DbStatement } from "../../lib/db";
import { qaSearchTitle, qaSearchTitlePools } from "./search-tables";
import { STOP_WORDS, DOMAIN_WORDS, matchExpression, queryTerms } from "./query";
import { searchVocabulary } from "./synonyms";

/** Candidates each pool keeps (its best by bm25 over every match); the page's first rows come from their union. */
export const POOL_SIZE = 40;
/**
 * A word gets a stored pool when at least this many titles hold it: ranking 500 matches costs ≈ 1 ms of SQLite, less
 * than reading the stored row saves; below it the live ranking is as cheap as the lookup.
 */
export const POOL_MIN_MATCHES = 500;
/** Count statements per round trip when the cron sizes the vocabulary's words. */
const COUNTS_PER_BATCH = 50;


/**
 * The pools' one ranking, as SQL text: the best `limit` matches of `table` for `match` (the MATCH operand: a quoted
 * literal or a column) by bm25 over every match, the newer question first on a tie; rows (id, s). `and` adds a
 * condition. A stored pool is this ranking kept, so the search and the stored rows cannot drift apart.
 */
export function rankedMatchesSql(table: "qa_search_title" | "qa_search_answers", match: string, limit: number, and = ""): string {
  return `SELECT rowid AS id, bm25(${table}) AS s FROM ${table} WHERE ${table} MATCH ${match}${and ? ` AND ${and}` : ""} ORDER BY s, rowid DESC LIMIT ${sqlInt(limit)}`;
}

/** The live title pool of `match` (SQL text: a literal or a column) as a JSON array, best first: what the search would compute. */
function livePoolJson(match: string) {
  return sql.raw(`(SELECT json_group_array(id) FROM (${rankedMatchesSql("qa_search_title", match, POOL_SIZE)}))`);
}

/**
 * The title pool of `expr` as rows (id, place) for search.ts, as SQL text: the stored pool when there is one, else FTS5's ranking of every match. One of the two branches runs: the other's condition is
 * constant for the statement, and SQLite tests a constant condition once, before the branch's loop (checked on the
 * bench database: 0.5 ms with the row, the full ranking without it).
 */
export function titlePoolSql(expr: string): string {
  const e = sqlLiteral(expr);
  const stored = `(SELECT ids FROM qa_search_title_pools WHERE expr = ${e})`;
  return `SELECT CAST(value AS INTEGER) AS id, CAST(key AS INTEGER) AS place FROM json_each(${stored})
    UNION ALL SELECT id, row_number() OVER (ORDER BY s, id DESC) - 1 AS place FROM (${rankedMatchesSql("qa_search_title", e, POOL_SIZE, `NOT EXISTS ${stored}`)})`;
}

/**
 * After a question's title row was written or dropped (same batch, after it): recompute every stored pool the
 * question is now in (its title matches the pool's expression) or was in (its id is listed). Bounded: one FTS lookup
 * by rowid per stored pool, and a ranking only for the few pools the question touches.
 */
export function titlePoolStatements({ db, questionId, now = Date.now() }: { db: Db; questionId: number | SQL; now?: number }): DbStatement[] {
  const expr = sql`${qaSearchTitlePools.expr}`;
  return [
    db
      .update(qaSearchTitlePools)
      .set({ ids: livePoolJson(`"qa_search_title_pools"."${qaSearchTitlePools.expr.name}"`), refreshedAt: now })
      .where(
        sql`EXISTS (SELECT 1 FROM qa_search_title WHERE rowid = ${questionId} AND qa_search_title MATCH ${expr}) OR EXISTS (SELECT 1 FROM json_each(${qaSearchTitlePools.ids}) WHERE value = ${questionId})`,
      ),
  ];
}

/**
 * The expressions a one-word search builds for each word of the vocabulary (the domain dictionary and every synonym
 * group's words): the keys a stored pool can be found under.
 */
export async function vocabularyExpressions({ db }: { db: Db }): Promise<string[]> {
  const vocab = await searchVocabulary({ db });
  const stop = new Set(STOP_WORDS);
  const words = new Set([...DOMAIN_WORDS, ...vocab.groups.flat()].filter((w) => !stop.has(w)));
  const out = new Set<string>();
  for (const w of words) {
    const terms = queryTerms(w, vocab.groups, vocab.dict);
    const expr = terms.length === 1 ? matchExpression(terms) : null;
    if (expr) out.add(expr);
  }
  return [...out];
}

/**
 * The cron's refresh: the vocabulary's expressions held by at least `minMatches` titles get their pool recomputed,
 * the other stored pools are dropped. Returns the number of pools stored.
 */
export async function refreshTitlePools({ db, now = Date.now(), minMatches = POOL_MIN_MATCHES }: { db: Db; now?: number; minMatches?: number }): Promise<number> {
  const exprs = await vocabularyExpressions({ db });
  const frequent: string[] = [];
  for (let i = 0; i < exprs.length; i += COUNTS_PER_BATCH) {
    const slice = exprs.slice(i, i + COUNTS_PER_BATCH);
    const counts = await db.batch(
      slice.map((e) =>
        db.select({ n: sql<number>`COUNT(*)` }).from(db.select({ one: sql`1`.as("one") }).from(qaSearchTitle).where(sql`${qaSearchTitle} MATCH ${e}`).limit(minMatches).as("m")),
      ) as unknown as [DbStatement, ...DbStatement[]],
    );
    slice.forEach((e, k) => {
      if (((counts[k] as { n: number }[])[0]?.n ?? 0) >= minMatches) frequent.push(e);
    });
  }
  const keep = frequent.length ? sql`${qaSearchTitlePools.expr} NOT IN (SELECT value FROM json_each(${JSON.stringify(frequent)}))` : sql`1`;
  const statements: DbStatement[] = [db.delete(qaSearchTitlePools).where(keep)];
  for (const e of frequent) {
    statements.push(
      db
        .insert(qaSearchTitlePools)
        .values({ expr: e, ids: livePoolJson(sqlLiteral(e)), refreshedAt: now })
        .onConflictDoUpdate({ target: qaSearchTitlePools.expr, set: { ids: sql`excluded.ids`, refreshedAt: now } }),
    );
  }
  await db.batch(statements as [DbStatement, ...DbStatement[]]);
  return frequent.length;
}
