// The live +1 after a system message: inline for a few receivers; for many, one "push" job row per PUSH_JOB_SIZE
// messages (a range of qa_messages ids, so neither the rows nor the queue messages grow with the slice), woken
// through the queue in sends split by count and bytes (services/jobs/wake.ts). A push job that fails for good is
// listed in /admin/reports with a retry.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { jobs, qaMessages } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { afterReply, type ServiceCtx } from "../../lib/service-ctx";
import { JOB_KIND, JOB_STATE } from "../../contract/jobs";
import { JOB_MAX_ATTEMPTS, jobTiming } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { userChannel } from "./channel";

/** Up to this many receivers are pushed inline (after the response); more go through the queue. */
export const PUSH_INLINE_MAX = 500;
/** Messages (receivers) pushed per job (each push is one DO call, a subrequest). */
export const PUSH_JOB_SIZE = 500;
/** Pushes in flight at once. */
const PUSH_CONCURRENCY = 20;
/** Job rows per statement (the subjects go in as one JSON parameter). */
const JOB_INSERT_CHUNK = 1000;

/** Push +1 to each receiver; the number of pushes that failed (a DO call that threw). */
async function pushAll(env: Env, ids: number[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < ids.length; i += PUSH_CONCURRENCY) {
    const results = await Promise.allSettled(ids.slice(i, i + PUSH_CONCURRENCY).map((id) => userChannel({ env, userId: id }).push(1)));
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return failed;
}

/** A push job's subject: the first and last qa_messages id of its slice. */
export const pushSubject = (firstId: number, lastId: number) => `${firstId}-${lastId}`;

/** The "push" job (workers/jobs/kinds.ts): +1 to the receivers of a slice of one send's messages. Throws when a push failed. */
export async function runPushJob({ env, db, subject }: { env: Env; db: Db; subject: string }): Promise<void> {
  const m = /^(\d+)-(\d+)$/.exec(subject);
  if (!m) throw new Error(`bad push subject ${subject}`);
  const rows = await db
    .select({ receiverId: qaMessages.receiverId })
    .from(qaMessages)
    .where(and(gte(qaMessages.id, Number(m[1])), lte(qaMessages.id, Number(m[2])), eq(qaMessages.kind, "system")));
  const failed = await pushAll(env, rows.map((r) => r.receiverId));
  if (failed) throw new Error(`${failed} of ${rows.length} pushes failed`);
}

/** The message id ranges of PUSH_JOB_SIZE messages each, from one INSERT's returned rows (contiguous ids). */
export function sliceRanges(ids: number[]): [number, number][] {
  const sorted = [...ids].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (let i = 0; i < sorted.length; i += PUSH_JOB_SIZE) {
    out.push([sorted[i]!, sorted[Math.min(i + PUSH_JOB_SIZE, sorted.length) - 1]!]);
  }
  return out;
}

/** One queued "push" job per range, then their wake-ups (split by count and bytes). */
export async function queuePushJobs({ env, db, ranges, now }: { env: Env; db: Db; ranges: [number, number][]; now: number }): Promise<number> {
  const timing = jobTiming({ env });
  const due = now + timing.wakeGraceMs;
  let queued = 0;
  for (let i = 0; i < ranges.length; i += JOB_INSERT_CHUNK) {
    const subjects = ranges.slice(i, i + JOB_INSERT_CHUNK).map(([a, b]) => pushSubject(a, b));
    // JSON-list insert (column order of `jobs`): a thousand rows, one parameter.
    const rows = await db
      .insert(jobs)
      .select(
        sql`SELECT NULL, ${JOB_KIND.PUSH}, value, ${JOB_STATE.QUEUED}, 0, ${JOB_MAX_ATTEMPTS}, 0, ${due}, NULL, ${now}, ${now}, NULL FROM json_each(${JSON.stringify(subjects)}) WHERE 1`,
      )
      .returning({ id: jobs.id, kind: jobs.kind });
    await wakeJobs({ env, list: rows });
    queued += rows.length;
  }
  return queued;
}

/** The live +1 for the receivers: inline (after the reply) for a few, push jobs for many. */
export async function announce(ctx: ServiceCtx & { inline: number[] | null; ranges: [number, number][] }): Promise<void> {
  const { env, db, now, inline, ranges } = ctx;
  const work: Promise<unknown> = inline
    ? pushAll(env, inline)
    : queuePushJobs({ env, db, ranges, now }).catch((e) => console.error(JSON.stringify({ event: "system_push_enqueue_failed", ranges: ranges.length, error: String(e) })));
  await afterReply(ctx, work);
}
