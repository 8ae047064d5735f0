// Runs one job under its lease (docs/decisions/162-jobs-in-d1.md): claim → work (renewing the lease on a timer and at
// each heartbeat) → done; a thrown error queues it again with backoff while attempts remain, otherwise fails it for
// good and tells the subject's owner. Called by the queue consumer for each wake-up and by the sweeper for a job
// whose wake-ups never arrive. A wake-up for a job that is not claimable (done, failed, held under a live lease by
// another worker) does nothing: duplicates are harmless.
import { getDb } from "../lib/db";
import { JOB_ERROR } from "../contract/jobs";
import {
  PermanentJobError,
  againJob,
  claimJob,
  failJob,
  finishJob,
  jobTiming,
  renewLease,
  retryJobLater,
  type JobRow,
} from "../services/jobs/store";
import { wakeJobs } from "../services/jobs/wake";
import { isJobKind, jobKinds } from "./kinds";

function log(event: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ event, ...fields }));
}

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** Backoff before the next attempt: 2 s, 4 s, 8 s … at most half a lease (and 30 s). */
const backoffMs = (attempts: number, leaseMs: number) => Math.min(30_000, leaseMs / 2, 1000 * 2 ** attempts);

export type RunOutcome = "skipped" | "done" | "again" | "retry" | "failed";

export async function runJob(env: Env, jobId: number): Promise<RunOutcome> {
  const db = getDb(env.DB);
  const timing = jobTiming({ env });
  const job = await claimJob({ db, id: jobId, now: Date.now(), timing });
  if (!job) {
    log("job_skipped", { jobId });
    return "skipped";
  }
  if (!isJobKind(job.kind)) {
    await failJob({ db, job, error: `${JOB_ERROR.failed}：未知的任务类型 ${job.kind}`, now: Date.now(), fence: "claim" });
    return "failed";
  }
  const kind = jobKinds[job.kind];
  let renewedAt = Date.now();
  let lost = false;
  const renew = async () => {
    renewedAt = Date.now();
    if (!(await renewLease({ db, job, now: renewedAt, timing }))) lost = true;
  };
  // The timer renews while the work awaits I/O; the heartbeat between CPU-bound stages.
  const timer = setInterval(() => void renew().catch(() => undefined), timing.renewMs);
  const heartbeat = async () => {
    if (Date.now() - renewedAt >= timing.renewMs) await renew();
  };
  const started = Date.now();
  try {
    const result = await kind.run({ env, db, job, heartbeat });
    if (result === "again") {
      if (await againJob({ db, job, now: Date.now(), timing })) await wakeJobs({ env, list: [job] });
      log("job_again", { jobId, kind: job.kind });
      return "again";
    }
    const finished = await finishJob({ db, job, now: Date.now() });
    log("job_done", { jobId, kind: job.kind, subject: job.subjectId, attempts: job.attempts, ms: Date.now() - started, lost: lost || !finished });
    return "done";
  } catch (e) {
    const now = Date.now();
    const permanent = e instanceof PermanentJobError;
    log("job_error", { jobId, kind: job.kind, subject: job.subjectId, attempts: job.attempts, permanent, error: errorText(e) });
    if (!permanent && job.attempts < job.maxAttempts) {
      const delay = backoffMs(job.attempts, timing.leaseMs);
      if (await retryJobLater({ db, job, error: `${JOB_ERROR.failed}：${errorText(e)}`, now, delayMs: delay, timing })) {
        await wakeJobs({ env, list: [job], delaySeconds: Math.ceil(delay / 1000) });
      }
      return "retry";
    }
    await failFinally(env, job, permanent ? e.userMessage : `${JOB_ERROR.failed}：${errorText(e)}`, permanent ? e.userMessage : null, now, "claim");
    return "failed";
  } finally {
    clearInterval(timer);
  }
}

/**
 * The job fails for good and its subject learns it (survey FAILED, export FAILED + message). `fence` as failJob; the
 * subject is touched only when this caller moved the job (a concurrent finish wins).
 */
export async function failFinally(env: Env, job: JobRow, error: string, userReason: string | null, now: number, fence: "claim" | "expired"): Promise<boolean> {
  const db = getDb(env.DB);
  if (!(await failJob({ db, job, error, now, fence }))) return false;
  log("job_failed", { jobId: job.id, kind: job.kind, subject: job.subjectId, attempts: job.attempts, error });
  if (isJobKind(job.kind)) await jobKinds[job.kind].failed({ env, db, job: { ...job, lastError: error }, now }, userReason);
  return true;
}
