// System messages (消息通知 → 系统) sent by operators from /admin/messages, to one user or to every active user.
// Rows go to qa_messages (kind system) in chunks of SEND_CHUNK users per INSERT … SELECT, so "all" stays a handful
// of statements even for 100k users; receivers' open pages get +1 through their UserChannel DO: inline for a few
// receivers; for many, one "push" job row per PUSH_JOB_SIZE messages (a range of qa_messages ids, so neither the
// rows nor the queue messages grow with the slice), woken through the queue in sends split by count and bytes
// (services/jobs/wake.ts). A push job that fails for good is listed in /admin/reports with a retry. Each send is kept
// in system_message_sends with its receiver count and audited (message.send).
import { and, desc, eq, gte, lte, or, sql } from "drizzle-orm";
import { jobs, qaMessages, systemMessageSends, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import {
  ADMIN_ACTION,
  ADMIN_MSG,
  ADMIN_PAGE_SIZE,
  MESSAGE_AUDIENCE,
  systemMessageText,
  type MessageAudience,
  type ResolvedUserView,
  type SystemSendView,
} from "../../contract/admin-constants";
import type { SystemSendInput } from "../../contract/admin-content";
import { USER_STATUS_DELETED } from "../../contract/account-rights";
import { userChannel } from "../messaging/channel";
import type { QaCtx } from "../qa/context";
import { JOB_MAX_ATTEMPTS, jobTiming } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { JOB_KIND, JOB_STATE } from "../../contract/jobs";
import { auditStatement } from "./audit";

/** Users written per INSERT … SELECT statement. */
export const SEND_CHUNK = 5000;
/** Up to this many receivers are pushed inline (after the response); more go through the queue. */
export const PUSH_INLINE_MAX = 500;
/** Messages (receivers) pushed per job (each push is one DO call, a subrequest). */
export const PUSH_JOB_SIZE = 500;
/** Pushes in flight at once. */
const PUSH_CONCURRENCY = 20;

/** A user by id, user name or phone (exact), for the send form's 查找. */
export async function resolveUser(db: Db, who: string): Promise<ResolvedUserView> {
  const q = who.trim();
  const row = await db
    .select({ id: users.id, userName: users.userName, name: users.name, phone: users.phone, status: users.status })
    .from(users)
    .where(or(/^\d{1,10}$/.test(q) ? eq(users.id, Number(q)) : undefined, eq(users.userName, q), eq(users.phone, q)))
    .orderBy(sql`CASE WHEN ${users.phone} = ${q} THEN 0 WHEN ${users.userName} = ${q} THEN 1 ELSE 2 END`)
    .get();
  if (!row) throw notFound(ADMIN_MSG.messageUserMissing);
  return row;
}

/** Push +1 to each receiver; the number of pushes that failed (a DO call that threw). */
async function pushAll(env: Env, ids: number[]): Promise<number> {
  let failed = 0;
  for (let i = 0; i < ids.length; i += PUSH_CONCURRENCY) {
    const results = await Promise.allSettled(ids.slice(i, i + PUSH_CONCURRENCY).map((id) => userChannel(env, id).push(1)));
    failed += results.filter((r) => r.status === "rejected").length;
  }
  return failed;
}

/** A push job's subject: the first and last qa_messages id of its slice. */
export const pushSubject = (firstId: number, lastId: number) => `${firstId}-${lastId}`;

/** The "push" job (workers/jobs/kinds.ts): +1 to the receivers of a slice of one send's messages. Throws when a push failed. */
export async function runPushJob(env: Env, db: Db, subjectId: string): Promise<void> {
  const m = /^(\d+)-(\d+)$/.exec(subjectId);
  if (!m) throw new Error(`bad push subject ${subjectId}`);
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

/** Job rows per statement (the subjects go in as one JSON parameter). */
const JOB_INSERT_CHUNK = 1000;

/** One queued "push" job per range, then their wake-ups (split by count and bytes). */
export async function queuePushJobs(env: Env, db: Db, ranges: [number, number][], now: number): Promise<number> {
  const timing = jobTiming(env);
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
    await wakeJobs(env, rows);
    queued += rows.length;
  }
  return queued;
}

/** The live +1 for the receivers: inline (deferred) for a few, push jobs for many. */
async function announce(ctx: QaCtx, inline: number[] | null, ranges: [number, number][]): Promise<void> {
  const { env, db, now } = ctx;
  const work: Promise<unknown> = inline
    ? pushAll(env, inline)
    : queuePushJobs(env, db, ranges, now).catch((e) => console.error(JSON.stringify({ event: "system_push_enqueue_failed", ranges: ranges.length, error: String(e) })));
  if (ctx.defer) ctx.defer(work);
  else await work;
}

/**
 * Write a system message for one user or every active user (status 1) and announce it live. "all" runs one
 * INSERT … SELECT per SEND_CHUNK users in id order (cursor on users.id), so no statement grows with the user count.
 */
export async function deliverSystemMessage(ctx: QaCtx, to: number | "all", text: string): Promise<{ receivers: number }> {
  const { db, now } = ctx;
  // Receivers are kept only while few enough to push inline; beyond that only the message id ranges are.
  let inline: number[] | null = [];
  const ranges: [number, number][] = [];
  let receivers = 0;
  const take = (rows: { id: number; receiver_id: number }[]) => {
    receivers += rows.length;
    ranges.push(...sliceRanges(rows.map((r) => r.id)));
    if (inline && inline.length + rows.length <= PUSH_INLINE_MAX) inline.push(...rows.map((r) => r.receiver_id));
    else inline = null;
  };
  if (to === "all") {
    let after = 0;
    for (;;) {
      const rows = await db.all<{ id: number; receiver_id: number }>(sql`
        INSERT INTO qa_messages (receiver_id, kind, actor_id, actor_anonymous, content, is_read, created_at)
        SELECT id, 'system', NULL, 0, ${text}, 0, ${now} FROM users WHERE status = 1 AND id > ${after} ORDER BY id LIMIT ${SEND_CHUNK}
        RETURNING id, receiver_id`);
      take(rows);
      for (const r of rows) if (r.receiver_id > after) after = r.receiver_id;
      if (rows.length < SEND_CHUNK) break;
    }
  } else {
    take(
      await db.all<{ id: number; receiver_id: number }>(sql`
      INSERT INTO qa_messages (receiver_id, kind, actor_id, actor_anonymous, content, is_read, created_at)
      SELECT id, 'system', NULL, 0, ${text}, 0, ${now} FROM users WHERE id = ${to}
      RETURNING id, receiver_id`),
    );
  }
  await announce(ctx, inline, ranges);
  return { receivers };
}

/** Accounts a message to everyone reaches (status 1, as deliverSystemMessage selects them). */
export async function activeUserCount(db: Db): Promise<number> {
  return db.$count(users, eq(users.status, 1));
}

/** A send logged in system_message_sends and the audit log (the console, and the ops script through its endpoint). */
export async function sendLoggedMessage(
  ctx: QaCtx,
  actorId: number,
  input: { audience: MessageAudience; userId?: number; title: string; content: string },
): Promise<{ id: number; receivers: number }> {
  const { db, now } = ctx;
  let receiverId: number | null = null;
  if (input.audience === MESSAGE_AUDIENCE.ONE) {
    const user = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, input.userId ?? 0)).get();
    if (!user) throw notFound(ADMIN_MSG.messageUserMissing);
    if (user.status === USER_STATUS_DELETED) throw fail(ADMIN_MSG.messageUserDeleted);
    receiverId = user.id;
  } else if (input.audience !== MESSAGE_AUDIENCE.ALL) throw fail(ADMIN_MSG.messageUserRequired);
  const text = input.title ? systemMessageText(input.title, input.content) : input.content;
  const { receivers } = await deliverSystemMessage(ctx, receiverId ?? "all", text);
  const [inserted] = await db.batch([
    db
      .insert(systemMessageSends)
      .values({ title: input.title, content: input.content, audience: input.audience, receiverId, receivers, sentBy: actorId, createdAt: now })
      .returning({ id: systemMessageSends.id }),
    auditStatement(
      db,
      { actorId, action: ADMIN_ACTION.MESSAGE_SEND, targetType: input.audience === MESSAGE_AUDIENCE.ALL ? "users" : "user", targetId: receiverId ?? "all", before: null, after: { title: input.title, content: input.content, receivers } },
      now,
    ),
  ]);
  return { id: inserted[0].id, receivers };
}

export async function sendConsoleMessage(ctx: QaCtx, actorId: number, input: SystemSendInput) {
  return sendLoggedMessage(ctx, actorId, { audience: input.audience as MessageAudience, userId: input.userId, title: input.title, content: input.content });
}

export async function sentMessagesPage(db: Db, pageNo: number, pageSize = ADMIN_PAGE_SIZE): Promise<{ list: SystemSendView[]; total: number; pageNo: number; pageSize: number }> {
  const [rows, count] = await db.batch([
    db
      .select({
        s: systemMessageSends,
        receiverName: sql<string | null>`(SELECT COALESCE(u.name, u.user_name) FROM users u WHERE u.id = ${systemMessageSends.receiverId})`,
        sentByName: sql<string | null>`(SELECT COALESCE(u.name, u.user_name) FROM users u WHERE u.id = ${systemMessageSends.sentBy})`,
      })
      .from(systemMessageSends)
      .orderBy(desc(systemMessageSends.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(systemMessageSends),
  ]);
  return {
    list: rows.map(({ s, receiverName, sentByName }) => ({
      id: s.id,
      title: s.title,
      content: s.content,
      audience: s.audience as MessageAudience,
      receiverId: s.receiverId,
      receiverName,
      receivers: s.receivers,
      sentBy: s.sentBy,
      sentByName: sentByName ?? (s.sentBy ? String(s.sentBy) : "运维脚本"),
      createdAt: s.createdAt,
    })),
    total: count[0]?.n ?? 0,
    pageNo,
    pageSize,
  };
}
