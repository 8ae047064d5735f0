// Queue consumers (docs/decisions/162-jobs-in-d1.md). A message on "report-jobs" only wakes a worker for one job row
// ({ kind, jobId }); the row says what to do, and runJob claims it under a lease. Messages the consumer itself could
// not handle (the isolate died on every delivery) end on the dead-letter queue, whose consumer records the failure
// on the job.
import { getDb } from "../lib/db";
import { JOB_ERROR, JOB_STATE, type QueueJob } from "../contract/jobs";
import { getJob, noteJobError } from "../services/jobs/store";
import { failFinally, runJob } from "./runner";

export const JOB_QUEUE = "report-jobs";
export const DEAD_LETTER_QUEUE = "report-jobs-dlq";

export type { QueueJob } from "../contract/jobs";

const jobIdOf = (body: QueueJob | undefined) => (body && Number.isInteger(body.jobId) && (body.jobId as number) > 0 ? (body.jobId as number) : null);

export async function consumeQueue(batch: MessageBatch<QueueJob>, env: Env): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) return consumeDeadLetters(batch, env);
  for (const message of batch.messages) {
    const jobId = jobIdOf(message.body);
    if (jobId === null) {
      // Not a wake-up (a message from before jobs had rows): nothing could ever handle it.
      console.error(JSON.stringify({ event: "queue_unknown_message", id: message.id, kind: message.body?.kind ?? null }));
      message.ack();
      continue;
    }
    try {
      await runJob(env, jobId);
      message.ack();
    } catch (e) {
      // runJob records the job's own failures; this is the store itself failing (D1 unreachable): try again later.
      console.error(JSON.stringify({ event: "queue_job_error", id: message.id, jobId, attempts: message.attempts, error: String(e) }));
      message.retry({ delaySeconds: Math.min(30, 2 ** message.attempts) });
    }
  }
}

/** Dead letters: the job fails for good unless a worker holds it under a live lease (then the sweeper decides). */
async function consumeDeadLetters(batch: MessageBatch<QueueJob>, env: Env): Promise<void> {
  const db = getDb(env.DB);
  for (const message of batch.messages) {
    const jobId = jobIdOf(message.body);
    const job = jobId === null ? null : await getJob({ db, id: jobId });
    const live = job && (job.state === JOB_STATE.QUEUED || job.state === JOB_STATE.RUNNING);
    const now = Date.now();
    const error = `${JOB_ERROR.deadLetter}（${message.attempts} 次投递）`;
    const recorded = !!live && job.leaseUntil < now && (await failFinally(env, job, error, null, now, "expired"));
    if (live && !recorded) await noteJobError({ db, id: job.id, error, now });
    console.error(JSON.stringify({ event: "queue_dead_letter", id: message.id, jobId, state: job?.state ?? null, recorded }));
    message.ack();
  }
}
