// Background jobs (issue 26, docs/decisions/162-jobs-in-d1.md): D1 is the truth, the queue only a wake-up. One row
// per job (a report render, a data export, one slice of a system message's live push) with its state, attempts, the
// lease its worker renews while it works and the last error; the cron's sweeper re-sends jobs whose lease expired
// and fails them after the last attempt.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** report | export | push (JOB_KIND). */
    kind: text("kind").notNull(),
    /** What the job works on: the survey id, the export id, the first-last message ids of a push slice. */
    subjectId: text("subject_id").notNull(),
    /** queued | running | done | failed (JOB_STATE). */
    state: text("state").notNull(),
    /** Claims so far; also the fencing token of the current claim (a stale worker's renew/finish matches nothing). */
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** Wake-ups the sweeper re-sent while the job sat queued; after a few the sweeper runs the job itself. */
    wakeups: integer("wakeups").notNull().default(0),
    /** running: the lease's end (renewed while working); queued: when the sweeper re-sends its wake-up. */
    leaseUntil: integer("lease_until").notNull(),
    /** The last failure, in Chinese first (operators read it in /admin), then the technical detail. */
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    // The sweeper: state IN ('queued','running') AND lease_until < now.
    index("jobs_sweep_idx").on(t.state, t.leaseUntil),
    // The operators' failures list: state = 'failed' ORDER BY updated_at DESC.
    index("jobs_state_updated_idx").on(t.state, t.updatedAt),
    // At most one live job per subject; generate/retry reset it instead of adding a second.
    uniqueIndex("jobs_live_subject_idx").on(t.kind, t.subjectId).where(sql`state IN ('queued', 'running')`),
    index("jobs_subject_idx").on(t.kind, t.subjectId),
  ],
);

/**
 * Where a chunked job stands (the search index rebuild): the last key done, so a job claimed again after a crash or a
 * lost lease resumes after it instead of starting over. Written after each chunk; only ever moves forward.
 */
export const jobProgress = sqliteTable("job_progress", {
  jobId: integer("job_id").primaryKey(),
  /** The last key done (a question id for the rebuild); 0 before the first chunk. */
  cursor: integer("cursor").notNull().default(0),
  /** Items written so far, counted once per chunk (a chunk redone after a crash does not count twice). */
  done: integer("done").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
  finishedAt: integer("finished_at"),
});
