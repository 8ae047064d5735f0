// Named counters kept in step with the base tables, so list totals need no COUNT(*) over large tables.
import { eq, sql } from "drizzle-orm";
import { qaCounters } from "../../../db/schema";
import type { Db } from "../../lib/db";

export const VISIBLE_QUESTIONS = "visible_questions";

export function bumpCounter({ db, name, delta }: { db: Db; name: string; delta: number }) {
  return db
    .insert(qaCounters)
    .values({ name, value: delta })
    .onConflictDoUpdate({ target: qaCounters.name, set: { value: sql`${qaCounters.value} + ${delta}` } });
}

export async function readCounter({ db, name }: { db: Db; name: string }): Promise<number> {
  const row = await db.select({ value: qaCounters.value }).from(qaCounters).where(eq(qaCounters.name, name)).get();
  return Math.max(0, row?.value ?? 0);
}

/** Recount from the base table (rebuild and seeds). */
export function recountVisibleQuestions({ db }: { db: Db }) {
  return db.run(
    sql`INSERT INTO qa_counters (name, value) SELECT ${VISIBLE_QUESTIONS}, COUNT(*) FROM qa_questions WHERE status IN (0, 1)
        ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
  );
}
