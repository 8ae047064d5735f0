// What each job kind does (docs/decisions/162-jobs-in-d1.md): `run` works on the subject (throwing to fail the
// attempt, PermanentJobError to fail for good), `failed` projects a final failure onto the subject so the user sees
// it: the survey FAILED with its reason (workbench), the export FAILED plus a system message. Heavy modules load
// only when a job runs.
import type { Db } from "../lib/db";
import type { JobKind } from "../contract/jobs";
import type { JobRow } from "../services/jobs/store";
import { failReport } from "../services/workbench/publication";
import { REPORT_MSG } from "../reports/messages";

export interface JobRunContext {
  env: Env;
  db: Db;
  job: JobRow;
  /** Renews the lease when due; call it between long stages (the timer cannot fire during synchronous work). */
  heartbeat: () => Promise<void>;
}

export interface JobKindHandler {
  /** "again": the subject changed while it ran; queue the job again without using up an attempt. */
  run(ctx: JobRunContext): Promise<"again" | void>;
  /** The job failed for good; `userReason` is the permanent error's message, null for transient or lost work. */
  failed(ctx: { env: Env; db: Db; job: JobRow; now: number }, userReason: string | null): Promise<void>;
}

export const jobKinds: Record<JobKind, JobKindHandler> = {
  report: {
    run: ({ env, job, heartbeat }) =>
      import("../reports/job").then((m) => m.handleReportJob(env, { surveyId: Number(job.subjectId), attempts: job.attempts, heartbeat })),
    failed: ({ db, job, now }, userReason) => failReport({ db, surveyId: Number(job.subjectId), reason: userReason ?? REPORT_MSG.failed, now }),
  },
  export: {
    run: ({ env, job, heartbeat }) => import("../services/accounts/data-export").then((m) => m.runExportJob({ env, exportId: job.subjectId, heartbeat })),
    failed: ({ env, db, job, now }, userReason) =>
      import("../services/accounts/data-export").then((m) => m.exportJobFailed({ env, db, exportId: job.subjectId, reason: userReason ?? job.lastError ?? "failed", now })),
  },
  push: {
    run: ({ env, db, job }) => import("../services/messaging/push").then((m) => m.runPushJob({ env, db, subject: job.subjectId })),
    // The failed job row is the record: /admin/reports lists it with a retry.
    failed: async () => undefined,
  },
  reindex: {
    // Bounded chunks from the saved cursor; "again" queues the next run (services/qa/reindex-job.ts).
    run: ({ db, job, heartbeat }) => import("../services/qa/reindex-job").then((m) => m.runReindexJob({ db, job, heartbeat })),
    // The failed job is listed in /admin/reports with a retry, which resumes after the last chunk.
    failed: async () => undefined,
  },
  plant: {
    // The plant summary PDF (workers/reports/plant-job.ts); a failure shows on /workbench/plant with its reason.
    run: ({ env, job, heartbeat }) => import("../reports/plant-job").then((m) => m.runPlantReportJob(env, job.subjectId, heartbeat)),
    failed: ({ db, job }, userReason) => import("../services/plant/reports").then((m) => m.failPlantReport({ db, id: job.subjectId, reason: userReason })),
  },
};

export const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(jobKinds, kind);
