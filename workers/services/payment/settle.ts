// Applying a payment to an order, exactly once, and closing unpaid orders. Both are single D1 batches (one
// transaction): the payment row's unique order_id and trade_no make a repeated notify, a query after a notify or
// two racing deliveries all end with one payment and one SUCCESS.
import type { Db } from "../../lib/db";
import { d1, type OrderRow } from "./context";

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
  const client = d1(db);
  const [, update] = await client.batch([
    client
      .prepare(
        "INSERT INTO pay_payments (order_id, channel, trade_no, amount_fen, source, buyer_id, paid_at) SELECT id, ?, ?, ?, ?, ?, ? FROM pay_orders WHERE id = ? AND status != 'SUCCESS' ON CONFLICT DO NOTHING",
      )
      .bind(p.channel, p.tradeNo, p.amountFen, p.source, p.buyerId, p.now, orderId),
    client
      .prepare(
        "UPDATE pay_orders SET status = 'SUCCESS', pay_channel = ?1, trade_no = ?2, paid_at = ?3 WHERE id = ?4 AND status != 'SUCCESS' AND EXISTS (SELECT 1 FROM pay_payments WHERE order_id = ?4 AND trade_no = ?2)",
      )
      .bind(p.channel, p.tradeNo, p.now, orderId),
    // The order's reserved coupon is spent with it.
    client
      .prepare(
        "UPDATE user_coupons SET status = 1, used_at = ?1 WHERE order_id = ?2 AND status = 2 AND EXISTS (SELECT 1 FROM pay_orders WHERE id = ?2 AND status = 'SUCCESS' AND trade_no = ?3)",
      )
      .bind(p.now, orderId, p.tradeNo),
  ]);
  if (update.meta.changes === 1) return "applied";
  const existing = await client.prepare("SELECT trade_no FROM pay_payments WHERE order_id = ?").bind(orderId).first<{ trade_no: string }>();
  return existing?.trade_no === p.tradeNo ? "duplicate" : "conflict";
}

/** WAIT_PAY → CLOSED and the reserved coupon back to unused; false when the order had already moved on. */
export async function markClosed(db: Db, order: Pick<OrderRow, "id">, now: number): Promise<boolean> {
  const client = d1(db);
  const [closed] = await client.batch([
    client.prepare("UPDATE pay_orders SET status = 'CLOSED', closed_at = ? WHERE id = ? AND status = 'WAIT_PAY'").bind(now, order.id),
    client.prepare("UPDATE user_coupons SET status = 0, order_id = NULL WHERE order_id = ? AND status = 2 AND EXISTS (SELECT 1 FROM pay_orders WHERE id = ? AND status = 'CLOSED')").bind(order.id, order.id),
  ]);
  return closed.meta.changes === 1;
}
