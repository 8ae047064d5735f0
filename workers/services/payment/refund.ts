// Refunds of paid orders through Alipay's refund API (alipay.trade.refund) or WeChat Pay's (POST
// /v3/refund/domestic/refunds, finished by its answer or its refund notify), started by an operator (issue 17, 25).
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
import { wechatRefundNotifyUrl, type Refund, type WechatPayClient } from "../../providers/wechatpay";
import { clientOf, orderBySn, wechatClientOf, type OrderRow, type PayCtx } from "./context";
import { COUPON_STATUS } from "./coupons";
import { invoiceRefundStatements } from "../invoice/red-letter";

export type RefundRow = typeof payRefunds.$inferSelect;

/** A pending refund younger than this is being driven by another request: wait instead of driving it twice. */
export const REFUND_CLAIM_MS = 15_000;

/** Pending and successful refunds of an order, fen (what is no longer refundable). */
export async function refundedFen({ orderId, statuses = ["pending", "success"], ...ctx }: Pick<PayCtx, "db"> & { orderId: number; statuses?: ("pending" | "success")[] }): Promise<number> {
  const row = await ctx.db
    .select({ fen: sql<number>`COALESCE(SUM(${payRefunds.amountFen}), 0)` })
    .from(payRefunds)
    .where(and(eq(payRefunds.orderId, orderId), inArray(payRefunds.status, statuses)))
    .get();
  return row?.fen ?? 0;
}

/** Channels that took money and refund it through their API (a 100 % coupon order took none). */
export const REFUNDABLE_CHANNELS = ["alipay", "wechat"];

/** What can still be refunded: only orders paid through Alipay or WeChat Pay. */
export async function refundableFen({ order, ...ctx }: Pick<PayCtx, "db"> & { order: OrderRow }): Promise<number> {
  if (order.status !== "SUCCESS" || !REFUNDABLE_CHANNELS.includes(order.payChannel ?? "")) return 0;
  return Math.max(0, order.payAmountFen - (await refundedFen({ ...ctx, orderId: order.id })));
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
export async function refundOrder({ actorId, input, client: givenAlipay, wechat: givenWechat, ...ctx }: PayCtx & { actorId: number; input: Omit<RefundInput, "amount"> & { amountFen: number }; client?: AlipayClient | null; wechat?: WechatPayClient | null }): Promise<RefundOutcome> {
  // Defaults here, not in the pattern: the rest element (ctx) is bound after the other fields.
  const client = givenAlipay === undefined ? clientOf(ctx) : givenAlipay;
  const wechat = givenWechat === undefined ? wechatClientOf(ctx) : givenWechat;
  const order = await orderBySn({ db: ctx.db, orderSn: input.orderSn });
  if (!order) throw notFound(COMMERCE_MSG.orderMissing);
  if (order.payChannel === "wechat" ? !wechat : !client) throw fail(order.payChannel === "wechat" ? COMMERCE_MSG.wechatDisabled : COMMERCE_MSG.payDisabled);
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
    if (!REFUNDABLE_CHANNELS.includes(order.payChannel ?? "")) throw fail(COMMERCE_MSG.refundNotAlipay);
    const pending = await ctx.db.select({ id: payRefunds.id }).from(payRefunds).where(and(eq(payRefunds.orderId, order.id), eq(payRefunds.status, "pending"))).get();
    if (pending) throw fail(COMMERCE_MSG.refundBusy);
    const left = await refundableFen({ ...ctx, order });
    if (input.amountFen > left) throw fail(`${COMMERCE_MSG.refundTooMuch}¥${fenText(left)}`);
    // Guarded insert: the amount must still fit under what was paid, counting every pending and successful refund
    // at this moment (two operators at once cannot both pass), and the order must still be paid through a channel.
    // Column order of pay_refunds: id, order_id, out_request_no, amount_fen, reason, status, actor_id, trade_no,
    // refund_fee_fen, gmt_refund_pay, fail_reason, created_at, finished_at.
    const guarded = sql`SELECT NULL, o.id, ${input.requestNo}, ${input.amountFen}, ${input.reason}, 'pending', ${actorId}, NULL, NULL, NULL, NULL, ${ctx.now}, NULL
      FROM pay_orders o WHERE o.id = ${order.id} AND o.status = 'SUCCESS' AND o.pay_channel IN ('alipay', 'wechat')
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
  return order.payChannel === "wechat" ? driveWechatRefund(ctx, actorId, order, refund, wechat!) : driveRefund(ctx, actorId, order, refund, client!);
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
    await failRefund(ctx, actorId, order, refund, `${answer.subCode} ${answer.subMsg}`.trim());
    throw fail(`${COMMERCE_MSG.refundRejected}：${answer.subMsg || answer.subCode}`);
  }
  await finishRefund(ctx, actorId, order, refund, { tradeNo: answer.tradeNo, refundFeeFen: answer.refundFeeFen, gmtRefundPay: answer.gmtRefundPay, detail: { alipayRefundFee: fenText(answer.refundFeeFen), fundChange: answer.fundChange } });
  const fresh = (await ctx.db.select().from(payRefunds).where(eq(payRefunds.id, refund.id)).get())!;
  return { refund: fresh, order: (await orderBySn({ db: ctx.db, orderSn: order.orderSn }))!, fresh: true };
}

/** WeChat Pay: SUCCESS finishes now; PROCESSING stays pending until the refund notify (or a resubmit) says more. */
async function driveWechatRefund(ctx: PayCtx, actorId: number, order: OrderRow, refund: RefundRow, client: WechatPayClient): Promise<RefundOutcome> {
  let answer: Awaited<ReturnType<WechatPayClient["refund"]>>;
  try {
    answer = await client.refund({ outTradeNo: order.orderSn, outRefundNo: refund.outRequestNo, refundFen: refund.amountFen, totalFen: order.payAmountFen, reason: refund.reason, notifyUrl: wechatRefundNotifyUrl(ctx.env, ctx.origin), now: ctx.now });
  } catch (e) {
    console.error(JSON.stringify({ event: "wechat-refund-unverified", orderSn: order.orderSn, outRefundNo: refund.outRequestNo, error: String(e) }));
    throw fail(COMMERCE_MSG.refundUnknownWechat);
  }
  if (!answer.ok) {
    await failRefund(ctx, actorId, order, refund, `${answer.code} ${answer.message}`.trim());
    throw fail(`${COMMERCE_MSG.refundRejectedWechat}：${answer.message || answer.code}`);
  }
  const settled = await settleWechatRefund({ ...ctx, order, refund, r: answer.refund, actorId });
  if (settled === "pending") throw fail(COMMERCE_MSG.refundProcessing);
  const fresh = (await ctx.db.select().from(payRefunds).where(eq(payRefunds.id, refund.id)).get())!;
  if (fresh.status === "failed") throw fail(`${COMMERCE_MSG.refundRejectedWechat}：${fresh.failReason ?? ""}`);
  return { refund: fresh, order: (await orderBySn({ db: ctx.db, orderSn: order.orderSn }))!, fresh: true };
}

/**
 * Apply what WeChat Pay says about a refund (its answer or its verified refund notify): SUCCESS finishes it, CLOSED or
 * ABNORMAL fails it, PROCESSING leaves it pending. Both the answer and the notify may arrive; the second changes nothing.
 */
export async function settleWechatRefund({ order, refund, r, actorId = refund.actorId, ...ctx }: PayCtx & { order: OrderRow; refund: RefundRow; r: Refund; actorId?: number }): Promise<"success" | "failed" | "pending"> {
  const status = r.status ?? r.refund_status;
  if (status === "SUCCESS") {
    const before = await refundedFen({ ...ctx, orderId: order.id, statuses: ["success"] });
    const cumulative = before + (refund.status === "pending" ? refund.amountFen : 0);
    await finishRefund(ctx, actorId, order, refund, { tradeNo: r.transaction_id, refundFeeFen: cumulative, gmtRefundPay: r.success_time ?? null, detail: { wechatRefundId: r.refund_id } });
    return "success";
  }
  if (status === "CLOSED" || status === "ABNORMAL") {
    await failRefund(ctx, actorId, order, refund, `${status} 微信支付退款${status === "CLOSED" ? "已关闭" : "异常"}`);
    return "failed";
  }
  return "pending";
}

/** A refund the channel refused: the row becomes failed (once) with the reason, audited. */
async function failRefund(ctx: PayCtx, actorId: number, order: OrderRow, refund: RefundRow, reason: string) {
  const why = reason.slice(0, 200);
  await ctx.db.batch([
    // The audit row first, guarded by the refund still pending, so a second report of the same failure adds nothing.
    ctx.db.insert(adminAuditLog).select(
      sql`SELECT NULL, ${actorId}, ${COMMERCE_ACTION.ORDER_REFUND}, 'order', ${order.orderSn}, ${JSON.stringify({ status: order.status })},
        ${JSON.stringify({ status: order.status, refund: { outRequestNo: refund.outRequestNo, amount: fenText(refund.amountFen), result: "failed", why } })}, ${refund.reason}, ${ctx.now}
        WHERE EXISTS (SELECT 1 FROM pay_refunds WHERE id = ${refund.id} AND status = 'pending')`,
    ),
    ctx.db.update(payRefunds).set({ status: "failed", failReason: why, finishedAt: ctx.now }).where(and(eq(payRefunds.id, refund.id), eq(payRefunds.status, "pending"))),
  ]);
}

interface FinishDetails {
  tradeNo: string;
  /** The trade's cumulative refunded amount, as the channel reports it. */
  refundFeeFen: number;
  gmtRefundPay: string | null;
  /** Channel-specific facts for the audit row. */
  detail: Record<string, unknown>;
}

/**
 * A successful refund, in one batch and at most once: the user's message and the audit row are inserted only while
 * the refund is still pending (they come first in the batch), then the row becomes success, the order REFUNDED when
 * the successful refunds reach what was paid, the coupon returned on a full refund, and the invoice statements run.
 * A second report of the same refund (WeChat's answer after its notify) finds it finished and changes nothing.
 */
async function finishRefund(ctx: PayCtx, actorId: number, order: OrderRow, refund: RefundRow, d: FinishDetails) {
  const before = await refundedFen({ ...ctx, orderId: order.id, statuses: ["success"] });
  const totalAfter = before + refund.amountFen;
  const full = totalAfter >= order.payAmountFen;
  const after = {
    status: full ? "REFUNDED" : order.status,
    refunded: fenText(totalAfter),
    refund: { outRequestNo: refund.outRequestNo, amount: fenText(refund.amountFen), channel: order.payChannel, ...d.detail },
    ...(full && order.userCouponId ? { couponReturned: order.userCouponId } : {}),
  };
  const stillPending = sql`EXISTS (SELECT 1 FROM pay_refunds WHERE id = ${refund.id} AND status = 'pending')`;
  // Column orders (drizzle lists the schema's columns): qa_messages id, receiver_id, kind, actor_id, actor_anonymous,
  // question_id, answer_id, target_type, target_id, content, is_read, created_at; admin_audit_log id, actor_id, action,
  // target_type, target_id, before, after, reason, created_at.
  const [message] = await ctx.db.batch([
    ctx.db.insert(qaMessages).select(
      sql`SELECT NULL, ${order.userId}, 'system', NULL, 0, NULL, NULL, NULL, NULL, ${refundNotice(order.productName, order.orderSn, fenText(refund.amountFen), full, order.payChannel ?? "alipay")}, 0, ${ctx.now} WHERE ${stillPending}`,
    ),
    ctx.db.insert(adminAuditLog).select(
      sql`SELECT NULL, ${actorId}, ${COMMERCE_ACTION.ORDER_REFUND}, 'order', ${order.orderSn}, ${JSON.stringify({ status: order.status, refunded: fenText(before) })}, ${JSON.stringify(after)}, ${refund.reason}, ${ctx.now} WHERE ${stillPending}`,
    ),
    ctx.db
      .update(payRefunds)
      .set({ status: "success", tradeNo: d.tradeNo, refundFeeFen: d.refundFeeFen, gmtRefundPay: d.gmtRefundPay, finishedAt: ctx.now })
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
    // Invoices: a red-letter invoice owed for an issued one, a pending request cancelled by a full refund (issue 25).
    ...invoiceRefundStatements({ db: ctx.db, orderId: order.id, refundId: refund.id, amountFen: refund.amountFen, now: ctx.now }),
  ]);
  if (message.meta.changes !== 1) {
    console.warn(JSON.stringify({ event: "refund-finished-twice", outRequestNo: refund.outRequestNo }));
    return;
  }
  try {
    await pushMessageCount({ env: ctx.env, userId: order.userId, delta: 1 });
  } catch (e) {
    console.warn(JSON.stringify({ event: "push-failed", userId: order.userId, error: String(e) }));
  }
}
