// Account bans: users.status USER_STATUS.BANNED (login refuses it with 账号已被禁用，请联系客服), every session revoked, the
// reason kept in user_bans; unban sets status 1 again. Both write the audit log in the same batch.
import { and, desc, eq, gte, isNull, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { sessions, statCounters, userBans, users } from "../../../db/schema";
import { STAT_COUNTER } from "./counters";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG, ADMIN_PAGE_SIZE, type AdminUserView } from "../../contract/admin";
import { auditStatement } from "../operators/audit";
import { USER_STATUS } from "../../contract/user-status";

export async function banUser({ db, actorId, userId, reason, now }: { db: Db; actorId: number; userId: number; reason: string; now: number }) {
  if (userId === actorId) throw fail(ADMIN_MSG.banSelf);
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) throw notFound(ADMIN_MSG.userMissing);
  if (u.isAdmin === 1) throw fail(ADMIN_MSG.banAdmin);
  if (u.status !== USER_STATUS.ACTIVE) throw fail(ADMIN_MSG.alreadyBanned);
  await db.batch([
    db.update(users).set({ status: USER_STATUS.BANNED, updatedAt: now }).where(and(eq(users.id, userId), eq(users.status, USER_STATUS.ACTIVE))),
    db.insert(userBans).values({ userId, reason, bannedBy: actorId, bannedAt: now }).onConflictDoUpdate({ target: userBans.userId, set: { reason, bannedBy: actorId, bannedAt: now } }),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.USER_BAN, targetType: "user", targetId: userId, before: { status: u.status }, after: { status: USER_STATUS.BANNED }, reason }, now }),
  ]);
}

export async function unbanUser({ db, actorId, userId, reason, now }: { db: Db; actorId: number; userId: number; reason: string | undefined; now: number }) {
  const u = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!u) throw notFound(ADMIN_MSG.userMissing);
  const ban = await db.select().from(userBans).where(eq(userBans.userId, userId)).get();
  if (u.status === USER_STATUS.ACTIVE || !ban) throw fail(ADMIN_MSG.notBanned);
  await db.batch([
    db.update(users).set({ status: USER_STATUS.ACTIVE, updatedAt: now }).where(eq(users.id, userId)),
    db.delete(userBans).where(eq(userBans.userId, userId)),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.USER_UNBAN, targetType: "user", targetId: userId, before: { status: u.status, banReason: ban.reason }, after: { status: USER_STATUS.ACTIVE }, reason: reason ?? null }, now }),
  ]);
}

/** The highest code point: `prefix` ≤ s < `prefix + TOP` is "s starts with prefix" as an index range (binary order). */
const TOP = "\u{10FFFF}";
const startsWith = (column: SQLWrapper, prefix: string) => and(gte(column, prefix), lt(column, prefix + TOP));

/**
 * Users whose user name (any case), nickname or phone starts with `q`, or whose id is `q`; banned ones first.
 * Issue 26 item 10: prefixes and the exact id are index ranges (users_user_name_lower_idx, users_name_idx,
 * users_phone_unique, the primary key), never a `LIKE '%…%'` scan of every user; the unfiltered list pages down
 * users_status_id_idx and takes its total from the kept counter.
 */
export async function searchUsers({ db, q, pageNo, pageSize = ADMIN_PAGE_SIZE }: { db: Db; q: string; pageNo: number; pageSize?: number }): Promise<{ list: AdminUserView[]; total: number; pageNo: number; pageSize: number }> {
  const where = q
    ? or(
        startsWith(sql`lower(${users.userName})`, q.toLowerCase()),
        startsWith(users.name, q),
        startsWith(users.phone, q),
        /^\d{1,15}$/.test(q) ? eq(users.id, Number(q)) : undefined,
      )
    : undefined;
  const [rows, count] = await db.batch([
    db
      .select({ u: users, banReason: userBans.reason, bannedAt: userBans.bannedAt })
      .from(users)
      .leftJoin(userBans, eq(userBans.userId, users.id))
      .where(where)
      .orderBy(sql`${users.status} ASC`, desc(users.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    q
      ? db.select({ n: sql<number>`COUNT(*)` }).from(users).where(where)
      : db.select({ n: statCounters.value }).from(statCounters).where(eq(statCounters.key, STAT_COUNTER.usersTotal)),
  ]);
  return {
    list: rows.map(({ u, banReason, bannedAt }) => ({
      id: u.id,
      userName: u.userName,
      name: u.name,
      phone: u.phone,
      status: u.status,
      isAdmin: u.isAdmin === 1,
      banReason: banReason ?? null,
      bannedAt: bannedAt ?? null,
      createdAt: u.createdAt,
    })),
    total: count[0]?.n ?? 0,
    pageNo,
    pageSize,
  };
}
