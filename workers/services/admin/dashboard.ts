// Operator dashboard counts and the report-generation failures list with retry.
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { payOrders, payRefunds, surveyTypes, surveys, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG, ADMIN_PAGE_SIZE, REVENUE_DAYS, type DashboardCounts, type ReportFailureView, type RevenueDay } from "../../contract/admin";
import { DISPOSE_STATUS, isReportPending } from "../../contract/workbench";
import { ORDER_STATUS } from "../../contract/payment";
import { queueReport } from "../workbench/publication";
import { jobTiming, liveJob } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { JOB_KIND } from "../../contract/jobs";
import { auditStatement } from "../operators/audit";
import { counterRead, countersOf, STAT_COUNTER } from "./counters";
import { CHINA_OFFSET_MS, chinaDate, startOfChinaDay } from "../../lib/china-time";

export async function dashboardCounts({ db }: { db: Db }): Promise<DashboardCounts> {
  // Issue 26 item 10: kept counters (triggers, migration 0015), not a COUNT over a million answers per load.
  const c = countersOf(await counterRead({ db }));
  return {
    users: c[STAT_COUNTER.usersTotal],
    bannedUsers: c[STAT_COUNTER.usersBanned],
    questions: c[STAT_COUNTER.questionsLive],
    answers: c[STAT_COUNTER.answersLive],
    pendingReviews: c[STAT_COUNTER.reviewsPending],
    reportsGenerated: c[STAT_COUNTER.reportsReady],
    reportsFailed: c[STAT_COUNTER.reportsFailed],
    paidOrders: c[STAT_COUNTER.ordersPaid],
    revenue: (c[STAT_COUNTER.ordersPaidFen] - c[STAT_COUNTER.refundsFen]) / 100,
  };
}

/** Orders that were paid: still SUCCESS, or refunded since (their refunds are subtracted on the refund's day). */
const PAID = [ORDER_STATUS.SUCCESS, ORDER_STATUS.REFUNDED];

const DAY_MS = 86_400_000;
const chinaDaySql = (column: typeof payOrders.paidAt | typeof payRefunds.finishedAt) =>
  sql<string>`strftime('%Y-%m-%d', (${column} + ${CHINA_OFFSET_MS}) / 1000, 'unixepoch')`;

/**
 * Paid orders and net revenue per China-time day over the last `days` days (today included), zero days filled in:
 * an order counts on the day it was paid, a successful refund is subtracted on the day Alipay refunded it.
 */
export async function revenueByDay({ db, now, days = REVENUE_DAYS }: { db: Db; now: number; days?: number }): Promise<RevenueDay[]> {
  const since = startOfChinaDay(now) - (days - 1) * DAY_MS;
  const paidDay = chinaDaySql(payOrders.paidAt);
  const refundDay = chinaDaySql(payRefunds.finishedAt);
  const [paid, refunds] = await db.batch([
    db
      .select({ day: paidDay, orders: sql<number>`COUNT(*)`, fen: sql<number>`COALESCE(SUM(${payOrders.payAmountFen}), 0)` })
      .from(payOrders)
      .where(and(inArray(payOrders.status, PAID), gte(payOrders.paidAt, since)))
      .groupBy(paidDay),
    db
      .select({ day: refundDay, fen: sql<number>`COALESCE(SUM(${payRefunds.amountFen}), 0)` })
      .from(payRefunds)
      .where(and(eq(payRefunds.status, "success"), gte(payRefunds.finishedAt, since)))
      .groupBy(refundDay),
  ]);
  const paidBy = new Map(paid.map((r) => [r.day, r]));
  const refundedBy = new Map(refunds.map((r) => [r.day, r.fen]));
  return Array.from({ length: days }, (_, i) => {
    const d = chinaDate(since + i * DAY_MS);
    const r = paidBy.get(d);
    const refunded = refundedBy.get(d) ?? 0;
    return { day: d, orders: r?.orders ?? 0, revenue: ((r?.fen ?? 0) - refunded) / 100, refunded: refunded / 100 };
  });
}

/** Surveys whose report failed (not in the recycle bin), newest first, with the reason the user sees. */
export async function reportFailures({ db, pageSize = ADMIN_PAGE_SIZE }: { db: Db; pageSize?: number }): Promise<ReportFailureView[]> {
  const rows = await db
    .select({ s: surveys, typeName: surveyTypes.surveyName, userName: sql<string>`COALESCE(${users.name}, ${users.userName})` })
    .from(surveys)
    .innerJoin(surveyTypes, eq(surveyTypes.id, surveys.typeId))
    .innerJoin(users, eq(users.id, surveys.userId))
    .where(and(eq(surveys.disposeStatus, DISPOSE_STATUS.FAILED), eq(surveys.isDelete, 0)))
    .orderBy(desc(surveys.updatedAt))
    .limit(pageSize);
  return rows.map(({ s, typeName, userName }) => ({
    surveyId: s.id,
    surveyName: s.evaluationTitle || typeName,
    userId: s.userId,
    userName,
    reason: s.failReason,
    updatedAt: s.updatedAt,
  }));
}

/**
 * FAILED → QUEUED with its job (the same path as the user's generate); also a report still pending whose job's lease
 * expired, so an operator can restart what a crash left behind before the sweeper gets to it.
 */
export async function retryReport({ db, env, actorId, surveyId, now }: { db: Db; env: Env; actorId: number; surveyId: number; now: number }): Promise<void> {
  const s = await db.select().from(surveys).where(eq(surveys.id, surveyId)).get();
  if (!s || s.isDelete) throw notFound(ADMIN_MSG.retryInvalid);
  const restart = isReportPending(s.disposeStatus) && !(await liveJob({ db, kind: JOB_KIND.REPORT, subjectId: surveyId, now }));
  if (s.disposeStatus !== DISPOSE_STATUS.FAILED && !restart) throw fail(ADMIN_MSG.retryInvalid);
  const jobId = await queueReport({ db, surveyId, now, timing: jobTiming({ env }), restart });
  if (!jobId) throw fail(ADMIN_MSG.retryInvalid);
  await wakeJobs({ env, list: [{ id: jobId, kind: JOB_KIND.REPORT }] });
  await auditStatement({ db, entry: {
      actorId,
      action: ADMIN_ACTION.REPORT_RETRY,
      targetType: "survey",
      targetId: surveyId,
      before: { disposeStatus: s.disposeStatus, failReason: s.failReason },
      after: { disposeStatus: DISPOSE_STATUS.QUEUED },
    }, now });
}
