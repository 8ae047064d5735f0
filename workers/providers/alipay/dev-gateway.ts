// The local stand-in for Alipay's gateway (ALIPAY_GATEWAY=dev, APP_ENV=local): speaks the same OpenAPI protocol at
// <origin>/api/dev/alipay/gateway.do. It verifies the merchant's RSA2 request signatures with the app public key it
// was given, renders a cashier page for alipay.trade.page.pay (确认付款 / 取消), and on payment records a trade,
// POSTs an RSA2-signed trade_status_sync notify to notify_url and sends the buyer to return_url with signed
// parameters. alipay.trade.query / alipay.trade.close answer signed JSON from its own trades; alipay.trade.refund
// refunds them (alipay_dev_refunds; once per out_request_no, never more than the trade's amount, TRADE_CLOSED when
// refunded in full) and alipay.trade.fastpay.refund.query reports those refunds. It signs with its own key pair, so
// the merchant code verifies it exactly as it verifies Alipay.
import { Hono, type Context } from "hono";
import { getDb } from "../../lib/db";
import { CHINA_OFFSET_MS } from "../../lib/china-time";
import { randomDigits as digits } from "../../lib/crypto";
import { escapeHtml } from "../../lib/encoding";
import { opt } from "../../lib/env";
import { alipayDevRefunds, alipayDevTrades } from "../../../db/schema";
import { and, eq, sql } from "drizzle-orm";
import { DEV_APP_ID, DEV_GATEWAY_PREFIX, DEV_SELLER_ID, isDevGateway } from "./config";
import {
  CLOSE_METHOD,
  PAGE_PAY_METHOD,
  PAGE_PAY_RETURN_METHOD,
  PRODUCT_CODE,
  QUERY_METHOD,
  REFUND_METHOD,
  REFUND_QUERY_METHOD,
  alipayTimestamp,
  amountOf,
  fenOf,
  gatewayParams,
} from "./protocol";
import { rsa2Sign, rsa2Verify, signContent } from "./rsa";

/**
 * How a notify to this same Worker is delivered in-process (a Worker cannot reliably fetch its own hostname).
 * The API app passes its own fetch when it mounts the gateway, so this module does not import the API.
 */
export type LocalDispatch = (request: Request, env: Env) => Promise<Response>;

type GwEnv = { Bindings: Env; Variables: { dispatch: LocalDispatch } };
type Params = Record<string, string>;


function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f7fa;color:#222}
header{background:#1677ff;color:#fff;padding:12px 24px;font-size:18px}main{max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.amount{font-size:32px;color:#f5222d;margin:8px 0 16px}dl{display:grid;grid-template-columns:96px 1fr;gap:6px 12px;margin:0 0 20px}dt{color:#888}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:12px}button{padding:10px 28px;font-size:16px;border-radius:6px;cursor:pointer;border:1px solid #d9d9d9;background:#fff}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}.note{color:#888;font-size:12px;margin-top:20px}</style></head>
<body><header>支付宝 · 收银台（本地开发模拟）</header><main>${body}</main></body></html>`;
}

function closePage(title: string, text: string) {
  return page(title, `<h1 style="font-size:20px">${escapeHtml(text)}</h1><p class="note">此窗口将自动关闭。</p><script>setTimeout(function(){window.close()},300)</script>`);
}

interface Keys {
  appId: string;
  sellerId: string;
  gatewayPrivateKey: string;
  appPublicKey: string;
}

function keysOf(env: Env): Keys | null {
  const gatewayPrivateKey = opt(env, "ALIPAY_DEV_GATEWAY_PRIVATE_KEY");
  const appPublicKey = opt(env, "ALIPAY_DEV_APP_PUBLIC_KEY");
  if (!gatewayPrivateKey || !appPublicKey) return null;
  return { appId: opt(env, "ALIPAY_APP_ID") ?? DEV_APP_ID, sellerId: opt(env, "ALIPAY_SELLER_ID") ?? DEV_SELLER_ID, gatewayPrivateKey, appPublicKey };
}

/** What Alipay checks on every request: a known app and a valid RSA2 signature over everything but sign. */
async function checkRequest(keys: Keys, p: Params): Promise<string | null> {
  if (p.app_id !== keys.appId) return "isv.invalid-app-id";
  if (p.sign_type !== "RSA2" || !p.sign) return "isv.invalid-signature-type";
  if (!(await rsa2Verify(signContent(p, { dropSignType: false }), p.sign, keys.appPublicKey))) return "isv.invalid-signature";
  return null;
}

function bizOf(p: Params): Record<string, string> | null {
  try {
    const v = JSON.parse(p.biz_content ?? "") as unknown;
    return v && typeof v === "object" ? (v as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** Alipay's time_expire is Beijing time. */
function expiresAtMs(timeExpire: string | undefined): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(timeExpire ?? "");
  if (!m) return null;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - CHINA_OFFSET_MS;
}

/** The fields every successful answer about a trade starts with. */
function successOf(trade: typeof alipayDevTrades.$inferSelect) {
  return { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo, buyer_logon_id: "dev***@example.com", buyer_user_id: trade.buyerId };
}

async function signedJson(keys: Keys, method: string, response: Record<string, string>) {
  const key = `${method.replace(/\./g, "_")}_response`;
  const inner = JSON.stringify(response);
  const sign = await rsa2Sign(inner, keys.gatewayPrivateKey);
  return new Response(`{"${key}":${inner},"sign":"${sign}"}`, { headers: { "content-type": "application/json;charset=utf-8" } });
}

async function signedParams(keys: Keys, p: Params): Promise<Params> {
  const out = { ...p, sign_type: "RSA2" };
  return { ...out, sign: await rsa2Sign(signContent(out, { dropSignType: true }), keys.gatewayPrivateKey) };
}

/**
 * POST the notify form to notify_url. A notify to this same Worker is dispatched in-process (a Worker cannot
 * reliably fetch its own hostname); anything else goes over the network as Alipay's servers would send it.
 */
async function deliverNotify(c: Context<GwEnv>, url: string, params: Params): Promise<string> {
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
    body: new URLSearchParams(params).toString(),
  });
  try {
    if (new URL(url).origin === new URL(c.req.url).origin) return (await (await c.get("dispatch")(request, c.env)).text()).trim();
    return (await (await fetch(request)).text()).trim();
  } catch (e) {
    return `error: ${String(e)}`;
  }
}

async function cashier(c: Context<GwEnv>, keys: Keys, p: Params) {
  const biz = bizOf(p);
  const fen = fenOf(biz?.total_amount);
  if (!biz || !biz.out_trade_no || !biz.subject || fen === null || fen <= 0 || biz.product_code !== PRODUCT_CODE) {
    return c.html(page("参数错误", "<h1 style=\"font-size:20px\">支付请求参数错误</h1><p>缺少订单号、标题或金额，或产品码不是 FAST_INSTANT_TRADE_PAY。</p>"), 400);
  }
  const db = getDb(c.env.DB);
  const [trade] = await db.select().from(alipayDevTrades).where(and(eq(alipayDevTrades.appId, keys.appId), eq(alipayDevTrades.outTradeNo, biz.out_trade_no)));
  if (trade?.tradeStatus === "TRADE_SUCCESS") return c.html(closePage("已支付", "该订单已支付，请勿重复付款"));
  const expires = expiresAtMs(biz.time_expire);
  if (trade?.tradeStatus === "TRADE_CLOSED" || (expires !== null && Date.now() > expires)) return c.html(closePage("交易关闭", "交易已关闭，请返回商户重新下单"));
  const hidden = Object.entries(p)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const body = `<div>付款金额</div><div class="amount" data-amount="${escapeHtml(biz.total_amount)}">¥${escapeHtml(biz.total_amount)}</div>
<dl><dt>商品</dt><dd>${escapeHtml(biz.subject)}</dd><dt>商户订单号</dt><dd data-out-trade-no>${escapeHtml(biz.out_trade_no)}</dd><dt>收款方</dt><dd>节能评估平台（模拟商户 ${escapeHtml(keys.sellerId)}）</dd></dl>
<div class="actions"><form method="post" action="${DEV_GATEWAY_PREFIX}/cashier/pay">${hidden}<button class="primary" type="submit">确认付款</button></form>
<form method="post" action="${DEV_GATEWAY_PREFIX}/cashier/cancel"><button type="submit">取消</button></form></div>
<p class="note">此页面仅在本地模式（ALIPAY_GATEWAY=dev）下存在，模拟支付宝电脑网站支付，不会产生真实扣款。</p>`;
  return c.html(page("支付宝收银台", body));
}

async function pay(c: Context<GwEnv>, keys: Keys) {
  const p = await gatewayParams(c.req.raw);
  // The cashier form carries the merchant's signed request back; it is checked again, so it cannot be edited.
  const problem = p.method === PAGE_PAY_METHOD ? await checkRequest(keys, p) : "isv.invalid-method";
  const biz = bizOf(p);
  const fen = fenOf(biz?.total_amount);
  if (problem || !biz || fen === null || !biz.out_trade_no) return c.html(page("支付失败", `<h1 style="font-size:20px">支付请求无效</h1><p>${escapeHtml(problem ?? "参数错误")}</p>`), 400);
  const expires = expiresAtMs(biz.time_expire);
  if (expires !== null && Date.now() > expires) return c.html(closePage("交易关闭", "交易已超时关闭，请返回商户重新下单"));
  const db = getDb(c.env.DB);
  const now = Date.now();
  const tradeNo = `${alipayTimestamp(now).slice(0, 10).replace(/-/g, "")}22001${digits(15)}`;
  const buyerId = `2088${digits(12)}`;
  await db
    .insert(alipayDevTrades)
    .values({ tradeNo, appId: keys.appId, outTradeNo: biz.out_trade_no, totalAmount: biz.total_amount, subject: biz.subject, tradeStatus: "TRADE_SUCCESS", buyerId, notifyUrl: p.notify_url ?? null, createdAt: now, paidAt: now })
    .onConflictDoNothing();
  const [trade] = await db.select().from(alipayDevTrades).where(and(eq(alipayDevTrades.appId, keys.appId), eq(alipayDevTrades.outTradeNo, biz.out_trade_no)));
  if (!trade || trade.tradeStatus === "TRADE_CLOSED") return c.html(closePage("交易关闭", "交易已关闭，请返回商户重新下单"));
  const ts = alipayTimestamp(trade.paidAt ?? now);
  if (p.notify_url) {
    const notify = await signedParams(keys, {
      notify_time: alipayTimestamp(Date.now()),
      notify_type: "trade_status_sync",
      notify_id: `dev${digits(20)}`,
      charset: "utf-8",
      version: "1.0",
      app_id: keys.appId,
      auth_app_id: keys.appId,
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      seller_id: keys.sellerId,
      buyer_id: trade.buyerId,
      buyer_logon_id: "dev***@example.com",
      trade_status: trade.tradeStatus,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      invoice_amount: trade.totalAmount,
      point_amount: "0.00",
      subject: trade.subject,
      gmt_create: alipayTimestamp(trade.createdAt),
      gmt_payment: ts,
    });
    const answer = await deliverNotify(c, p.notify_url, notify);
    await db.update(alipayDevTrades).set({ notifyAnswer: answer.slice(0, 200) }).where(eq(alipayDevTrades.tradeNo, trade.tradeNo));
  }
  if (!p.return_url) return c.html(closePage("支付成功", "支付成功"));
  const back = await signedParams(keys, {
    charset: "utf-8",
    method: PAGE_PAY_RETURN_METHOD,
    out_trade_no: trade.outTradeNo,
    trade_no: trade.tradeNo,
    total_amount: trade.totalAmount,
    seller_id: keys.sellerId,
    app_id: keys.appId,
    auth_app_id: keys.appId,
    version: "1.0",
    timestamp: ts,
  });
  const url = new URL(p.return_url);
  for (const [k, v] of Object.entries(back)) url.searchParams.set(k, v);
  return c.redirect(url.toString(), 302);
}

async function api(c: Context<GwEnv>, keys: Keys, p: Params) {
  const method = p.method;
  const error = (code: string, msg: string, subCode: string, subMsg: string) => signedJson(keys, method, { code, msg, sub_code: subCode, sub_msg: subMsg });
  const problem = await checkRequest(keys, p);
  if (problem) return error("40002", "Invalid Arguments", problem, "验签出错");
  const outTradeNo = bizOf(p)?.out_trade_no;
  if (!outTradeNo) return error("40002", "Invalid Arguments", "isv.missing-out-trade-no", "缺少商户订单号");
  const db = getDb(c.env.DB);
  const [trade] = await db.select().from(alipayDevTrades).where(and(eq(alipayDevTrades.appId, keys.appId), eq(alipayDevTrades.outTradeNo, outTradeNo)));
  if (!trade) return error("40004", "Business Failed", "ACQ.TRADE_NOT_EXIST", "交易不存在");
  if (method === QUERY_METHOD) {
    return signedJson(keys, method, {
      ...successOf(trade),
      trade_status: trade.tradeStatus,
      total_amount: trade.totalAmount,
      send_pay_date: alipayTimestamp(trade.paidAt ?? trade.createdAt),
    });
  }
  if (method === REFUND_METHOD) return refund(c, keys, trade, bizOf(p)!);
  if (method === REFUND_QUERY_METHOD) {
    const biz = bizOf(p)!;
    const no = biz.out_request_no ?? trade.outTradeNo;
    const [r] = await db.select().from(alipayDevRefunds).where(and(eq(alipayDevRefunds.tradeNo, trade.tradeNo), eq(alipayDevRefunds.outRequestNo, no)));
    // Like Alipay: 10000 without refund fields when the request number refunded nothing.
    if (!r) return signedJson(keys, method, { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
    return signedJson(keys, method, {
      code: "10000",
      msg: "Success",
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      out_request_no: r.outRequestNo,
      total_amount: trade.totalAmount,
      refund_amount: r.refundAmount,
      refund_status: "REFUND_SUCCESS",
      gmt_refund_pay: alipayTimestamp(r.createdAt),
    });
  }
  // close
  if (trade.tradeStatus !== "WAIT_BUYER_PAY") return error("40004", "Business Failed", "ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
  await db.update(alipayDevTrades).set({ tradeStatus: "TRADE_CLOSED" }).where(eq(alipayDevTrades.tradeNo, trade.tradeNo));
  return signedJson(keys, method, { code: "10000", msg: "Success", trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
}

type DevTrade = typeof alipayDevTrades.$inferSelect;

/**
 * alipay.trade.refund on a dev trade, as Alipay answers it: a repeated out_request_no with the same amount refunds
 * nothing more (fund_change N); more than what is left is refused (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL); a trade refunded
 * in full becomes TRADE_CLOSED. refund_fee is the trade's cumulative refunded amount.
 */
async function refund(c: Context<GwEnv>, keys: Keys, trade: DevTrade, biz: Record<string, string>) {
  const method = REFUND_METHOD;
  const error = (subCode: string, subMsg: string) => signedJson(keys, method, { code: "40004", msg: "Business Failed", sub_code: subCode, sub_msg: subMsg });
  const db = getDb(c.env.DB);
  const fen = fenOf(biz.refund_amount);
  if (fen === null || fen <= 0) return signedJson(keys, method, { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-parameter", sub_msg: "退款金额不合法" });
  const requestNo = biz.out_request_no || trade.outTradeNo;
  const refunded = async () =>
    (await db.select({ fen: sql<number>`COALESCE(SUM(CAST(ROUND(CAST(${alipayDevRefunds.refundAmount} AS REAL) * 100) AS INTEGER)), 0)` }).from(alipayDevRefunds).where(eq(alipayDevRefunds.tradeNo, trade.tradeNo)).get())?.fen ?? 0;
  const answer = async (fundChange: "Y" | "N", at: number) =>
    signedJson(keys, method, {
      ...successOf(trade),
      fund_change: fundChange,
      refund_fee: amountOf(await refunded()),
      gmt_refund_pay: alipayTimestamp(at),
    });
  const [same] = await db.select().from(alipayDevRefunds).where(and(eq(alipayDevRefunds.tradeNo, trade.tradeNo), eq(alipayDevRefunds.outRequestNo, requestNo)));
  if (same) return fenOf(same.refundAmount) === fen ? answer("N", same.createdAt) : error("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额与原请求不一致");
  if (trade.tradeStatus !== "TRADE_SUCCESS") return error("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
  const total = fenOf(trade.totalAmount) ?? 0;
  if ((await refunded()) + fen > total) return error("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限");
  const now = Date.now();
  const [inserted] = await db
    .insert(alipayDevRefunds)
    .values({ tradeNo: trade.tradeNo, outRequestNo: requestNo, refundAmount: amountOf(fen), refundReason: biz.refund_reason ?? null, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: alipayDevRefunds.id });
  if (!inserted) return answer("N", now);
  if ((await refunded()) >= total) await db.update(alipayDevTrades).set({ tradeStatus: "TRADE_CLOSED" }).where(eq(alipayDevTrades.tradeNo, trade.tradeNo));
  return answer("Y", now);
}

/** The gateway app; `dispatch` delivers notifies addressed to this Worker (see LocalDispatch). */
export const createDevAlipayGateway = (dispatch: LocalDispatch) =>
  new Hono<GwEnv>()
  .use("*", async (c, next) => {
    if (!isDevGateway(c.env)) return c.text("Not found", 404);
    c.set("dispatch", dispatch);
    await next();
  })
  .all("/gateway.do", async (c) => {
    const keys = keysOf(c.env);
    if (!keys) return c.html(page("未配置", "<p>开发网关未配置密钥：请运行 npm start（会在 .dev.vars 写入 ALIPAY_* 测试密钥）。</p>"), 500);
    const p = await gatewayParams(c.req.raw);
    if (p.method === PAGE_PAY_METHOD) {
      const problem = await checkRequest(keys, p);
      if (problem) return c.html(page("支付失败", `<h1 style="font-size:20px">商户请求验签失败</h1><p>${escapeHtml(problem)}</p>`), 400);
      return cashier(c, keys, p);
    }
    if (p.method === QUERY_METHOD || p.method === CLOSE_METHOD || p.method === REFUND_METHOD || p.method === REFUND_QUERY_METHOD) return api(c, keys, p);
    return signedJson(keys, p.method || "error", { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-method", sub_msg: "不支持的接口" });
  })
  .post("/cashier/pay", async (c) => {
    const keys = keysOf(c.env);
    if (!keys) return c.text("not configured", 500);
    return pay(c, keys);
  })
  .post("/cashier/cancel", (c) => c.html(closePage("已取消", "已取消付款")));

/** The instance the merchant client calls in-process (query, close and refunds: no notifies, so no dispatch). */
const clientSideGateway = createDevAlipayGateway((request) => fetch(request));

/** In-process fetch into the dev gateway (strips the mount prefix, as the Hono router would). */
export function devGatewayFetch(env: Env) {
  return async (request: Request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(url.pathname.indexOf(DEV_GATEWAY_PREFIX) + DEV_GATEWAY_PREFIX.length);
    return clientSideGateway.fetch(new Request(url, request), env);
  };
}
