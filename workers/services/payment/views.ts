// Rows → the shapes the spec's client reads (yuan amounts, existedMilliSecond).
import { yuanOf, type OrderView } from "../../contract/payment";
import type { OrderRow } from "./context";

export function orderView(o: OrderRow, now: number): OrderView {
  return {
    id: o.id,
    orderSn: o.order_sn,
    status: o.status,
    productId: o.product_id,
    subProductId: o.sub_product_id,
    productName: o.product_name,
    amount: o.amount,
    orderAmount: yuanOf(o.order_amount_fen),
    payAmount: yuanOf(o.pay_amount_fen),
    batchId: o.batch_id ?? null,
    couponName: o.coupon_name ?? null,
    couponAmount: o.coupon_amount_fen == null ? null : yuanOf(o.coupon_amount_fen),
    payChannel: o.pay_channel,
    existedMilliSecond: Math.max(0, now - o.created_at),
    createdAt: o.created_at,
    paidAt: o.paid_at,
  };
}
