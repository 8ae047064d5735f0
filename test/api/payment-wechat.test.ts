// WeChat Pay (issue 25) inside workerd: the Native order for an order number, the round trip through the dev gateway
// (scan → signed, AES-GCM-encrypted notify → SUCCESS), notifies that are forged, tampered, replayed, stale, for another
// mchid or for the wrong amount (refused, nothing changed; a replay applied once), the transaction query when the buyer
// returns and from the cron, the close at 30 minutes, and an operator refund through WeChat with its refund notify.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, callJson, makeUser } from "../support/api";
import { newSurvey } from "./workbench.helpers";
import { addOrder } from "../support/payment";
import { adminPost, makeAdmin } from "./admin.helpers";
import { runScheduledJobs, scheduledJobs } from "../../workers/jobs/scheduled";
import { encryptResource, rsaSign } from "../../workers/providers/wechatpay/crypto";
import { newNonce, responseMessage, rfc3339China } from "../../workers/providers/wechatpay/protocol";
import { DEV_APPID, DEV_MCHID, DEV_PUBLIC_KEY_ID } from "../../workers/providers/wechatpay/config";
import { CROSS_SITE_MSG } from "../../workers/api/csrf";
import type { ReconcileView, WechatQueryView } from "../../workers/contract/admin-commerce";
import { chinaDate } from "../../workers/lib/china-time";
import { PAY_MSG, type OrderView, type WechatNativeStart } from "../../workers/contract/payment";

const MOTOR = 1;
const DB = () => env.DB;
const E = env as unknown as Record<string, string>;

async function readyReport(token: string, userId: number) {
  const id = await newSurvey(token, MOTOR);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await DB().batch([
    DB().prepare("UPDATE surveys SET dispose_status = 1, file_url = ? WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    DB()
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-T', ?, 1, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return id;
}

/** A user with an open order (no coupon, so the whole price is paid) and its Native order's code_url. */
async function nativeOrder() {
  const { user, token } = await makeUser();
  const surveyId = await readyReport(token, user.id);
  const order = await addOrder(token, surveyId, MOTOR, { batchId: null });
  expect(order.code, order.msg).toBe(10000);
  const start = await callJson<WechatNativeStart>("/api/pay/wechat/native", { token, json: { orderSn: order.data.orderSn } });
  expect(start.code, start.msg).toBe(10000);
  return { user, token, surveyId, order: order.data, start: start.data };
}

const orderRow = async (sn: string) => (await DB().prepare("SELECT * FROM pay_orders WHERE order_sn = ?").bind(sn).first<Record<string, unknown>>())!;
const payments = async (orderId: unknown) => (await DB().prepare("SELECT * FROM pay_payments WHERE order_id = ?").bind(orderId).all()).results;
const outcomes = async (sn: string) => (await DB().prepare("SELECT outcome FROM pay_notifications WHERE out_trade_no = ? AND channel = 'wechat' ORDER BY id").bind(sn).all<{ outcome: string }>()).results.map((r) => r.outcome);
const devTrade = async (sn: string) => (await DB().prepare("SELECT * FROM wechatpay_dev_trades WHERE out_trade_no = ?").bind(sn).first<Record<string, unknown>>())!;

interface NotifyOpts {
  key?: string;
  apiV3Key?: string;
  timestamp?: number;
  serial?: string;
}

/** A refund notify (REFUND.SUCCESS …), sealed and signed the same way. */
async function refundNotifyOf(resource: Record<string, unknown>, eventType = "REFUND.SUCCESS") {
  const n = await notifyOf(resource);
  const env = JSON.parse(n.body) as Record<string, unknown> & { resource: Record<string, string> };
  const nonce = newNonce(6);
  env.event_type = eventType;
  env.resource = { original_type: "refund", algorithm: "AEAD_AES_256_GCM", ciphertext: await encryptResource(E.WECHATPAY_APIV3_KEY, JSON.stringify(resource), nonce, "refund"), associated_data: "refund", nonce };
  const body = JSON.stringify(env);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const sigNonce = newNonce();
  return { headers: { ...n.headers, "wechatpay-timestamp": timestamp, "wechatpay-nonce": sigNonce, "wechatpay-signature": await rsaSign(responseMessage(timestamp, sigNonce, body), E.WECHATPAY_DEV_GATEWAY_PRIVATE_KEY) }, body };
}

/** A payment notify built as WeChat Pay builds it: resource sealed with the APIv3 key, body signed with the platform key. */
async function notifyOf(resource: Record<string, unknown>, o: NotifyOpts = {}) {
  const nonce = newNonce(6);
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: rfc3339China(Date.now()),
    resource_type: "encrypt-resource",
    event_type: "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext: await encryptResource(o.apiV3Key ?? E.WECHATPAY_APIV3_KEY, JSON.stringify(resource), nonce, "transaction"), associated_data: "transaction", nonce },
  });
  const timestamp = String(Math.floor((o.timestamp ?? Date.now()) / 1000));
  const n = newNonce();
  const headers = {
    "content-type": "application/json",
    "wechatpay-timestamp": timestamp,
    "wechatpay-nonce": n,
    "wechatpay-serial": o.serial ?? DEV_PUBLIC_KEY_ID,
    "wechatpay-signature": await rsaSign(responseMessage(timestamp, n, body), o.key ?? E.WECHATPAY_DEV_GATEWAY_PRIVATE_KEY),
  };
  return { headers, body };
}

const transaction = (order: OrderView, over: Record<string, unknown> = {}) => ({
  mchid: DEV_MCHID,
  appid: DEV_APPID,
  out_trade_no: order.orderSn,
  transaction_id: `4200${Math.floor(Math.random() * 1e15)}`,
  trade_type: "NATIVE",
  trade_state: "SUCCESS",
  trade_state_desc: "支付成功",
  success_time: rfc3339China(Date.now()),
  payer: { openid: "oTestOpenId0001" },
  amount: { total: Math.round(order.payAmount * 100), payer_total: Math.round(order.payAmount * 100), currency: "CNY", payer_currency: "CNY" },
  ...over,
});

/** POST to the notify URL as WeChat's servers do (no session; a cross-site marker must not matter). */
const post = (path: string, n: { headers: Record<string, string>; body: string }) =>
  exports.default.fetch(new Request(`${BASE}${path}`, { method: "POST", headers: { ...n.headers, "sec-fetch-site": "cross-site", origin: "https://api.mch.weixin.qq.com" }, body: n.body }));

/** The buyer "scans" code_url in the dev gateway and presses 确认支付. */
async function scanAndPay(codeUrl: string) {
  const page = await exports.default.fetch(new Request(`${BASE}/api/dev/wechatpay/scan?code_url=${encodeURIComponent(codeUrl)}`));
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(html)![1];
  return exports.default.fetch(new Request(`${BASE}/api/dev/wechatpay/scan/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `token=${token}` }));
}

describe("Native order", () => {
  it("answers a weixin:// code_url for the caller's open order, the same one when asked again, with the order's amount and close time", async () => {
    const { token, order, start } = await nativeOrder();
    expect(start.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    expect(start.payAmount).toBe(order.payAmount);
    const again = await callJson<WechatNativeStart>("/api/pay/wechat/native", { token, json: { orderSn: order.orderSn } });
    expect(again.data.codeUrl).toBe(start.codeUrl);
    const row = await orderRow(order.orderSn);
    expect(row.wechat_requested_at).toBeTypeOf("number");
    expect(again.data.expiresAt).toBe((row.created_at as number) + 30 * 60_000);
    const trade = await devTrade(order.orderSn);
    // time_expire is RFC 3339 to the second.
    expect(trade).toMatchObject({ total_fen: Math.round(order.payAmount * 100), trade_state: "NOTPAY", expires_at: Math.floor(((row.created_at as number) + 30 * 60_000) / 1000) * 1000 });
    expect(trade.notify_url).toBe(`${BASE}/api/pay/wechat/notify`);
  });

  it("refuses another user's order and an anonymous caller", async () => {
    const { order } = await nativeOrder();
    const other = await makeUser();
    expect((await callJson("/api/pay/wechat/native", { token: other.token, json: { orderSn: order.orderSn } })).msg).toBe(PAY_MSG.orderNotFound);
    expect((await callJson("/api/pay/wechat/native", { json: { orderSn: order.orderSn } })).code).not.toBe(10000);
    expect((await callJson("/api/pay/wechat/native", { token: other.token, json: { orderSn: "" } })).msg).toBe(PAY_MSG.orderNotFound);
  });

  it("refuses a paid order and a timed-out one", async () => {
    const paid = await nativeOrder();
    expect((await scanAndPay(paid.start.codeUrl)).status).toBe(200);
    expect((await callJson("/api/pay/wechat/native", { token: paid.token, json: { orderSn: paid.order.orderSn } })).msg).toBe(PAY_MSG.alreadyPaid);
    const late = await nativeOrder();
    await DB().prepare("UPDATE pay_orders SET created_at = created_at - 31 * 60000 WHERE order_sn = ?").bind(late.order.orderSn).run();
    expect((await callJson("/api/pay/wechat/native", { token: late.token, json: { orderSn: late.order.orderSn } })).msg).toBe(PAY_MSG.orderTimeout);
  });

  it("fixes the coupon once the QR code exists (WeChat Pay holds the amount)", async () => {
    const { token, order } = await nativeOrder();
    const batch = (await DB().prepare("SELECT id FROM coupon_batches WHERE product_id IS NULL OR product_id = ? ORDER BY id LIMIT 1").bind(MOTOR).first<{ id: number }>())!;
    await DB().prepare("INSERT INTO user_coupons (batch_id, user_id, status, created_at) VALUES (?, (SELECT user_id FROM pay_orders WHERE order_sn = ?), 0, ?)").bind(batch.id, order.orderSn, Date.now()).run();
    const r = await callJson("/api/pay/wechat/native", { token, json: { orderSn: order.orderSn, batchId: batch.id } });
    expect(r.msg).toBe(PAY_MSG.wechatStarted);
  });
});

describe("payment notify", () => {
  it("the dev gateway's scan pays: a signed, encrypted notify applies the payment once", async () => {
    const { order, start, token, surveyId } = await nativeOrder();
    const res = await scanAndPay(start.codeUrl);
    expect(await res.text()).toContain("支付成功");
    const row = await orderRow(order.orderSn);
    expect(row).toMatchObject({ status: "SUCCESS", pay_channel: "wechat" });
    expect(await payments(row.id)).toMatchObject([{ channel: "wechat", source: "notify", amount_fen: Math.round(order.payAmount * 100) }]);
    expect(await outcomes(order.orderSn)).toEqual(["applied"]);
    expect((await devTrade(order.orderSn)).notify_answer).toBe("204");
    const view = await callJson<OrderView>(`/api/order/getBySubProduct/${surveyId}`, { token });
    expect(view.data.status).toBe("SUCCESS");
    // The China day's reconciliation lists it beside Alipay's, matched by its verified notify.
    const admin = await makeAdmin();
    const day = chinaDate(Date.now());
    const rec = await callJson<ReconcileView>(`/api/admin/commerce/reconciliation?day=${day}`, { token: admin.token });
    const mine = rec.data.rows.find((r) => r.orderSn === order.orderSn);
    expect(mine).toMatchObject({ channel: "wechat", orderStatus: "SUCCESS", paid: order.payAmount, issues: [] });
  });

  it("a genuine notify delivered three times pays once", async () => {
    const { order } = await nativeOrder();
    const n = await notifyOf(transaction(order));
    for (let i = 0; i < 3; i++) expect((await post("/api/pay/wechat/notify", n)).status).toBe(204);
    const row = await orderRow(order.orderSn);
    expect(row.status).toBe("SUCCESS");
    expect(await payments(row.id)).toHaveLength(1);
    expect(await outcomes(order.orderSn)).toEqual(["applied", "duplicate", "duplicate"]);
  });

  it("refuses forged, tampered, stale, wrong-serial, wrong-key, wrong-mchid and wrong-amount notifies, changing nothing", async () => {
    const { order } = await nativeOrder();
    const { privateKey } = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const forgedKey = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey("pkcs8", privateKey))));
    const genuine = await notifyOf(transaction(order));
    const cases: [string, { headers: Record<string, string>; body: string }, number, string][] = [
      ["forged", await notifyOf(transaction(order), { key: forgedKey }), 401, "rejected:signature"],
      ["tampered", { headers: genuine.headers, body: genuine.body.replace("支付成功", "支付成功 ") }, 401, "rejected:signature"],
      ["stale", await notifyOf(transaction(order), { timestamp: Date.now() - 6 * 60_000 }), 401, "rejected:timestamp"],
      ["wrong serial", await notifyOf(transaction(order), { serial: "PUB_KEY_ID_0000000000000000000000000000000000" }), 401, "rejected:serial"],
      ["wrong APIv3 key", await notifyOf(transaction(order), { apiV3Key: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ" }), 400, "rejected:decrypt"],
      ["another mchid", await notifyOf(transaction(order, { mchid: "1900000999" })), 400, "rejected:mchid"],
      ["wrong amount", await notifyOf(transaction(order, { amount: { total: 1, payer_total: 1, currency: "CNY" } })), 400, "rejected:amount"],
      ["unsigned", { headers: { "content-type": "application/json" }, body: genuine.body }, 401, "rejected:headers"],
    ];
    for (const [name, n, status, outcome] of cases) {
      const res = await post("/api/pay/wechat/notify", n);
      expect(res.status, name).toBe(status);
      expect(await res.json(), name).toMatchObject({ code: "FAIL", message: expect.any(String) });
      const last = (await DB().prepare("SELECT outcome FROM pay_notifications WHERE channel = 'wechat' ORDER BY id DESC LIMIT 1").first<{ outcome: string }>())!;
      expect(last.outcome, name).toBe(outcome);
    }
    const row = await orderRow(order.orderSn);
    expect(row.status).toBe("WAIT_PAY");
    expect(await payments(row.id)).toHaveLength(0);
    // The genuine one still works afterwards.
    expect((await post("/api/pay/wechat/notify", genuine)).status).toBe(204);
    expect((await orderRow(order.orderSn)).status).toBe("SUCCESS");
  });

  it("acknowledges a non-success state without changing anything", async () => {
    const { order } = await nativeOrder();
    const res = await post("/api/pay/wechat/notify", await notifyOf(transaction(order, { trade_state: "NOTPAY", transaction_id: undefined })));
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await orderRow(order.orderSn)).status).toBe("WAIT_PAY");
  });
});

describe("query, cron and close", () => {
  /** WeChat Pay took the money but its notify never arrived. */
  const payWithoutNotify = (sn: string) =>
    DB().prepare("UPDATE wechatpay_dev_trades SET trade_state = 'SUCCESS', transaction_id = ?, openid = 'oLost', paid_at = ? WHERE out_trade_no = ?").bind(`4200${Date.now()}`, Date.now(), sn).run();

  it("the buyer's return queries WeChat Pay and applies a payment whose notify was lost", async () => {
    const { order, token } = await nativeOrder();
    await payWithoutNotify(order.orderSn);
    const r = await callJson<OrderView>("/api/pay/pc/order/query", { token, json: { orderSn: order.orderSn } });
    expect(r.data.status).toBe("SUCCESS");
    expect(await payments((await orderRow(order.orderSn)).id)).toMatchObject([{ channel: "wechat", source: "query" }]);
  });

  it("查询微信支付 in /admin: an open trade, then a paid one whose notify was lost (applied once, audited), an unknown order, non-admins refused", async () => {
    const admin = await makeAdmin();
    const { order } = await nativeOrder();
    const open = await adminPost<WechatQueryView>("commerce/orders/wechat-query", { orderSn: order.orderSn }, admin.token);
    expect(open).toMatchObject({ code: 10000, data: { exists: true, tradeState: "NOTPAY", totalFen: Number((await orderRow(order.orderSn)).pay_amount_fen), matches: true, applied: false } });

    await payWithoutNotify(order.orderSn);
    const paid = await adminPost<WechatQueryView>("commerce/orders/wechat-query", { orderSn: order.orderSn }, admin.token);
    expect(paid.data).toMatchObject({ exists: true, tradeState: "SUCCESS", matches: true, applied: true });
    expect(paid.data.transactionId).toMatch(/^4200/);
    const row = await orderRow(order.orderSn);
    expect(row.status).toBe("SUCCESS");
    expect(await payments(row.id)).toMatchObject([{ channel: "wechat", source: "query" }]);
    const audit = (await DB().prepare("SELECT action FROM admin_audit_log WHERE actor_id = ? AND target_id = ?").bind(admin.user.id, order.orderSn).all<{ action: string }>()).results;
    expect(audit.map((a) => a.action)).toEqual(["order.sync"]);
    // Asked again: consistent, nothing applied twice.
    expect((await adminPost<WechatQueryView>("commerce/orders/wechat-query", { orderSn: order.orderSn }, admin.token)).data).toMatchObject({ matches: true, applied: false });
    expect(await payments(row.id)).toHaveLength(1);

    expect(await adminPost("commerce/orders/wechat-query", { orderSn: "NO_SUCH_ORDER" }, admin.token)).toMatchObject({ code: 10004, msg: "订单不存在" });
    const user = await makeUser();
    expect((await adminPost("commerce/orders/wechat-query", { orderSn: order.orderSn }, user.token)).code).not.toBe(10000);
  });

  it("the cron asks about orders paying for over two minutes", async () => {
    const { order } = await nativeOrder();
    await payWithoutNotify(order.orderSn);
    await DB().prepare("UPDATE pay_orders SET wechat_requested_at = wechat_requested_at - 3 * 60000 WHERE order_sn = ?").bind(order.orderSn).run();
    const job = scheduledJobs.filter((j) => j.name === "query-paying-orders");
    const [out] = await runScheduledJobs(env, Date.now(), job);
    expect(out).toMatchObject({ ok: true });
    expect(out.affected).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderSn)).status).toBe("SUCCESS");
  });

  it("closes the Native order at WeChat Pay and then the order at 30 minutes", async () => {
    const { order, start } = await nativeOrder();
    await DB().prepare("UPDATE pay_orders SET created_at = created_at - 31 * 60000 WHERE order_sn = ?").bind(order.orderSn).run();
    const job = scheduledJobs.filter((j) => j.name === "close-unpaid-orders");
    await runScheduledJobs(env, Date.now(), job);
    expect((await orderRow(order.orderSn)).status).toBe("CLOSED");
    expect((await devTrade(order.orderSn)).trade_state).toBe("CLOSED");
    // The QR code no longer pays.
    const page = await exports.default.fetch(new Request(`${BASE}/api/dev/wechatpay/scan?code_url=${encodeURIComponent(start.codeUrl)}`));
    expect(await page.text()).toContain("订单已关闭");
  });
});

describe("refund", () => {
  it("an operator refunds a WeChat order in full: refund API + refund notify finish it once", async () => {
    const { order, start, user } = await nativeOrder();
    await scanAndPay(start.codeUrl);
    const admin = await makeAdmin();
    const requestNo = `RF${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
    const r = await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: String(order.payAmount), reason: "用户申请退款", requestNo }, admin.token);
    expect(r.code, r.msg).toBe(10000);
    const row = await orderRow(order.orderSn);
    expect(row.status).toBe("REFUNDED");
    const refund = (await DB().prepare("SELECT * FROM pay_refunds WHERE out_request_no = ?").bind(requestNo).first<Record<string, unknown>>())!;
    expect(refund).toMatchObject({ status: "success", amount_fen: Math.round(order.payAmount * 100), refund_fee_fen: Math.round(order.payAmount * 100) });
    // The refund notify arrived (inside the refund call) and the answer after it: one message, one audit row.
    expect(await outcomes(order.orderSn)).toEqual(["applied", "refund:success"]);
    const messages = (await DB().prepare("SELECT content FROM qa_messages WHERE receiver_id = ? AND kind = 'system'").bind(user.id).all<{ content: string }>()).results;
    expect(messages.filter((m) => m.content.includes(order.orderSn))).toHaveLength(1);
    expect(messages.find((m) => m.content.includes(order.orderSn))!.content).toContain("原路退回微信支付");
    const audits = (await DB().prepare("SELECT after FROM admin_audit_log WHERE action = 'order.refund' AND target_id = ?").bind(order.orderSn).all()).results;
    expect(audits).toHaveLength(1);
    expect((await DB().prepare("SELECT COUNT(*) AS n FROM wechatpay_dev_refunds WHERE out_refund_no = ?").bind(requestNo).first<{ n: number }>())!.n).toBe(1);
    // The same request number again refunds nothing more.
    const again = await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: String(order.payAmount), reason: "用户申请退款", requestNo }, admin.token);
    expect(again.code).toBe(10000);
    expect((await DB().prepare("SELECT COUNT(*) AS n FROM wechatpay_dev_refunds WHERE out_refund_no = ?").bind(requestNo).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("refund notify", () => {
  it("finishes a pending refund once (replays change nothing); tampered or wrong-amount refund notifies are refused", async () => {
    const { order, start, user } = await nativeOrder();
    await scanAndPay(start.codeUrl);
    const row = await orderRow(order.orderSn);
    const admin = await makeAdmin();
    const no = `RF${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
    // A refund WeChat Pay answered PROCESSING: pending until its notify.
    await DB().prepare("INSERT INTO pay_refunds (order_id, out_request_no, amount_fen, reason, status, actor_id, created_at) VALUES (?, ?, ?, '用户申请退款', 'pending', ?, ?)").bind(row.id, no, row.pay_amount_fen, admin.user.id, Date.now()).run();
    const resource = { mchid: DEV_MCHID, out_trade_no: order.orderSn, transaction_id: row.trade_no, out_refund_no: no, refund_id: "50300000000000000001", refund_status: "SUCCESS", success_time: rfc3339China(Date.now()), user_received_account: "支付用户零钱", amount: { total: row.pay_amount_fen, refund: row.pay_amount_fen, payer_total: row.pay_amount_fen, payer_refund: row.pay_amount_fen } };
    const wrong = await refundNotifyOf({ ...resource, amount: { ...resource.amount, refund: 1 } });
    expect((await post("/api/pay/wechat/refund-notify", wrong)).status).toBe(400);
    const genuine = await refundNotifyOf(resource);
    expect((await post("/api/pay/wechat/refund-notify", { ...genuine, body: `${genuine.body} ` })).status).toBe(401);
    expect((await DB().prepare("SELECT status FROM pay_refunds WHERE out_request_no = ?").bind(no).first<{ status: string }>())!.status).toBe("pending");
    for (let i = 0; i < 2; i++) expect((await post("/api/pay/wechat/refund-notify", genuine)).status).toBe(204);
    expect((await DB().prepare("SELECT status FROM pay_refunds WHERE out_request_no = ?").bind(no).first<{ status: string }>())!.status).toBe("success");
    expect((await orderRow(order.orderSn)).status).toBe("REFUNDED");
    const messages = (await DB().prepare("SELECT content FROM qa_messages WHERE receiver_id = ? AND content LIKE ?").bind(user.id, `%${order.orderSn}%`).all()).results;
    expect(messages).toHaveLength(1);
    // (The tampered one is logged without an order number: nothing in it was believed.)
    expect((await outcomes(order.orderSn)).slice(-3)).toEqual(["rejected:amount", "refund:success", "refund:success"]);
  });
});

describe("routing", () => {
  it("the notify passes the cross-site guard like Alipay's (it authenticates by signature), other pay calls do not", async () => {
    // A cross-site browser POST (cookie session, no token header) to a pay call is refused; the notify is not.
    const browser = await exports.default.fetch(new Request(`${BASE}/api/pay/wechat/native`, { method: "POST", headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" }, body: "{}" }));
    expect(((await browser.json()) as { msg: string }).msg).toBe(CROSS_SITE_MSG);
    const n = await post("/api/pay/wechat/notify", { headers: { "content-type": "application/json" }, body: "{}" });
    expect(n.status).toBe(401);
  });
});
