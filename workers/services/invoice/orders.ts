// 我的订单 (issue 25): every order of the caller, newest first, a page at a time, with its survey (the report), the
// coupon, the refunds, the pay method and the invoice request that decides its invoice state. Only the caller's
// rows (filtered by user_id, served by the pay_orders_user_sub_idx index whose first column is user_id).
import { and, desc, eq, sql } from "drizzle-orm";
import { couponBatches, invoiceRequests, payOrders, payRefunds, surveys, userCoupons } from "../../../db/schema";
import { inJsonList, type Db } from "../../lib/db";
import { ORDER_TIMEOUT_MS, yuanOf } from "../../contract/payment";
import { payMethodLabel, type MyOrderStatus, type MyOrderView, type Paged } from "../../contract/invoice";
import { orderInvoiceView, type InvoiceRequestRow } from "./views";

/** The request that decides an order's invoice state: an open one (pending/issued), else the newest. */
export function decidingRequest(rows: InvoiceRequestRow[]): InvoiceRequestRow | null {
  const open = rows.find((r) => r.status === "pending" || r.status === "issued");
  if (open) return open;
  return rows.reduce<InvoiceRequestRow | null>((a, r) => (!a || r.id > a.id ? r : a), null);
}

export async function myOrders({ db, userId, pageNo, pageSize, now }: { db: Db; userId: number; pageNo: number; pageSize: number; now: number }): Promise<Paged<MyOrderView>> {
  // Not db.batch: D1's batch answers rows keyed by column name, so joined tables' equal names would collide.
  const [rows, count] = await Promise.all([
    db
      .select({
        o: payOrders,
        title: surveys.evaluationTitle,
        couponName: couponBatches.couponName,
        couponFen: couponBatches.amountFen,
        refundedFen: sql<number>`(SELECT COALESCE(SUM(${payRefunds.amountFen}), 0) FROM ${payRefunds} WHERE ${payRefunds.orderId} = ${payOrders.id} AND ${payRefunds.status} = 'success')`,
      })
      .from(payOrders)
      .leftJoin(surveys, and(eq(surveys.id, payOrders.subProductId), eq(surveys.userId, payOrders.userId)))
      .leftJoin(userCoupons, eq(userCoupons.id, payOrders.userCouponId))
      .leftJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
      .where(eq(payOrders.userId, userId))
      .orderBy(desc(payOrders.createdAt), desc(payOrders.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(payOrders).where(eq(payOrders.userId, userId)),
  ]);
  const ids = rows.map((r) => r.o.id);
  const requests = ids.length ? await db.select().from(invoiceRequests).where(and(eq(invoiceRequests.userId, userId), inJsonList(invoiceRequests.orderId, ids))).all() : [];
  const list = rows.map(({ o, title, couponName, couponFen, refundedFen }): MyOrderView => {
    const expired = o.status === "WAIT_PAY" && now - o.createdAt >= ORDER_TIMEOUT_MS;
    const status: MyOrderStatus = expired ? "CLOSED" : o.status;
    const request = decidingRequest(requests.filter((r) => r.orderId === o.id));
    const invoiceable = o.status === "SUCCESS" && o.payAmountFen - refundedFen > 0;
    return {
      orderSn: o.orderSn,
      surveyId: o.subProductId,
      productId: o.productId,
      reportTitle: title?.trim() || o.productName,
      productName: o.productName,
      orderAmount: yuanOf(o.orderAmountFen),
      couponName: o.userCouponId ? (couponName ?? null) : null,
      couponAmount: o.userCouponId && couponFen != null ? yuanOf(couponFen) : null,
      payAmount: yuanOf(o.payAmountFen),
      refunded: yuanOf(refundedFen),
      payMethod: payMethodLabel(o.payChannel),
      status,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      invoice: request ? orderInvoiceView(request) : null,
      canRequestInvoice: invoiceable && (!request || request.status === "rejected" || request.status === "cancelled"),
      canPay: status === "WAIT_PAY",
    };
  });
  return { list, total: count[0]?.n ?? 0, pageNo, pageSize };
}
