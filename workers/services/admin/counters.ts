// The kept counters' keys (db/schema/counters.ts): the triggers of migrations/0015_growth_indexes.sql keep each exact.
import { inArray } from "drizzle-orm";
import { statCounters } from "../../../db/schema";
import type { Db } from "../../lib/db";

export const STAT_COUNTER = {
  usersTotal: "users_total",
  usersBanned: "users_banned",
  questionsLive: "questions_live",
  answersLive: "answers_live",
  reviewsPending: "reviews_pending",
  reportsReady: "reports_ready",
  reportsFailed: "reports_failed",
  ordersPaid: "orders_paid",
  ordersPaidFen: "orders_paid_fen",
  refundsFen: "refunds_fen",
} as const;
export type StatCounter = (typeof STAT_COUNTER)[keyof typeof STAT_COUNTER];

/** The counters as one read: a missing row reads 0. */
export function counterRead({ db }: { db: Db }) {
  return db.select().from(statCounters).where(inArray(statCounters.key, Object.values(STAT_COUNTER)));
}

export function countersOf(rows: { key: string; value: number }[]): Record<StatCounter, number> {
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(Object.values(STAT_COUNTER).map((k) => [k, byKey.get(k) ?? 0])) as Record<StatCounter, number>;
}
