// Payment shapes, payload schemas, constants and messages shared by the browser and the server (spec 3 §2–§5, §7,
// §9). Imports nothing server-only. Amounts on the wire are yuan numbers (price format: at most 8 integer digits and
// 1 decimal); the server keeps integer fen.
import { z } from "zod";
import { chinaDate } from "../lib/china-time";

export const PAY_MSG = {
  orderTimeout: "订单已超时,请重新下单",
  paid: "您已成功付款",
  notDetected: "系统未监测到您的支付信息",
  payDisabled: "该功能暂未开通",
  noProduct: "该报告暂未开放购买",
  reportMissing: "报告尚未生成，请先生成报告",
  orderNotFound: "订单不存在",
  orderChanged: "订单状态已变化，请刷新后重试",
  orderClosed: "订单已关闭,请重新下单",
  alreadyPaid: "该报告已付款，可直接下载",
  couponUnavailable: "优惠券不可用或已使用",
  couponRequired: "请选择优惠券",
  amountNotZero: "优惠后金额不为0，请选择支付宝支付",
  amountZero: "优惠后无需付款，请选择优惠券支付",
  alipayStarted: "该订单已发起支付宝付款，请完成付款或等待订单超时后重新下单",
  wechatStarted: "该订单已发起微信支付，请完成付款或等待订单超时后重新下单",
  wechatDisabled: "微信支付暂未开通",
  payFailed: "支付请求失败，请稍后重试",
  notYours: "无权操作该订单",
  survey: "调查表不存在或无权访问",
  product: "请选择产品",
  merchant: "商户不存在",
} as const;

/** Spec 3 §9. */
export const MERCHANT_ID = 1;
export const PLATFORM = "TCC";
export const PAY_CHANNEL = "alipay";
export const ORDER_TIMEOUT_MS = 1_800_000;
export const PAY_POPUP = { width: 900, height: 600 } as const;
export const POPUP_POLL_MS = 1000;
/** Where the trade-result page leaves the result for the dialog (spec 3 §2). */
export const TRADE_RESULT_KEY = "tradeResult";
/** File name of a report whose survey has no title. */
export const UNTITLED_REPORT = "未命名调查表";
export const ORDER_STATUS = { WAIT_PAY: "WAIT_PAY", SUCCESS: "SUCCESS", CLOSED: "CLOSED", REFUNDED: "REFUNDED" } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
/** Dialog steps (spec 3 §9): 1 info, 2 pay, 3 success, 4 not detected. */
export const PAY_STEP = { INFO: 1, PAY: 2, SUCCESS: 3, NOT_DETECTED: 4 } as const;
export type PayStep = (typeof PAY_STEP)[keyof typeof PAY_STEP];

/** Price format (spec 3 §9): at most 8 integer digits and 1 decimal. */
export const PRICE_PATTERN = /^\d{1,8}(\.\d)?$/;
export const yuanOf = (fen: number) => fen / 100;
export function fenOfPrice(yuan: string | number): number | null {
  const s = String(yuan);
  if (!PRICE_PATTERN.test(s)) return null;
  const [i, d = "0"] = s.split(".");
  return Number(i) * 100 + Number(d) * 10;
}
/** Display a yuan amount as stored: 99.9 → "99.9", 399 → "399". */
export const priceText = (yuan: number) => String(Math.round(yuan * 100) / 100);

/** Money in the pay step's breakdown (issue 26 item 6): whole yuan as is (¥20), else two decimals (¥79.90). */
export function moneyText(yuan: number): string {
  const fen = Math.round(yuan * 100);
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2);
}

/** Spec 3 §5: price after coupon = max(0, price − AMOUNT). */
export const couponPriceFen = (priceFen: number, couponFen: number) => Math.max(0, priceFen - couponFen);

/** Spec 3 §4: 30 minutes minus the elapsed time, shown as 29分59秒; null once it has run out. */
export function countdownText(existedMilliSecond: number, now = 0): string | null {
  const left = ORDER_TIMEOUT_MS - existedMilliSecond - now;
  if (left <= 0) return null;
  const s = Math.floor(left / 1000);
  return `${Math.floor(s / 60)}分${String(s % 60).padStart(2, "0")}秒`;
}

const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);
/** Figures the spec's client sends (amount, orderAmount, payAmount, totalAmount) are accepted and ignored. */
const clientFigure = z.unknown().optional();

export const productQuerySchema = z.object({
  merchantId: z.coerce.number().int().optional(),
  productId: id(PAY_MSG.product),
  /** The survey, to include its report file's name and size (owner only). */
  subProductId: id(PAY_MSG.survey).optional(),
});

export const orderAddSchema = z.object({
  userId: z.coerce.number().int().optional(),
  userName: z.string().optional(),
  productId: id(PAY_MSG.product),
  subProductId: id(PAY_MSG.survey),
  amount: clientFigure,
  orderAmount: clientFigure,
  payAmount: clientFigure,
  merchantId: z.coerce.number().int().optional(),
  platform: z.string().optional(),
  /** Optional coupon batch to apply at once. */
  batchId: id(PAY_MSG.couponUnavailable).nullish(),
});

export const paySchema = z.object({
  orderSn: z.string({ error: PAY_MSG.orderNotFound }).min(1, PAY_MSG.orderNotFound).max(64, PAY_MSG.orderNotFound),
  payChannel: z.literal(PAY_CHANNEL, { error: "暂不支持该支付方式" }),
  productName: z.string().optional(),
  totalAmount: clientFigure,
  /** A coupon batch to apply before paying the rest with Alipay; null removes a coupon. */
  batchId: id(PAY_MSG.couponUnavailable).nullish(),
});

export const orderSnSchema = z.object({ orderSn: z.string({ error: PAY_MSG.orderNotFound }).min(1, PAY_MSG.orderNotFound).max(64, PAY_MSG.orderNotFound) });

/** multipart form (spec 3 §7): userId, orderId, couponStatus 1, batchId, orderSn. */
export const zeroPurchaseSchema = z.object({
  userId: z.coerce.number().int().optional(),
  orderId: id(PAY_MSG.orderNotFound).optional(),
  couponStatus: z.coerce.number().int().optional(),
  batchId: id(PAY_MSG.couponRequired),
  orderSn: z.string({ error: PAY_MSG.orderNotFound }).min(1, PAY_MSG.orderNotFound).max(64, PAY_MSG.orderNotFound),
});

export const userCouponsQuerySchema = z.object({
  userId: z.coerce.number().int().optional(),
  productId: id(PAY_MSG.product),
  price: clientFigure,
});

export const couponCountQuerySchema = z.object({
  userId: z.coerce.number().int().optional(),
  batchId: id(PAY_MSG.couponUnavailable),
});

export const subProductParamSchema = z.object({ id: id(PAY_MSG.survey) });

export interface FileInfo {
  fileName: string;
  fileSize: number;
}

export interface ProductView {
  id: number;
  merchantId: number;
  productId: number;
  productName: string;
  /** 限时价, yuan. */
  price: number;
  /** 原价（含报告解读费）, yuan. */
  originPrice: number;
  fileInfo: FileInfo | null;
}

export interface OrderView {
  id: number;
  orderSn: string;
  status: OrderStatus;
  productId: number;
  subProductId: number;
  productName: string;
  amount: number;
  /** Product price at order time, yuan. */
  orderAmount: number;
  /** What is paid after the coupon, yuan. */
  payAmount: number;
  batchId: number | null;
  couponName: string | null;
  couponAmount: number | null;
  /** When the order's coupon ends (null: none, or no coupon). */
  couponExpiresAt: number | null;
  payChannel: string | null;
  /** Time since the order was created (ms); the countdown is 30 minutes minus this. */
  existedMilliSecond: number;
  createdAt: number;
  paidAt: number | null;
}

/** A coupon batch the user holds unused coupons of (spec: ID, COUPON_NAME, AMOUNT). */
export interface UserCouponView {
  ID: number;
  COUPON_NAME: string;
  /** yuan */
  AMOUNT: number;
  /** Unused coupons of this batch. */
  count: number;
  /** When the first of them stops being usable (ms), or null when they do not expire. */
  expiresAt?: number | null;
}

/** A coupon issued by a product rule (the new-user coupon), as the registration answer lists it. */
export interface GrantedCoupon {
  couponName: string;
  /** yuan */
  amount: number;
  count: number;
  /** The card it is for; null = every report. */
  productId: number | null;
  expiresAt: number | null;
}

// Dates in China time, the same on the server and in any browser time zone (one helper: workers/lib/china-time.ts).
export { chinaDate, endOfChinaDay } from "../lib/china-time";

/** The validity line of a coupon: 有效期至 2026-12-25, or 长期有效. */
export const couponValidityText = (expiresAt: number | null | undefined) => (expiresAt ? `有效期至${chinaDate(expiresAt)}` : "长期有效");

/** The pay call's answer: the page.pay form (spec: data is the payment URL/code). */
export interface PayStart {
  orderSn: string;
  payAmount: number;
  form: string;
}

/** POST /api/pay/wechat/native: the order number; optionally the coupon to switch to first (as the Alipay pay call). */
export const wechatNativeSchema = z.object({
  orderSn: z.string({ error: PAY_MSG.orderNotFound }).min(1, PAY_MSG.orderNotFound).max(64, PAY_MSG.orderNotFound),
  batchId: id(PAY_MSG.couponUnavailable).nullish(),
});

/** Its answer: the code_url to show as a QR code, what it charges, and when WeChat Pay stops taking it (ms). */
export interface WechatNativeStart {
  orderSn: string;
  codeUrl: string;
  payAmount: number;
  expiresAt: number;
  /** Local dev gateway only (WECHAT_PAY=dev): the page that plays the buyer's phone scanning code_url. */
  devScanUrl?: string;
}
