// DEV-ONLY TABLES. Used by the local stand-ins for outside services, which answer only when APP_ENV=local:
// the dev SMS provider's outbox, the dev OAuth server's fake people and the dev Alipay gateway's trades.
// Production never writes them (the tables exist there empty, since one migration set serves every
// environment). Nothing outside workers/providers/*/dev* and the dev endpoints may read them.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Local development only: what the dev SMS provider "sent", so developers and browser tests can read codes. */
export const smsOutbox = sqliteTable(
  "sms_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phone: text("phone").notNull(),
    type: integer("type").notNull(),
    code: text("code").notNull(),
    content: text("content").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.phone, t.createdAt)],
);

/** Fake people of the in-Worker dev OAuth server (OAUTH_MODE=dev). */
export const devOauthUsers = sqliteTable(
  "dev_oauth_users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider").notNull(),
    openId: text("open_id").notNull(),
    nickname: text("nickname").notNull(),
    /** 1 male, 2 female. */
    gender: integer("gender").notNull().default(1),
    avatar: text("avatar"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("dev_oauth_users_open_id_uq").on(t.provider, t.openId)],
);

/** The local dev gateway's trades (ALIPAY_GATEWAY=dev, APP_ENV=local): what alipay.trade.query/close read. */
export const alipayDevTrades = sqliteTable(
  "alipay_dev_trades",
  {
    tradeNo: text("trade_no").primaryKey(),
    appId: text("app_id").notNull(),
    outTradeNo: text("out_trade_no").notNull(),
    totalAmount: text("total_amount").notNull(),
    subject: text("subject").notNull(),
    /** WAIT_BUYER_PAY | TRADE_SUCCESS | TRADE_CLOSED */
    tradeStatus: text("trade_status").notNull(),
    buyerId: text("buyer_id").notNull(),
    notifyUrl: text("notify_url"),
    /** Last notify delivery: the merchant's answer (success expected). */
    notifyAnswer: text("notify_answer"),
    createdAt: integer("created_at").notNull(),
    paidAt: integer("paid_at"),
  },
  (t) => [uniqueIndex("alipay_dev_trades_out_idx").on(t.appId, t.outTradeNo)],
);

/**
 * The local WeChat Pay dev gateway's Native orders (WECHAT_PAY=dev, APP_ENV=local): what the query, close and refund
 * calls read, and what its "scan" page pays. One row per merchant order number, as WeChat Pay keeps them.
 */
export const wechatpayDevTrades = sqliteTable(
  "wechatpay_dev_trades",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mchid: text("mchid").notNull(),
    appid: text("appid").notNull(),
    outTradeNo: text("out_trade_no").notNull(),
    description: text("description").notNull(),
    totalFen: integer("total_fen").notNull(),
    /** The random token inside code_url (weixin://wxpay/bizpayurl?pr=<token>), which the scan page looks up. */
    codeToken: text("code_token").notNull(),
    /** NOTPAY | SUCCESS | CLOSED | REFUND */
    tradeState: text("trade_state").notNull(),
    transactionId: text("transaction_id"),
    openid: text("openid"),
    notifyUrl: text("notify_url").notNull(),
    /** Last notify delivery: the merchant's HTTP status (2xx expected). */
    notifyAnswer: text("notify_answer"),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    paidAt: integer("paid_at"),
  },
  (t) => [uniqueIndex("wechatpay_dev_trades_out_idx").on(t.mchid, t.outTradeNo), uniqueIndex("wechatpay_dev_trades_code_idx").on(t.codeToken)],
);

/** The WeChat Pay dev gateway's refunds: one per out_refund_no (a repeated number refunds nothing more). */
export const wechatpayDevRefunds = sqliteTable(
  "wechatpay_dev_refunds",
  {
    refundId: text("refund_id").primaryKey(),
    mchid: text("mchid").notNull(),
    outRefundNo: text("out_refund_no").notNull(),
    outTradeNo: text("out_trade_no").notNull(),
    transactionId: text("transaction_id").notNull(),
    refundFen: integer("refund_fen").notNull(),
    totalFen: integer("total_fen").notNull(),
    reason: text("reason"),
    notifyUrl: text("notify_url"),
    notifyAnswer: text("notify_answer"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("wechatpay_dev_refunds_no_idx").on(t.mchid, t.outRefundNo)],
);
