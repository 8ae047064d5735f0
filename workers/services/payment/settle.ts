// Applying a payment to an order, exactly once, and closing unpaid orders. Both are single D1 batches (one
// transaction): the payment row's unique order_id and trade_no make a repeated notify, a query after a notify or
// two racing deliveries all end with one payment and one SUCCESS.
import { and, eq, exists, ne, sql } from "drizzle-orm";
import { payNotifications, payOrders, payPayments, userCoupons } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { COUPON_STATUS } from "./coupons";
import type { OrderRow } from "./context";

export interface PaymentInput {
  channel: "alipay" | "wechat" | "coupon";
  tradeNo: string;
  amountFen: number;
  source: "notify" | "query" | "return" | "coupon";
  buyerId: string | null;
  now: number;
}

export type ApplyOutcome = "applied" | "duplicate" | "conflict";

/** A notify's log row (pay_notifications without its outcome, which the batch decides). */
export type NotifyLog = Omit<typeof payNotifications.$inferInsert, "id" | "outcome">;

/**
 * The notify's log row, inserted inside the payment batch right after the order update, so a crash leaves either
 * both (a paid order and the notify that paid it) or neither (the channel delivers the notify again). Its outcome
 * is computed there: changes() is the order update's row count (1 = this notify paid the order); otherwise the
 * order's payment row says whether this trade had already paid it (duplicate) or another one had (conflict).
 */
function notifyLogStatement(db: Db, orderId: number, tradeNo: string, log: NotifyLog) {
  // Column order of pay_notifications: id, notify_id, out_trade_no, trade_no, trade_status, total_amount, outcome,
  // params_json, received_at, channel.
  return db.insert(payNotifications).select(
    sql`SELECT NULL, ${log.notifyId ?? null}, ${log.outTradeNo ?? null}, ${log.tradeNo ?? null}, ${log.tradeStatus ?? null}, ${log.totalAmount ?? null},
      CASE WHEN changes() = 1 THEN 'applied'
           WHEN (SELECT p.trade_no FROM pay_payments p WHERE p.order_id = ${orderId}) = ${tradeNo} THEN 'duplicate'
           ELSE 'conflict' END,
      ${log.paramsJson}, ${log.receivedAt}, ${log.channel ?? "alipay"}`,
  );
}

/**
 * Mark the order paid. A CLOSED order is accepted too: money Alipay took must buy the report (the close at Alipay
 * normally prevents this; a payment racing the close is the only way here).
 */
export async function applyPayment({ db, orderId, p, notify }: { db: Db; orderId: number; p: PaymentInput; notify?: NotifyLog }): Promise<ApplyOutcome> {
  const paidByThisTrade = and(eq(payOrders.id, orderId), eq(payOrders.status, "SUCCESS"), eq(payOrders.tradeNo, p.tradeNo));
  const [, update] = await db.batch([
    // A paid order already has its payment row (order_id is unique), so a second trade's insert does nothing.
    db
      .insert(payPayments)
      .values({ orderId, channel: p.channel, tradeNo: p.tradeNo, amountFen: p.amountFen, source: p.source, buyerId: p.buyerId, paidAt: p.now })
      .onConflictDoNothing(),
    db
      .update(payOrders)
      .set({ status: "SUCCESS", payChannel: p.channel, tradeNo: p.tradeNo, paidAt: p.now })
      .where(
        and(
          eq(payOrders.id, orderId),
          ne(payOrders.status, "SUCCESS"),
          exists(db.select({ one: sql`1` }).from(payPayments).where(and(eq(payPayments.orderId, orderId), eq(payPayments.tradeNo, p.tradeNo)))),
        ),
      ),
    // Must follow the order update at once: it reads that statement's changes().
    ...(notify ? [notifyLogStatement(db, orderId, p.tradeNo, notify)] : []),
    // The order's reserved coupon is spent with it.
    db
      .update(userCoupons)
      .set({ status: COUPON_STATUS.USED, usedAt: p.now })
      .where(and(eq(userCoupons.orderId, orderId), eq(userCoupons.status, COUPON_STATUS.RESERVED), exists(db.select({ one: sql`1` }).from(payOrders).where(paidByThisTrade)))),
  ]);
  if (update.meta.changes === 1) return "applied";
  const existing = await db.select({ tradeNo: payPayments.tradeNo }).from(payPayments).where(eq(payPayments.orderId, orderId)).get();
  return existing?.tradeNo === p.tradeNo ? "duplicate" : "conflict";
}

/** WAIT_PAY → CLOSED and the reserved coupon back to unused; false when the order had already moved on. */
export async function markClosed({ db, order, now }: { db: Db; order: Pick<OrderRow, "id">; now: number }): Promise<boolean> {
  const [closed] = await db.batch([
    db
      .update(payOrders)
      .set({ status: "CLOSED", closedAt: now })
      .where(and(eq(payOrders.id, order.id), eq(payOrders.status, "WAIT_PAY"))),
    db
      .update(userCoupons)
      .set({ status: COUPON_STATUS.UNUSED, orderId: null })
      .where(
        and(
          eq(userCoupons.orderId, order.id),
          eq(userCoupons.status, COUPON_STATUS.RESERVED),
          exists(db.select({ one: sql`1` }).from(payOrders).where(and(eq(payOrders.id, order.id), eq(payOrders.status, "CLOSED")))),
        ),
      ),
  ]);
  return closed.meta.changes === 1;
}
