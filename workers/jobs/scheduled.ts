// Timed jobs run by the cron trigger. Each domain registers its job here; each runs isolated from the others.
import { getDb, type Db } from "../lib/db";
import { purgeStaleSessions } from "../services/accounts/sessions";
import { purgeAccountLogs } from "../services/accounts/jobs";
import { purgeExpiredTrash } from "../services/workbench/surveys";
import { closeExpiredOrders, originForJobs, queryPayingOrders } from "../services/payment";
import { purgeExpiredExports } from "../services/accounts/data-export";
import { finishAccountDeletions } from "../services/accounts/deletion";
import { sweepJobs } from "./sweeper";
import { refreshTitlePools } from "../services/qa/search-pools";

export interface ScheduledJob {
  name: string;
  run(ctx: { env: Env; db: Db; now: number }): Promise<number>;
}

export const scheduledJobs: ScheduledJob[] = [
  { name: "sweep-jobs", run: sweepJobs },
  { name: "purge-stale-sessions", run: ({ db, now }) => purgeStaleSessions({ db, now }) },
  { name: "purge-account-logs", run: purgeAccountLogs },
  { name: "purge-survey-trash", run: purgeExpiredTrash },
  { name: "purge-expired-exports", run: purgeExpiredExports },
  { name: "finish-account-deletions", run: finishAccountDeletions },
  { name: "close-unpaid-orders", run: ({ env, db, now }) => closeExpiredOrders({ env, db, now, origin: originForJobs({ env }) }) },
  { name: "query-paying-orders", run: ({ env, db, now }) => queryPayingOrders({ env, db, now, origin: originForJobs({ env }) }) },
  { name: "refresh-search-pools", run: ({ db, now }) => refreshTitlePools({ db, now }) },
];

export interface JobOutcome {
  name: string;
  ok: boolean;
  affected: number;
  error?: string;
}

/** Run every job; one failing job is logged and does not stop the others. */
export async function runScheduledJobs(env: Env, now = Date.now(), jobs = scheduledJobs): Promise<JobOutcome[]> {
  const db = getDb(env.DB);
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) {
    try {
      outcomes.push({ name: job.name, ok: true, affected: await job.run({ env, db, now }) });
    } catch (e) {
      outcomes.push({ name: job.name, ok: false, affected: 0, error: String(e) });
    }
  }
  console.log(JSON.stringify({ event: "scheduled", outcomes }));
  return outcomes;
}
