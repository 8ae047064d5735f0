// Refunds of paid orders through Alipay's refund API (alipay.trade.refund), started by an operator (issue 17).
// The order's status machine gains one step: SUCCESS → REFUNDED once the successful refunds add up to what was paid
// (a partial refund leaves it SUCCESS, so the report stays downloadable). A full refund closes the download gate
// (hasPaidReport reads SUCCESS only), returns the order's coupon to the user (unused) and frees the survey for a new
// order (the one-open-order index covers WAIT_PAY and SUCCESS only). docs/payments.md "Refunds".
//
// Exactly once: each refund is a pay_refunds row whose out_request_no is sent to Alipay; the same number with the
// same amount is answered by Alipay without refunding again, so a repeated submit (double click, retry after an
// unverifiable answer) never refunds twice. At most one pending refund per order (a partial unique index), and
// pending + successful refunds never exceed the paid amount (the guarded INSERT … SELECT below).
import { and, eq, exists, inArray, sql } from "drizzle-orm";
import { adminAuditLog, payOrders, payRefunds, qaMessages, userCoupons } from "../../../db/schema";
import { fail, notFound } from "../../lib/errors";
import { COMMERCE_ACTION, COMMERCE_MSG, fenText, refundNotice, type RefundInput } from "../../contract/admin-commerce";
import { pushMessageCount } from "../messaging/channel";
import type { AlipayClient } from "../../providers/alipay";
import { clientOf, orderBySn, type OrderRow, type PayCtx } from "./context";
import { COUPON_STATUS } from "./coupons";
import { invoiceRefundStatements } from "../invoice/red-letter";

export type RefundRow = typeof payRefunds.$inferSelect;

/** A pending refund younger than this is being driven by another request: wait instead of driving it twice. */
export const REFUND_CLAIM_MS = 15_000;

/** Pending and successful refunds of an order, fen (what is no longer refundable). */
export async function refundedFen(ctx: Pick<PayCtx, "db">, orderId: number, statuses: ("pending" | "success")[] = ["pending", "success"]): Promise<number> {
  const row = await ctx.db
    .select({ fen: sql<number>`COALESCE(SUM(${payRefunds.amountFen}), 0)` })
    .from(payRefunds)
    .where(and(eq(payRefunds.orderId, orderId), inArray(payRefunds.status, statuses)))
    .get();
  return row?.fen ?? 0;
}

/** What can still be refunded: only Alipay-paid orders (a 100 % coupon order took no money). */
export async function refundableFen(ctx: Pick<PayCtx, "db">, order: OrderRow): Promise<number> {
  if (order.status !== "SUCCESS" || order.payChannel !== "alipay") return 0;
  return Math.max(0, order.payAmountFen - (await refundedFen(ctx, order.id)));
}

export interface RefundOutcome {
  refund: RefundRow;
  order: OrderRow;
  /** false when the request number had already refunded (nothing new happened). */
  fresh: boolean;
}

/**
 * Refund `amountFen` of a paid order. `client` is injected by tests (e.g. a gateway whose answers are tampered with);
 * otherwise the configured Alipay client is used.
 */
export async function refundOrder(ctx: PayCtx, actorId: number, input: Omit<RefundInput, "amount"> & { amountFen: number }, client: AlipayClient | null = clientOf(ctx)): Promise<RefundOutcome> {
  if (!client) throw fail(COMMERCE_MSG.payDisabled);
  const order = await orderBySn(ctx.db, input.orderSn);
  if (!order) throw notFound(COMMERCE_MSG.orderMissing);
  let refund = await ctx.db.select().from(payRefunds).where(eq(payRefunds.outRequestNo, input.requestNo)).get();
  if (refund) {
    if (refund.orderId !== order.id || refund.amountFen !== input.amountFen) throw fail(COMMERCE_MSG.refundRequestReused);
    if (refund.status === "success") return { refund, order, fresh: false };
    if (refund.status === "failed") throw fail(COMMERCE_MSG.refundFailedBefore);
    // A pending refund is driven again with its own number (Alipay refunds it once), unless another request is on it.
    if (ctx.now - refund.createdAt < REFUND_CLAIM_MS) throw fail(COMMERCE_MSG.refundBusy);
  } else {
    if (order.status === "REFUNDED") throw fail(COMMERCE_MSG.refundAlready);
    if (order.status !== "SUCCESS") throw fail(COMMERCE_MSG.refundNotPaid);
    if (order.payChannel !== "alipay") throw fail(COMMERCE_MSG.refundNotAlipay);
    const pending = await ctx.db.select({ id: payRefunds.id }).from(payRefunds).where(and(eq(payRefunds.orderId, order.id), eq(payRefunds.status, "pending"))).get();
    if (pending) throw fail(COMMERCE_MSG.refundBusy);
    const left = await refundableFen(ctx, order);
    if (input.amountFen > left) throw fail(`${COMMERCE_MSG.refundTooMuch}¥${fenText(left)}`);
    // Guarded insert: the amount must still fit under what was paid, counting every pending and successful refund
    // at this moment (two operators at once cannot both pass), and the order must still be a paid Alipay order.
    // Column order of pay_refunds: id, order_id, out_request_no, amount_fen, reason, status, actor_id, trade_no,
    // refund_fee_fen, gmt_refund_pay, fail_reason, created_at, finished_at.
    const guarded = sql`SELECT NULL, o.id, ${input.requestNo}, ${input.amountFen}, ${input.reason}, 'pending', ${actorId}, NULL, NULL, NULL, NULL, ${ctx.now}, NULL
      FROM pay_orders o WHERE o.id = ${order.id} AND o.status = 'SUCCESS' AND o.pay_channel = 'alipay'
        AND (SELECT COALESCE(SUM(r.amount_fen), 0) FROM pay_refunds r WHERE r.order_id = o.id AND r.status IN ('pending', 'success')) + ${input.amountFen} <= o.pay_amount_fen`;
    let inserted: { id: number }[];
    try {
      inserted = await ctx.db.insert(payRefunds).select(guarded).onConflictDoNothing().returning({ id: payRefunds.id });
    } catch (e) {
      if (/UNIQUE/i.test(String(e))) throw fail(COMMERCE_MSG.refundBusy);
      throw e;
    }
    refund = inserted[0] ? await ctx.db.select().from(payRefunds).where(eq(payRefunds.id, inserted[0].id)).get() : undefined;
    if (!refund) {
      // Lost a race: say why (another pending refund, the same request number, or no money left).
      const again = await ctx.db.select().from(payRefunds).where(eq(payRefunds.outRequestNo, input.requestNo)).get();
      if (again) throw fail(COMMERCE_MSG.refundBusy);
      const pending = await ctx.db.select({ id: payRefunds.id }).from(payRefunds).where(and(eq(payRefunds.orderId, order.id), eq(payRefunds.status, "pending"))).get();
      throw fail(pending ? COMMERCE_MSG.refundBusy : COMMERCE_MSG.refundTooMuch);
    }
  }
  return driveRefund(ctx, actorId, order, refund, client);
}

async function driveRefund(ctx: PayCtx, actorId: number, order: OrderRow, refund: RefundRow, client: AlipayClient): Promise<RefundOutcome> {
  let answer: Awaited<ReturnType<AlipayClient["refund"]>>;
  try {
    answer = await client.refund({ outTradeNo: order.orderSn, refundFen: refund.amountFen, outRequestNo: refund.outRequestNo, reason: refund.reason, now: ctx.now });
  } catch (e) {
    // Unreachable gateway or an answer whose signature does not verify: nothing in it is believed. The refund stays
    // pending (blocking further refunds of the order) until it is submitted again with the same number.
    console.error(JSON.stringify({ event: "alipay-refund-unverified", orderSn: order.orderSn, outRequestNo: refund.outRequestNo, error: String(e) }));
    throw fail(COMMERCE_MSG.refundUnknown);
  }
  if (!answer.ok) {
    const why = `${answer.subCode} ${answer.subMsg}`.trim().slice(0, 200);
    await ctx.db.batch([
      ctx.db.update(payRefunds).set({ status: "failed", failReason: why, finishedAt: ctx.now }).where(and(eq(payRefunds.id, refund.id), eq(payRefunds.status, "pending"))),
      ctx.db.insert(adminAuditLog).values({
        actorId,
        action: COMMERCE_ACTION.ORDER_REFUND,
        targetType: "order",
        targetId: order.orderSn,
        before: JSON.stringify({ status: order.status }),
        after: JSON.stringify({ status: order.status, refund: { outRequestNo: refund.outRequestNo, amount: fenText(refund.amountFen), result: "failed", why } }),
        reason: refund.reason,
        createdAt: ctx.now,
      }),
    ]);
    throw fail(`${COMMERCE_MSG.refundRejected}：${answer.subMsg || answer.subCode}`);
  }
  const before = await refundedFen(ctx, order.id, ["success"]);
  const totalAfter = before + refund.amountFen;
  const full = totalAfter >= order.payAmountFen;
  const after = {
    status: full ? "REFUNDED" : order.status,
    refunded: fenText(totalAfter),
    refund: { outRequestNo: refund.outRequestNo, amount: fenText(refund.amountFen), alipayRefundFee: fenText(answer.refundFeeFen), fundChange: answer.fundChange },
    ...(full && order.userCouponId ? { couponReturned: order.userCouponId } : {}),
  };
  const [done] = await ctx.db.batch([
    ctx.db
      .update(payRefunds)
      .set({ status: "success", tradeNo: answer.tradeNo, refundFeeFen: answer.refundFeeFen, gmtRefundPay: answer.gmtRefundPay, finishedAt: ctx.now })
      .where(and(eq(payRefunds.id, refund.id), eq(payRefunds.status, "pending"))),
    // SUCCESS → REFUNDED when the successful refunds reach what was paid (computed here, after the line above).
    ctx.db
      .update(payOrders)
      .set({ status: "REFUNDED" })
      .where(
        and(
          eq(payOrders.id, order.id),
          eq(payOrders.status, "SUCCESS"),
          sql`(SELECT COALESCE(SUM(r.amount_fen), 0) FROM pay_refunds r WHERE r.order_id = ${order.id} AND r.status = 'success') >= ${payOrders.payAmountFen}`,
        ),
      ),
    // A full refund gives the coupon back (unused; its own end still applies).
    ctx.db
      .update(userCoupons)
      .set({ status: COUPON_STATUS.UNUSED, orderId: null, usedAt: null })
      .where(
        and(
          eq(userCoupons.id, order.userCouponId ?? -1),
          eq(userCoupons.status, COUPON_STATUS.USED),
          exists(ctx.db.select({ one: sql`1` }).from(payOrders).where(and(eq(payOrders.id, order.id), eq(payOrders.status, "REFUNDED")))),
        ),
      ),
    ctx.db.insert(qaMessages).values({ receiverId: order.userId, kind: "system", actorId: null, content: refundNotice(order.productName, order.orderSn, fenText(refund.amountFen), full), isRead: 0, createdAt: ctx.now }),
    ctx.db.insert(adminAuditLog).values({
      actorId,
      action: COMMERCE_ACTION.ORDER_REFUND,
      targetType: "order",
      targetId: order.orderSn,
      before: JSON.stringify({ status: order.status, refunded: fenText(before) }),
      after: JSON.stringify(after),
      reason: refund.reason,
      createdAt: ctx.now,
    }),
    // Invoices: a red-letter invoice owed for an issued one, a pending request cancelled by a full refund (issue 25).
    ...invoiceRefundStatements(ctx.db, order.id, refund.id, refund.amountFen, ctx.now),
  ]);
  if (done.meta.changes !== 1) console.warn(JSON.stringify({ event: "refund-finished-twice", outRequestNo: refund.outRequestNo }));
  try {
    await pushMessageCount(ctx.env, order.userId, 1);
  } catch (e) {
    console.warn(JSON.stringify({ event: "push-failed", userId: order.userId, error: String(e) }));
  }
  const fresh = (await ctx.db.select().from(payRefunds).where(eq(payRefunds.id, refund.id)).get())!;
  return { refund: fresh, order: (await orderBySn(ctx.db, order.orderSn))!, fresh: true };
}
