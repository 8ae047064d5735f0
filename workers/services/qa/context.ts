// What every Q&A service call receives: the database, the bindings (R2, UserChannel), the clock and a way
// to run best-effort work after the response (live message pushes).
import type { Db } from "../../lib/db";

export interface QaCtx {
  db: Db;
  env: Env;
  now: number;
  /** Run a promise after the reply (waitUntil in the Worker); awaited inline when absent. */
  defer?: (p: Promise<unknown>) => void;
}

interface BuiltQuery {
  _prepare?: () => { getQuery(): { sql: string; params: unknown[] } };
  getQuery?: () => { sql: string; params: unknown[] };
}

function d1Statements(db: Db, statements: unknown[]): D1PreparedStatement[] {
  const client = (db as unknown as { $client: D1Database }).$client;
  return statements.map((s) => {
    const b = s as BuiltQuery;
    const q = b._prepare ? b._prepare().getQuery() : b.getQuery!();
    return client.prepare(q.sql).bind(...q.params);
  });
}

/**
 * Run drizzle statements (builders or db.run(sql`…`)) as one D1 batch, i.e. one transaction.
 * drizzle 0.45's own batch cannot bind raw sql with parameters, so the statements are prepared here.
 */
export async function runBatch(db: Db, statements: unknown[]): Promise<void> {
  if (!statements.length) return;
  await (db as unknown as { $client: D1Database }).$client.batch(d1Statements(db, statements));
}

/** Read queries (raw sql) in one round trip; returns each statement's rows. */
export async function readBatch<T extends unknown[]>(db: Db, statements: unknown[]): Promise<T> {
  const results = await (db as unknown as { $client: D1Database }).$client.batch(d1Statements(db, statements));
  return results.map((r) => r.results) as T;
}
