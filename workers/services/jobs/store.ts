// Background jobs in D1 (docs/decisions/162-jobs-in-d1.md): the row is the truth, the queue message only wakes a
// worker. Every transition is a compare-and-set; a claim bumps `attempts`, which then fences the claim: a worker
// whose lease expired and was claimed again can neither renew, finish nor fail the job any more.
//   enqueue            → queued  (lease_until = when the sweeper re-sends the wake-up)
//   queued | running with expired lease → running (claimJob, attempts + 1, lease_until = now + lease)
//   running → done     finishJob
//   running → queued   retryJobLater (a transient error, attempts left) / againJob (the subject changed meanwhile)
//   running|queued → failed   failJob (a permanent error, the last attempt, the sweeper, the dead-letter queue)
//   failed → queued    resetJob (the operator's retry, a user's new generate)
import { and, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { opt } from "../../lib/env";
import { JOB_STATE, type JobKind } from "../../contract/jobs";

export type JobRow = typeof jobs.$inferSelect;

const { QUEUED, RUNNING, DONE, FAILED } = JOB_STATE;
const LIVE = [QUEUED, RUNNING];

/** Claims of one job before it fails for good. */
export const JOB_MAX_ATTEMPTS = 3;
/** Production lease: long enough for the slowest render between two renewals, short enough to recover in minutes. */
const DEFAULT_LEASE_MS = 60_000;

export interface JobTiming {
  /** How long a claim lasts without renewal. */
  leaseMs: number;
  /** How often a working job renews its lease. */
  renewMs: number;
  /** How long a queued job may wait for its wake-up before the sweeper sends another. */
  wakeGraceMs: number;
}

/** JOB_LEASE_MS (optional var) shortens every interval together: the crash test runs with a few seconds. */
export function jobTiming({ env }: { env: Env }): JobTiming {
  const configured = Number(opt(env, "JOB_LEASE_MS"));
  const leaseMs = Number.isFinite(configured) && configured >= 1000 ? configured : DEFAULT_LEASE_MS;
  return { leaseMs, renewMs: Math.max(250, Math.floor(leaseMs / 4)), wakeGraceMs: leaseMs };
}

/** A failure that no retry can mend (bad data): the job fails at once and the user reads `userMessage`. */
export class PermanentJobError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/** The queue message: only the job's id (and its kind, for the logs). */
export interface JobWakeUp {
  kind: JobKind;
  jobId: number;
  [key: string]: unknown;
}

/**
 * The statement that queues a job for a subject, or resets its live job (one live job per subject, partial unique
 * index jobs_live_subject_idx): a second generate of a survey whose job was lost restarts that job. `onlyIf` lets a
 * batch queue the job only when the subject's own compare-and-set (the statement before it) moved it.
 */
export function enqueueJobStatement({ db, kind, subjectId, now, timing, onlyIf = sql`1`, maxAttempts = JOB_MAX_ATTEMPTS }: { db: Db; kind: JobKind; subjectId: string | number; now: number; timing: JobTiming; onlyIf?: SQL; maxAttempts?: number }
) {
  const due = now + timing.wakeGraceMs;
  // INSERT … SELECT … WHERE (column order of `jobs`): the guard must sit in the insert itself to share the batch.
  const row = sql`SELECT NULL, ${kind}, ${String(subjectId)}, ${QUEUED}, 0, ${maxAttempts}, 0, ${due}, NULL, ${now}, ${now}, NULL WHERE ${onlyIf}`;
  return db
    .insert(jobs)
    .select(row)
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.subjectId],
      targetWhere: sql`state IN ('queued', 'running')`,
      set: { state: QUEUED, attempts: 0, wakeups: 0, leaseUntil: due, lastError: null, updatedAt: now, finishedAt: null },
    })
    .returning({ id: jobs.id, kind: jobs.kind });
}

export async function enqueueJob({ db, kind, subjectId, now, timing }: { db: Db; kind: JobKind; subjectId: string | number; now: number; timing: JobTiming }): Promise<number> {
  const [row] = await enqueueJobStatement({ db, kind, subjectId, now, timing });
  return row!.id;
}

export async function getJob({ db, id }: { db: Db; id: number }): Promise<JobRow | null> {
  return (await db.select().from(jobs).where(eq(jobs.id, id)).get()) ?? null;
}

/** The subject's queued or running job whose lease (or wake-up deadline) has not passed; null when none. */
export async function liveJob({ db, kind, subjectId, now }: { db: Db; kind: JobKind; subjectId: string | number; now: number }): Promise<JobRow | null> {
  const row = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.subjectId, String(subjectId)), inArray(jobs.state, LIVE)))
    .get();
  return row && row.leaseUntil >= now ? row : null;
}

/** queued, or running with an expired lease → running under a fresh lease; null when not claimable now. */
export async function claimJob({ db, id, now, timing }: { db: Db; id: number; now: number; timing: JobTiming }): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ state: RUNNING, attempts: sql`${jobs.attempts} + 1`, leaseUntil: now + timing.leaseMs, updatedAt: now })
    .where(
      and(
        eq(jobs.id, id),
        lt(jobs.attempts, jobs.maxAttempts),
        sql`(${jobs.state} = ${QUEUED} OR (${jobs.state} = ${RUNNING} AND ${jobs.leaseUntil} < ${now}))`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Fenced by the claim's attempt number: true while this worker still holds the job. */
const held = (job: Pick<JobRow, "id" | "attempts">) => and(eq(jobs.id, job.id), eq(jobs.state, RUNNING), eq(jobs.attempts, job.attempts));

export async function renewLease({ db, job, now, timing }: { db: Db; job: JobRow; now: number; timing: JobTiming }): Promise<boolean> {
  const rows = await db.update(jobs).set({ leaseUntil: now + timing.leaseMs, updatedAt: now }).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finishJob({ db, job, now }: { db: Db; job: JobRow; now: number }): Promise<boolean> {
  const rows = await db.update(jobs).set({ state: DONE, lastError: null, updatedAt: now, finishedAt: now }).where(held(job)).returning({ id: jobs.id });
  return rows.length > 0;
}

/** A transient failure with attempts left: queued again, due after `delayMs` (the wake-up is sent with that delay). */
export async function retryJobLater({ db, job, error, now, delayMs, timing }: { db: Db; job: JobRow; error: string; now: number; delayMs: number; timing: JobTiming }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: QUEUED, lastError: error.slice(0, 500), leaseUntil: now + delayMs + timing.wakeGraceMs, updatedAt: now })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The subject changed while the job ran (answers edited): queued again without using up an attempt. */
export async function againJob({ db, job, now, timing }: { db: Db; job: JobRow; now: number; timing: JobTiming }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: QUEUED, attempts: sql`${jobs.attempts} - 1`, leaseUntil: now + timing.wakeGraceMs, updatedAt: now })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * → failed with the error operators read. `fence`: the claim that fails it (a worker), or the state the caller saw
 * (the sweeper, the dead-letter consumer: queued/running, lease expired). False when someone else moved it first.
 */
export async function failJob({ db, job, error, now, fence }: { db: Db; job: JobRow; error: string; now: number; fence: "claim" | "expired" }): Promise<boolean> {
  const where =
    fence === "claim"
      ? held(job)
      : and(eq(jobs.id, job.id), inArray(jobs.state, LIVE), eq(jobs.attempts, job.attempts), lt(jobs.leaseUntil, now));
  const rows = await db
    .update(jobs)
    .set({ state: FAILED, lastError: error.slice(0, 500), updatedAt: now, finishedAt: now })
    .where(where)
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** The sweeper's re-send: a job whose lease (or wake-up deadline) passed is queued again with a new deadline. */
export async function rewakeJob({ db, job, error, now, timing }: { db: Db; job: JobRow; error: string | null; now: number; timing: JobTiming }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: QUEUED,
      wakeups: sql`${jobs.wakeups} + 1`,
      leaseUntil: now + timing.wakeGraceMs,
      updatedAt: now,
      ...(error ? { lastError: error } : {}),
    })
    .where(and(eq(jobs.id, job.id), inArray(jobs.state, LIVE), eq(jobs.attempts, job.attempts), lt(jobs.leaseUntil, now)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** failed → queued with every attempt back (the operator's retry). */
export function resetJobStatement({ db, id, now, timing }: { db: Db; id: number; now: number; timing: JobTiming }): DbStatement {
  return db
    .update(jobs)
    .set({ state: QUEUED, attempts: 0, wakeups: 0, leaseUntil: now + timing.wakeGraceMs, lastError: null, updatedAt: now, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, FAILED)))
    .returning({ id: jobs.id });
}

/** Jobs the sweeper must look at: live, lease or wake-up deadline passed (index jobs_sweep_idx). */
export async function overdueJobs({ db, now, limit }: { db: Db; now: number; limit: number }): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.state, LIVE), lt(jobs.leaseUntil, now)))
    .orderBy(jobs.leaseUntil)
    .limit(limit);
}

/** Note a failure on a job that stays live (a dead-lettered wake-up while a worker holds the job). */
export async function noteJobError({ db, id, error, now }: { db: Db; id: number; error: string; now: number }): Promise<void> {
  await db.update(jobs).set({ lastError: error.slice(0, 500), updatedAt: now }).where(and(eq(jobs.id, id), inArray(jobs.state, LIVE)));
}
