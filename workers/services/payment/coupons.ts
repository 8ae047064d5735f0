// Coupons (spec 3 §5, §7): the batches a user holds unused coupons of, counts, and attaching a coupon to an unpaid
// order. A coupon is reserved by one order (status 2) while it waits for payment, spent (1) when the order is paid,
// and released (0) when the order closes, so one coupon can never pay for two reports.
import { and, asc, count, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { couponBatches, payOrders, userCoupons } from "../../../db/schema";
import { fail } from "../../lib/errors";
import { PAY_MSG, yuanOf, type UserCouponView } from "../../contract/payment";
import type { Db } from "../../lib/db";
import type { OrderRow } from "./context";

/** user_coupons.status */
export const COUPON_STATUS = { UNUSED: 0, USED: 1, RESERVED: 2 } as const;

/** A coupon ends with its batch and, when it was granted with a validity (the new-user coupon), with its own end. */
const notExpired = (now: number) =>
  and(or(isNull(couponBatches.expiresAt), gt(couponBatches.expiresAt, now)), or(isNull(userCoupons.expiresAt), gt(userCoupons.expiresAt, now)));

/** The user's unused, unexpired coupons valid for the card. */
const usable = (userId: number, productId: number, now: number) =>
  and(
    eq(userCoupons.userId, userId),
    eq(userCoupons.status, COUPON_STATUS.UNUSED),
    or(isNull(couponBatches.productId), eq(couponBatches.productId, productId)),
    notExpired(now),
  );

/** The coupon's effective end: the earlier of its own and its batch's; NULL = none. */
const endsAt = sql<number | null>`MIN(COALESCE(${userCoupons.expiresAt}, ${couponBatches.expiresAt}), COALESCE(${couponBatches.expiresAt}, ${userCoupons.expiresAt}))`;

const couponsWithBatch = (db: Db) => db.select().from(userCoupons).innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId));

export async function listUserCoupons({ db, userId, productId, now }: { db: Db; userId: number; productId: number; now: number }): Promise<UserCouponView[]> {
  const rows = await db
    .select({ id: couponBatches.id, couponName: couponBatches.couponName, amountFen: couponBatches.amountFen, n: count(), endsAt: sql<number | null>`MIN(${endsAt})` })
    .from(userCoupons)
    .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .where(usable(userId, productId, now))
    .groupBy(couponBatches.id)
    .orderBy(desc(couponBatches.amountFen), asc(couponBatches.id));
  return rows.map((r) => ({ ID: r.id, COUPON_NAME: r.couponName, AMOUNT: yuanOf(r.amountFen), count: r.n, expiresAt: r.endsAt ?? null }));
}

/**
 * The batch of the coupon applied by default to a new order: the largest discount, then the one ending first (so
 * the coupon about to lapse is spent before one that keeps), then the oldest batch. null when the user holds none.
 */
export async function bestCouponBatch({ db, userId, productId, now }: { db: Db; userId: number; productId: number; now: number }): Promise<number | null> {
  const row = await db
    .select({ id: couponBatches.id })
    .from(userCoupons)
    .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .where(usable(userId, productId, now))
    .orderBy(desc(couponBatches.amountFen), sql`${endsAt} IS NULL`, asc(endsAt), asc(couponBatches.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

export async function couponCount({ db, userId, batchId, now }: { db: Db; userId: number; batchId: number; now: number }): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(userCoupons)
    .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .where(and(eq(userCoupons.userId, userId), eq(userCoupons.batchId, batchId), eq(userCoupons.status, COUPON_STATUS.UNUSED), notExpired(now)))
    .get();
  return row?.n ?? 0;
}

/**
 * Put a coupon of the batch on the order (or none with null) and recompute what is paid:
 * max(0, price − AMOUNT). The caller has checked the order is the user's and still WAIT_PAY.
 */
export async function setOrderCoupon({ db, order, batchId, now }: { db: Db; order: OrderRow; batchId: number | null; now: number }): Promise<void> {
  if ((order.batchId ?? null) === batchId) return;
  const ofBatch = batchId === null ? null : and(usable(order.userId, order.productId, now), eq(userCoupons.batchId, batchId));
  if (ofBatch && !(await couponsWithBatch(db).where(ofBatch).limit(1).get())) throw fail(PAY_MSG.couponUnavailable);
  const release = db
    .update(userCoupons)
    .set({ status: COUPON_STATUS.UNUSED, orderId: null })
    .where(and(eq(userCoupons.orderId, order.id), eq(userCoupons.status, COUPON_STATUS.RESERVED)));
  const reserved = and(eq(userCoupons.orderId, order.id), eq(userCoupons.status, COUPON_STATUS.RESERVED));
  const reprice = db
    .update(payOrders)
    .set({
      userCouponId: sql`(${db.select({ id: userCoupons.id }).from(userCoupons).where(reserved)})`,
      payAmountFen: sql`MAX(0, ${payOrders.orderAmountFen} - COALESCE((${db
        .select({ amountFen: couponBatches.amountFen })
        .from(userCoupons)
        .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
        .where(reserved)}), 0))`,
    })
    .where(and(eq(payOrders.id, order.id), eq(payOrders.status, "WAIT_PAY")));
  if (!ofBatch) {
    await db.batch([release, reprice]);
    return;
  }
  // The usable coupon of the batch that ends first, reserved for this order (status 0 checked again: one order per coupon).
  const firstUsable = db
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .where(ofBatch)
    .orderBy(sql`${endsAt} IS NULL`, asc(endsAt), asc(userCoupons.id))
    .limit(1);
  const reserve = db
    .update(userCoupons)
    .set({ status: COUPON_STATUS.RESERVED, orderId: order.id })
    .where(and(eq(userCoupons.status, COUPON_STATUS.UNUSED), eq(userCoupons.id, sql`(${firstUsable})`)));
  const [, reservedOne] = await db.batch([release, reserve, reprice]);
  // Another order took the last coupon between the check and the batch: the order is left without one.
  if (reservedOne.meta.changes !== 1) throw fail(PAY_MSG.couponUnavailable);
}
