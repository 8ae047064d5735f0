// Rows → the shapes the spec's client reads (yuan amounts, existedMilliSecond).
import { yuanOf, type OrderView } from "../../contract/payment";
import type { OrderRow } from "./context";

export function orderView(o: OrderRow, now: number): OrderView {
  return {
    id: o.id,
    orderSn: o.orderSn,
    status: o.status,
    productId: o.productId,
    subProductId: o.subProductId,
    productName: o.productName,
    amount: o.amount,
    orderAmount: yuanOf(o.orderAmountFen),
    payAmount: yuanOf(o.payAmountFen),
    batchId: o.batchId ?? null,
    couponName: o.couponName ?? null,
    couponAmount: o.couponAmountFen == null ? null : yuanOf(o.couponAmountFen),
    couponExpiresAt: o.couponEndsAt ?? null,
    payChannel: o.payChannel,
    existedMilliSecond: Math.max(0, now - o.createdAt),
    createdAt: o.createdAt,
    paidAt: o.paidAt,
  };
}
