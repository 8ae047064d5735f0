// What every payment service call gets: the db, env, the clock, and the request origin (the dev gateway and the
// notify/return URLs are built from it), and the order rows every payment step reads.
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { couponBatches, payOrders, userCoupons } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { opt } from "../../lib/env";
import { alipayClient, type AlipayClient } from "../../providers/alipay";
import { wechatPayClient, type WechatPayClient } from "../../providers/wechatpay";

export interface PayCtx {
  db: Db;
  env: Env;
  now: number;
  origin: string;
}

/** The Alipay client; scheduled jobs have no request, so they use PUBLIC_ORIGIN (only query/close run there). */
export function clientOf(ctx: PayCtx): AlipayClient | null {
  return alipayClient(ctx.env, ctx.origin);
}

/** The WeChat Pay client (null when WECHAT_PAY is not configured here). */
export function wechatClientOf(ctx: PayCtx): WechatPayClient | null {
  return wechatPayClient(ctx.env, ctx.origin);
}

export const originForJobs = ({ env }: { env: Env }) => opt(env, "PUBLIC_ORIGIN") ?? "http://localhost";

/** An order with the coupon batch it holds (when one is attached). */
export type OrderRow = typeof payOrders.$inferSelect & {
  batchId: number | null;
  couponName: string | null;
  couponAmountFen: number | null;
  /** The coupon's effective end (its own or its batch's, the earlier); null = none or no coupon. */
  couponEndsAt: number | null;
};

const couponEnd = sql<number | null>`MIN(COALESCE(${userCoupons.expiresAt}, ${couponBatches.expiresAt}), COALESCE(${couponBatches.expiresAt}, ${userCoupons.expiresAt}))`;

function orderQuery(db: Db) {
  return db
    .select({ ...getTableColumns(payOrders), batchId: couponBatches.id, couponName: couponBatches.couponName, couponAmountFen: couponBatches.amountFen, couponEndsAt: couponEnd })
    .from(payOrders)
    .leftJoin(userCoupons, eq(userCoupons.id, payOrders.userCouponId))
    .leftJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId));
}

export async function orderById({ db, id }: { db: Db; id: number }): Promise<OrderRow | null> {
  return (await orderQuery(db).where(eq(payOrders.id, id)).get()) ?? null;
}

export async function orderBySn({ db, orderSn }: { db: Db; orderSn: string }): Promise<OrderRow | null> {
  return (await orderQuery(db).where(eq(payOrders.orderSn, orderSn)).get()) ?? null;
}

/** The order that decides the survey's payment state: a paid one if any, else the newest. */
export async function orderForSurvey({ db, userId, surveyId }: { db: Db; userId: number; surveyId: number }): Promise<OrderRow | null> {
  return (
    (await orderQuery(db)
      .where(and(eq(payOrders.userId, userId), eq(payOrders.subProductId, surveyId)))
      .orderBy(desc(sql`${payOrders.status} = 'SUCCESS'`), desc(payOrders.createdAt), desc(payOrders.id))
      .get()) ?? null
  );
}
