// System messages (消息通知 → 系统): written to qa_messages (kind system) for one user or every active user and
// announced live (push.ts). Every sender calls this room: the operator console (services/admin/system-messages.ts,
// which also logs and audits the send), content review (a decision's notice to the author), the data export (its
// link) and the personal API; none of them imports another for it.
import { eq, sql } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import type { ServiceCtx } from "../../lib/service-ctx";
import { PERSONAL_MSG } from "../../contract/qa-personal-constants";
import { PUSH_INLINE_MAX, announce, sliceRanges } from "./push";
import { USER_STATUS } from "../../contract/user-status";

/** Users written per INSERT … SELECT statement. */
export const SEND_CHUNK = 5000;

export interface SystemSend extends ServiceCtx {
  /** One user's id, or every active user. */
  to: number | "all";
  text: string;
}

/**
 * Write a system message for one user or every active user and announce it live. "all" runs one
 * INSERT … SELECT per SEND_CHUNK users in id order (cursor on users.id), so no statement grows with the user count.
 * The receiver is not checked (the console resolved it already); use sendSystemMessage for an id from elsewhere.
 */
export async function deliverSystemMessage(ctx: SystemSend): Promise<{ receivers: number }> {
  const { db, now, to, text } = ctx;
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
        SELECT id, 'system', NULL, 0, ${text}, 0, ${now} FROM users WHERE status = ${USER_STATUS.ACTIVE} AND id > ${after} ORDER BY id LIMIT ${SEND_CHUNK}
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
  await announce({ ...ctx, inline, ranges });
  return { receivers };
}

/** Send a system message to a user id from anywhere (refused with 用户不存在 when there is no such user), or to all. */
export async function sendSystemMessage(ctx: SystemSend): Promise<{ receivers: number }> {
  if (ctx.to !== "all") {
    const user = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, ctx.to)).get();
    if (!user) throw notFound(PERSONAL_MSG.userMissing);
  }
  return deliverSystemMessage(ctx);
}

/** Accounts a message to everyone reaches (active, as deliverSystemMessage selects them). */
export async function activeUserCount({ db }: { db: Db }): Promise<number> {
  return db.$count(users, eq(users.status, USER_STATUS.ACTIVE));
}
