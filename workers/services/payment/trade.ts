// Asking the payment channels about an order's trade and applying the payment they report: used by the order
// time-out (orders.ts), the coupon change, the pay flows, the buyer's return and the cron (paying.ts). Its own module
// so orders and the channel flows do not import each other.
import { fenOf, isPaidStatus, type AlipayClient } from "../../providers/alipay";
import { isPaidState, type WechatPayClient } from "../../providers/wechatpay";
import { clientOf, wechatClientOf, type OrderRow, type PayCtx } from "./context";
import { applyPayment } from "./settle";

export type TradeState = "paid" | "open" | "none" | "mismatch";
export type Channel = "alipay" | "wechat";

/** Ask Alipay about the order's trade and apply a payment it reports (same checks as a notify). */
export async function reconcile({ client, order, source, ...ctx }: PayCtx & { client: AlipayClient; order: OrderRow; source: "query" | "return" }): Promise<TradeState> {
  const trade = await client.query(order.orderSn, ctx.now);
  if (!trade.exists || trade.tradeStatus === "TRADE_CLOSED") return "none";
  if (!isPaidStatus(trade.tradeStatus)) return "open";
  if (fenOf(trade.totalAmount) !== order.payAmountFen) {
    console.error(JSON.stringify({ event: "alipay-amount-mismatch", orderSn: order.orderSn, totalAmount: trade.totalAmount, expectedFen: order.payAmountFen }));
    return "mismatch";
  }
  const outcome = await applyPayment({ db: ctx.db, orderId: order.id, p: { channel: "alipay", tradeNo: trade.tradeNo, amountFen: order.payAmountFen, source, buyerId: trade.buyerId, now: ctx.now } });
  if (outcome === "conflict") console.error(JSON.stringify({ event: "alipay-payment-conflict", orderSn: order.orderSn, tradeNo: trade.tradeNo }));
  return "paid";
}

/** GET /v3/pay/transactions/out-trade-no/{sn}: apply a payment WeChat Pay reports (same checks as its notify). */
export async function reconcileWechat({ client, order, source, ...ctx }: PayCtx & { client: WechatPayClient; order: OrderRow; source: "query" | "return" }): Promise<TradeState> {
  const q = await client.query(order.orderSn, ctx.now);
  if (!q.exists) return "none";
  const t = q.transaction;
  if (t.trade_state === "CLOSED" || t.trade_state === "REVOKED" || t.trade_state === "PAYERROR") return "none";
  if (!isPaidState(t.trade_state)) return "open";
  if (t.amount?.total !== order.payAmountFen || t.appid !== client.config.appid || !t.transaction_id) {
    console.error(JSON.stringify({ event: "wechat-amount-mismatch", orderSn: order.orderSn, total: t.amount?.total ?? null, expectedFen: order.payAmountFen }));
    return "mismatch";
  }
  const outcome = await applyPayment({ db: ctx.db, orderId: order.id, p: { channel: "wechat", tradeNo: t.transaction_id, amountFen: order.payAmountFen, source, buyerId: t.payer?.openid ?? null, now: ctx.now } });
  if (outcome === "conflict") console.error(JSON.stringify({ event: "wechat-payment-conflict", orderSn: order.orderSn, tradeNo: t.transaction_id }));
  return "paid";
}

export interface ChannelTrades {
  /** A channel reported the order paid (and the payment was applied). */
  paid: boolean;
  /** Channels holding an open (unpaid) trade for the order, with the client to close it. */
  open: { channel: Channel; close: () => Promise<unknown> }[];
}

/**
 * Ask every channel the order was sent to (Alipay page.pay, WeChat Native). Stops at the first that reports it paid.
 * Throws when a channel cannot be asked (the caller then decides nothing: a late payment must not go unseen).
 */
export async function reconcileChannels({ order, source, ...ctx }: PayCtx & { order: OrderRow; source: "query" | "return" }): Promise<ChannelTrades> {
  const out: ChannelTrades = { paid: false, open: [] };
  if (order.alipayRequestedAt !== null) {
    const client = clientOf(ctx);
    if (client) {
      const state = await reconcile({ ...ctx, client, order, source });
      if (state === "paid") return { paid: true, open: [] };
      if (state !== "none") out.open.push({ channel: "alipay", close: () => client.close(order.orderSn, ctx.now) });
    }
  }
  if (order.wechatRequestedAt !== null) {
    const client = wechatClientOf(ctx);
    if (client) {
      const state = await reconcileWechat({ ...ctx, client, order, source });
      if (state === "paid") return { paid: true, open: [] };
      if (state !== "none") out.open.push({ channel: "wechat", close: () => client.close(order.orderSn, ctx.now) });
    }
  }
  return out;
}
