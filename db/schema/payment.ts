// Payment (spec 3 §3–§5, §7 payment service): report products and prices per card, orders for one survey's report,
// coupon batches and the coupons issued to users, the payments applied to orders (one per order, one per trade
// number: the exactly-once guard), and every Alipay notify received (the dev gateway's trades: dev.ts).
// Money is integer fen everywhere; the API shows yuan.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** One product per card (productId = survey type id) of a merchant (merchantId 1, spec 3 §9). */
export const payProducts = sqliteTable(
  "pay_products",
  {
    id: integer("id").primaryKey(),
    merchantId: integer("merchant_id").notNull(),
    /** The card (survey type) whose reports this product sells. */
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    /** Limited-time price (限时价), fen. */
    priceFen: integer("price_fen").notNull(),
    /** Original price including the report interpretation fee (原价 含报告解读费), fen. */
    originPriceFen: integer("origin_price_fen").notNull(),
    enabled: integer("enabled").notNull().default(1),
  },
  (t) => [uniqueIndex("pay_products_merchant_product_idx").on(t.merchantId, t.productId)],
);

/** States: WAIT_PAY → SUCCESS | CLOSED (spec 3 §4); SUCCESS → REFUNDED when refunds reach the paid amount (docs/payments.md). */
export const payOrders = sqliteTable(
  "pay_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Order number shown to the user and sent to Alipay as out_trade_no. */
    orderSn: text("order_sn").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    merchantId: integer("merchant_id").notNull(),
    productId: integer("product_id").notNull(),
    /** The survey whose report is bought. */
    subProductId: integer("sub_product_id").notNull(),
    productName: text("product_name").notNull(),
    amount: integer("amount").notNull().default(1),
    /** Product price at order time, fen. */
    orderAmountFen: integer("order_amount_fen").notNull(),
    /** What the user pays: max(0, price − coupon), fen. */
    payAmountFen: integer("pay_amount_fen").notNull(),
    /** The user coupon applied (reserved while WAIT_PAY, used once SUCCESS). */
    userCouponId: integer("user_coupon_id"),
    platform: text("platform").notNull(),
    status: text("status").$type<"WAIT_PAY" | "SUCCESS" | "CLOSED" | "REFUNDED">().notNull(),
    /** alipay | coupon, once paid. */
    payChannel: text("pay_channel"),
    /** Alipay trade_no (or COUPON-<orderSn>) of the applied payment. */
    tradeNo: text("trade_no"),
    /** First page.pay request: from then on Alipay may hold a trade, so the amount is fixed. */
    alipayRequestedAt: integer("alipay_requested_at"),
    /** First WeChat Pay Native order (POST /v3/pay/transactions/native): from then on WeChat may hold a trade. */
    wechatRequestedAt: integer("wechat_requested_at"),
    /** Last time the scheduled job asked the payment channels about this paying order (issue 26 item 7). */
    payCheckedAt: integer("pay_checked_at"),
    createdAt: integer("created_at").notNull(),
    paidAt: integer("paid_at"),
    closedAt: integer("closed_at"),
  },
  (t) => [
    index("pay_orders_user_sub_idx").on(t.userId, t.subProductId, t.createdAt),
    index("pay_orders_status_idx").on(t.status, t.createdAt),
    // The dashboard's revenue by day (migration 0015).
    index("pay_orders_status_paid_idx").on(t.status, t.paidAt),
    // One open-or-paid order per (user, survey, product): a double click or ten parallel requests cannot create a
    // second order to pay, nor reserve a second coupon. Closed orders do not count, so a new order follows a closed one.
    uniqueIndex("pay_orders_one_open_idx").on(t.userId, t.subProductId, t.productId).where(sql`status IN ('WAIT_PAY', 'SUCCESS')`),
  ],
);

/** Payments applied to orders. The two unique keys make applying a payment idempotent. */
export const payPayments = sqliteTable("pay_payments", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  orderId: integer("order_id").notNull().unique(),
  channel: text("channel").notNull(),
  tradeNo: text("trade_no").notNull().unique(),
  amountFen: integer("amount_fen").notNull(),
  /** notify | query | return | coupon: which path applied it first. */
  source: text("source").notNull(),
  buyerId: text("buyer_id"),
  paidAt: integer("paid_at").notNull(),
});

export const couponBatches = sqliteTable("coupon_batches", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Stable operator code, so an issuing script can be re-run against the same batch. */
  code: text("code").notNull().unique(),
  couponName: text("coupon_name").notNull(),
  amountFen: integer("amount_fen").notNull(),
  /** Card the batch is for; null = every report product. */
  productId: integer("product_id"),
  /** Coupons of this batch cannot be used after this instant; null = no end. */
  expiresAt: integer("expires_at"),
  createdAt: integer("created_at").notNull(),
});

/**
 * Product rules that issue coupons on an event, kept as data (issue 14 item 5): the new-user coupon is the rule
 * with event `register`. What the coupon is worth and for which cards comes from its batch (amount, product_id,
 * the batch's own end); the rule adds how long each issued coupon stays valid and when the rule is in force.
 */
export const couponGrantRules = sqliteTable("coupon_grant_rules", {
  id: integer("id").primaryKey(),
  /** Stable operator code (NEW-USER). */
  code: text("code").notNull().unique(),
  /** register: every new account (account form, mobile form, first third-party sign-in). */
  event: text("event").notNull(),
  batchId: integer("batch_id")
    .notNull()
    .references(() => couponBatches.id),
  /** Coupons issued per user by this rule. */
  quantity: integer("quantity").notNull().default(1),
  /** Each coupon is valid until the end (Beijing time) of this many days after issue; null = the batch's end only. */
  validDays: integer("valid_days"),
  /** The rule issues only for events in [startsAt, endsAt); null = open. */
  startsAt: integer("starts_at"),
  endsAt: integer("ends_at"),
  enabled: integer("enabled").notNull().default(1),
  createdAt: integer("created_at").notNull(),
});

/** status: 0 unused, 2 reserved by order_id (WAIT_PAY), 1 used by order_id. */
export const userCoupons = sqliteTable(
  "user_coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => couponBatches.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: integer("status").notNull().default(0),
    orderId: integer("order_id"),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
    /** This coupon's own end (a granted coupon's validity); the batch's end applies as well. null = none. */
    expiresAt: integer("expires_at"),
    /** The rule that issued it, if any. */
    grantRuleId: integer("grant_rule_id").references(() => couponGrantRules.id),
    /** Which of the rule's `quantity` coupons this is (1…quantity), so a repeated grant issues nothing twice. */
    grantSeq: integer("grant_seq"),
  },
  (t) => [
    index("user_coupons_user_batch_idx").on(t.userId, t.batchId, t.status),
    // A rule issues each of its coupons to a user once, however often the event is replayed.
    uniqueIndex("user_coupons_grant_once_idx").on(t.userId, t.grantRuleId, t.grantSeq).where(sql`grant_rule_id IS NOT NULL`),
  ],
);

/** Every payment notify (Alipay, WeChat Pay), verified or not, with what was done with it (for reconciliation). */
export const payNotifications = sqliteTable(
  "pay_notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    notifyId: text("notify_id"),
    outTradeNo: text("out_trade_no"),
    tradeNo: text("trade_no"),
    tradeStatus: text("trade_status"),
    totalAmount: text("total_amount"),
    /** applied | duplicate | conflict | ignored | rejected:<reason> */
    outcome: text("outcome").notNull(),
    paramsJson: text("params_json").notNull(),
    receivedAt: integer("received_at").notNull(),
    /** alipay | wechat: who sent it (WeChat's notify id is its `id`, its trade_no the transaction_id). */
    channel: text("channel").notNull().default("alipay"),
  },
  (t) => [index("pay_notifications_out_trade_idx").on(t.outTradeNo)],
);
