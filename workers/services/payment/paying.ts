// Recovering a lost notify (issue 26 item 7): the scheduled job asks the payment channel about every order that has
// been paying for more than PAYING_QUERY_AFTER_MS, so a payment whose notify never arrived is applied without the
// buyer's browser asking. Bounded: one indexed range read (status, created_at: only the last 30 minutes of open
// orders), at most PAYING_BATCH orders per run, the least recently asked first.
import { and, asc, eq, gt, lte, or, sql } from "drizzle-orm";
import { payOrders } from "../../../db/schema";
import { ORDER_TIMEOUT_MS } from "../../contract/payment";
import { orderById, type OrderRow, type PayCtx } from "./context";
import { reconcileChannels } from "./trade";

/** An order paying for this long without a notify is asked about. */
export const PAYING_QUERY_AFTER_MS = 2 * 60_000;
/** The same order is asked again at most this often. */
export const PAYING_REQUERY_MS = 60_000;
/** Orders asked about per run (each is one call to the channel). */
export const PAYING_BATCH = 20;

/** Orders to ask about now: open, younger than the time-out (older ones are the closing job's), paying for a while. */
export function payingQuery({ limit, ...ctx }: PayCtx & { limit: number }) {
  const startedBefore = ctx.now - PAYING_QUERY_AFTER_MS;
  return ctx.db
    .select({ id: payOrders.id })
    .from(payOrders)
    .where(
      and(
        eq(payOrders.status, "WAIT_PAY"),
        gt(payOrders.createdAt, ctx.now - ORDER_TIMEOUT_MS),
        or(lte(payOrders.alipayRequestedAt, startedBefore), lte(payOrders.wechatRequestedAt, startedBefore)),
        or(sql`${payOrders.payCheckedAt} IS NULL`, lte(payOrders.payCheckedAt, ctx.now - PAYING_REQUERY_MS)),
      ),
    )
    .orderBy(sql`COALESCE(${payOrders.payCheckedAt}, 0)`, asc(payOrders.createdAt))
    .limit(limit);
}

export async function payingOrderIds({ limit = PAYING_BATCH, ...ctx }: PayCtx & { limit?: number }): Promise<number[]> {
  return (await payingQuery({ ...ctx, limit })).map((r) => r.id);
}

/** Ask each channel the order was sent to (Alipay, WeChat Pay); true when one reports it paid (and it was applied). */
export async function checkPayingOrder({ order, ...ctx }: PayCtx & { order: OrderRow }): Promise<boolean> {
  return (await reconcileChannels({ ...ctx, order, source: "query" })).paid;
}

/** Scheduled job: returns how many paying orders turned out paid. One order's failure does not stop the others. */
export async function queryPayingOrders(ctx: PayCtx): Promise<number> {
  let paid = 0;
  for (const id of await payingOrderIds({ ...ctx })) {
    await ctx.db.update(payOrders).set({ payCheckedAt: ctx.now }).where(eq(payOrders.id, id));
    const order = await orderById({ db: ctx.db, id });
    if (!order || order.status !== "WAIT_PAY") continue;
    try {
      if (await checkPayingOrder({ ...ctx, order })) paid++;
    } catch (e) {
      console.warn(JSON.stringify({ event: "paying-order-query-failed", orderSn: order.orderSn, error: String(e) }));
    }
  }
  return paid;
}
