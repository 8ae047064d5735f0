// Payment seeds: one report product per card (merchant 1) with its limited-time price and its original price that
// includes the engineer's interpretation of the report, and demo coupon batches issued to the demo users.
// Prices are yuan strings in the spec's price format (at most 8 integer digits, 1 decimal).
import type { SeedStatement } from "./types";
import { cardSeeds } from "./cards";
import { demoUsers } from "./accounts";
import { MERCHANT_ID, fenOfPrice } from "../../workers/contract/payment";
import { upsert } from "./upsert";

/** Price per card code: [限时价, 原价（含报告解读费）]. */
export const productPrices: Record<string, [string, string]> = {
  motor: ["99.9", "399"],
  stenter: ["99.9", "399"],
  electricity: ["199", "699"],
  energy_mgmt: ["99.9", "399"],
  air_compressor: ["99.9", "399"],
  dye_vat: ["99.9", "399"],
  fan: ["99.9", "399"],
  pump: ["99.9", "399"],
};

export interface CouponBatchSeed {
  id: number;
  code: string;
  couponName: string;
  amount: string;
  productId: number | null;
}

export const couponBatchSeeds: CouponBatchSeed[] = [
  // The new-user coupon's batch: 20 yuan off any report. The demo users hold one without an end date; new accounts
  // get theirs through the grant rule below, valid for its days.
  { id: 1, code: "NEW-USER-20", couponName: "新用户报告抵用券", amount: "20", productId: null },
  { id: 2, code: "DEMO-FULL", couponName: "报告全额抵用券", amount: "199", productId: null },
];

export interface CouponGrantRuleSeed {
  id: number;
  code: string;
  /** register: every new account (account form, mobile form, first third-party sign-in). */
  event: "register";
  batchId: number;
  quantity: number;
  /** Valid until the end (Beijing time) of this many days after issue; null = the batch's end only. */
  validDays: number | null;
  enabled: boolean;
}

/**
 * Product rules that issue coupons (workers/services/payment/grants.ts). Change the new-user offer here (amount and
 * cards on its batch above, validity and quantity here) and run the seed; docs/payments.md "New-user coupon".
 */
export const couponGrantRuleSeeds: CouponGrantRuleSeed[] = [
  { id: 1, code: "NEW-USER", event: "register", batchId: 1, quantity: 1, validDays: 30, enabled: true },
];

const SEEDED_AT = Date.UTC(2025, 0, 1);

function fen(price: string): number {
  const v = fenOfPrice(price);
  if (v === null) throw new Error(`price ${price} is not in the spec's format (8 integer digits, 1 decimal)`);
  return v;
}

export function paymentStatements(): SeedStatement[] {
  const out: SeedStatement[] = [];
  for (const card of cardSeeds) {
    const prices = productPrices[card.code];
    if (!prices) throw new Error(`no price for card ${card.code}`);
    out.push(
      upsert("pay_products", ["id"], {
        id: card.id,
        merchant_id: MERCHANT_ID,
        product_id: card.id,
        product_name: card.surveyName,
        price_fen: fen(prices[0]),
        origin_price_fen: fen(prices[1]),
        enabled: 1,
      }, ["product_name", "price_fen", "origin_price_fen"]), // operators edit these in /admin/cards: reseeding keeps them
    );
  }
  for (const b of couponBatchSeeds) {
    out.push(upsert("coupon_batches", ["id"], { id: b.id, code: b.code, coupon_name: b.couponName, amount_fen: fen(b.amount), product_id: b.productId, expires_at: null, created_at: SEEDED_AT }));
  }
  for (const r of couponGrantRuleSeeds) {
    out.push(
      upsert("coupon_grant_rules", ["id"], {
        id: r.id,
        code: r.code,
        event: r.event,
        batch_id: r.batchId,
        quantity: r.quantity,
        valid_days: r.validDays,
        starts_at: null,
        ends_at: null,
        enabled: r.enabled ? 1 : 0,
        created_at: SEEDED_AT,
      }),
    );
  }
  // One coupon of each batch per demo user; a used or reserved coupon stays so when the seed runs again.
  demoUsers.forEach((u, i) =>
    couponBatchSeeds.forEach((b, j) =>
      out.push(
        upsert(
          "user_coupons",
          ["id"],
          { id: i * couponBatchSeeds.length + j + 1, batch_id: b.id, user_id: u.id, status: 0, order_id: null, used_at: null, created_at: SEEDED_AT },
          ["status", "order_id", "used_at"],
        ),
      ),
    ),
  );
  return out;
}
