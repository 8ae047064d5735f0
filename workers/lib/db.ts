import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";

export type Db = DrizzleD1Database<typeof schema>;

export function getDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}

/** A statement for db.batch: a drizzle query builder (raw `db.run(sql…)` with parameters cannot be batched in drizzle 0.45). */
export type DbStatement = BatchItem<"sqlite">;

/** db.batch over a list built at run time (one D1 round trip, one transaction); a no-op for an empty list. */
export async function dbBatch(db: Db, statements: DbStatement[]): Promise<void> {
  if (!statements.length) return;
  await db.batch(statements as [DbStatement, ...DbStatement[]]);
}

/**
 * `column IN (ids)` with the ids as ONE JSON parameter: D1 binds at most 100 parameters per statement, and the
 * workbench accepts up to 500 ids in one call.
 */
export function inJsonList(column: SQLiteColumn, ids: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * A string as an SQL literal, for statements written as SQL text (the Q&A search's: their values are too many to
 * bind within D1's 100 parameters a statement, and text is cheap to build; decision 179).
 */
export const sqlLiteral = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A count or limit written into SQL text: always a whole number. */
export function sqlInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}
