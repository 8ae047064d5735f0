// Coupons issued by product rules kept as data (`coupon_grant_rules`, seeded in db/seed/payment.ts): the new-user
// coupon is the rule with event `register`, applied by every way an account is created (account form, mobile form,
// first third-party sign-in). The batch says what a coupon is worth and for which cards; the rule says how long each
// issued coupon stays valid. The insert statements go into the same db.batch as the new user row, so an account
// never exists without its coupon, and the unique (user, rule, seq) index makes a replay issue nothing twice.
import { and, asc, eq, gt, isNull, lte, or, type SQL } from "drizzle-orm";
import { couponBatches, couponGrantRules, userCoupons } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { endOfChinaDay, type GrantedCoupon } from "../../contract/payment";

export const GRANT_EVENT = { REGISTER: "register" } as const;
export type GrantEvent = (typeof GRANT_EVENT)[keyof typeof GRANT_EVENT];

const DAY_MS = 86_400_000;

export interface ActiveGrant {
  ruleId: number;
  batchId: number;
  quantity: number;
  couponName: string;
  amountFen: number;
  productId: number | null;
  validDays: number | null;
  batchExpiresAt: number | null;
}

/**
 * When a coupon granted at `now` stops being usable: the end (Beijing time) of the `validDays`-th day after issue,
 * but never after the batch's own end; null when neither limits it.
 */
export function grantExpiry(now: number, validDays: number | null, batchExpiresAt: number | null): number | null {
  const own = validDays === null ? null : endOfChinaDay(now + validDays * DAY_MS);
  if (own === null) return batchExpiresAt;
  return batchExpiresAt === null ? own : Math.min(own, batchExpiresAt);
}

/** The enabled rules for an event that are in force at `now` and whose batch has not ended. */
export async function activeGrants({ db, event, now }: { db: Db; event: GrantEvent; now: number }): Promise<ActiveGrant[]> {
  return db
    .select({
      ruleId: couponGrantRules.id,
      batchId: couponGrantRules.batchId,
      quantity: couponGrantRules.quantity,
      couponName: couponBatches.couponName,
      amountFen: couponBatches.amountFen,
      productId: couponBatches.productId,
      validDays: couponGrantRules.validDays,
      batchExpiresAt: couponBatches.expiresAt,
    })
    .from(couponGrantRules)
    .innerJoin(couponBatches, eq(couponBatches.id, couponGrantRules.batchId))
    .where(
      and(
        eq(couponGrantRules.event, event),
        eq(couponGrantRules.enabled, 1),
        or(isNull(couponGrantRules.startsAt), lte(couponGrantRules.startsAt, now)),
        or(isNull(couponGrantRules.endsAt), gt(couponGrantRules.endsAt, now)),
        or(isNull(couponBatches.expiresAt), gt(couponBatches.expiresAt, now)),
      ),
    )
    .orderBy(asc(couponGrantRules.id));
}

/**
 * The inserts that issue `grants` to a user: `user` is the id, or a sub-select naming a row inserted earlier in
 * the same batch (registration inserts the user and its coupons in one transaction).
 */
export function grantStatements({ db, grants, user, now }: { db: Db; grants: ActiveGrant[]; user: number | SQL; now: number }): DbStatement[] {
  const out: DbStatement[] = [];
  for (const g of grants) {
    const expiresAt = grantExpiry(now, g.validDays, g.batchExpiresAt);
    const rows = Array.from({ length: Math.max(0, g.quantity) }, (_, i) => ({
      batchId: g.batchId,
      userId: user,
      status: 0,
      createdAt: now,
      expiresAt,
      grantRuleId: g.ruleId,
      grantSeq: i + 1,
    }));
    if (rows.length) out.push(db.insert(userCoupons).values(rows).onConflictDoNothing());
  }
  return out;
}

/** What the registration answer tells the new user (and the register page shows). */
export function grantedView(grants: ActiveGrant[], now: number): GrantedCoupon[] {
  return grants
    .filter((g) => g.quantity > 0)
    .map((g) => ({
      couponName: g.couponName,
      amount: g.amountFen / 100,
      count: g.quantity,
      productId: g.productId,
      expiresAt: grantExpiry(now, g.validDays, g.batchExpiresAt),
    }));
}
