// A system message to 1,000,000 receivers (issue 26 item 4): the live push becomes one job row per PUSH_JOB_SIZE
// messages and its wake-ups go out in sendBatch calls within the queue's limits (100 messages, 256,000 bytes), so
// neither rows, statements nor batches grow with the audience. The messages themselves are the ids of one INSERT
// (contiguous), here 1..1,000,000 without the million users behind them; the chunked INSERT is tested in
// admin-content.test.ts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/lib/db";
import { SEND_CHUNK } from "../../workers/services/messaging/system";
import { PUSH_JOB_SIZE, queuePushJobs, sliceRanges } from "../../workers/services/messaging/push";
import { QUEUE_BATCH_MAX_BYTES, QUEUE_BATCH_MAX_MESSAGES, messageBytes } from "../../workers/services/jobs/wake";

const RECEIVERS = 1_000_000;

describe("system-message push to a million receivers", () => {
  it("writes one push job per slice and wakes them in batches within the queue limits", async () => {
    const batches: { count: number; bytes: number }[] = [];
    const woken = new Set<number>();
    const REPORT_QUEUE = {
      send: async () => {
        throw new Error("one message at a time would be a million subrequests");
      },
      sendBatch: async (batch: { body: { kind: string; jobId: number } }[]) => {
        const bytes = batch.reduce((n, m) => n + messageBytes(m.body), 0);
        if (batch.length > QUEUE_BATCH_MAX_MESSAGES || bytes > QUEUE_BATCH_MAX_BYTES) throw new Error(`over the limits: ${batch.length} messages, ${bytes} bytes`);
        batches.push({ count: batch.length, bytes });
        for (const m of batch) woken.add(m.body.jobId);
      },
    };
    const quiet = { ...env, REPORT_QUEUE } as unknown as Env;
    // The ranges as deliverSystemMessage builds them: per INSERT chunk of SEND_CHUNK receivers.
    const ranges: [number, number][] = [];
    const base = 10_000_000;
    for (let first = 1; first <= RECEIVERS; first += SEND_CHUNK) {
      const ids = Array.from({ length: Math.min(SEND_CHUNK, RECEIVERS - first + 1) }, (_, i) => base + first + i);
      ranges.push(...sliceRanges(ids));
    }
    const queued = await queuePushJobs({ env: quiet, db: getDb(env.DB), ranges, now: Date.now() });
    const jobsExpected = RECEIVERS / PUSH_JOB_SIZE;
    expect(queued).toBe(jobsExpected);
    expect(woken.size).toBe(jobsExpected);
    expect(batches.length).toBe(Math.ceil(jobsExpected / QUEUE_BATCH_MAX_MESSAGES));
    expect(Math.max(...batches.map((b) => b.bytes))).toBeLessThanOrEqual(QUEUE_BATCH_MAX_BYTES);
    // The rows cover every message exactly once.
    const cover = await env.DB.prepare(
      `SELECT COUNT(*) AS n, SUM(CAST(substr(subject_id, instr(subject_id, '-') + 1) AS INTEGER) - CAST(substr(subject_id, 1, instr(subject_id, '-') - 1) AS INTEGER) + 1) AS messages
       FROM jobs WHERE kind = 'push' AND state = 'queued' AND CAST(substr(subject_id, 1, instr(subject_id, '-') - 1) AS INTEGER) > ?`,
    )
      .bind(base)
      .first<{ n: number; messages: number }>();
    expect(cover).toEqual({ n: jobsExpected, messages: RECEIVERS });
  }, 120_000);
});
