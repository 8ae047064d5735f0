// The local stand-in for WeChat Pay APIv3 (WECHAT_PAY=dev, APP_ENV=local) at <origin>/api/dev/wechatpay, speaking the
// same protocol as api.mch.weixin.qq.com: it checks the merchant's WECHATPAY2-SHA256-RSA2048 Authorization (mchid,
// serial, timestamp within 5 minutes, signature with the merchant public key "uploaded" to it) and signs every answer
// with its own key (Wechatpay-Signature/-Timestamp/-Nonce/-Serial). Native orders return a weixin:// code_url; the
// scan page (/scan?code_url=…) plays the buyer's phone: 确认支付 marks the order paid and POSTs a signed notify whose
// resource is AES-256-GCM encrypted with the APIv3 key; 取消 leaves it unpaid. Query, close and refund (with its
// REFUND.SUCCESS notify) answer from its own tables.
import { Hono, type Context } from "hono";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "../../lib/db";
import { randomDigits } from "../../lib/crypto";
import { escapeHtml } from "../../lib/encoding";
import { opt } from "../../lib/env";
import { wechatpayDevRefunds, wechatpayDevTrades } from "../../../db/schema";
import { DEV_APPID, DEV_MCHID, DEV_MCH_SERIAL, DEV_PUBLIC_KEY_ID, WECHAT_DEV_PREFIX, isWechatDevGateway } from "./config";
import { encryptResource, rsaSign, rsaVerify } from "./crypto";
import { freshTimestamp, newNonce, parseAuthorization, parseRfc3339, requestMessage, responseMessage, rfc3339China, type Refund, type Transaction } from "./protocol";

/** How a notify to this same Worker is delivered in-process (the API app passes its own fetch when mounting). */
export type LocalDispatch = (request: Request, env: Env) => Promise<Response>;
type GwEnv = { Bindings: Env; Variables: { dispatch: LocalDispatch } };
type DevTrade = typeof wechatpayDevTrades.$inferSelect;

interface Keys {
  mchid: string;
  appid: string;
  merchantSerial: string;
  keyId: string;
  gatewayPrivateKey: string;
  merchantPublicKey: string;
  apiV3Key: string;
}

function keysOf(env: Env): Keys | null {
  const gatewayPrivateKey = opt(env, "WECHATPAY_DEV_GATEWAY_PRIVATE_KEY");
  const merchantPublicKey = opt(env, "WECHATPAY_DEV_MCH_PUBLIC_KEY");
  const apiV3Key = opt(env, "WECHATPAY_APIV3_KEY");
  if (!gatewayPrivateKey || !merchantPublicKey || !apiV3Key) return null;
  return {
    mchid: opt(env, "WECHATPAY_MCHID") ?? DEV_MCHID,
    appid: opt(env, "WECHATPAY_APPID") ?? DEV_APPID,
    merchantSerial: opt(env, "WECHATPAY_MCH_SERIAL") ?? DEV_MCH_SERIAL,
    keyId: opt(env, "WECHATPAY_PUBLIC_KEY_ID") ?? DEV_PUBLIC_KEY_ID,
    gatewayPrivateKey,
    merchantPublicKey,
    apiV3Key,
  };
}

/** A signed answer, as WeChat Pay signs it: timestamp\nnonce\nbody\n with its key, the key id in Wechatpay-Serial. */
async function signedHeaders(keys: Keys, body: string): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = newNonce();
  return {
    "wechatpay-timestamp": timestamp,
    "wechatpay-nonce": nonce,
    "wechatpay-serial": keys.keyId,
    "wechatpay-signature": await rsaSign(responseMessage(timestamp, nonce, body), keys.gatewayPrivateKey),
    "wechatpay-signature-type": "WECHATPAY2-SHA256-RSA2048",
  };
}

async function answer(keys: Keys, status: number, payload: unknown | null): Promise<Response> {
  const body = payload === null ? "" : JSON.stringify(payload);
  const headers = await signedHeaders(keys, body);
  if (body) headers["content-type"] = "application/json; charset=utf-8";
  return new Response(status === 204 ? null : body, { status, headers });
}

const error = (keys: Keys, status: number, code: string, message: string) => answer(keys, status, { code, message });

/** The merchant's Authorization, checked as WeChat Pay does; the reason when refused. */
async function checkAuth(keys: Keys, req: Request, pathWithQuery: string, body: string): Promise<string | null> {
  const a = parseAuthorization(req.headers.get("authorization"));
  if (!a) return "Authorization 格式错误";
  if (a.mchid !== keys.mchid) return "商户号不存在";
  if (a.serialNo !== keys.merchantSerial) return "证书序列号错误";
  if (!freshTimestamp(a.timestamp, Date.now())) return "请求时间戳已过期";
  if (!(await rsaVerify(requestMessage(req.method, pathWithQuery, a.timestamp, a.nonce, body), a.signature, keys.merchantPublicKey))) return "签名错误";
  return null;
}

function transactionOf(keys: Keys, t: DevTrade): Transaction {
  const paid = t.tradeState === "SUCCESS" || t.tradeState === "REFUND";
  return {
    appid: t.appid,
    mchid: t.mchid,
    out_trade_no: t.outTradeNo,
    trade_type: "NATIVE",
    trade_state: t.tradeState,
    trade_state_desc: { SUCCESS: "支付成功", REFUND: "转入退款", NOTPAY: "未支付", CLOSED: "已关闭" }[t.tradeState] ?? t.tradeState,
    ...(paid ? { transaction_id: t.transactionId!, success_time: rfc3339China(t.paidAt!), payer: { openid: t.openid! }, bank_type: "OTHERS" } : {}),
    amount: { total: t.totalFen, currency: "CNY", ...(paid ? { payer_total: t.totalFen, payer_currency: "CNY" } : {}) },
  } as Transaction;
}

/** POST the signed, encrypted notify. To this same Worker it is dispatched in-process, elsewhere over the network. */
async function deliver(c: Context<GwEnv>, keys: Keys, url: string, eventType: string, originalType: string, summary: string, resource: object): Promise<string> {
  const nonce = newNonce(6);
  const associatedData = originalType;
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: rfc3339China(Date.now()),
    resource_type: "encrypt-resource",
    event_type: eventType,
    summary,
    resource: { original_type: originalType, algorithm: "AEAD_AES_256_GCM", ciphertext: await encryptResource(keys.apiV3Key, JSON.stringify(resource), nonce, associatedData), associated_data: associatedData, nonce },
  });
  const request = new Request(url, { method: "POST", headers: { "content-type": "application/json", ...(await signedHeaders(keys, body)) }, body });
  try {
    const res = new URL(url).origin === new URL(c.req.url).origin ? await c.get("dispatch")(request, c.env) : await fetch(request);
    return `${res.status} ${(await res.text()).slice(0, 150)}`.trim();
  } catch (e) {
    return `error: ${String(e)}`;
  }
}

const tradeOf = (env: Env, mchid: string, outTradeNo: string) =>
  getDb(env.DB).select().from(wechatpayDevTrades).where(and(eq(wechatpayDevTrades.mchid, mchid), eq(wechatpayDevTrades.outTradeNo, outTradeNo))).get();

async function native(c: Context<GwEnv>, keys: Keys, body: string) {
  let p: { appid?: string; mchid?: string; description?: string; out_trade_no?: string; time_expire?: string; notify_url?: string; amount?: { total?: number; currency?: string } };
  try {
    p = JSON.parse(body);
  } catch {
    return error(keys, 400, "PARAM_ERROR", "请求体不是 JSON");
  }
  const total = p.amount?.total;
  const expiresAt = parseRfc3339(p.time_expire);
  if (p.mchid !== keys.mchid || p.appid !== keys.appid) return error(keys, 400, "PARAM_ERROR", "appid 和 mch_id 不匹配");
  if (!p.out_trade_no || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(p.out_trade_no) || !p.description || !Number.isInteger(total) || total! <= 0 || !p.notify_url || !/^https?:\/\//.test(p.notify_url)) {
    return error(keys, 400, "PARAM_ERROR", "参数错误");
  }
  if (p.time_expire !== undefined && expiresAt === null) return error(keys, 400, "PARAM_ERROR", "time_expire 格式错误");
  const db = getDb(c.env.DB);
  const existing = await tradeOf(c.env, keys.mchid, p.out_trade_no);
  if (existing) {
    if (existing.tradeState === "SUCCESS" || existing.tradeState === "REFUND") return error(keys, 400, "ORDER_PAID", "该订单已支付");
    if (existing.tradeState === "CLOSED") return error(keys, 400, "ORDER_CLOSED", "订单已关闭");
    if (existing.totalFen !== total || existing.description !== p.description) return error(keys, 400, "INVALID_REQUEST", "201 商户订单号重复");
    return answer(keys, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${existing.codeToken}` });
  }
  const codeToken = newNonce(6).slice(0, 9);
  await db
    .insert(wechatpayDevTrades)
    .values({ mchid: keys.mchid, appid: keys.appid, outTradeNo: p.out_trade_no, description: p.description, totalFen: total!, codeToken, tradeState: "NOTPAY", notifyUrl: p.notify_url, expiresAt: expiresAt ?? Date.now() + 2 * 3_600_000, createdAt: Date.now() })
    .onConflictDoNothing();
  const row = (await tradeOf(c.env, keys.mchid, p.out_trade_no))!;
  return answer(keys, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${row.codeToken}` });
}

async function refund(c: Context<GwEnv>, keys: Keys, body: string) {
  let p: { out_trade_no?: string; out_refund_no?: string; reason?: string; notify_url?: string; amount?: { refund?: number; total?: number; currency?: string } };
  try {
    p = JSON.parse(body);
  } catch {
    return error(keys, 400, "PARAM_ERROR", "请求体不是 JSON");
  }
  const fen = p.amount?.refund;
  if (!p.out_trade_no || !p.out_refund_no || !Number.isInteger(fen) || fen! <= 0) return error(keys, 400, "PARAM_ERROR", "参数错误");
  const db = getDb(c.env.DB);
  const trade = await tradeOf(c.env, keys.mchid, p.out_trade_no);
  if (!trade || !trade.transactionId) return error(keys, 404, "RESOURCE_NOT_EXISTS", "订单不存在");
  if (p.amount?.total !== trade.totalFen) return error(keys, 400, "PARAM_ERROR", "订单金额不符");
  const same = await db.select().from(wechatpayDevRefunds).where(and(eq(wechatpayDevRefunds.mchid, keys.mchid), eq(wechatpayDevRefunds.outRefundNo, p.out_refund_no))).get();
  if (same) return same.refundFen === fen ? answer(keys, 200, refundOf(same, "SUCCESS")) : error(keys, 400, "INVALID_REQUEST", "退款金额与原请求不一致");
  const refunded = (await db.select({ fen: sql<number>`COALESCE(SUM(${wechatpayDevRefunds.refundFen}), 0)` }).from(wechatpayDevRefunds).where(eq(wechatpayDevRefunds.transactionId, trade.transactionId)).get())?.fen ?? 0;
  if (refunded + fen! > trade.totalFen) return error(keys, 403, "NOT_ENOUGH", "订单可退金额不足");
  const row = { refundId: `50300${randomDigits(24)}`, mchid: keys.mchid, outRefundNo: p.out_refund_no, outTradeNo: trade.outTradeNo, transactionId: trade.transactionId, refundFen: fen!, totalFen: trade.totalFen, reason: p.reason ?? null, notifyUrl: p.notify_url ?? null, createdAt: Date.now() };
  await db.batch([db.insert(wechatpayDevRefunds).values(row), db.update(wechatpayDevTrades).set({ tradeState: "REFUND" }).where(eq(wechatpayDevTrades.id, trade.id))]);
  const saved = (await db.select().from(wechatpayDevRefunds).where(eq(wechatpayDevRefunds.refundId, row.refundId)).get())!;
  // The refund notify goes out as WeChat Pay sends it (REFUND.SUCCESS); the answer below says SUCCESS as well.
  if (saved.notifyUrl) {
    const r = refundOf(saved, "SUCCESS");
    const { status: _status, ...rest } = r;
    const note = await deliver(c, keys, saved.notifyUrl, "REFUND.SUCCESS", "refund", "退款成功", { ...rest, mchid: keys.mchid, refund_status: "SUCCESS", user_received_account: "支付用户零钱" });
    await db.update(wechatpayDevRefunds).set({ notifyAnswer: note }).where(eq(wechatpayDevRefunds.refundId, saved.refundId));
  }
  return answer(keys, 200, refundOf(saved, "SUCCESS"));
}

function refundOf(r: typeof wechatpayDevRefunds.$inferSelect, status: string): Refund {
  return {
    refund_id: r.refundId,
    out_refund_no: r.outRefundNo,
    transaction_id: r.transactionId,
    out_trade_no: r.outTradeNo,
    status,
    success_time: rfc3339China(r.createdAt),
    create_time: rfc3339China(r.createdAt),
    amount: { total: r.totalFen, refund: r.refundFen, payer_total: r.totalFen, payer_refund: r.refundFen, currency: "CNY" },
  };
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#ededed;color:#222}
header{background:#07c160;color:#fff;padding:12px 24px;font-size:18px}main{max-width:420px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;text-align:center}
.amount{font-size:36px;margin:8px 0 16px}dl{display:grid;grid-template-columns:96px 1fr;gap:6px 12px;margin:0 0 20px;text-align:left}dt{color:#666}dd{margin:0;word-break:break-all}
.actions{display:flex;flex-direction:column;gap:12px}button{padding:12px;font-size:16px;border-radius:6px;cursor:pointer;border:1px solid #d9d9d9;background:#fff;width:100%}
button.primary{background:#07c160;border-color:#07c160;color:#fff}.note{color:#666;font-size:12px;margin-top:20px}</style></head>
<body><header>微信支付（本地开发模拟）</header><main>${body}</main></body></html>`;
}

const tokenOf = (codeUrl: string | undefined) => /^weixin:\/\/wxpay\/bizpayurl\?pr=([0-9A-Za-z]{1,32})$/.exec(codeUrl ?? "")?.[1] ?? null;

async function scanPage(c: Context<GwEnv>, keys: Keys) {
  const token = tokenOf(c.req.query("code_url"));
  const trade = token ? await getDb(c.env.DB).select().from(wechatpayDevTrades).where(eq(wechatpayDevTrades.codeToken, token)).get() : undefined;
  if (!trade || trade.mchid !== keys.mchid) return c.html(page("二维码无效", "<h1 style=\"font-size:20px\">二维码无效或不是本商户的付款码</h1>"), 404);
  if (trade.tradeState !== "NOTPAY") return c.html(page("无法支付", `<h1 style="font-size:20px">${trade.tradeState === "CLOSED" ? "订单已关闭" : "该订单已支付"}</h1>`));
  if (Date.now() > trade.expiresAt) return c.html(page("无法支付", "<h1 style=\"font-size:20px\">二维码已过期</h1>"));
  const yuan = (trade.totalFen / 100).toFixed(2);
  const form = (action: string, label: string, cls: string) =>
    `<form method="post" action="${WECHAT_DEV_PREFIX}/scan/${action}"><input type="hidden" name="token" value="${escapeHtml(trade.codeToken)}"><button class="${cls}" type="submit">${label}</button></form>`;
  return c.html(
    page(
      "微信支付",
      `<div>${escapeHtml(trade.description)}</div><div class="amount" data-amount="${yuan}">¥${yuan}</div>
<dl><dt>商户订单号</dt><dd data-out-trade-no>${escapeHtml(trade.outTradeNo)}</dd><dt>收款方</dt><dd>节能评估平台（模拟商户 ${escapeHtml(trade.mchid)}）</dd></dl>
<div class="actions">${form("pay", "确认支付", "primary")}${form("cancel", "取消", "")}</div>
<p class="note">此页面模拟手机微信扫码付款，仅在本地模式（WECHAT_PAY=dev）下存在，不会产生真实扣款。</p>`,
    ),
  );
}

async function scanPay(c: Context<GwEnv>, keys: Keys) {
  const token = String((await c.req.parseBody()).token ?? "");
  const db = getDb(c.env.DB);
  const now = Date.now();
  const transactionId = `42000${randomDigits(23)}`;
  const openid = `oDev${randomDigits(24)}`;
  // NOTPAY → SUCCESS once (a second click finds it paid), never after the time_expire.
  const [paid] = await db
    .update(wechatpayDevTrades)
    .set({ tradeState: "SUCCESS", transactionId, openid, paidAt: now })
    .where(and(eq(wechatpayDevTrades.codeToken, token), eq(wechatpayDevTrades.mchid, keys.mchid), eq(wechatpayDevTrades.tradeState, "NOTPAY"), sql`${wechatpayDevTrades.expiresAt} > ${now}`))
    .returning();
  if (!paid) return c.html(page("无法支付", "<h1 style=\"font-size:20px\">订单已支付、已关闭或已过期</h1>"), 409);
  const note = await deliver(c, keys, paid.notifyUrl, "TRANSACTION.SUCCESS", "transaction", "支付成功", transactionOf(keys, paid));
  await db.update(wechatpayDevTrades).set({ notifyAnswer: note }).where(eq(wechatpayDevTrades.id, paid.id));
  const yuan = (paid.totalFen / 100).toFixed(2);
  return c.html(page("支付成功", `<h1 style="font-size:22px;color:#07c160">支付成功</h1><div class="amount">¥${yuan}</div><p class="note">可以关闭此页面，回到电脑上的网页查看结果。</p>`));
}

/** The gateway app; `dispatch` delivers notifies addressed to this Worker (see LocalDispatch). */
export const createDevWechatPayGateway = (dispatch: LocalDispatch) =>
  new Hono<GwEnv>()
    .use("*", async (c, next) => {
      if (!isWechatDevGateway(c.env)) return c.text("Not found", 404);
      c.set("dispatch", dispatch);
      await next();
    })
    .get("/scan", async (c) => {
      const keys = keysOf(c.env);
      return keys ? scanPage(c, keys) : c.html(page("未配置", "<p>开发网关未配置密钥：请运行 npm start（会在 .dev.vars 写入 WECHATPAY_* 测试密钥）。</p>"), 500);
    })
    .post("/scan/pay", async (c) => {
      const keys = keysOf(c.env);
      return keys ? scanPay(c, keys) : c.text("not configured", 500);
    })
    .post("/scan/cancel", (c) => c.html(page("已取消", "<h1 style=\"font-size:20px\">已取消支付</h1><p class=\"note\">订单仍未支付，可重新扫码。</p>")))
    .all("/v3/*", async (c) => {
      const keys = keysOf(c.env);
      if (!keys) return c.json({ code: "SYSTEM_ERROR", message: "开发网关未配置密钥" }, 500);
      const url = new URL(c.req.url);
      const path = url.pathname.slice(url.pathname.indexOf("/v3/"));
      const body = c.req.method === "GET" ? "" : await c.req.text();
      const problem = await checkAuth(keys, c.req.raw, path + url.search, body);
      if (problem) return error(keys, 401, "SIGN_ERROR", problem);
      if (c.req.method === "POST" && path === "/v3/pay/transactions/native") return native(c, keys, body);
      if (c.req.method === "POST" && path === "/v3/refund/domestic/refunds") return refund(c, keys, body);
      let m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
      if (c.req.method === "GET" && m) {
        if (url.searchParams.get("mchid") !== keys.mchid) return error(keys, 400, "PARAM_ERROR", "mchid 错误");
        const t = await tradeOf(c.env, keys.mchid, decodeURIComponent(m[1]));
        return t ? answer(keys, 200, transactionOf(keys, t)) : error(keys, 404, "ORDER_NOT_EXIST", "订单不存在");
      }
      m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
      if (c.req.method === "POST" && m) {
        const t = await tradeOf(c.env, keys.mchid, decodeURIComponent(m[1]));
        if (!t) return error(keys, 404, "ORDER_NOT_EXIST", "订单不存在");
        if (t.tradeState === "SUCCESS" || t.tradeState === "REFUND") return error(keys, 400, "ORDER_PAID", "订单已支付");
        await getDb(c.env.DB).update(wechatpayDevTrades).set({ tradeState: "CLOSED" }).where(and(eq(wechatpayDevTrades.id, t.id), eq(wechatpayDevTrades.tradeState, "NOTPAY")));
        return answer(keys, 204, null);
      }
      m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
      if (c.req.method === "GET" && m) {
        const r = await getDb(c.env.DB).select().from(wechatpayDevRefunds).where(and(eq(wechatpayDevRefunds.mchid, keys.mchid), eq(wechatpayDevRefunds.outRefundNo, decodeURIComponent(m[1])))).get();
        return r ? answer(keys, 200, refundOf(r, "SUCCESS")) : error(keys, 404, "RESOURCE_NOT_EXISTS", "退款单不存在");
      }
      return error(keys, 404, "NOT_FOUND", "不支持的接口");
    });

/** The instance the merchant client calls in-process; notifies it sends go through the mounted app's dispatch. */
let clientSide: ReturnType<typeof createDevWechatPayGateway> | null = null;

/** In-process fetch into the dev gateway (strips the mount prefix, as the Hono router would). */
export function devWechatPayFetch(dispatch: LocalDispatch) {
  clientSide ??= createDevWechatPayGateway(dispatch);
  const gateway = clientSide;
  return (env: Env) => async (request: Request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(url.pathname.indexOf(WECHAT_DEV_PREFIX) + WECHAT_DEV_PREFIX.length);
    return gateway.fetch(new Request(url, request), env);
  };
}
