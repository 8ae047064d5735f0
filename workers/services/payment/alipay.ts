// Alipay payment of an order: page.pay, the async notify (verified, then applied once), alipay.trade.query when a
// notify is missing (popup closed, return page, time-out), and the trade result the return page reports.
import { fail } from "../../lib/errors";
import { ORDER_TIMEOUT_MS, PAY_MSG, yuanOf, type OrderView, type PayStart } from "../../contract/payment";
import { fenOf, isPaidStatus, notifyUrl, returnUrl } from "../../providers/alipay";
import { eq, sql } from "drizzle-orm";
import { payNotifications, payOrders } from "../../../db/schema";
import { clientOf, orderById, orderBySn, type PayCtx } from "./context";
import { applyPayment, type NotifyLog } from "./settle";
import { reconcile, reconcileChannels } from "./trade";
import { ownOrder, payableOrder } from "./orders";
import { orderView } from "./views";

/** The pay call: optionally switch the coupon, then the page.pay form for what is left to pay. */
export async function startAlipay({ userId, input, ...ctx }: PayCtx & { userId: number; input: { orderSn: string; batchId?: number | null } }): Promise<PayStart> {
  const client = clientOf(ctx);
  if (!client) throw fail(PAY_MSG.payDisabled);
  const order = await payableOrder({ ...ctx, userId, input });
  // From now on Alipay may hold a trade for this order number with this amount.
  await ctx.db
    .update(payOrders)
    .set({ alipayRequestedAt: sql`COALESCE(${payOrders.alipayRequestedAt}, ${ctx.now})` })
    .where(eq(payOrders.id, order.id));
  const form = await client.pagePay({
    outTradeNo: order.orderSn,
    totalFen: order.payAmountFen,
    subject: `${order.productName}评估报告`,
    notifyUrl: notifyUrl(ctx.env, ctx.origin),
    returnUrl: returnUrl(ctx.env, ctx.origin),
    expiresAt: order.createdAt + ORDER_TIMEOUT_MS,
    now: ctx.now,
  });
  return { orderSn: order.orderSn, payAmount: yuanOf(order.payAmountFen), form: form.html };
}

export interface NotifyResult {
  /** The body Alipay expects: "success" stops its retries. */
  answer: "success" | "failure";
  outcome: string;
}

/**
 * The async notify: signature (Alipay's public key), then app_id, out_trade_no, total_amount, seller_id and
 * trade_status; only then the payment is applied (exactly once). Every delivery is logged with its outcome.
 */
export async function handleNotify({ params, ...ctx }: PayCtx & { params: Record<string, string> }): Promise<NotifyResult> {
  const log: NotifyLog = {
    notifyId: params.notify_id?.slice(0, 64) ?? null,
    outTradeNo: params.out_trade_no?.slice(0, 64) ?? null,
    tradeNo: params.trade_no?.slice(0, 64) ?? null,
    tradeStatus: params.trade_status?.slice(0, 32) ?? null,
    totalAmount: params.total_amount?.slice(0, 32) ?? null,
    paramsJson: JSON.stringify(params).slice(0, 8000),
    receivedAt: ctx.now,
    channel: "alipay",
  };
  const result = await judgeNotify(ctx, params, log);
  // A notify that reached the payment was logged inside the payment's batch (settle.ts); every other one here.
  if (!result.logged) await ctx.db.insert(payNotifications).values({ ...log, outcome: result.outcome });
  if (result.answer === "failure") console.warn(JSON.stringify({ event: "alipay-notify-rejected", outcome: result.outcome, outTradeNo: params.out_trade_no ?? null }));
  return { answer: result.answer, outcome: result.outcome };
}

async function judgeNotify(ctx: PayCtx, p: Record<string, string>, log: NotifyLog): Promise<NotifyResult & { logged?: true }> {
  const reject = (why: string): NotifyResult => ({ answer: "failure", outcome: `rejected:${why}` });
  const client = clientOf(ctx);
  if (!client) return reject("not_configured");
  if (!(await client.verifyCallback(p))) return reject("signature");
  if (p.app_id !== client.config.appId) return reject("app_id");
  const order = p.out_trade_no ? await orderBySn({ db: ctx.db, orderSn: p.out_trade_no }) : null;
  if (!order) return reject("unknown_order");
  if (!isPaidStatus(p.trade_status)) return { answer: "success", outcome: `ignored:${p.trade_status ?? "none"}` };
  if (fenOf(p.total_amount) !== order.payAmountFen) return reject("amount");
  if (p.seller_id !== client.config.sellerId) return reject("seller");
  if (!p.trade_no) return reject("trade_no");
  const outcome = await applyPayment({ db: ctx.db, orderId: order.id, p: { channel: "alipay", tradeNo: p.trade_no, amountFen: order.payAmountFen, source: "notify", buyerId: p.buyer_id ?? null, now: ctx.now }, notify: log });
  // A conflict (the order already paid by another trade) is answered success too: retries cannot fix it; the
  // notification log keeps it for a refund by the operator.
  return { answer: "success", outcome, logged: true };
}

/**
 * After the popup closed or the QR code was left without a success (the buyer returns): ask every channel the order
 * was sent to (alipay.trade.query, WeChat's transaction query); a payment whose notify has not arrived is applied.
 */
export async function syncOrder({ userId, orderSn, ...ctx }: PayCtx & { userId: number; orderSn: string }): Promise<OrderView> {
  let order = await ownOrder({ ...ctx, userId, orderSn });
  // A CLOSED order is asked too: a payment may have raced the close (settle.ts accepts it); never a refunded one.
  if (order.status === "WAIT_PAY" || order.status === "CLOSED") {
    try {
      if ((await reconcileChannels({ ...ctx, order, source: "query" })).paid) order = (await orderById({ db: ctx.db, id: order.id }))!;
    } catch (e) {
      console.warn(JSON.stringify({ event: "pay-query-failed", orderSn, error: String(e) }));
    }
  }
  return orderView(order, ctx.now);
}

/**
 * The return page (spec 3 §2 trade result): Alipay's signed return parameters name the order; the result is read
 * from our own records (after a trade.query if the notify is late), never from the parameters themselves.
 */
export async function tradeResult({ userId, params, ...ctx }: PayCtx & { userId: number | null; params: Record<string, string> }): Promise<{ tradeStatus: string; orderSn: string | null }> {
  const client = clientOf(ctx);
  if (!client || !(await client.verifyCallback(params)) || params.app_id !== client.config.appId) return { tradeStatus: "INVALID", orderSn: null };
  let order = params.out_trade_no ? await orderBySn({ db: ctx.db, orderSn: params.out_trade_no }) : null;
  if (!order || order.userId !== userId) return { tradeStatus: "INVALID", orderSn: null };
  if (order.status !== "SUCCESS") {
    try {
      await reconcile({ ...ctx, client, order, source: "return" });
      order = (await orderById({ db: ctx.db, id: order.id }))!;
    } catch (e) {
      console.warn(JSON.stringify({ event: "alipay-query-failed", orderSn: order.orderSn, error: String(e) }));
    }
  }
  return { tradeStatus: order.status === "SUCCESS" ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY", orderSn: order.orderSn };
}
