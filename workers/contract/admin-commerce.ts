// Operator console, commerce (issue 17): cards and prices, coupon batches, orders, Alipay query, refunds and the
// daily reconciliation. Payload schemas (zod) shared by the /admin pages and /api/admin/*, response shapes,
// messages and audit action names. Money on the wire is yuan (numbers); the database keeps integer fen.
import { z } from "zod";
import { PRICE_PATTERN } from "./payment";

export const COMMERCE_ACTION = {
  CARD_UPDATE: "card.update",
  COUPON_ISSUE: "coupon.issue",
  ORDER_REFUND: "order.refund",
  ORDER_SYNC: "order.sync",
} as const;
// Their labels on /admin/audit are in ADMIN_ACTION_LABEL (admin-constants.ts, which must stay free of zod).

export const COMMERCE_MSG = {
  cardMissing: "卡片不存在",
  cardSaved: "卡片已保存",
  nameRequired: "请填写卡片标题",
  nameTooLong: "卡片标题最多20个字",
  descriptionRequired: "请填写卡片说明",
  descriptionTooLong: "卡片说明最多200个字",
  priceFormat: "价格须为正数，最多8位整数、1位小数（元）",
  priceAboveOrigin: "限时价不能高于原价",
  batchMissing: "优惠券批次不存在",
  couponNameRequired: "请填写优惠券名称",
  couponNameTooLong: "优惠券名称最多40个字",
  couponAmount: "面额须为正数，最多8位整数、1位小数（元）",
  couponCode: "批次编码为1–40位字母、数字、_ 或 -",
  codeTaken: "批次编码已存在，请换一个或选择已有批次追加发放",
  expiresFormat: "有效期须为 YYYY-MM-DD",
  expiresPast: "有效期不能早于今天",
  perUser: "每人张数为1–10",
  recipientsRequired: "请填写发放对象",
  recipientsTooMany: "一次最多发放给1000个对象",
  badUserId: "用户ID须为数字",
  badPhone: "手机号须为11位数字",
  nobodyIssued: "没有可发放的用户",
  issued: "发放成功",
  productMissing: "适用卡片不存在",
  orderMissing: "订单不存在",
  refundReasonRequired: "请填写退款原因",
  refundReasonTooLong: "退款原因最多80个字",
  refundAmount: "退款金额须为正数，最多2位小数（元）",
  refundRequestNo: "退款请求号无效，请关闭对话框后重试",
  refundNotPaid: "只有已支付的订单可以退款",
  refundAlready: "订单已全额退款",
  refundNotAlipay: "该订单未经支付宝或微信支付付款（优惠券全额抵扣），无需退款",
  refundTooMuch: "退款金额不能超过可退金额",
  refundBusy: "该订单有一笔退款正在处理，请先在订单详情中重新提交该笔退款",
  refundRequestReused: "退款请求号已用于另一笔退款，请关闭对话框后重试",
  refundFailedBefore: "该笔退款已失败，请重新发起退款",
  refundUnknown: "支付宝应答无法验证，退款结果未知：请稍后在订单详情中重新提交该笔退款（同一请求号不会重复退款）",
  refundRejected: "支付宝拒绝退款",
  refundUnknownWechat: "微信支付应答无法验证，退款结果未知：请稍后在订单详情中重新提交该笔退款（同一退款单号不会重复退款）",
  refundRejectedWechat: "微信支付拒绝退款",
  refundProcessing: "微信支付正在处理该笔退款，结果将由退款通知更新",
  wechatDisabled: "微信支付未配置",
  refunded: "退款成功",
  refundDone: "该笔退款已完成",
  payDisabled: "支付宝未配置",
  queryFailed: "查询支付宝失败，请稍后重试",
  queryFailedWechat: "查询微信支付失败，请稍后重试",
  dayFormat: "日期须为 YYYY-MM-DD",
} as const;

/** The user's system message after a refund (live badge). */
export function refundNotice(productName: string, orderSn: string, yuan: string, full: boolean, channel: string = "alipay"): string {
  const back = channel === "wechat" ? "微信支付" : "支付宝账户";
  return full
    ? `您的订单${orderSn}（${productName}评估报告）已全额退款¥${yuan}，款项将原路退回${back}；该报告需重新购买后才能下载。`
    : `您的订单${orderSn}（${productName}评估报告）已部分退款¥${yuan}，款项将原路退回${back}；该报告仍可下载。`;
}

export const ORDER_STATUS_LABEL: Record<string, string> = { WAIT_PAY: "待支付", SUCCESS: "已支付", CLOSED: "已关闭", REFUNDED: "已退款" };
export const ORDER_STATUSES = ["WAIT_PAY", "SUCCESS", "CLOSED", "REFUNDED"] as const;
export const REFUND_STATUS_LABEL: Record<string, string> = { pending: "处理中", success: "退款成功", failed: "退款失败" };
export const COUPON_STATUS_LABEL: Record<number, string> = { 0: "未使用", 1: "已使用", 2: "已占用" };
export const COMMERCE_PAGE_SIZE = 20;
export const RECIPIENTS_MAX = 1000;

/** Yuan with two decimals for every amount the console shows: 99.9 → "99.90". */
export const yuan2 = (yuan: number | null | undefined) => (yuan == null ? "—" : (Math.round(yuan * 100) / 100).toFixed(2));
/** Fen → yuan text with two decimals, exactly (no floating point). */
export const fenText = (fen: number) => `${fen < 0 ? "-" : ""}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, "0")}`;

/** Refund amounts: yuan with at most 2 decimals (what Alipay takes), in fen. */
export const REFUND_AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
export function fenOfAmount(yuan: string | number): number | null {
  const s = typeof yuan === "number" ? String(Math.round(yuan * 100) / 100) : yuan.trim();
  if (!REFUND_AMOUNT_PATTERN.test(s)) return null;
  const [i, d = ""] = s.split(".");
  return Number(i) * 100 + Number(d.padEnd(2, "0"));
}
/** Prices and coupon amounts follow spec 3 §9 (at most 8 integer digits, 1 decimal). */
export function fenOfSpecPrice(yuan: string | number): number | null {
  const s = typeof yuan === "number" ? String(yuan) : yuan.trim();
  if (!PRICE_PATTERN.test(s)) return null;
  const [i, d = "0"] = s.split(".");
  const fen = Number(i) * 100 + Number(d) * 10;
  return fen > 0 ? fen : null;
}

const BAD = "请求参数有误";
const id = z.coerce.number({ error: BAD }).int(BAD).positive(BAD);
const pageNo = z.coerce.number().int().min(1).catch(1).default(1);
const specPrice = (msg: string) =>
  z
    .union([z.string(), z.number()], { error: msg })
    .transform((v, ctx) => {
      const fen = fenOfSpecPrice(v);
      if (fen === null) {
        ctx.addIssue({ code: "custom", message: msg });
        return z.NEVER;
      }
      return fen;
    });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY, COMMERCE_MSG.dayFormat);

/** POST /api/admin/commerce/cards/update: the card's text (survey_types) and its product's prices (fen after parse). */
export const cardUpdatePayload = z
  .object({
    id,
    surveyName: z.string({ error: COMMERCE_MSG.nameRequired }).trim().min(1, COMMERCE_MSG.nameRequired).max(20, COMMERCE_MSG.nameTooLong),
    surveyDescription: z.string({ error: COMMERCE_MSG.descriptionRequired }).trim().min(1, COMMERCE_MSG.descriptionRequired).max(200, COMMERCE_MSG.descriptionTooLong),
    price: specPrice(COMMERCE_MSG.priceFormat),
    originPrice: specPrice(COMMERCE_MSG.priceFormat),
  })
  .refine((v) => v.price <= v.originPrice, { message: COMMERCE_MSG.priceAboveOrigin, path: ["price"] });
export type CardUpdateInput = z.infer<typeof cardUpdatePayload>;

/** Ids or phones separated by commas, spaces or new lines. */
const recipients = z
  .string({ error: COMMERCE_MSG.recipientsRequired })
  .transform((s) => [...new Set(s.split(/[\s,，;；、]+/).map((x) => x.trim()).filter(Boolean))])
  .refine((l) => l.length > 0, COMMERCE_MSG.recipientsRequired)
  .refine((l) => l.length <= RECIPIENTS_MAX, COMMERCE_MSG.recipientsTooMany);

/** POST /api/admin/commerce/coupons/issue: a new batch (code, name, amount, card, end) or more of an existing one. */
export const couponIssuePayload = z
  .object({
    batchId: id.optional(),
    code: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, COMMERCE_MSG.couponCode).optional(),
    couponName: z.string().trim().min(1, COMMERCE_MSG.couponNameRequired).max(40, COMMERCE_MSG.couponNameTooLong).optional(),
    amount: specPrice(COMMERCE_MSG.couponAmount).optional(),
    /** A card id; absent or null = every card. */
    productId: id.nullable().optional(),
    /** Last valid China day (coupons end at its 24:00 Beijing time); absent = no end. */
    expiresOn: day.optional(),
    perUser: z.coerce.number({ error: COMMERCE_MSG.perUser }).int(COMMERCE_MSG.perUser).min(1, COMMERCE_MSG.perUser).max(10, COMMERCE_MSG.perUser).default(1),
    target: z.enum(["users", "phones"], { error: BAD }),
    recipients,
  })
  .superRefine((v, ctx) => {
    if (v.batchId === undefined) {
      if (!v.couponName) ctx.addIssue({ code: "custom", message: COMMERCE_MSG.couponNameRequired, path: ["couponName"] });
      if (v.amount === undefined) ctx.addIssue({ code: "custom", message: COMMERCE_MSG.couponAmount, path: ["amount"] });
    }
    const bad = v.target === "users" ? v.recipients.find((r) => !/^\d{1,12}$/.test(r)) : v.recipients.find((r) => !/^1\d{10}$/.test(r));
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `${v.target === "users" ? COMMERCE_MSG.badUserId : COMMERCE_MSG.badPhone}：${bad}`, path: ["recipients"] });
  });
export type CouponIssueInput = z.infer<typeof couponIssuePayload>;

export const batchQuery = z.object({ id });

export const orderListQuery = z.object({
  q: z.string().trim().max(50).optional().default(""),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  pageNo,
});
export type OrderListInput = z.infer<typeof orderListQuery>;

export const orderSnQuery = z.object({ orderSn: z.string().trim().min(1, COMMERCE_MSG.orderMissing).max(64, COMMERCE_MSG.orderMissing) });

export const refundPayload = z.object({
  orderSn: z.string().trim().min(1, COMMERCE_MSG.orderMissing).max(64, COMMERCE_MSG.orderMissing),
  amount: z.union([z.string(), z.number()], { error: COMMERCE_MSG.refundAmount }).transform((v, ctx) => {
    const fen = fenOfAmount(v);
    if (fen === null || fen <= 0) {
      ctx.addIssue({ code: "custom", message: COMMERCE_MSG.refundAmount });
      return z.NEVER;
    }
    return fen;
  }),
  reason: z.string({ error: COMMERCE_MSG.refundReasonRequired }).trim().min(1, COMMERCE_MSG.refundReasonRequired).max(80, COMMERCE_MSG.refundReasonTooLong),
  /** Made by the dialog when it opens (out_request_no): a repeated submit asks Alipay for the same refund. */
  requestNo: z.string({ error: COMMERCE_MSG.refundRequestNo }).regex(/^[A-Za-z0-9_-]{8,64}$/, COMMERCE_MSG.refundRequestNo),
});
export type RefundInput = z.infer<typeof refundPayload>;

export const reconcileQuery = z.object({ day: day.optional() });

// ---- response shapes ----
export interface AdminCardView {
  id: number;
  code: string;
  surveyName: string;
  surveyDescription: string;
  enabled: boolean;
  /** Yuan; null when the card has no product. */
  price: number | null;
  originPrice: number | null;
  reportCount: number;
}

export interface CouponBatchView {
  id: number;
  code: string;
  couponName: string;
  amount: number;
  productId: number | null;
  productName: string | null;
  expiresAt: number | null;
  createdAt: number;
  issued: number;
  used: number;
  reserved: number;
  /** Unused coupons past their end (the batch's or their own). */
  expired: number;
  /** Unused and still valid. */
  available: number;
}

export interface CouponUseView {
  id: number;
  userId: number;
  userName: string;
  phone: string | null;
  status: number;
  expired: boolean;
  expiresAt: number | null;
  orderSn: string | null;
  orderStatus: string | null;
  usedAt: number | null;
  createdAt: number;
}

export interface CouponIssueResult {
  batchId: number;
  issued: number;
  users: number;
  /** Recipients that match no account (phones without an account, unknown ids): nothing issued to them. */
  unknown: string[];
}

export interface AdminOrderView {
  id: number;
  orderSn: string;
  userId: number;
  userName: string;
  name: string | null;
  phone: string | null;
  productName: string;
  subProductId: number;
  status: string;
  orderAmount: number;
  payAmount: number;
  refunded: number;
  payChannel: string | null;
  tradeNo: string | null;
  createdAt: number;
  paidAt: number | null;
}

export interface RefundView {
  id: number;
  outRequestNo: string;
  amount: number;
  reason: string;
  status: string;
  actorName: string;
  refundFee: number | null;
  failReason: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export interface NotifyView {
  id: number;
  notifyId: string | null;
  tradeNo: string | null;
  tradeStatus: string | null;
  totalAmount: string | null;
  outcome: string;
  receivedAt: number;
}

export interface OrderDetailView {
  order: AdminOrderView & { couponName: string | null; couponAmount: number | null; couponStatus: number | null; closedAt: number | null; alipayRequestedAt: number | null };
  payment: { channel: string; tradeNo: string; amount: number; source: string; buyerId: string | null; paidAt: number } | null;
  notifies: NotifyView[];
  refunds: RefundView[];
  /** What can still be refunded, yuan (0 unless paid through Alipay). */
  refundable: number;
}

export interface AlipayQueryView {
  exists: boolean;
  tradeStatus: string | null;
  tradeNo: string | null;
  totalAmount: string | null;
  buyerId: string | null;
  /** Whether the answer matches our order (amount, paid state). */
  matches: boolean;
  /** A payment Alipay has and we did not: applied now. */
  applied: boolean;
}

/** 查询微信支付: GET /v3/pay/transactions/out-trade-no/{sn}, as the operator reads it. */
export interface WechatQueryView {
  exists: boolean;
  /** SUCCESS, NOTPAY, CLOSED, REFUND, USERPAYING, PAYERROR, REVOKED (WeChat Pay's trade_state). */
  tradeState: string | null;
  transactionId: string | null;
  /** The amount WeChat Pay holds, in fen. */
  totalFen: number | null;
  /** Whether the answer matches our order (amount, paid state). */
  matches: boolean;
  /** A payment WeChat Pay has and we did not: applied now. */
  applied: boolean;
}

export interface RefundResultView {
  refund: RefundView;
  orderStatus: string;
  refundable: number;
}

export type ReconcileIssue = "paid_without_notify" | "notify_without_paid_order" | "amount_mismatch" | "conflict" | "rejected";
export const RECONCILE_ISSUE_LABEL: Record<ReconcileIssue, string> = {
  paid_without_notify: "已支付但无通知",
  notify_without_paid_order: "有通知但订单未支付",
  amount_mismatch: "金额不一致",
  conflict: "重复支付（另一笔交易）",
  rejected: "通知被拒绝",
};

export interface ReconcileRow {
  orderSn: string;
  orderStatus: string | null;
  /** alipay | wechat (the order's channel, else the channel of its notifies). */
  channel: string | null;
  /** Our paid amount (yuan) when the order was paid that day through Alipay or WeChat Pay. */
  paid: number | null;
  paidAt: number | null;
  paySource: string | null;
  /** Verified notifies for the order (any day), their total_amount and outcome. */
  notifies: { totalAmount: string | null; outcome: string; receivedAt: number }[];
  refunded: number;
  issues: ReconcileIssue[];
}

export interface ReconcileView {
  day: string;
  paidCount: number;
  paidTotal: number;
  notifyCount: number;
  notifyTotal: number;
  refundCount: number;
  refundTotal: number;
  net: number;
  rows: ReconcileRow[];
  mismatches: number;
}
