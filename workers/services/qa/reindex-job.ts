// The Q&A search index rebuilt in production as a job (issue 24; docs/qa.md "Rebuilding the index"): an operator
// starts it in /admin/synonyms (services/admin/search-reindex.ts), the job (kind "reindex", one live at a time) rebuilds bounded chunks of questions
// (rebuildSearchIndexChunk) under the jobs' lease, records its cursor after each chunk (job_progress), and after a few
// chunks queues itself again, so no single run holds an isolate long. A run that dies (deploy, CPU limit, crash) is
// claimed again by the sweeper or the next wake-up and resumes after the last chunk written.
import { desc, eq, max, sql } from "drizzle-orm";
import { jobProgress, jobs, qaQuestions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { bumpContentVersion } from "../../lib/page-cache";
import { JOB_KIND, type JobState, type ReindexStatus } from "../../contract/jobs";
import type { JobRow } from "../jobs/store";
import { REINDEX_CHUNK, rebuildSearchIndexChunk } from "./search-index";

/** The one subject of the rebuild: the whole index. */
export const REINDEX_SUBJECT = "qa_search";
/** Chunks per run before the job queues itself again (10 × 500 questions: a few seconds of D1 work a run). */
export const REINDEX_CHUNKS_PER_RUN = 10;

export interface ReindexSizes {
  chunk: number;
  chunksPerRun: number;
}

const DEFAULT_SIZES: ReindexSizes = { chunk: REINDEX_CHUNK, chunksPerRun: REINDEX_CHUNKS_PER_RUN };

async function progressOf(db: Db, jobId: number) {
  return (await db.select().from(jobProgress).where(eq(jobProgress.jobId, jobId)).get()) ?? null;
}

/**
 * One run of the job: chunks from the saved cursor, each followed by its progress row (moving only forward, so a
 * stale worker cannot pull it back and a chunk redone after a crash counts once) and a lease heartbeat. "again"
 * when it stopped at the run's bound with questions left; void when the whole index is rebuilt.
 */
export async function runReindexJob({ db, job, heartbeat, sizes = DEFAULT_SIZES }: { db: Db; job: Pick<JobRow, "id">; heartbeat: () => Promise<void>; sizes?: ReindexSizes }): Promise<"again" | void> {
  let cursor = (await progressOf(db, job.id))?.cursor ?? 0;
  for (let i = 0; i < sizes.chunksPerRun; i++) {
    const step = await rebuildSearchIndexChunk({ db, afterId: cursor, size: sizes.chunk });
    const now = Date.now();
    if (step.next === null) {
      await db
        .insert(jobProgress)
        .values({ jobId: job.id, cursor, done: step.indexed, updatedAt: now, finishedAt: now })
        .onConflictDoUpdate({ target: jobProgress.jobId, set: { done: sql`${jobProgress.done} + ${step.indexed}`, updatedAt: now, finishedAt: now } });
      // Visitors' cached Q&A pages (searches among them) were made from the old index.
      await bumpContentVersion();
      return;
    }
    await db
      .insert(jobProgress)
      .values({ jobId: job.id, cursor: step.next, done: step.indexed, updatedAt: now })
      .onConflictDoUpdate({
        target: jobProgress.jobId,
        set: { cursor: step.next, done: sql`${jobProgress.done} + ${step.indexed}`, updatedAt: now },
        setWhere: sql`${jobProgress.cursor} < ${step.next}`,
      });
    cursor = step.next;
    await heartbeat();
  }
  return "again";
}

/** The latest rebuild (running or finished) with its progress; null when none was ever started. */
export async function reindexStatus({ db }: { db: Db }): Promise<ReindexStatus | null> {
  // Two statements, not a batch: a batched join answers rows keyed by column name, and both tables have updated_at
  // (the duplicate key would shift every later field).
  const [latest, top] = await Promise.all([
    db
      .select({
        jobId: jobs.id,
        state: jobs.state,
        lastError: jobs.lastError,
        createdAt: jobs.createdAt,
        jobUpdatedAt: jobs.updatedAt,
        cursor: jobProgress.cursor,
        done: jobProgress.done,
        progressAt: jobProgress.updatedAt,
        finishedAt: jobProgress.finishedAt,
      })
      .from(jobs)
      .leftJoin(jobProgress, eq(jobProgress.jobId, jobs.id))
      .where(sql`${jobs.kind} = ${JOB_KIND.REINDEX} AND ${jobs.subjectId} = ${REINDEX_SUBJECT}`)
      .orderBy(desc(jobs.id))
      .limit(1),
    db.select({ maxId: max(qaQuestions.id) }).from(qaQuestions),
  ]);
  const row = latest[0];
  if (!row) return null;
  return {
    jobId: row.jobId,
    state: row.state as JobState,
    cursor: row.cursor ?? 0,
    indexed: row.done ?? 0,
    maxId: top[0]?.maxId ?? 0,
    startedAt: row.createdAt,
    updatedAt: row.progressAt ?? row.jobUpdatedAt,
    finishedAt: row.finishedAt ?? null,
    lastError: row.lastError,
  };
}
