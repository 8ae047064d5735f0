// Operator console, commerce (issue 17): refunds of paid orders through Alipay's refund API (alipay.trade.refund),
// one row per refund request (its out_request_no makes a repeated request idempotent at Alipay and here), and the
// dev gateway's refunds of its own trades (dev-only, like alipay_dev_trades).
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { payOrders } from "./payment";

/**
 * Refunds: status pending (asked Alipay, answer not yet verified) → success | failed. At most one pending refund per
 * order (partial unique index), so two operators cannot refund the same money twice; the sum of pending and
 * successful refunds never exceeds what the order paid (checked before the request, in the service).
 */
export const payRefunds = sqliteTable(
  "pay_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => payOrders.id),
    /** Alipay's out_request_no: the same number asks for the same refund (Alipay refunds it once). */
    outRequestNo: text("out_request_no").notNull().unique(),
    amountFen: integer("amount_fen").notNull(),
    reason: text("reason").notNull(),
    status: text("status").$type<"pending" | "success" | "failed">().notNull(),
    actorId: integer("actor_id")
      .notNull()
      .references(() => users.id),
    /** Alipay's trade_no and the trade's cumulative refunded amount (refund_fee), fen, from the verified answer. */
    tradeNo: text("trade_no"),
    refundFeeFen: integer("refund_fee_fen"),
    /** Alipay's gmt_refund_pay (Beijing time text), when it gave one. */
    gmtRefundPay: text("gmt_refund_pay"),
    failReason: text("fail_reason"),
    createdAt: integer("created_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("pay_refunds_order_idx").on(t.orderId),
    index("pay_refunds_finished_idx").on(t.status, t.finishedAt),
    uniqueIndex("pay_refunds_one_pending_idx").on(t.orderId).where(sql`status = 'pending'`),
  ],
);

/** DEV-ONLY: refunds the local dev gateway made on its trades (alipay.trade.refund, fastpay.refund.query). */
export const alipayDevRefunds = sqliteTable(
  "alipay_dev_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tradeNo: text("trade_no").notNull(),
    outRequestNo: text("out_request_no").notNull(),
    refundAmount: text("refund_amount").notNull(),
    refundReason: text("refund_reason"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("alipay_dev_refunds_request_uq").on(t.tradeNo, t.outRequestNo)],
);
