// System messages sent by operators from /admin/messages (and the ops script through its endpoint), to one user or
// to every active user: the send is written and announced by the messaging service (services/messaging/system.ts);
// the console finds the receiver, keeps each send in system_message_sends with its receiver count and audits it
// (message.send).
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
import { USER_STATUS } from "../../contract/user-status";
import type { ServiceCtx } from "../../lib/service-ctx";
import { deliverSystemMessage } from "../messaging/system";
import { auditStatement } from "../operators/audit";

/** A user by id, user name or phone (exact), for the send form's 查找. */
export async function resolveUser({ db, who }: { db: Db; who: string }): Promise<ResolvedUserView> {
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

/** A send logged in system_message_sends and the audit log (the console, and the ops script through its endpoint). */
export async function sendLoggedMessage({ actorId, input, ...ctx }: ServiceCtx & { actorId: number; input: { audience: MessageAudience; userId?: number; title: string; content: string } }
): Promise<{ id: number; receivers: number }> {
  const { db, now } = ctx;
  let receiverId: number | null = null;
  if (input.audience === MESSAGE_AUDIENCE.ONE) {
    const user = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, input.userId ?? 0)).get();
    if (!user) throw notFound(ADMIN_MSG.messageUserMissing);
    if (user.status === USER_STATUS.DELETED) throw fail(ADMIN_MSG.messageUserDeleted);
    receiverId = user.id;
  } else if (input.audience !== MESSAGE_AUDIENCE.ALL) throw fail(ADMIN_MSG.messageUserRequired);
  const text = input.title ? systemMessageText(input.title, input.content) : input.content;
  const { receivers } = await deliverSystemMessage({ ...ctx, to: receiverId ?? "all", text });
  const [inserted] = await db.batch([
    db
      .insert(systemMessageSends)
      .values({ title: input.title, content: input.content, audience: input.audience, receiverId, receivers, sentBy: actorId, createdAt: now })
      .returning({ id: systemMessageSends.id }),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.MESSAGE_SEND, targetType: input.audience === MESSAGE_AUDIENCE.ALL ? "users" : "user", targetId: receiverId ?? "all", before: null, after: { title: input.title, content: input.content, receivers } }, now }),
  ]);
  return { id: inserted[0].id, receivers };
}

export async function sendConsoleMessage({ actorId, input, ...ctx }: ServiceCtx & { actorId: number; input: SystemSendInput }) {
  return sendLoggedMessage({ ...ctx, actorId, input: { audience: input.audience as MessageAudience, userId: input.userId, title: input.title, content: input.content } });
}

export async function sentMessagesPage({ db, pageNo, pageSize = ADMIN_PAGE_SIZE }: { db: Db; pageNo: number; pageSize?: number }): Promise<{ list: SystemSendView[]; total: number; pageNo: number; pageSize: number }> {
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
