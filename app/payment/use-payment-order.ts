// The payment dialog's order state, apart from its flow: the order shown with its countdown (run on the client
// clock from when the order was read), and the coupon choice with the amount it leaves to pay.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { OK } from "../lib/api";
import { countdownText, couponPriceFen, type OrderView, type ProductView, type UserCouponView } from "../../workers/contract/payment";
import { userCoupons } from "./client";
import { NO_COUPON } from "./steps/PayStep";

const yuanFen = (yuan: number) => Math.round(yuan * 100);

/**
 * @param ticking whether the pay step is showing (the countdown only runs there, for an order waiting for payment)
 * @returns the order, `takeOrder` to replace it (also resets the chosen coupon to the one the order holds), the
 *   chosen coupon, and `left`: the countdown text, null once the order has expired
 */
export function useOrderClock(initialOrder: OrderView | null, ticking: boolean) {
  const [order, setOrder] = useState<OrderView | null>(initialOrder);
  const [coupon, setCoupon] = useState<string>(NO_COUPON);
  const [now, setNow] = useState(() => Date.now());
  /** When the order's existedMilliSecond was read. */
  const readAt = useRef(Date.now());

  const takeOrder = useCallback((o: OrderView | null) => {
    readAt.current = Date.now();
    setNow(readAt.current);
    setOrder(o);
    // The server put the best coupon on a new order; the dialog starts from what the order holds.
    setCoupon(o?.batchId ? String(o.batchId) : NO_COUPON);
  }, []);

  const counting = ticking && order?.status === "WAIT_PAY";
  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [counting]);
  const left = order ? countdownText(order.existedMilliSecond + Math.max(0, now - readAt.current)) : null;
  return { order, takeOrder, coupon, setCoupon, left, counting };
}

/**
 * The buyer's unused coupons for the product, plus the one already on the order; the chosen one; and the amount to
 * pay and the discount shown before paying (the server computes the real amount the same way, spec 3 §5).
 */
export function useCouponChoice(userId: number, order: OrderView | null, coupon: string) {
  const [coupons, setCoupons] = useState<UserCouponView[]>([]);
  const loadCoupons = useCallback(
    async (p: ProductView) => {
      const body = await userCoupons(userId, p.productId, p.price);
      setCoupons(body.code === OK && body.data ? body.data : []);
    },
    [userId],
  );
  const choices = useMemo(() => {
    const list = [...coupons];
    if (order?.batchId && !list.some((c) => c.ID === order.batchId)) list.unshift({ ID: order.batchId, COUPON_NAME: order.couponName ?? "", AMOUNT: order.couponAmount ?? 0, count: 0, expiresAt: order.couponExpiresAt });
    return list;
  }, [coupons, order]);
  const chosen = coupon === NO_COUPON ? null : (choices.find((c) => String(c.ID) === coupon) ?? null);
  const payable = order ? couponPriceFen(yuanFen(order.orderAmount), chosen ? yuanFen(chosen.AMOUNT) : 0) / 100 : 0;
  const discount = order ? Math.round((order.orderAmount - payable) * 100) / 100 : 0;
  return { coupons, loadCoupons, choices, chosen, payable, discount };
}
