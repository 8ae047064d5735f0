// Visitors' views of a question whose page came from the edge cache (workers/lib/page-cache.ts). Counting each one
// as it comes costs two D1 round trips per cached view, which made the cached detail page the only public page
// slower than 3× a bare route (issue 23). Views are therefore added up in this isolate and written together:
// - a view that finds nothing pending, or arrives FLUSH_AFTER_MS after the last write, is written at once with any
//   pending ones, so a quiet page counts every view immediately;
// - in a burst, at most FLUSH_AFTER_VIEWS views wait for the next write.
// If the isolate ends during a burst, at most that many views of it are never counted (decision 174): a view count
// is a popularity figure, not a record anyone is billed or audited on.
import { and, inArray, sql } from "drizzle-orm";
import { qaQuestions } from "../../../db/schema";
import { dbBatch, type Db } from "../../lib/db";
import { countViewStatement } from "./questions";

export const FLUSH_AFTER_VIEWS = 25;
export const FLUSH_AFTER_MS = 5_000;

let pending = new Map<number, number>();
let pendingViews = 0;
let lastWriteAt = Number.NEGATIVE_INFINITY;

/** Count one visitor's view of question `id`; resolves when it is written or left pending. */
export async function countVisitorView({ db, id, now = Date.now() }: { db: Db; id: number; now?: number }): Promise<void> {
  pending.set(id, (pending.get(id) ?? 0) + 1);
  pendingViews++;
  if (pendingViews < FLUSH_AFTER_VIEWS && now - lastWriteAt < FLUSH_AFTER_MS) return;
  lastWriteAt = now;
  const views = pending;
  pending = new Map();
  pendingViews = 0;
  try {
    await writeViews(db, views);
  } catch (error) {
    // Kept for the next write rather than lost.
    for (const [qid, n] of views) pending.set(qid, (pending.get(qid) ?? 0) + n);
    pendingViews += [...views.values()].reduce((a, b) => a + b, 0);
    throw error;
  }
}

/** Views not yet written (tests). */
export function pendingVisitorViews(): number {
  return pendingViews;
}

/** Add each question's views and refresh its hot score from the row just read; deleted or hidden ones count nothing. */
async function writeViews(db: Db, views: Map<number, number>): Promise<void> {
  // FLUSH_AFTER_VIEWS keeps the IN list far below D1's 100 bound parameters.
  const rows = await db
    .select({ id: qaQuestions.id, viewCount: qaQuestions.viewCount, answerCount: qaQuestions.answerCount, praiseCount: qaQuestions.praiseCount, createdAt: qaQuestions.createdAt })
    .from(qaQuestions)
    // Unary plus keeps the planner on the primary key (not the status index).
    .where(and(inArray(qaQuestions.id, [...views.keys()]), sql`+${qaQuestions.status} IN (0, 1)`));
  if (!rows.length) return;
  await dbBatch(db, rows.map((q) => countViewStatement(db, q, views.get(q.id)!)));
}
