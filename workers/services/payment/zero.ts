// POST /api/pay/pc/zeroDollarPurchase (spec 3 §4 "zero amount with coupon"): a coupon that covers the whole price
// pays the order. The coupon is spent and the order paid in one transaction, at most once.
import { fail, forbidden } from "../../lib/errors";
import { PAY_MSG, type OrderView } from "../../contract/payment";
import { eq } from "drizzle-orm";
import { userCoupons } from "../../../db/schema";
import { orderById, type PayCtx } from "./context";
import { COUPON_STATUS } from "./coupons";
import { changeCoupon, ownOrder } from "./orders";
import { applyPayment } from "./settle";
import { orderView } from "./views";

export interface ZeroInput {
  claimedUserId?: number;
  orderId?: number;
  orderSn: string;
  batchId: number;
}

export async function zeroDollarPurchase({ userId, input, ...ctx }: PayCtx & { userId: number; input: ZeroInput }): Promise<OrderView> {
  if (input.claimedUserId !== undefined && input.claimedUserId !== userId) throw forbidden(PAY_MSG.notYours);
  let order = await ownOrder({ ...ctx, userId, orderSn: input.orderSn });
  if (input.orderId !== undefined && input.orderId !== order.id) throw fail(PAY_MSG.orderChanged);
  if (order.status === "SUCCESS") {
    // A repeated submit of the same coupon purchase answers with the paid order; anything else is refused.
    if (order.payChannel === "coupon" && order.batchId === input.batchId) return orderView(order, ctx.now);
    throw fail(PAY_MSG.alreadyPaid);
  }
  if (order.status === "CLOSED") throw fail(PAY_MSG.orderTimeout);
  await changeCoupon({ ...ctx, order, batchId: input.batchId });
  order = (await orderById({ db: ctx.db, id: order.id }))!;
  if (order.payAmountFen !== 0) throw fail(PAY_MSG.amountNotZero);
  if (!order.userCouponId) throw fail(PAY_MSG.couponUnavailable);
  const outcome = await applyPayment({ db: ctx.db, orderId: order.id, p: { channel: "coupon", tradeNo: `COUPON-${order.orderSn}`, amountFen: 0, source: "coupon", buyerId: null, now: ctx.now } });
  if (outcome === "conflict") throw fail(PAY_MSG.alreadyPaid);
  const used = await ctx.db.select({ status: userCoupons.status }).from(userCoupons).where(eq(userCoupons.id, order.userCouponId)).get();
  if (used?.status !== COUPON_STATUS.USED) throw fail(PAY_MSG.couponUnavailable);
  return orderView((await orderById({ db: ctx.db, id: order.id }))!, ctx.now);
}
