// System messages (消息通知 → 系统) sent by operators from /admin/messages, to one user or to every active user.
// Rows go to qa_messages (kind system) in chunks of SEND_CHUNK users per INSERT … SELECT, so "all" stays a handful
// of statements even for 100k users; receivers' open pages get +1 through their UserChannel DO: inline for a few
// receivers, through the queue (job "systemPush", PUSH_JOB_SIZE users a job) for many. Each send is kept in
// system_message_sends with its receiver count and audited (message.send).
import { desc, eq, or, sql } from "drizzle-orm";
import { systemMessageSends, users } from "../../../db/schema";
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
import { pushMessageCount } from "../messaging/channel";
import type { QaCtx } from "../qa/context";
import type { QueueJob } from "../../jobs/queue";
import { auditStatement } from "./audit";

/** Users written per INSERT … SELECT statement. */
export const SEND_CHUNK = 5000;
/** Up to this many receivers are pushed inline (after the response); more go through the queue. */
export const PUSH_INLINE_MAX = 500;
/** Users pushed per queue job (each push is one DO call, a subrequest). */
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

async function pushAll(env: Env, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += PUSH_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + PUSH_CONCURRENCY).map((id) => pushMessageCount(env, id, 1)));
  }
}

/** Queue job: push +1 to a slice of a big send's receivers. */
export async function handleSystemPushJob(job: QueueJob, env: Env): Promise<void> {
  const ids = Array.isArray(job.ids) ? (job.ids as unknown[]).filter((v): v is number => typeof v === "number") : [];
  await pushAll(env, ids);
}

/** The live +1 for the receivers: inline (deferred) for a few, queue jobs for many. */
async function announce(ctx: QaCtx, ids: number[]): Promise<void> {
  const { env } = ctx;
  let work: Promise<unknown>;
  if (ids.length <= PUSH_INLINE_MAX) work = pushAll(env, ids);
  else {
    const jobs: { body: QueueJob }[] = [];
    for (let i = 0; i < ids.length; i += PUSH_JOB_SIZE) jobs.push({ body: { kind: "systemPush", ids: ids.slice(i, i + PUSH_JOB_SIZE) } });
    work = (async () => {
      for (let i = 0; i < jobs.length; i += 100) await env.REPORT_QUEUE.sendBatch(jobs.slice(i, i + 100));
    })().catch((e) => console.error(JSON.stringify({ event: "system_push_enqueue_failed", error: String(e) })));
  }
  if (ctx.defer) ctx.defer(work);
  else await work;
}

/**
 * Write a system message for one user or every active user (status 1) and announce it live. "all" runs one
 * INSERT … SELECT per SEND_CHUNK users in id order (cursor on users.id), so no statement grows with the user count.
 */
export async function deliverSystemMessage(ctx: QaCtx, to: number | "all", text: string): Promise<{ receivers: number }> {
  const { db, now } = ctx;
  const ids: number[] = [];
  if (to === "all") {
    let after = 0;
    for (;;) {
      const rows = await db.all<{ receiver_id: number }>(sql`
        INSERT INTO qa_messages (receiver_id, kind, actor_id, actor_anonymous, content, is_read, created_at)
        SELECT id, 'system', NULL, 0, ${text}, 0, ${now} FROM users WHERE status = 1 AND id > ${after} ORDER BY id LIMIT ${SEND_CHUNK}
        RETURNING receiver_id`);
      for (const r of rows) {
        ids.push(r.receiver_id);
        if (r.receiver_id > after) after = r.receiver_id;
      }
      if (rows.length < SEND_CHUNK) break;
    }
  } else {
    const rows = await db.all<{ receiver_id: number }>(sql`
      INSERT INTO qa_messages (receiver_id, kind, actor_id, actor_anonymous, content, is_read, created_at)
      SELECT id, 'system', NULL, 0, ${text}, 0, ${now} FROM users WHERE id = ${to}
      RETURNING receiver_id`);
    for (const r of rows) ids.push(r.receiver_id);
  }
  await announce(ctx, ids);
  return { receivers: ids.length };
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
