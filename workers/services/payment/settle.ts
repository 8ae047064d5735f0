// Applying a payment to an order, exactly once, and closing unpaid orders. Both are single D1 batches (one
// transaction): the payment row's unique order_id and trade_no make a repeated notify, a query after a notify or
// two racing deliveries all end with one payment and one SUCCESS.
import { and, eq, exists, ne, sql } from "drizzle-orm";
import { payOrders, payPayments, userCoupons } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { COUPON_STATUS } from "./coupons";
import type { OrderRow } from "./context";

export interface PaymentInput {
  channel: "alipay" | "coupon";
  tradeNo: string;
  amountFen: number;
  source: "notify" | "query" | "return" | "coupon";
  buyerId: string | null;
  now: number;
}

export type ApplyOutcome = "applied" | "duplicate" | "conflict";

/**
 * Mark the order paid. A CLOSED order is accepted too: money Alipay took must buy the report (the close at Alipay
 * normally prevents this; a payment racing the close is the only way here).
 */
export async function applyPayment(db: Db, orderId: number, p: PaymentInput): Promise<ApplyOutcome> {
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
export async function markClosed(db: Db, order: Pick<OrderRow, "id">, now: number): Promise<boolean> {
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
