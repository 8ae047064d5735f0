// Queue sends within Cloudflare Queues' limits: at most 100 messages and 256 KB a sendBatch, 128 KB a message
// (https://developers.cloudflare.com/queues/platform/limits/). One over-long batch fails whole, so every caller that
// sends more than one message goes through sendSplit.
import type { JobKind } from "../../contract/jobs";
import type { JobWakeUp } from "./store";

export const QUEUE_BATCH_MAX_MESSAGES = 100;
/** 256 KB a batch; we stay below 256,000 bytes with room for the per-message envelope. */
export const QUEUE_BATCH_MAX_BYTES = 256_000;
export const QUEUE_MESSAGE_MAX_BYTES = 128_000;
/** What a message costs beyond its JSON body (id, timestamps, content type), counted generously. */
export const QUEUE_MESSAGE_OVERHEAD = 100;

const encoder = new TextEncoder();

/** A message's size as the limits count it (its JSON body plus the envelope allowance). */
export const messageBytes = (body: unknown) => encoder.encode(JSON.stringify(body)).length + QUEUE_MESSAGE_OVERHEAD;

/** Split bodies into sendBatch-sized groups by count and by bytes; a single body over 128 KB is refused. */
export function splitForQueue<T>(bodies: readonly T[]): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = messageBytes(body);
    if (size > QUEUE_MESSAGE_MAX_BYTES) throw new Error(`queue message of ${size} bytes exceeds ${QUEUE_MESSAGE_MAX_BYTES}`);
    if (group.length && (group.length >= QUEUE_BATCH_MAX_MESSAGES || bytes + size > QUEUE_BATCH_MAX_BYTES)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(body);
    bytes += size;
  }
  if (group.length) groups.push(group);
  return groups;
}

/** Send every body, split by count and bytes. */
export async function sendSplit<T>(queue: Queue, bodies: readonly T[], delaySeconds?: number): Promise<void> {
  if (bodies.length === 1) return void (await queue.send(bodies[0], delaySeconds ? { delaySeconds } : undefined));
  for (const group of splitForQueue(bodies)) {
    await queue.sendBatch(
      group.map((body) => ({ body })),
      delaySeconds ? { delaySeconds } : undefined,
    );
  }
}

/**
 * Wake workers for these jobs. Best effort by design: the job rows are already written, so a lost or failed send
 * only delays the work until the sweeper re-sends it; the caller's answer does not depend on the queue.
 */
export async function wakeJobs({ env, list, delaySeconds }: { env: Env; list: { id: number; kind: JobKind | string }[]; delaySeconds?: number }): Promise<boolean> {
  if (!list.length) return true;
  try {
    await sendSplit(env.REPORT_QUEUE, list.map((j) => ({ kind: j.kind, jobId: j.id }) as JobWakeUp), delaySeconds);
    return true;
  } catch (e) {
    console.error(JSON.stringify({ event: "job_wake_failed", jobs: list.length, first: list[0]?.id, error: String(e) }));
    return false;
  }
}
