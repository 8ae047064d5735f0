// WeChat Pay (APIv3 Native) payment of an order: the Native order (code_url), the payment notify (verified,
// decrypted, checked against the order, then applied once through settle.ts like Alipay's), and the transaction
// query used when the buyer returns, by the cron and at the time-out. docs/payments.md "微信支付".
import { eq, sql } from "drizzle-orm";
import { payNotifications, payOrders, payRefunds } from "../../../db/schema";
import { fail } from "../../lib/errors";
import { ORDER_TIMEOUT_MS, PAY_MSG, yuanOf, type WechatNativeStart } from "../../contract/payment";
import { amountOf } from "../../providers/alipay/protocol";
import { isWechatDevGateway, wechatNotifyUrl, WECHAT_DEV_PREFIX, WechatPayError, type Refund, type SignedHeaders, type Transaction } from "../../providers/wechatpay";
import { orderById, orderBySn, wechatClientOf, type PayCtx } from "./context";
import { applyPayment, type NotifyLog } from "./settle";
import { payableOrder } from "./orders";
import { settleWechatRefund } from "./refund";

/** POST /api/pay/wechat/native: optionally switch the coupon, then the Native order for what is left to pay. */
export async function startWechat({ userId, input, ...ctx }: PayCtx & { userId: number; input: { orderSn: string; batchId?: number | null } }): Promise<WechatNativeStart> {
  const client = wechatClientOf(ctx);
  if (!client) throw fail(PAY_MSG.wechatDisabled);
  const order = await payableOrder({ ...ctx, userId, input });
  // From now on WeChat Pay holds a Native order for this number with this amount (the coupon is then fixed).
  await ctx.db
    .update(payOrders)
    .set({ wechatRequestedAt: sql`COALESCE(${payOrders.wechatRequestedAt}, ${ctx.now})` })
    .where(eq(payOrders.id, order.id));
  const expiresAt = order.createdAt + ORDER_TIMEOUT_MS;
  let codeUrl: string;
  try {
    // Asking again with the same number and amount returns the same code_url (WeChat Pay keeps one order per number).
    codeUrl = await client.native({ outTradeNo: order.orderSn, totalFen: order.payAmountFen, description: `${order.productName}评估报告`, notifyUrl: wechatNotifyUrl(ctx.env, ctx.origin), expiresAt, now: ctx.now });
  } catch (e) {
    console.warn(JSON.stringify({ event: "wechat-native-failed", orderSn: order.orderSn, error: String(e) }));
    if (e instanceof WechatPayError && e.code === "ORDER_PAID") throw fail(PAY_MSG.alreadyPaid);
    throw fail(PAY_MSG.payFailed);
  }
  const devScanUrl = isWechatDevGateway(ctx.env) ? `${WECHAT_DEV_PREFIX}/scan?code_url=${encodeURIComponent(codeUrl)}` : undefined;
  return { orderSn: order.orderSn, codeUrl, payAmount: yuanOf(order.payAmountFen), expiresAt, ...(devScanUrl ? { devScanUrl } : {}) };
}

/** What WeChat Pay expects back: 2xx without a body stops its retries; 4xx/5xx {"code":"FAIL","message":…} asks again. */
export interface WechatNotifyAnswer {
  status: 204 | 400 | 401 | 500;
  body: { code: "FAIL"; message: string } | null;
  outcome: string;
}

const failAnswer = (status: 400 | 401 | 500, why: string, message: string): WechatNotifyAnswer => ({ status, body: { code: "FAIL", message }, outcome: `rejected:${why}` });

/**
 * The payment notify: signature (WeChat Pay's key, its id in Wechatpay-Serial, timestamp within 5 minutes) over the
 * exact body, then the resource decrypted with the APIv3 key, then mchid, appid, out_trade_no, trade_state and the
 * amount against the order; only then the payment is applied (exactly once, with its log row in the same batch).
 */
export async function handleWechatNotify({ headers, body, ...ctx }: PayCtx & { headers: SignedHeaders; body: string }): Promise<WechatNotifyAnswer> {
  const log: NotifyLog = { notifyId: null, outTradeNo: null, tradeNo: null, tradeStatus: null, totalAmount: null, paramsJson: body.slice(0, 8000), receivedAt: ctx.now, channel: "wechat" };
  const result = await judgeWechatNotify(ctx, headers, body, log);
  if (!result.logged) await ctx.db.insert(payNotifications).values({ ...log, outcome: result.outcome });
  if (result.status !== 204) console.warn(JSON.stringify({ event: "wechat-notify-rejected", outcome: result.outcome, outTradeNo: log.outTradeNo }));
  return { status: result.status, body: result.body, outcome: result.outcome };
}

async function judgeWechatNotify(ctx: PayCtx, headers: SignedHeaders, body: string, log: NotifyLog): Promise<WechatNotifyAnswer & { logged?: true }> {
  const client = wechatClientOf(ctx);
  if (!client) return failAnswer(500, "not_configured", "未开通");
  const opened = await client.openNotify<Transaction>(headers, body, ctx.now);
  if (!opened.ok) return failAnswer(opened.reason === "decrypt" || opened.reason === "body" ? 400 : 401, opened.reason, opened.reason === "decrypt" ? "解密失败" : "签名错误");
  const t = opened.resource;
  // What we learnt only now that it is genuine; the decrypted resource replaces the ciphertext in the log.
  Object.assign(log, {
    notifyId: opened.envelope.id?.slice(0, 64) ?? null,
    outTradeNo: t.out_trade_no?.slice(0, 64) ?? null,
    tradeNo: t.transaction_id?.slice(0, 64) ?? null,
    tradeStatus: t.trade_state?.slice(0, 32) ?? null,
    totalAmount: typeof t.amount?.total === "number" ? amountOf(t.amount.total) : null,
    paramsJson: JSON.stringify({ event_type: opened.envelope.event_type, resource: t }).slice(0, 8000),
  });
  if (t.mchid !== client.config.mchid) return failAnswer(400, "mchid", "商户号不符");
  if (t.appid !== client.config.appid) return failAnswer(400, "appid", "应用不符");
  const order = t.out_trade_no ? await orderBySn({ db: ctx.db, orderSn: t.out_trade_no }) : null;
  if (!order) return failAnswer(400, "unknown_order", "订单不存在");
  if (opened.envelope.event_type !== "TRANSACTION.SUCCESS" || t.trade_state !== "SUCCESS") return { status: 204, body: null, outcome: `ignored:${t.trade_state ?? opened.envelope.event_type ?? "none"}` };
  if (t.amount?.total !== order.payAmountFen || (t.amount.currency ?? "CNY") !== "CNY") return failAnswer(400, "amount", "金额不符");
  if (!t.transaction_id) return failAnswer(400, "trade_no", "缺少微信支付订单号");
  const outcome = await applyPayment({ db: ctx.db, orderId: order.id, p: { channel: "wechat", tradeNo: t.transaction_id, amountFen: order.payAmountFen, source: "notify", buyerId: t.payer?.openid ?? null, now: ctx.now }, notify: log });
  // A conflict (already paid by another trade, e.g. Alipay) is acknowledged: retries cannot fix it; the log keeps it for a refund.
  return { status: 204, body: null, outcome, logged: true };
}

/**
 * The refund notify (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED): verified and decrypted like the payment
 * notify, then matched to our pending refund by out_refund_no (mchid, order and amount must agree) and settled
 * through the refund service, which finishes a refund once however many reports arrive.
 */
export async function handleWechatRefundNotify({ headers, body, ...ctx }: PayCtx & { headers: SignedHeaders; body: string }): Promise<WechatNotifyAnswer> {
  const log: NotifyLog = { notifyId: null, outTradeNo: null, tradeNo: null, tradeStatus: null, totalAmount: null, paramsJson: body.slice(0, 8000), receivedAt: ctx.now, channel: "wechat" };
  const result = await judgeRefundNotify(ctx, headers, body, log);
  await ctx.db.insert(payNotifications).values({ ...log, outcome: result.outcome });
  if (result.status !== 204) console.warn(JSON.stringify({ event: "wechat-refund-notify-rejected", outcome: result.outcome, outTradeNo: log.outTradeNo }));
  return result;
}

async function judgeRefundNotify(ctx: PayCtx, headers: SignedHeaders, body: string, log: NotifyLog): Promise<WechatNotifyAnswer> {
  const client = wechatClientOf(ctx);
  if (!client) return failAnswer(500, "not_configured", "未开通");
  const opened = await client.openNotify<Refund>(headers, body, ctx.now);
  if (!opened.ok) return failAnswer(opened.reason === "decrypt" || opened.reason === "body" ? 400 : 401, opened.reason, opened.reason === "decrypt" ? "解密失败" : "签名错误");
  const r = opened.resource;
  Object.assign(log, {
    notifyId: opened.envelope.id?.slice(0, 64) ?? null,
    outTradeNo: r.out_trade_no?.slice(0, 64) ?? null,
    tradeNo: r.transaction_id?.slice(0, 64) ?? null,
    // Not a payment state: reconciliation counts only paid states as payments.
    tradeStatus: `REFUND_${r.refund_status ?? "UNKNOWN"}`.slice(0, 32),
    totalAmount: typeof r.amount?.refund === "number" ? amountOf(r.amount.refund) : null,
    paramsJson: JSON.stringify({ event_type: opened.envelope.event_type, resource: r }).slice(0, 8000),
  });
  if (r.mchid !== undefined && r.mchid !== client.config.mchid) return failAnswer(400, "mchid", "商户号不符");
  const refund = r.out_refund_no ? await ctx.db.select().from(payRefunds).where(eq(payRefunds.outRequestNo, r.out_refund_no)).get() : undefined;
  const order = refund ? await orderById({ db: ctx.db, id: refund.orderId }) : null;
  if (!refund || !order || order.orderSn !== r.out_trade_no || order.payChannel !== "wechat") return failAnswer(400, "unknown_refund", "退款单不存在");
  if (r.amount?.refund !== refund.amountFen) return failAnswer(400, "amount", "金额不符");
  const settled = await settleWechatRefund({ ...ctx, order, refund, r });
  return { status: 204, body: null, outcome: `refund:${settled}` };
}
