// The jobs sweeper (docs/decisions/162-jobs-in-d1.md), run by the cron (workers/jobs/scheduled.ts) in production and
// by `npm start` locally (scripts/lib/local-cron.mjs): jobs whose lease expired (the worker died: a crash, a deploy,
// the CPU limit) or whose wake-up never arrived (a lost or dropped queue message, a local restart) are woken again;
// a job that used its last attempt fails for good, with the reason its user and the operators see. A job whose
// re-sent wake-ups still do not arrive (a stalled queue) is run by the sweeper itself.
import type { Db } from "../lib/db";
import { JOB_ERROR, JOB_STATE } from "../contract/jobs";
import { jobTiming, overdueJobs, rewakeJob, type JobRow } from "../services/jobs/store";
import { wakeJobs } from "../services/jobs/wake";
import { failFinally, runJob } from "./runner";

/** Overdue jobs looked at per sweep (the next cron takes the rest). */
export const SWEEP_LIMIT = 500;
/** Wake-ups re-sent for a queued job before the sweeper stops trusting the queue and runs it itself. */
export const DIRECT_AFTER_WAKEUPS = 2;
/** Jobs the sweeper runs itself per sweep (each may render a report). */
const DIRECT_MAX = 5;

export async function sweepJobs({ env, db, now }: { env: Env; db: Db; now: number }): Promise<number> {
  const timing = jobTiming({ env });
  const overdue = await overdueJobs({ db, now, limit: SWEEP_LIMIT });
  const wake: JobRow[] = [];
  const direct: JobRow[] = [];
  let failed = 0;
  for (const job of overdue) {
    if (job.attempts >= job.maxAttempts) {
      // Every attempt was claimed and none finished: the worker died each time.
      if (await failFinally(env, job, `${JOB_ERROR.finalLease}（${job.attempts} 次）`, null, now, "expired")) failed++;
      continue;
    }
    if (job.state === JOB_STATE.QUEUED && job.wakeups >= DIRECT_AFTER_WAKEUPS && direct.length < DIRECT_MAX) {
      direct.push(job);
      continue;
    }
    if (await rewakeJob({ db, job, error: job.state === JOB_STATE.RUNNING ? JOB_ERROR.leaseExpired : null, now, timing })) wake.push(job);
  }
  await wakeJobs({ env, list: wake });
  for (const job of direct) await runJob(env, job.id);
  if (overdue.length) console.log(JSON.stringify({ event: "jobs_swept", overdue: overdue.length, woken: wake.length, direct: direct.length, failed }));
  return overdue.length;
}
