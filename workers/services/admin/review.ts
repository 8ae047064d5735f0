// Content review: users' reports (举报) and keyword holds open a queue item per piece of content; operators
// approve, hide or restore it. Every decision changes the content's status and writes the audit log in one batch.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { contentReports, reviewItems, userBans, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import {
  ADMIN_ACTION,
  ADMIN_MSG,
  ADMIN_PAGE_SIZE,
  REPORT_REASON,
  REVIEW_DECISION,
  REVIEW_SOURCE,
  REVIEW_STATE,
  REVIEW_TARGET,
  REVIEW_TARGET_LABEL,
  neutralNickname,
  type ReportInput,
  type ReviewDecision,
  type ReviewItemView,
  type ReviewPage,
  type ReviewState,
  type ReviewTarget,
} from "../../contract/admin";
import { auditStatement } from "../operators/audit";
import { afterStatusChange, contentHref, loadContent, statusChange } from "./content";
import type { QaCtx } from "../qa/context";
import { sendSystemMessage } from "../messaging/system";

/** The system message to the author after a decision that changed their content (null: none). */
export function authorNotice(type: ReviewTarget, excerpt: string, decision: ReviewDecision, wasHeld: boolean, userId = 0): string | null {
  if (type === REVIEW_TARGET.AVATAR) {
    if (decision === REVIEW_DECISION.HIDE) return "您的头像因违反社区规范已被重置为默认头像。如有疑问，请联系客服。";
    if (decision === REVIEW_DECISION.RESTORE) return "您的头像已恢复显示。";
    return null;
  }
  if (type === REVIEW_TARGET.NICKNAME) {
    const name = `您的昵称“${excerpt}”`;
    if (decision === REVIEW_DECISION.HIDE) return `${name}因违反社区规范已被重置为“${neutralNickname(userId)}”，您可以在个人设置中重新修改。如有疑问，请联系客服。`;
    if (decision === REVIEW_DECISION.APPROVE && wasHeld) return `${name}已通过审核，现已公开显示。`;
    if (decision === REVIEW_DECISION.RESTORE) return `${name}已恢复显示。`;
    return null;
  }
  const what = `您的${REVIEW_TARGET_LABEL[type]}“${excerpt.length > 30 ? excerpt.slice(0, 30) + "…" : excerpt}”`;
  if (decision === REVIEW_DECISION.HIDE) return `${what}因违反社区规范已被隐藏，仅您本人可见。如有疑问，请联系客服。`;
  if (decision === REVIEW_DECISION.APPROVE && wasHeld) return `${what}已通过审核，现已公开显示。`;
  if (decision === REVIEW_DECISION.RESTORE) return `${what}已恢复公开显示。`;
  return null;
}

/** A user reports content they can see (not their own). Reporting twice is answered kindly and counted once. */
export async function reportContent({ db, reporterId, input, now }: { db: Db; reporterId: number; input: ReportInput; now: number }): Promise<{ reported: boolean }> {
  const type = input.targetType as ReviewTarget;
  const c = await loadContent({ db, type, id: input.targetId });
  if (!c || !c.isPublic) throw notFound(ADMIN_MSG.targetMissing);
  if (c.authorId === reporterId) throw fail(ADMIN_MSG.reportOwn);
  const inserted = await db
    .insert(contentReports)
    .values({ reporterId, targetType: type, targetId: c.id, reason: input.reason, detail: input.detail ?? "", createdAt: now })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!inserted.length) return { reported: false };
  await db
    .insert(reviewItems)
    .values({ targetType: type, targetId: c.id, authorId: c.authorId, source: REVIEW_SOURCE.REPORT, reportCount: 1, state: REVIEW_STATE.PENDING, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [reviewItems.targetType, reviewItems.targetId],
      // A new report reopens an item an operator approved earlier.
      set: { reportCount: sql`${reviewItems.reportCount} + 1`, source: REVIEW_SOURCE.REPORT, state: REVIEW_STATE.PENDING, updatedAt: now },
    });
  return { reported: true };
}

export async function reviewPage({ db, state, pageNo, pageSize = ADMIN_PAGE_SIZE, type }: { db: Db; state: ReviewState | undefined; pageNo: number; pageSize?: number; type?: ReviewTarget }): Promise<ReviewPage> {
  const where = and(state ? eq(reviewItems.state, state) : undefined, type ? eq(reviewItems.targetType, type) : undefined);
  const [rows, count] = await db.batch([
    db
      .select({ r: reviewItems, authorName: sql<string>`COALESCE(${users.name}, ${users.userName})`, banned: userBans.userId })
      .from(reviewItems)
      .leftJoin(users, eq(users.id, reviewItems.authorId))
      .leftJoin(userBans, eq(userBans.userId, reviewItems.authorId))
      .where(where)
      .orderBy(desc(reviewItems.updatedAt), desc(reviewItems.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(reviewItems).where(where),
  ]);
  const reasons = new Map<string, { reason: string; label: string; count: number }[]>();
  if (rows.length) {
    const keys = rows.map((r) => `${r.r.targetType}:${r.r.targetId}`);
    const counts = await db
      .select({ targetType: contentReports.targetType, targetId: contentReports.targetId, reason: contentReports.reason, n: sql<number>`COUNT(*)` })
      .from(contentReports)
      .where(inArray(sql`${contentReports.targetType} || ':' || ${contentReports.targetId}`, keys))
      .groupBy(contentReports.targetType, contentReports.targetId, contentReports.reason);
    for (const c of counts) {
      const k = `${c.targetType}:${c.targetId}`;
      const list = reasons.get(k) ?? [];
      list.push({ reason: c.reason, label: REPORT_REASON[c.reason as keyof typeof REPORT_REASON] ?? c.reason, count: c.n });
      reasons.set(k, list);
    }
  }
  const list: ReviewItemView[] = [];
  for (const { r, authorName, banned } of rows) {
    const c = await loadContent({ db, type: r.targetType as ReviewTarget, id: r.targetId });
    list.push({
      id: r.id,
      targetType: r.targetType as ReviewTarget,
      targetId: r.targetId,
      excerpt: c?.excerpt ?? "（内容已不存在）",
      href: c ? contentHref(c) : null,
      contentStatus: c?.status ?? null,
      picture: c?.picture ?? null,
      authorId: r.authorId,
      authorName: authorName ?? String(r.authorId),
      authorBanned: banned !== null,
      source: r.source,
      matched: r.matched ? (JSON.parse(r.matched) as string[]) : [],
      reportCount: r.reportCount,
      reasons: reasons.get(`${r.targetType}:${r.targetId}`) ?? [],
      state: r.state as ReviewState,
      note: r.note,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }
  return { list, total: count[0]?.n ?? 0, pageNo, pageSize };
}

const DECISION_ACTION = {
  approve: ADMIN_ACTION.REVIEW_APPROVE,
  hide: ADMIN_ACTION.REVIEW_HIDE,
  restore: ADMIN_ACTION.REVIEW_RESTORE,
} as const;

/**
 * approve: the content is fine — a held post is published, a reported one stays public; the item closes.
 * hide: the content becomes hidden (question 3, answer 4, comment 4), visible only to its author.
 * restore: hidden content becomes public again.
 */
export async function decideReview({ actorId, id, decision, note, ...ctx }: QaCtx & { actorId: number; id: number; decision: ReviewDecision; note: string | undefined }) {
  const { db, now } = ctx;
  const item = await db.select().from(reviewItems).where(eq(reviewItems.id, id)).get();
  if (!item) throw notFound(ADMIN_MSG.itemMissing);
  const c = await loadContent({ db, type: item.targetType as ReviewTarget, id: item.targetId });
  if (!c) throw notFound(ADMIN_MSG.targetMissing);
  let change: ReturnType<typeof statusChange> = null;
  let state: ReviewState;
  if (decision === REVIEW_DECISION.APPROVE) {
    if (item.state !== REVIEW_STATE.PENDING) throw fail(ADMIN_MSG.decisionInvalid);
    change = c.isHeld || c.isHidden ? statusChange({ db, c, to: "publish", now }) : null;
    state = REVIEW_STATE.APPROVED;
  } else if (decision === REVIEW_DECISION.HIDE) {
    if (c.isHidden) throw fail(ADMIN_MSG.decisionInvalid);
    change = statusChange({ db, c, to: "hide", now });
    if (!change) throw fail(ADMIN_MSG.decisionInvalid);
    state = REVIEW_STATE.HIDDEN;
  } else {
    if (!c.isHidden) throw fail(ADMIN_MSG.decisionInvalid);
    change = statusChange({ db, c, to: "publish", now });
    if (!change) throw fail(ADMIN_MSG.decisionInvalid);
    state = REVIEW_STATE.RESTORED;
  }
  const before = { state: item.state, contentStatus: c.status };
  const after = { state, contentStatus: change?.status ?? c.status };
  await db.batch([
    db
      .update(reviewItems)
      .set({ state, reportCount: decision === REVIEW_DECISION.HIDE ? item.reportCount : 0, decidedBy: actorId, decidedAt: now, note: note ?? null, updatedAt: now })
      .where(and(eq(reviewItems.id, id), eq(reviewItems.state, item.state))),
    ...(change ? [change.statement, ...(change.extra ?? [])] : []),
    auditStatement({ db, entry: { actorId, action: DECISION_ACTION[decision], targetType: item.targetType, targetId: item.targetId, before, after, reason: note ?? null }, now }),
  ]);
  if (change) await afterStatusChange({ db, c, newStatus: change.status, now });
  // The author hears about it in their system messages (with the live badge): hidden, approved after a hold, restored.
  const notice = authorNotice(c.type, c.excerpt, decision, c.isHeld, c.authorId);
  if (change && notice) await sendSystemMessage({ ...ctx, to: c.authorId, text: notice });
  return after;
}
