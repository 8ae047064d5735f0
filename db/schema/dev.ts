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
