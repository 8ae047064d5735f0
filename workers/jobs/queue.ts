// Queue consumer: messages carry a kind; each kind has one handler (report rendering registers "report").
export interface QueueJob {
  kind: string;
  [key: string]: unknown;
}

export type QueueHandler = (job: QueueJob, env: Env, attempts: number) => Promise<void>;

export const queueHandlers: Record<string, QueueHandler> = {};

export async function consumeQueue(batch: MessageBatch<QueueJob>, env: Env, handlers = queueHandlers) {
  for (const message of batch.messages) {
    const job = message.body;
    const handler = job && typeof job.kind === "string" ? handlers[job.kind] : undefined;
    if (!handler) {
      // A message nobody can handle would be retried forever; record it and drop it.
      console.error(JSON.stringify({ event: "queue_unknown_job", id: message.id, kind: job?.kind ?? null }));
      message.ack();
      continue;
    }
    try {
      await handler(job, env, message.attempts);
      message.ack();
    } catch (e) {
      console.error(JSON.stringify({ event: "queue_job_failed", id: message.id, kind: job.kind, attempts: message.attempts, error: String(e) }));
      message.retry({ delaySeconds: Math.min(30, 2 ** message.attempts) });
    }
  }
}

// Report rendering (workers/reports): react-pdf is loaded inside the handler only when a job runs.
queueHandlers.report = (job, env, attempts) => import("../reports/job").then((m) => m.handleReportJob(job, env, attempts));
// System messages to many users: the live +1 pushes, PUSH_JOB_SIZE receivers a job (services/admin/system-messages.ts).
queueHandlers.systemPush = (job, env) => import("../services/admin/system-messages").then((m) => m.handleSystemPushJob(job, env));
// 导出我的数据 (docs/account-rights.md): builds the user's zip in R2 and sends the download link by system message.
queueHandlers["data-export"] = (job, env, attempts) => import("../services/accounts/data-export").then((m) => m.runExportJob(env, String(job.exportId), attempts));
