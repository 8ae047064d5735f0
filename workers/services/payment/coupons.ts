// Coupons (spec 3 §5, §7): the batches a user holds unused coupons of, counts, and attaching a coupon to an unpaid
// order. A coupon is reserved by one order (status 2) while it waits for payment, spent (1) when the order is paid,
// and released (0) when the order closes, so one coupon can never pay for two reports.
import { fail } from "../../lib/errors";
import { PAY_MSG, yuanOf, type UserCouponView } from "../../contract/payment";
import type { Db } from "../../lib/db";
import { d1, type OrderRow } from "./context";

// A coupon ends with its batch and, when it was granted with a validity (the new-user coupon), with its own end.
const NOT_EXPIRED = "(b.expires_at IS NULL OR b.expires_at > ?3) AND (uc.expires_at IS NULL OR uc.expires_at > ?3)";
const USABLE = `uc.user_id = ?1 AND uc.status = 0 AND (b.product_id IS NULL OR b.product_id = ?2) AND ${NOT_EXPIRED}`;
/** The coupon's effective end: the earlier of its own and its batch's; NULL = none. */
const ENDS_AT = "MIN(COALESCE(uc.expires_at, b.expires_at), COALESCE(b.expires_at, uc.expires_at))";

export async function listUserCoupons(db: Db, userId: number, productId: number, now: number): Promise<UserCouponView[]> {
  const rows = await d1(db)
    .prepare(
      `SELECT b.id, b.coupon_name, b.amount_fen, COUNT(*) AS n, MIN(${ENDS_AT}) AS ends_at FROM user_coupons uc JOIN coupon_batches b ON b.id = uc.batch_id WHERE ${USABLE} GROUP BY b.id ORDER BY b.amount_fen DESC, b.id`,
    )
    .bind(userId, productId, now)
    .all<{ id: number; coupon_name: string; amount_fen: number; n: number; ends_at: number | null }>();
  return rows.results.map((r) => ({ ID: r.id, COUPON_NAME: r.coupon_name, AMOUNT: yuanOf(r.amount_fen), count: r.n, expiresAt: r.ends_at ?? null }));
}

export async function couponCount(db: Db, userId: number, batchId: number, now: number): Promise<number> {
  const row = await d1(db)
    .prepare(
      `SELECT COUNT(*) AS n FROM user_coupons uc JOIN coupon_batches b ON b.id = uc.batch_id WHERE uc.user_id = ?1 AND uc.batch_id = ?2 AND uc.status = 0 AND ${NOT_EXPIRED}`,
    )
    .bind(userId, batchId, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Put a coupon of the batch on the order (or none with null) and recompute what is paid:
 * max(0, price − AMOUNT). The caller has checked the order is the user's and still WAIT_PAY.
 */
export async function setOrderCoupon(db: Db, order: OrderRow, batchId: number | null, now: number): Promise<void> {
  if ((order.batch_id ?? null) === batchId) return;
  const client = d1(db);
  if (batchId !== null) {
    const usable = await client
      .prepare(`SELECT 1 AS ok FROM user_coupons uc JOIN coupon_batches b ON b.id = uc.batch_id WHERE ${USABLE} AND uc.batch_id = ?4 LIMIT 1`)
      .bind(order.user_id, order.product_id, now, batchId)
      .first();
    if (!usable) throw fail(PAY_MSG.couponUnavailable);
  }
  const statements = [
    client.prepare("UPDATE user_coupons SET status = 0, order_id = NULL WHERE order_id = ? AND status = 2").bind(order.id),
  ];
  if (batchId !== null) {
    statements.push(
      client
        .prepare(
          `UPDATE user_coupons SET status = 2, order_id = ?5 WHERE status = 0 AND id = (SELECT uc.id FROM user_coupons uc JOIN coupon_batches b ON b.id = uc.batch_id WHERE ${USABLE} AND uc.batch_id = ?4 ORDER BY ${ENDS_AT} IS NULL, ${ENDS_AT}, uc.id LIMIT 1)`,
        )
        .bind(order.user_id, order.product_id, now, batchId, order.id),
    );
  }
  statements.push(
    client
      .prepare(
        "UPDATE pay_orders SET user_coupon_id = (SELECT id FROM user_coupons WHERE order_id = ?1 AND status = 2), pay_amount_fen = MAX(0, order_amount_fen - COALESCE((SELECT b.amount_fen FROM user_coupons uc JOIN coupon_batches b ON b.id = uc.batch_id WHERE uc.order_id = ?1 AND uc.status = 2), 0)) WHERE id = ?1 AND status = 'WAIT_PAY'",
      )
      .bind(order.id),
  );
  const results = await client.batch(statements);
  // Another order took the last coupon between the check and the batch: the order is left without one.
  if (batchId !== null && results[1].meta.changes !== 1) throw fail(PAY_MSG.couponUnavailable);
}
