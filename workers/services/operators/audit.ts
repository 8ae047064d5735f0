// The audit log: every admin action writes who, what, when and the target's state before and after (JSON),
// in the same batch as the change itself.
import { desc, eq, sql } from "drizzle-orm";
import { adminAuditLog, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { ADMIN_PAGE_SIZE, type AuditEntryView } from "../../contract/admin";

export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: number | string;
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** The insert for a batch. */
export function auditStatement({ db, entry, now }: { db: Db; entry: AuditEntry; now: number }) {
  return db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    reason: entry.reason ?? null,
    createdAt: now,
  });
}

const parse = (s: string | null) => {
  if (s === null) return null;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
};

export async function auditPage({ db, pageNo, pageSize = ADMIN_PAGE_SIZE }: { db: Db; pageNo: number; pageSize?: number }): Promise<{ list: AuditEntryView[]; total: number; pageNo: number; pageSize: number }> {
  const [rows, count] = await db.batch([
    db
      .select({ e: adminAuditLog, actorName: sql<string>`COALESCE(${users.name}, ${users.userName})` })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .orderBy(desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(adminAuditLog),
  ]);
  return {
    list: rows.map(({ e, actorName }) => ({
      id: e.id,
      actorId: e.actorId,
      actorName: actorName ?? String(e.actorId),
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      before: parse(e.before),
      after: parse(e.after),
      reason: e.reason,
      createdAt: e.createdAt,
    })),
    total: count[0]?.n ?? 0,
    pageNo,
    pageSize,
  };
}
