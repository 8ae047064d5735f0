// Alipay payment of an order: page.pay, the async notify (verified, then applied once), alipay.trade.query when a
// notify is missing (popup closed, return page, time-out), and the trade result the return page reports.
import { fail } from "../../lib/errors";
import { ORDER_TIMEOUT_MS, PAY_MSG, yuanOf, type OrderView, type PayStart } from "../../contract/payment";
import { fenOf, isPaidStatus, notifyUrl, returnUrl, type AlipayClient } from "../../providers/alipay";
import { payNotifications } from "../../../db/schema";
import { clientOf, d1, orderById, orderBySn, type OrderRow, type PayCtx } from "./context";
import { applyPayment } from "./settle";
import { changeCoupon, ownOrder } from "./orders";
import { orderView } from "./views";

export type TradeState = "paid" | "open" | "none" | "mismatch";

/** Ask Alipay about the order's trade and apply a payment it reports (same checks as a notify). */
export async function reconcile(ctx: PayCtx, client: AlipayClient, order: OrderRow, source: "query" | "return"): Promise<TradeState> {
  const trade = await client.query(order.order_sn, ctx.now);
  if (!trade.exists || trade.tradeStatus === "TRADE_CLOSED") return "none";
  if (!isPaidStatus(trade.tradeStatus)) return "open";
  if (fenOf(trade.totalAmount) !== order.pay_amount_fen) {
    console.error(JSON.stringify({ event: "alipay-amount-mismatch", orderSn: order.order_sn, totalAmount: trade.totalAmount, expectedFen: order.pay_amount_fen }));
    return "mismatch";
  }
  const outcome = await applyPayment(ctx.db, order.id, { channel: "alipay", tradeNo: trade.tradeNo, amountFen: order.pay_amount_fen, source, buyerId: trade.buyerId, now: ctx.now });
  if (outcome === "conflict") console.error(JSON.stringify({ event: "alipay-payment-conflict", orderSn: order.order_sn, tradeNo: trade.tradeNo }));
  return "paid";
}

/** The pay call: optionally switch the coupon, then the page.pay form for what is left to pay. */
export async function startAlipay(ctx: PayCtx, userId: number, input: { orderSn: string; batchId?: number | null }): Promise<PayStart> {
  const client = clientOf(ctx);
  if (!client) throw fail(PAY_MSG.payDisabled);
  let order = await ownOrder(ctx, userId, input.orderSn);
  if (order.status === "SUCCESS") throw fail(PAY_MSG.alreadyPaid);
  if (order.status === "CLOSED") throw fail(ctx.now - order.created_at >= ORDER_TIMEOUT_MS ? PAY_MSG.orderTimeout : PAY_MSG.orderClosed);
  if (input.batchId !== undefined) {
    await changeCoupon(ctx, order, input.batchId);
    order = (await orderById(ctx.db, order.id))!;
  }
  if (order.pay_amount_fen === 0) throw fail(PAY_MSG.amountZero);
  // From now on Alipay may hold a trade for this order number with this amount.
  await d1(ctx.db).prepare("UPDATE pay_orders SET alipay_requested_at = COALESCE(alipay_requested_at, ?) WHERE id = ?").bind(ctx.now, order.id).run();
  const form = await client.pagePay({
    outTradeNo: order.order_sn,
    totalFen: order.pay_amount_fen,
    subject: `${order.product_name}评估报告`,
    notifyUrl: notifyUrl(ctx.env, ctx.origin),
    returnUrl: returnUrl(ctx.env, ctx.origin),
    expiresAt: order.created_at + ORDER_TIMEOUT_MS,
    now: ctx.now,
  });
  return { orderSn: order.order_sn, payAmount: yuanOf(order.pay_amount_fen), form: form.html };
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
export async function handleNotify(ctx: PayCtx, params: Record<string, string>): Promise<NotifyResult> {
  const result = await judgeNotify(ctx, params);
  await ctx.db.insert(payNotifications).values({
    notifyId: params.notify_id?.slice(0, 64) ?? null,
    outTradeNo: params.out_trade_no?.slice(0, 64) ?? null,
    tradeNo: params.trade_no?.slice(0, 64) ?? null,
    tradeStatus: params.trade_status?.slice(0, 32) ?? null,
    totalAmount: params.total_amount?.slice(0, 32) ?? null,
    outcome: result.outcome,
    paramsJson: JSON.stringify(params).slice(0, 8000),
    receivedAt: ctx.now,
  });
  if (result.answer === "failure") console.warn(JSON.stringify({ event: "alipay-notify-rejected", outcome: result.outcome, outTradeNo: params.out_trade_no ?? null }));
  return result;
}

async function judgeNotify(ctx: PayCtx, p: Record<string, string>): Promise<NotifyResult> {
  const reject = (why: string): NotifyResult => ({ answer: "failure", outcome: `rejected:${why}` });
  const client = clientOf(ctx);
  if (!client) return reject("not_configured");
  if (!(await client.verifyCallback(p))) return reject("signature");
  if (p.app_id !== client.config.appId) return reject("app_id");
  const order = p.out_trade_no ? await orderBySn(ctx.db, p.out_trade_no) : null;
  if (!order) return reject("unknown_order");
  if (!isPaidStatus(p.trade_status)) return { answer: "success", outcome: `ignored:${p.trade_status ?? "none"}` };
  if (fenOf(p.total_amount) !== order.pay_amount_fen) return reject("amount");
  if (p.seller_id !== client.config.sellerId) return reject("seller");
  if (!p.trade_no) return reject("trade_no");
  const outcome = await applyPayment(ctx.db, order.id, { channel: "alipay", tradeNo: p.trade_no, amountFen: order.pay_amount_fen, source: "notify", buyerId: p.buyer_id ?? null, now: ctx.now });
  // A conflict (the order already paid by another trade) is answered success too: retries cannot fix it; the
  // notification log keeps it for a refund by the operator.
  return { answer: "success", outcome };
}

/** After the popup closed without a success: ask Alipay (a payment whose notify has not arrived is applied). */
export async function syncOrder(ctx: PayCtx, userId: number, orderSn: string): Promise<OrderView> {
  let order = await ownOrder(ctx, userId, orderSn);
  const client = clientOf(ctx);
  if (order.status !== "SUCCESS" && order.alipay_requested_at !== null && client) {
    try {
      if ((await reconcile(ctx, client, order, "query")) === "paid") order = (await orderById(ctx.db, order.id))!;
    } catch (e) {
      console.warn(JSON.stringify({ event: "alipay-query-failed", orderSn, error: String(e) }));
    }
  }
  return orderView(order, ctx.now);
}

/**
 * The return page (spec 3 §2 trade result): Alipay's signed return parameters name the order; the result is read
 * from our own records (after a trade.query if the notify is late), never from the parameters themselves.
 */
export async function tradeResult(ctx: PayCtx, userId: number | null, params: Record<string, string>): Promise<{ tradeStatus: string; orderSn: string | null }> {
  const client = clientOf(ctx);
  if (!client || !(await client.verifyCallback(params)) || params.app_id !== client.config.appId) return { tradeStatus: "INVALID", orderSn: null };
  let order = params.out_trade_no ? await orderBySn(ctx.db, params.out_trade_no) : null;
  if (!order || order.user_id !== userId) return { tradeStatus: "INVALID", orderSn: null };
  if (order.status !== "SUCCESS") {
    try {
      await reconcile(ctx, client, order, "return");
      order = (await orderById(ctx.db, order.id))!;
    } catch (e) {
      console.warn(JSON.stringify({ event: "alipay-query-failed", orderSn: order.order_sn, error: String(e) }));
    }
  }
  return { tradeStatus: order.status === "SUCCESS" ? "TRADE_SUCCESS" : "WAIT_BUYER_PAY", orderSn: order.order_sn };
}
