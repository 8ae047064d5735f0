// Asking Alipay about an order's trade and applying the payment it reports: used by the order time-out (orders.ts),
// the coupon change and the pay flow (alipay.ts). Its own module so orders and the Alipay flow do not import each other.
import { fenOf, isPaidStatus, type AlipayClient } from "../../providers/alipay";
import type { OrderRow, PayCtx } from "./context";
import { applyPayment } from "./settle";

export type TradeState = "paid" | "open" | "none" | "mismatch";

/** Ask Alipay about the order's trade and apply a payment it reports (same checks as a notify). */
export async function reconcile(ctx: PayCtx, client: AlipayClient, order: OrderRow, source: "query" | "return"): Promise<TradeState> {
  const trade = await client.query(order.orderSn, ctx.now);
  if (!trade.exists || trade.tradeStatus === "TRADE_CLOSED") return "none";
  if (!isPaidStatus(trade.tradeStatus)) return "open";
  if (fenOf(trade.totalAmount) !== order.payAmountFen) {
    console.error(JSON.stringify({ event: "alipay-amount-mismatch", orderSn: order.orderSn, totalAmount: trade.totalAmount, expectedFen: order.payAmountFen }));
    return "mismatch";
  }
  const outcome = await applyPayment(ctx.db, order.id, { channel: "alipay", tradeNo: trade.tradeNo, amountFen: order.payAmountFen, source, buyerId: trade.buyerId, now: ctx.now });
  if (outcome === "conflict") console.error(JSON.stringify({ event: "alipay-payment-conflict", orderSn: order.orderSn, tradeNo: trade.tradeNo }));
  return "paid";
}

