// What every payment service call gets: the db, env, the clock, and the request origin (the dev gateway and the
// notify/return URLs are built from it), plus the row shapes read with raw SQL.
import type { Db } from "../../lib/db";
import { opt } from "../../lib/env";
import { alipayClient, type AlipayClient } from "../../providers/alipay";

export interface PayCtx {
  db: Db;
  env: Env;
  now: number;
  origin: string;
}

/** The D1 client under drizzle. TODO(h16): goes when payment moves onto drizzle builders (after h13's order change). */
export function d1(db: Db): D1Database {
  return (db as unknown as { $client: D1Database }).$client;
}

/** The Alipay client; scheduled jobs have no request, so they use PUBLIC_ORIGIN (only query/close run there). */
export function clientOf(ctx: PayCtx): AlipayClient | null {
  return alipayClient(ctx.env, ctx.origin);
}

export const originForJobs = (env: Env) => opt(env, "PUBLIC_ORIGIN") ?? "http://localhost";

export interface OrderRow {
  id: number;
  order_sn: string;
  user_id: number;
  user_name: string;
  merchant_id: number;
  product_id: number;
  sub_product_id: number;
  product_name: string;
  amount: number;
  order_amount_fen: number;
  pay_amount_fen: number;
  user_coupon_id: number | null;
  platform: string;
  status: "WAIT_PAY" | "SUCCESS" | "CLOSED";
  pay_channel: string | null;
  trade_no: string | null;
  alipay_requested_at: number | null;
  created_at: number;
  paid_at: number | null;
  closed_at: number | null;
  /** Joined from the coupon, when one is attached. */
  batch_id?: number | null;
  coupon_name?: string | null;
  coupon_amount_fen?: number | null;
}

const ORDER_SELECT =
  "SELECT o.*, b.id AS batch_id, b.coupon_name, b.amount_fen AS coupon_amount_fen FROM pay_orders o LEFT JOIN user_coupons uc ON uc.id = o.user_coupon_id LEFT JOIN coupon_batches b ON b.id = uc.batch_id";

export async function orderById(db: Db, id: number): Promise<OrderRow | null> {
  return d1(db).prepare(`${ORDER_SELECT} WHERE o.id = ?`).bind(id).first<OrderRow>();
}

export async function orderBySn(db: Db, orderSn: string): Promise<OrderRow | null> {
  return d1(db).prepare(`${ORDER_SELECT} WHERE o.order_sn = ?`).bind(orderSn).first<OrderRow>();
}

/** The order that decides the survey's payment state: a paid one if any, else the newest. */
export async function orderForSurvey(db: Db, userId: number, surveyId: number): Promise<OrderRow | null> {
  return d1(db)
    .prepare(`${ORDER_SELECT} WHERE o.user_id = ? AND o.sub_product_id = ? ORDER BY (o.status = 'SUCCESS') DESC, o.created_at DESC, o.id DESC LIMIT 1`)
    .bind(userId, surveyId)
    .first<OrderRow>();
}
