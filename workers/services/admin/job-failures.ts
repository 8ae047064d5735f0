// /admin/reports, second list: background jobs that failed for good (data exports, system-message pushes) with the
// error the operators read and a retry; report jobs show in the first list, by survey (dashboard.ts reportFailures).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { dataExports, jobs, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_PAGE_SIZE } from "../../contract/admin-constants";
import { JOB_KIND, JOB_KIND_TEXT, JOB_MSG, JOB_STATE, type JobFailureView, type JobKind } from "../../contract/jobs";
import { getJob, jobTiming, resetJobStatement } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { reopenExportStatement } from "../accounts/data-export";
import { auditStatement } from "../operators/audit";
import { retryReport } from "./dashboard";

/** Failed export, push and search-rebuild jobs, newest first (index jobs_state_updated_idx). */
export async function jobFailures({ db, pageSize = ADMIN_PAGE_SIZE }: { db: Db; pageSize?: number }): Promise<JobFailureView[]> {
  const rows = await db
    .select({ j: jobs, userId: dataExports.userId, userName: sql<string | null>`COALESCE(${users.name}, ${users.userName})` })
    .from(jobs)
    .leftJoin(dataExports, and(eq(jobs.kind, JOB_KIND.EXPORT), eq(dataExports.id, jobs.subjectId)))
    .leftJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(jobs.state, JOB_STATE.FAILED), inArray(jobs.kind, [JOB_KIND.EXPORT, JOB_KIND.PUSH, JOB_KIND.REINDEX])))
    .orderBy(desc(jobs.updatedAt))
    .limit(pageSize);
  return rows.map(({ j, userId, userName }) => ({
    id: j.id,
    kind: j.kind as JobKind,
    kindText: JOB_KIND_TEXT[j.kind as JobKind] ?? j.kind,
    subjectId: j.subjectId,
    userId: userId ?? null,
    userName: userName ?? null,
    attempts: j.attempts,
    lastError: j.lastError,
    updatedAt: j.updatedAt,
  }));
}

/** failed → queued with every attempt back, the subject pending again (an export row), and a wake-up. */
export async function retryJob({ db, env, actorId, jobId, now }: { db: Db; env: Env; actorId: number; jobId: number; now: number }): Promise<void> {
  const job = await getJob({ db, id: jobId });
  if (!job || job.state !== JOB_STATE.FAILED) throw fail(JOB_MSG.retryInvalid);
  // A report's job is retried through its survey (status, reason and job together).
  if (job.kind === JOB_KIND.REPORT) return retryReport({ db, env, actorId, surveyId: Number(job.subjectId), now });
  const timing = jobTiming({ env });
  const audit = auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.JOB_RETRY, targetType: `job.${job.kind}`, targetId: job.id, before: { state: job.state, lastError: job.lastError }, after: { state: JOB_STATE.QUEUED } }, now });
  if (job.kind === JOB_KIND.EXPORT) {
    const [, reset] = await db.batch([reopenExportStatement({ db, exportId: job.subjectId }), resetJobStatement({ db, id: job.id, now, timing }), audit]);
    if (!reset.length) throw fail(JOB_MSG.retryInvalid);
  } else {
    const [reset] = await db.batch([resetJobStatement({ db, id: job.id, now, timing }), audit]);
    if (!reset.length) throw fail(JOB_MSG.retryInvalid);
  }
  await wakeJobs({ env, list: [job] });
}
