// Operator console, cards and coupons (issue 17): every card (survey_types) with its report product's prices
// (pay_products), edited together and audited; coupon batches with issued/used/expired counts and each coupon's use;
// issuing a batch to user ids or phone numbers (recipients without an account are reported back).
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { couponBatches, payOrders, payProducts, surveyTypes, userCoupons, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { inJsonList } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { endOfChinaDay, formatChinaTime } from "../../lib/china-time";
import { MERCHANT_ID, yuanOf } from "../../contract/payment";
import {
  COMMERCE_ACTION,
  COMMERCE_MSG,
  fenText,
  type AdminCardView,
  type CardUpdateInput,
  type CouponBatchView,
  type CouponIssueInput,
  type CouponIssueResult,
  type CouponUseView,
} from "../../contract/admin-commerce";
import { auditStatement } from "../operators/audit";

export async function adminCards({ db }: { db: Db }): Promise<AdminCardView[]> {
  const rows = await db
    .select({ c: surveyTypes, priceFen: payProducts.priceFen, originPriceFen: payProducts.originPriceFen })
    .from(surveyTypes)
    .leftJoin(payProducts, and(eq(payProducts.productId, surveyTypes.id), eq(payProducts.merchantId, MERCHANT_ID)))
    .orderBy(asc(surveyTypes.sortOrder), asc(surveyTypes.id));
  return rows.map(({ c, priceFen, originPriceFen }) => ({
    id: c.id,
    code: c.code,
    surveyName: c.surveyName,
    surveyDescription: c.surveyDescription,
    enabled: c.enabled === 1,
    price: priceFen == null ? null : yuanOf(priceFen),
    originPrice: originPriceFen == null ? null : yuanOf(originPriceFen),
    reportCount: c.reportCount,
  }));
}

/** Title, description and both prices of a card in one batch with the audit row (before/after). */
export async function updateCard({ db, actorId, input, now }: { db: Db; actorId: number; input: CardUpdateInput; now: number }): Promise<AdminCardView> {
  const card = await db.select().from(surveyTypes).where(eq(surveyTypes.id, input.id)).get();
  if (!card) throw notFound(COMMERCE_MSG.cardMissing);
  const product = await db
    .select()
    .from(payProducts)
    .where(and(eq(payProducts.merchantId, MERCHANT_ID), eq(payProducts.productId, card.id)))
    .get();
  const before = {
    surveyName: card.surveyName,
    surveyDescription: card.surveyDescription,
    price: product ? fenText(product.priceFen) : null,
    originPrice: product ? fenText(product.originPriceFen) : null,
  };
  const after = { surveyName: input.surveyName, surveyDescription: input.surveyDescription, price: fenText(input.price), originPrice: fenText(input.originPrice) };
  await db.batch([
    db.update(surveyTypes).set({ surveyName: input.surveyName, surveyDescription: input.surveyDescription }).where(eq(surveyTypes.id, card.id)),
    // The product carries the card's name (the payment dialog and orders show it); a card without one gets one.
    db
      .insert(payProducts)
      .values({ id: card.id, merchantId: MERCHANT_ID, productId: card.id, productName: input.surveyName, priceFen: input.price, originPriceFen: input.originPrice, enabled: 1 })
      .onConflictDoUpdate({ target: [payProducts.merchantId, payProducts.productId], set: { productName: input.surveyName, priceFen: input.price, originPriceFen: input.originPrice } }),
    auditStatement({ db, entry: { actorId, action: COMMERCE_ACTION.CARD_UPDATE, targetType: "card", targetId: card.id, before, after }, now }),
  ]);
  return (await adminCards({ db })).find((c) => c.id === card.id)!;
}

/** A coupon is expired when its batch's or its own end has passed. */
const expiredSql = (now: number) =>
  sql`((${couponBatches.expiresAt} IS NOT NULL AND ${couponBatches.expiresAt} <= ${now}) OR (${userCoupons.expiresAt} IS NOT NULL AND ${userCoupons.expiresAt} <= ${now}))`;

export async function couponBatchList({ db, now }: { db: Db; now: number }): Promise<CouponBatchView[]> {
  const unused = sql`${userCoupons.status} = 0`;
  const rows = await db
    .select({
      b: couponBatches,
      productName: surveyTypes.surveyName,
      issued: sql<number>`COUNT(${userCoupons.id})`,
      used: sql<number>`COALESCE(SUM(${userCoupons.status} = 1), 0)`,
      reserved: sql<number>`COALESCE(SUM(${userCoupons.status} = 2), 0)`,
      expired: sql<number>`COALESCE(SUM(${unused} AND ${expiredSql(now)}), 0)`,
    })
    .from(couponBatches)
    .leftJoin(userCoupons, eq(userCoupons.batchId, couponBatches.id))
    .leftJoin(surveyTypes, eq(surveyTypes.id, couponBatches.productId))
    .groupBy(couponBatches.id)
    .orderBy(desc(couponBatches.id));
  return rows.map(({ b, productName, issued, used, reserved, expired }) => ({
    id: b.id,
    code: b.code,
    couponName: b.couponName,
    amount: yuanOf(b.amountFen),
    productId: b.productId,
    productName: productName ?? null,
    expiresAt: b.expiresAt,
    createdAt: b.createdAt,
    issued,
    used,
    reserved,
    expired,
    available: issued - used - reserved - expired,
  }));
}

/** Every coupon of a batch with its holder and the order that used (or holds) it. */
export async function batchCoupons({ db, batchId, now, limit = 500 }: { db: Db; batchId: number; now: number; limit?: number }): Promise<{ batch: CouponBatchView; coupons: CouponUseView[] }> {
  const batch = (await couponBatchList({ db, now })).find((b) => b.id === batchId);
  if (!batch) throw notFound(COMMERCE_MSG.batchMissing);
  const rows = await db
    .select({
      c: userCoupons,
      userName: sql<string>`COALESCE(${users.name}, ${users.userName})`,
      phone: users.phone,
      orderSn: payOrders.orderSn,
      orderStatus: payOrders.status,
      expired: sql<number>`${expiredSql(now)}`,
    })
    .from(userCoupons)
    .innerJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .innerJoin(users, eq(users.id, userCoupons.userId))
    .leftJoin(payOrders, eq(payOrders.id, userCoupons.orderId))
    .where(eq(userCoupons.batchId, batchId))
    .orderBy(desc(userCoupons.status), desc(userCoupons.id))
    .limit(limit);
  return {
    batch,
    coupons: rows.map(({ c, userName, phone, orderSn, orderStatus, expired }) => ({
      id: c.id,
      userId: c.userId,
      userName,
      phone,
      status: c.status,
      expired: c.status === 0 && expired === 1,
      expiresAt: c.expiresAt ?? batch.expiresAt,
      orderSn: orderSn ?? null,
      orderStatus: orderStatus ?? null,
      usedAt: c.usedAt,
      createdAt: c.createdAt,
    })),
  };
}

function batchCode(now: number): string {
  return `B${formatChinaTime(now, "YYYYMMDD")}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => (b % 36).toString(36)).join("").toUpperCase()}`;
}

/**
 * Issue `perUser` coupons of a batch (a new one, or more of an existing one) to each recipient that has an account.
 * Recipients without one (unknown ids, phones nobody registered) are reported back, nothing is issued to them.
 * The batch, the coupons and the audit row are one transaction.
 */
export async function issueCoupons({ db, actorId, input, now }: { db: Db; actorId: number; input: CouponIssueInput; now: number }): Promise<CouponIssueResult> {
  let batch: { id: number | null; code: string; couponName: string; amountFen: number; productId: number | null; expiresAt: number | null };
  if (input.batchId !== undefined) {
    const b = await db.select().from(couponBatches).where(eq(couponBatches.id, input.batchId)).get();
    if (!b) throw notFound(COMMERCE_MSG.batchMissing);
    batch = b;
  } else {
    const code = input.code ?? batchCode(now);
    if (await db.select({ id: couponBatches.id }).from(couponBatches).where(eq(couponBatches.code, code)).get()) throw fail(COMMERCE_MSG.codeTaken);
    if (input.productId != null && !(await db.select({ id: surveyTypes.id }).from(surveyTypes).where(eq(surveyTypes.id, input.productId)).get())) throw fail(COMMERCE_MSG.productMissing);
    let expiresAt: number | null = null;
    if (input.expiresOn) {
      const start = Date.parse(`${input.expiresOn}T00:00:00+08:00`);
      if (Number.isNaN(start)) throw fail(COMMERCE_MSG.expiresFormat);
      expiresAt = endOfChinaDay(start) + 1;
      if (expiresAt <= now) throw fail(COMMERCE_MSG.expiresPast);
    }
    batch = { id: null, code, couponName: input.couponName!, amountFen: input.amount!, productId: input.productId ?? null, expiresAt };
  }
  const found =
    input.target === "phones"
      ? await db.select({ id: users.id, key: users.phone }).from(users).where(inJsonList(users.phone, input.recipients))
      : await db.select({ id: users.id, key: sql<string>`CAST(${users.id} AS TEXT)` }).from(users).where(inJsonList(users.id, input.recipients.map(Number)));
  const known = new Set(found.map((f) => String(f.key)));
  const unknown = input.recipients.filter((r) => !known.has(input.target === "users" ? String(Number(r)) : r));
  const userIds = [...new Set(found.map((f) => f.id))];
  if (userIds.length === 0) throw fail(`${COMMERCE_MSG.nobodyIssued}：${unknown.slice(0, 20).join("、")}`);
  const batchIdSql = batch.id ?? sql`(SELECT id FROM coupon_batches WHERE code = ${batch.code})`;
  const statements = [];
  if (batch.id === null) {
    statements.push(db.insert(couponBatches).values({ code: batch.code, couponName: batch.couponName, amountFen: batch.amountFen, productId: batch.productId, expiresAt: batch.expiresAt, createdAt: now }));
  }
  // Rows of up to 20 coupons (D1 binds at most 100 parameters a statement).
  const rows = userIds.flatMap((userId) => Array.from({ length: input.perUser }, () => userId));
  for (let i = 0; i < rows.length; i += 20) {
    statements.push(
      db.insert(userCoupons).values(rows.slice(i, i + 20).map((userId) => ({ batchId: batchIdSql, userId, status: 0, createdAt: now }))),
    );
  }
  statements.push(
    auditStatement({ db, entry: {
        actorId,
        action: COMMERCE_ACTION.COUPON_ISSUE,
        targetType: "coupon_batch",
        targetId: batch.code,
        before: null,
        after: {
          code: batch.code,
          couponName: batch.couponName,
          amount: fenText(batch.amountFen),
          productId: batch.productId,
          expiresAt: batch.expiresAt,
          perUser: input.perUser,
          target: input.target,
          users: userIds.length,
          issued: rows.length,
          unknown,
        },
      }, now }),
  );
  await db.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  const saved = await db.select({ id: couponBatches.id }).from(couponBatches).where(eq(couponBatches.code, batch.code)).get();
  return { batchId: saved!.id, issued: rows.length, users: userIds.length, unknown };
}
