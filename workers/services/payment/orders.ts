// Products and orders (spec 3 §3, §4, §7): the price of a card's report, one order per survey at a time, computed
// amounts (the client's figures are never used), the 30-minute time-out checked on read and by the scheduled job.
import { and, asc, eq, lte } from "drizzle-orm";
import { payOrders, payProducts, reportResults, surveys, users } from "../../../db/schema";
import { fail, forbidden, notFound } from "../../lib/errors";
import { MERCHANT_ID, ORDER_TIMEOUT_MS, PAY_MSG, PLATFORM, UNTITLED_REPORT, yuanOf, type OrderView, type ProductView } from "../../contract/payment";
import { ownSurvey } from "../workbench/access";
import { DISPOSE_STATUS } from "../../contract/workbench";
import { alipayTimestamp } from "../../providers/alipay/protocol";
import { orderById, orderBySn, orderForSurvey, type OrderRow, type PayCtx } from "./context";
import { markClosed } from "./settle";
import { bestCouponBatch, setOrderCoupon } from "./coupons";
import { reconcileChannels } from "./trade";
import { orderView } from "./views";

export async function productFor({ merchantId, productId, ...ctx }: PayCtx & { merchantId: number; productId: number }) {
  if (merchantId !== MERCHANT_ID) throw fail(PAY_MSG.merchant);
  const [p] = await ctx.db
    .select()
    .from(payProducts)
    .where(and(eq(payProducts.merchantId, merchantId), eq(payProducts.productId, productId), eq(payProducts.enabled, 1)))
    .limit(1);
  if (!p) throw fail(PAY_MSG.noProduct);
  return p;
}

/** The product card of the dialog's first step; with a survey of the caller's, its report file's name and size. */
export async function productView({ userId, merchantId, productId, surveyId, ...ctx }: PayCtx & { userId: number | null; merchantId: number; productId: number; surveyId?: number }): Promise<ProductView> {
  const p = await productFor({ ...ctx, merchantId, productId });
  let fileInfo: ProductView["fileInfo"] = null;
  if (userId !== null && surveyId) {
    const row = await ctx.db
      .select({ title: surveys.evaluationTitle, fileSize: reportResults.fileSize })
      .from(surveys)
      .innerJoin(reportResults, eq(reportResults.surveyId, surveys.id))
      .where(and(eq(surveys.id, surveyId), eq(surveys.userId, userId), eq(surveys.typeId, productId)))
      .get();
    if (row) fileInfo = { fileName: `${row.title || UNTITLED_REPORT}.pdf`, fileSize: row.fileSize };
  }
  return { id: p.id, merchantId: p.merchantId, productId: p.productId, productName: p.productName, price: yuanOf(p.priceFen), originPrice: yuanOf(p.originPriceFen), fileInfo };
}

const expired = (o: OrderRow, now: number) => o.status === "WAIT_PAY" && now - o.createdAt >= ORDER_TIMEOUT_MS;

/**
 * Close an order whose 30 minutes are over. If a page.pay or a WeChat Native order was issued, that channel is asked
 * first: a payment that arrived without a notify is applied instead, and an open trade is closed at the channel
 * before the order is. When a channel cannot be reached the order stays WAIT_PAY for the next attempt (closing it
 * would let a late payment go unseen).
 */
export async function closeIfExpired({ order, ...ctx }: PayCtx & { order: OrderRow }): Promise<OrderRow> {
  if (!expired(order, ctx.now)) return order;
  if (order.alipayRequestedAt !== null || order.wechatRequestedAt !== null) {
    try {
      const trades = await reconcileChannels({ ...ctx, order, source: "query" });
      if (trades.paid) return (await orderById({ db: ctx.db, id: order.id }))!;
      for (const t of trades.open) await t.close();
    } catch (e) {
      console.warn(JSON.stringify({ event: "order-close-deferred", orderSn: order.orderSn, error: String(e) }));
      return order;
    }
  }
  await markClosed({ db: ctx.db, order, now: ctx.now });
  return (await orderById({ db: ctx.db, id: order.id }))!;
}

/** Scheduled job: close every WAIT_PAY order past its time-out; returns how many were closed. */
export async function closeExpiredOrders(ctx: PayCtx): Promise<number> {
  const rows = await ctx.db
    .select({ id: payOrders.id })
    .from(payOrders)
    .where(and(eq(payOrders.status, "WAIT_PAY"), lte(payOrders.createdAt, ctx.now - ORDER_TIMEOUT_MS)))
    .orderBy(asc(payOrders.createdAt))
    .limit(100);
  let closed = 0;
  for (const { id } of rows) {
    const order = await orderById({ db: ctx.db, id });
    if (order && (await closeIfExpired({ ...ctx, order })).status === "CLOSED") closed++;
  }
  return closed;
}

/** The caller's order by number, time-out applied; someone else's order is "not found". */
export async function ownOrder({ userId, orderSn, ...ctx }: PayCtx & { userId: number; orderSn: string }): Promise<OrderRow> {
  const order = await orderBySn({ db: ctx.db, orderSn });
  if (!order || order.userId !== userId) throw notFound(PAY_MSG.orderNotFound);
  return closeIfExpired({ ...ctx, order });
}

/**
 * The caller's order as a pay call (Alipay or WeChat Pay) finds it: open, the coupon switched when the buyer chose
 * another, and something left to pay. A paid, refunded, closed or timed-out order is refused with its message.
 */
export async function payableOrder({ userId, input, ...ctx }: PayCtx & { userId: number; input: { orderSn: string; batchId?: number | null } }): Promise<OrderRow> {
  let order = await ownOrder({ ...ctx, userId, orderSn: input.orderSn });
  if (order.status === "SUCCESS" || order.status === "REFUNDED") throw fail(PAY_MSG.alreadyPaid);
  if (order.status === "CLOSED") throw fail(ctx.now - order.createdAt >= ORDER_TIMEOUT_MS ? PAY_MSG.orderTimeout : PAY_MSG.orderClosed);
  if (input.batchId !== undefined) {
    await changeCoupon({ ...ctx, order, batchId: input.batchId });
    order = (await orderById({ db: ctx.db, id: order.id }))!;
  }
  if (order.payAmountFen === 0) throw fail(PAY_MSG.amountZero);
  return order;
}

/** GET /api/order/getBySubProduct/{id}: the survey's deciding order (null when none), time-out applied. */
export async function orderOfSurvey({ userId, surveyId, ...ctx }: PayCtx & { userId: number; surveyId: number }): Promise<OrderView | null> {
  const order = await orderForSurvey({ db: ctx.db, userId, surveyId });
  return order ? orderView(await closeIfExpired({ ...ctx, order }), ctx.now) : null;
}

function orderSn(now: number): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => String(b % 10)).join("");
  return `${PLATFORM}${alipayTimestamp(now).replace(/\D/g, "")}${digits}`;
}

export interface OrderInput {
  claimedUserId?: number;
  merchantId?: number;
  productId: number;
  subProductId: number;
  batchId?: number | null;
}

/**
 * Create the order for a survey's report (or hand back the open/paid one: one order per survey at a time). The
 * amount is the product's price, less the coupon: the one given, none for an explicit null, and for a new order
 * without a choice the best coupon the user holds (issue 26 item 6); nothing the client computed is used.
 */
export async function createOrder({ userId, input, ...ctx }: PayCtx & { userId: number; input: OrderInput }): Promise<OrderView> {
  if (input.claimedUserId !== undefined && input.claimedUserId !== userId) throw forbidden(PAY_MSG.notYours);
  const survey = await ownSurvey({ db: ctx.db, userId, surveyId: input.subProductId });
  if (survey.typeId !== input.productId) throw fail(PAY_MSG.noProduct);
  const product = await productFor({ ...ctx, merchantId: input.merchantId ?? MERCHANT_ID, productId: input.productId });
  let order = await orderForSurvey({ db: ctx.db, userId, surveyId: survey.id });
  if (order) order = await closeIfExpired({ ...ctx, order });
  if (order?.status === "SUCCESS") return orderView(order, ctx.now);
  let created = false;
  if (order?.status !== "WAIT_PAY") {
    if (survey.disposeStatus !== DISPOSE_STATUS.READY) throw fail(PAY_MSG.reportMissing);
    const [user] = await ctx.db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
    // The unique partial index on open-or-paid orders settles a race (double click, parallel tabs): the loser's
    // insert does nothing and it carries on with the winner's order.
    const [inserted] = await ctx.db
      .insert(payOrders)
      .values({
        orderSn: orderSn(ctx.now),
        userId,
        userName: user?.userName ?? "",
        merchantId: product.merchantId,
        productId: product.productId,
        subProductId: survey.id,
        productName: product.productName,
        amount: 1,
        orderAmountFen: product.priceFen,
        payAmountFen: product.priceFen,
        platform: PLATFORM,
        status: "WAIT_PAY",
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: payOrders.id });
    created = !!inserted;
    order = inserted ? (await orderById({ db: ctx.db, id: inserted.id }))! : await orderForSurvey({ db: ctx.db, userId, surveyId: survey.id });
    if (!order) throw fail(PAY_MSG.orderClosed);
    if (order.status === "SUCCESS") return orderView(order, ctx.now);
  }
  if (input.batchId !== undefined && input.batchId !== null) {
    await changeCoupon({ ...ctx, order, batchId: input.batchId });
    order = (await orderById({ db: ctx.db, id: order.id }))!;
  } else if (input.batchId === undefined && created) {
    const best = await bestCouponBatch({ db: ctx.db, userId, productId: order.productId, now: ctx.now });
    // Losing the coupon to a parallel order is no error: this order is then paid in full (or another is chosen).
    if (best !== null) await setOrderCoupon({ db: ctx.db, order, batchId: best, now: ctx.now }).catch(() => undefined);
    order = (await orderById({ db: ctx.db, id: order.id }))!;
  }
  return orderView(order, ctx.now);
}

/**
 * Change the coupon of an unpaid order. Once a page.pay or a Native order was issued the channel may hold a trade
 * with the old amount, so the change is allowed only while no channel has an open trade for it (the buyer never
 * reached Alipay's cashier; a WeChat Native order exists from the moment its QR code is shown).
 */
export async function changeCoupon({ order, batchId, ...ctx }: PayCtx & { order: OrderRow; batchId: number | null }): Promise<void> {
  if ((order.batchId ?? null) === batchId) return;
  if (order.status === "SUCCESS") throw fail(PAY_MSG.alreadyPaid);
  if (order.status !== "WAIT_PAY") throw fail(PAY_MSG.orderClosed);
  if (order.alipayRequestedAt !== null || order.wechatRequestedAt !== null) {
    const trades = await reconcileChannels({ ...ctx, order, source: "query" }).catch(() => null);
    if (trades?.paid) throw fail(PAY_MSG.alreadyPaid);
    if (!trades || trades.open.length > 0) throw fail(trades?.open.some((t) => t.channel === "wechat") || !trades && order.wechatRequestedAt !== null ? PAY_MSG.wechatStarted : PAY_MSG.alipayStarted);
  }
  await setOrderCoupon({ db: ctx.db, order, batchId, now: ctx.now });
}
