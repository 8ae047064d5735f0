// Payment (issue 7) inside workerd: products, orders with server-computed amounts, the Alipay notify (valid once
// even if delivered three times; tampered, wrong amount, wrong app_id, wrong seller, unknown order refused with
// nothing changed), the dev gateway round trip, trade.query when a notify is missing, time-outs, coupons (no
// double spend, no one else's), and the download gate.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, callJson, makeUser } from "../support/api";
import { newSurvey } from "./workbench.helpers";
import { addOrder, formOf, payAtGateway, postForm, signCallback } from "../support/payment";
import { runScheduledJobs } from "../../workers/jobs/scheduled";
import { getDb } from "../../workers/lib/db";
import { tradeResult } from "../../workers/services/payment";
import { DEV_APP_ID, DEV_SELLER_ID } from "../../workers/providers/alipay/config";
import type { OrderView, PayStart, ProductView, UserCouponView } from "../../workers/contract/payment";
import { PAY_MSG } from "../../workers/contract/payment";

const MOTOR = 1;
const ELECTRICITY = 3;
const DB = () => env.DB;

/** A survey of the user's with a generated report (status 1, a PDF in R2), without running the report job. */
async function readyReport(token: string, userId: number, type = MOTOR) {
  const id = await newSurvey(token, type);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await DB().batch([
    DB().prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '一号车间' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    DB()
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-T', ?, 123456, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return { id, fileUrl: `/files/report/${fileKey}` };
}

const order = async (sn: string) => (await DB().prepare("SELECT * FROM pay_orders WHERE order_sn = ?").bind(sn).first<Record<string, unknown>>())!;
const paymentsOf = async (orderId: number) => (await DB().prepare("SELECT * FROM pay_payments WHERE order_id = ?").bind(orderId).all()).results;
const notifies = async (sn: string) => (await DB().prepare("SELECT outcome FROM pay_notifications WHERE out_trade_no = ? ORDER BY id").bind(sn).all<{ outcome: string }>()).results.map((r) => r.outcome);

async function giveCoupon(userId: number, batchId: number) {
  await DB().prepare("INSERT INTO user_coupons (batch_id, user_id, status, created_at) VALUES (?, ?, 0, ?)").bind(batchId, userId, Date.now()).run();
}

function notifyFor(o: OrderView, overrides: Record<string, string> = {}) {
  return {
    notify_time: "2026-11-23 13:01:00",
    notify_type: "trade_status_sync",
    notify_id: `n${Math.random()}`,
    charset: "utf-8",
    version: "1.0",
    app_id: DEV_APP_ID,
    trade_no: `2026112322001${Math.floor(Math.random() * 1e12)}`,
    out_trade_no: o.orderSn,
    seller_id: DEV_SELLER_ID,
    buyer_id: "2088102177000001",
    trade_status: "TRADE_SUCCESS",
    total_amount: o.payAmount.toFixed(2),
    ...overrides,
  };
}

const notify = async (params: Record<string, string>) => (await postForm("/api/pay/alipay/notify", params)).text();

describe("products", () => {
  it("gives each card's prices from data, and the file name and size to the survey's owner only", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    const p = await callJson<ProductView>("/api/product/getByMerchantAndProduct", { token, json: { merchantId: 1, productId: MOTOR, subProductId: r.id } });
    expect(p.data).toMatchObject({ productId: MOTOR, productName: "电机驱动系统", price: 99.9, originPrice: 399, fileInfo: { fileName: "一号车间.pdf", fileSize: 123456 } });
    const e = await callJson<ProductView>("/api/product/getByMerchantAndProduct", { token, json: { merchantId: 1, productId: ELECTRICITY } });
    expect(e.data).toMatchObject({ price: 199, originPrice: 699, fileInfo: null });
    const other = await makeUser();
    const o = await callJson<ProductView>("/api/product/getByMerchantAndProduct", { token: other.token, json: { merchantId: 1, productId: MOTOR, subProductId: r.id } });
    expect(o.data.fileInfo).toBeNull();
    expect((await callJson("/api/product/getByMerchantAndProduct", { token, json: { merchantId: 2, productId: MOTOR } })).msg).toBe(PAY_MSG.merchant);
  });
});

describe("orders", () => {
  it("computes the amount on the server, ignores the client's figures, and keeps one open order per survey", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    const a = await addOrder(token, r.id, MOTOR, { payAmount: 0.01, orderAmount: 0.01, userId: user.id, userName: "x" });
    expect(a.code, a.msg).toBe(10000);
    expect(a.data).toMatchObject({ status: "WAIT_PAY", orderAmount: 99.9, payAmount: 99.9, amount: 1, productId: MOTOR, subProductId: r.id, batchId: null });
    expect(a.data.orderSn).toMatch(/^TCC\d{20}$/);
    expect(a.data.existedMilliSecond).toBeGreaterThanOrEqual(0);
    expect(await order(a.data.orderSn)).toMatchObject({ user_id: user.id, user_name: user.userName, merchant_id: 1, platform: "TCC", pay_amount_fen: 9990 });
    // Both spec paths; the open order comes back instead of a second one.
    const b = await callJson<OrderView>("/api/order/add", { token, json: { productId: MOTOR, subProductId: r.id } });
    expect(b.data.orderSn).toBe(a.data.orderSn);
    const got = await callJson<OrderView>(`/api/order/getBySubProduct/${r.id}`, { token });
    expect(got.data.orderSn).toBe(a.data.orderSn);
  });

  it("ten parallel order/add calls for one survey make one open order and reserve one coupon", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    await giveCoupon(user.id, 1);
    const r = await readyReport(token, user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => addOrder(token, r.id, MOTOR, { batchId: 1 })));
    const sns = new Set(answers.filter((a) => a.code === 10000).map((a) => a.data.orderSn));
    expect(sns.size).toBe(1);
    const open = await DB().prepare("SELECT COUNT(*) AS n FROM pay_orders WHERE user_id = ? AND sub_product_id = ? AND status = 'WAIT_PAY'").bind(user.id, r.id).first<{ n: number }>();
    expect(open!.n).toBe(1);
    const reserved = await DB().prepare("SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND status = 2").bind(user.id).first<{ n: number }>();
    expect(reserved!.n).toBe(1);
    // The database refuses a second open order even when a caller skips the service.
    await expect(
      DB()
        .prepare("INSERT INTO pay_orders (order_sn, user_id, user_name, merchant_id, product_id, sub_product_id, product_name, amount, order_amount_fen, pay_amount_fen, platform, status, created_at) SELECT 'X' || order_sn, user_id, user_name, merchant_id, product_id, sub_product_id, product_name, amount, order_amount_fen, pay_amount_fen, platform, 'WAIT_PAY', created_at FROM pay_orders WHERE order_sn = ?")
        .bind([...sns][0])
        .run(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("one coupon and two surveys ordered at once, five times each: the coupon is reserved by exactly one order", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    const a = await readyReport(token, user.id);
    const b = await readyReport(token, user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => addOrder(token, i % 2 ? a.id : b.id, MOTOR, { batchId: 1 })));
    expect(answers.some((x) => x.code === 10000)).toBe(true);
    const coupons = await DB().prepare("SELECT id, status, order_id FROM user_coupons WHERE user_id = ?").bind(user.id).all<{ id: number; status: number; order_id: number | null }>();
    expect(coupons.results).toHaveLength(1);
    expect(coupons.results[0]).toMatchObject({ status: 2, order_id: expect.any(Number) });
    const orders = await DB().prepare("SELECT id, sub_product_id, user_coupon_id, pay_amount_fen, order_amount_fen FROM pay_orders WHERE user_id = ? AND status = 'WAIT_PAY'").bind(user.id).all<{ id: number; sub_product_id: number; user_coupon_id: number | null; pay_amount_fen: number; order_amount_fen: number }>();
    // One open order per survey, and only the order holding the coupon is discounted.
    expect(orders.results.map((o) => o.sub_product_id).sort()).toEqual([a.id, b.id].sort());
    const holders = orders.results.filter((o) => o.user_coupon_id !== null);
    expect(holders).toEqual([expect.objectContaining({ id: coupons.results[0]!.order_id, user_coupon_id: coupons.results[0]!.id })]);
    const other = orders.results.find((o) => o.user_coupon_id === null)!;
    expect(other.pay_amount_fen).toBe(other.order_amount_fen);
  });

  it("refuses other people's surveys, a claimed userId that is not the caller, a wrong product and a missing report", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    const other = await makeUser();
    expect((await addOrder(other.token, r.id, MOTOR)).code).not.toBe(10000);
    expect((await addOrder(token, r.id, MOTOR, { userId: other.user.id })).msg).toBe(PAY_MSG.notYours);
    expect((await addOrder(token, r.id, ELECTRICITY)).msg).toBe(PAY_MSG.noProduct);
    const fresh = await newSurvey(token, MOTOR);
    expect((await addOrder(token, fresh, MOTOR)).msg).toBe(PAY_MSG.reportMissing);
    expect((await callJson(`/api/order/getBySubProduct/${r.id}`, { token: other.token })).data).toBeNull();
    expect((await callJson(`/api/order/getBySubProduct/${r.id}`)).code).toBe(401);
    expect((await DB().prepare("SELECT COUNT(*) AS n FROM pay_orders WHERE sub_product_id = ?").bind(r.id).first<{ n: number }>())!.n).toBe(0);
  });

  it("with a coupon: price − AMOUNT, the coupon reserved, the count down by one", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    await giveCoupon(user.id, 1);
    const r = await readyReport(token, user.id);
    const list = await callJson<UserCouponView[]>(`/api/coupon/selectUserCoupons?userId=${user.id}&productId=${MOTOR}&price=99.9`, { token });
    expect(list.data).toEqual([{ ID: 1, COUPON_NAME: "新用户报告抵用券", AMOUNT: 20, count: 2, expiresAt: null }]);
    const a = await addOrder(token, r.id, MOTOR, { batchId: 1, payAmount: 0 });
    expect(a.data).toMatchObject({ orderAmount: 99.9, payAmount: 79.9, batchId: 1, couponName: "新用户报告抵用券", couponAmount: 20 });
    expect((await callJson<number>(`/api/coupon/getUserCouponCountByBatchId?userId=${user.id}&batchId=1`, { token })).data).toBe(1);
    // Removing the coupon before paying gives the full price back and the coupon back.
    const pay = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn: a.data.orderSn, payChannel: "alipay", batchId: null, totalAmount: 0.01 } });
    expect(pay.data.payAmount).toBe(99.9);
    expect(JSON.parse(formOf(pay.data.form).fields.biz_content).total_amount).toBe("99.90");
    expect((await callJson<number>(`/api/coupon/getUserCouponCountByBatchId?batchId=1`, { token })).data).toBe(2);
    const other = await makeUser();
    expect((await callJson(`/api/coupon/selectUserCoupons?userId=${user.id}&productId=${MOTOR}`, { token: other.token })).msg).toBe(PAY_MSG.notYours);
  });
});

describe("Alipay notify", () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const u = await makeUser();
    token = u.token;
    userId = u.user.id;
  });

  it("a valid notify pays the order once even when delivered three times", async () => {
    const r = await readyReport(token, userId);
    const o = (await addOrder(token, r.id, MOTOR)).data;
    const params: Record<string, string> = await signCallback(notifyFor(o));
    expect(await notify(params)).toBe("success");
    const paid = await order(o.orderSn);
    expect(paid).toMatchObject({ status: "SUCCESS", pay_channel: "alipay", trade_no: params.trade_no });
    expect(await notify(params)).toBe("success");
    expect(await notify(params)).toBe("success");
    expect(await paymentsOf(o.id)).toHaveLength(1);
    expect(await order(o.orderSn)).toMatchObject({ status: "SUCCESS", paid_at: paid.paid_at });
    expect(await notifies(o.orderSn)).toEqual(["applied", "duplicate", "duplicate"]);
    // Three deliveries at once: still one payment.
    const r2 = await readyReport(token, userId);
    const o2 = (await addOrder(token, r2.id, MOTOR)).data;
    const p2 = await signCallback(notifyFor(o2));
    expect(await Promise.all([notify(p2), notify(p2), notify(p2)])).toEqual(["success", "success", "success"]);
    expect(await paymentsOf(o2.id)).toHaveLength(1);
    expect((await notifies(o2.orderSn)).sort()).toEqual(["applied", "duplicate", "duplicate"]);
  });

  it("refuses a tampered signature, a wrong amount, app_id or seller, a foreign key and an unknown order; nothing changes", async () => {
    const r = await readyReport(token, userId);
    const o = (await addOrder(token, r.id, MOTOR)).data;
    const good = await signCallback(notifyFor(o));
    const cases: [string, Record<string, string>][] = [
      ["signature", { ...good, total_amount: "0.01" }],
      ["signature", { ...good, sign: good.sign.slice(0, -4) + "AAA=" }],
      ["signature", { ...good, sign_type: "RSA" }],
      ["signature", await signCallback(notifyFor(o), (env as unknown as Record<string, string>).ALIPAY_APP_PRIVATE_KEY) as Record<string, string>],
      ["amount", await signCallback(notifyFor(o, { total_amount: "0.01" }))],
      ["app_id", await signCallback(notifyFor(o, { app_id: "2021000000009999" }))],
      ["seller", await signCallback(notifyFor(o, { seller_id: "2088999999999999" }))],
      ["unknown_order", await signCallback(notifyFor(o, { out_trade_no: "TCC00000000000000000000" }))],
    ];
    for (const [why, params] of cases) {
      expect(await notify(params), why).toBe("failure");
    }
    expect(await order(o.orderSn)).toMatchObject({ status: "WAIT_PAY", trade_no: null, paid_at: null });
    expect(await paymentsOf(o.id)).toHaveLength(0);
    expect(await notifies(o.orderSn)).toEqual(["rejected:signature", "rejected:signature", "rejected:signature", "rejected:signature", "rejected:amount", "rejected:app_id", "rejected:seller"]);
    // A signed WAIT_BUYER_PAY notify is acknowledged and changes nothing.
    expect(await notify(await signCallback(notifyFor(o, { trade_status: "WAIT_BUYER_PAY" })))).toBe("success");
    expect((await order(o.orderSn)).status).toBe("WAIT_PAY");
    // The file stays locked.
    expect((await call(r.fileUrl, { token })).status).toBe(404);
  });
});

describe("dev gateway round trip", () => {
  it("page.pay → cashier → 确认付款 → signed notify → SUCCESS → return page says TRADE_SUCCESS", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    const o = (await addOrder(token, r.id, MOTOR)).data;
    const pay = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay", productName: "x", totalAmount: 0.01 } });
    expect(pay.code, pay.msg).toBe(10000);
    const { action, fields } = formOf(pay.data.form);
    expect(action).toBe("http://localhost/api/dev/alipay/gateway.do?charset=utf-8");
    expect(fields).toMatchObject({ app_id: DEV_APP_ID, method: "alipay.trade.page.pay", notify_url: "http://localhost/api/pay/alipay/notify", return_url: "http://localhost/tradeResult" });
    // The cashier page, as the browser's form post would open it.
    const cashier = await postForm("/api/dev/alipay/gateway.do?charset=utf-8", fields);
    const html = await cashier.text();
    expect(html).toContain("确认付款");
    expect(html).toContain("¥99.90");
    // An edited request fails the gateway's signature check.
    const edited = { ...fields, biz_content: fields.biz_content.replace("99.90", "0.01") };
    expect((await postForm("/api/dev/alipay/gateway.do", edited)).status).toBe(400);
    expect((await postForm("/api/dev/alipay/cashier/pay", edited)).status).toBe(400);

    const res = await postForm("/api/dev/alipay/cashier/pay", fields);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location")!);
    expect(back.pathname).toBe("/tradeResult");
    expect(await order(o.orderSn)).toMatchObject({ status: "SUCCESS", pay_channel: "alipay" });
    const trade = await DB().prepare("SELECT notify_answer, trade_status FROM alipay_dev_trades WHERE out_trade_no = ?").bind(o.orderSn).first();
    expect(trade).toEqual({ notify_answer: "success", trade_status: "TRADE_SUCCESS" });
    expect((await paymentsOf(o.id))[0]).toMatchObject({ source: "notify", amount_fen: 9990 });

    const params = Object.fromEntries(back.searchParams);
    const ctx = { db: getDb(env.DB), env, now: Date.now(), origin: "http://localhost" };
    expect(await tradeResult({ ...ctx, userId: user.id, params })).toEqual({ tradeStatus: "TRADE_SUCCESS", orderSn: o.orderSn });
    expect((await tradeResult({ ...ctx, userId: user.id, params: { ...params, total_amount: "0.01" } })).tradeStatus).toBe("INVALID");
    expect((await tradeResult({ ...ctx, userId: user.id + 1000, params })).tradeStatus).toBe("INVALID");
    // Paying again is refused by both sides.
    expect((await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } })).msg).toBe(PAY_MSG.alreadyPaid);
    expect(await (await postForm("/api/dev/alipay/gateway.do", fields)).text()).toContain("该订单已支付");
  });

  it("a payment whose notify never came is found with alipay.trade.query when the popup closes", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    const o = (await addOrder(token, r.id, MOTOR)).data;
    await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } });
    // Not paid at Alipay: the order stays WAIT_PAY.
    expect((await callJson<OrderView>("/api/pay/pc/order/query", { token, json: { orderSn: o.orderSn } })).data.status).toBe("WAIT_PAY");
    // Alipay holds a paid trade, but its notify was lost.
    await DB()
      .prepare("INSERT INTO alipay_dev_trades (trade_no, app_id, out_trade_no, total_amount, subject, trade_status, buyer_id, created_at, paid_at) VALUES (?, ?, ?, '99.90', 's', 'TRADE_SUCCESS', '2088000000000009', ?, ?)")
      .bind(`lost${o.id}`, DEV_APP_ID, o.orderSn, Date.now(), Date.now())
      .run();
    const other = await makeUser();
    expect((await callJson("/api/pay/pc/order/query", { token: other.token, json: { orderSn: o.orderSn } })).code).not.toBe(10000);
    const q = await callJson<OrderView>("/api/pay/pc/order/query", { token, json: { orderSn: o.orderSn } });
    expect(q.data.status).toBe("SUCCESS");
    expect((await paymentsOf(o.id))[0]).toMatchObject({ source: "query", trade_no: `lost${o.id}` });
  });
});

describe("time-out", () => {
  const age = (sn: string, ms: number) => DB().prepare("UPDATE pay_orders SET created_at = created_at - ? WHERE order_sn = ?").bind(ms, sn).run();

  it("an order older than 30 minutes is closed on read, its coupon released; a new order can be made", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    const r = await readyReport(token, user.id);
    const o = (await addOrder(token, r.id, MOTOR, { batchId: 1 })).data;
    await age(o.orderSn, 29 * 60_000);
    expect((await callJson<OrderView>(`/api/order/getBySubProduct/${r.id}`, { token })).data.status).toBe("WAIT_PAY");
    await age(o.orderSn, 60_000);
    const got = await callJson<OrderView>(`/api/order/getBySubProduct/${r.id}`, { token });
    expect(got.data.status).toBe("CLOSED");
    expect((await callJson<number>(`/api/coupon/getUserCouponCountByBatchId?batchId=1`, { token })).data).toBe(1);
    expect((await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } })).msg).toBe(PAY_MSG.orderTimeout);
    const again = await addOrder(token, r.id, MOTOR);
    expect(again.data).toMatchObject({ status: "WAIT_PAY" });
    expect(again.data.orderSn).not.toBe(o.orderSn);
  });

  it("the scheduled job closes expired orders (after asking Alipay) and applies a payment it finds instead", async () => {
    const { user, token } = await makeUser();
    const r1 = await readyReport(token, user.id);
    const r2 = await readyReport(token, user.id);
    const open = (await addOrder(token, r1.id, MOTOR)).data;
    const paidLate = (await addOrder(token, r2.id, MOTOR)).data;
    for (const o of [open, paidLate]) await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } });
    await DB()
      .prepare("INSERT INTO alipay_dev_trades (trade_no, app_id, out_trade_no, total_amount, subject, trade_status, buyer_id, created_at, paid_at) VALUES (?, ?, ?, '99.90', 's', 'TRADE_SUCCESS', '2088000000000009', ?, ?)")
      .bind(`late${paidLate.id}`, DEV_APP_ID, paidLate.orderSn, Date.now(), Date.now())
      .run();
    await age(open.orderSn, 31 * 60_000);
    await age(paidLate.orderSn, 31 * 60_000);
    const outcomes = await runScheduledJobs(env, Date.now());
    expect(outcomes.find((j) => j.name === "close-unpaid-orders")).toMatchObject({ ok: true });
    expect((await order(open.orderSn)).status).toBe("CLOSED");
    expect((await order(paidLate.orderSn)).status).toBe("SUCCESS");
  });
});

describe("coupons", () => {
  it("a 100 % coupon pays through zeroDollarPurchase once; the coupon cannot pay for a second report", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 2);
    const r1 = await readyReport(token, user.id);
    const r2 = await readyReport(token, user.id);
    const o1 = (await addOrder(token, r1.id, MOTOR)).data;
    const form = (fields: Record<string, string | number>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, String(v));
      return f;
    };
    const zero = (o: OrderView, batchId: number) => callJson<OrderView>("/api/pay/pc/zeroDollarPurchase", { token, body: form({ userId: user.id, orderId: o.id, couponStatus: 1, batchId, orderSn: o.orderSn }) });
    const z = await zero(o1, 2);
    expect(z.code, z.msg).toBe(10000);
    expect(z.msg).toBe(PAY_MSG.paid);
    expect(z.data).toMatchObject({ status: "SUCCESS", payAmount: 0, payChannel: "coupon", batchId: 2 });
    const coupon = await DB().prepare("SELECT status, order_id FROM user_coupons WHERE user_id = ? AND batch_id = 2").bind(user.id).first();
    expect(coupon).toEqual({ status: 1, order_id: o1.id });
    // The same submit again: the paid order, nothing more.
    expect((await zero(o1, 2)).data.status).toBe("SUCCESS");
    expect(await paymentsOf(o1.id)).toHaveLength(1);
    // The spent coupon cannot pay for another report, by zero purchase or by attaching it to an order.
    const o2 = (await addOrder(token, r2.id, MOTOR)).data;
    expect((await zero(o2, 2)).msg).toBe(PAY_MSG.couponUnavailable);
    expect((await addOrder(token, r2.id, MOTOR, { batchId: 2 })).msg).toBe(PAY_MSG.couponUnavailable);
    expect((await order(o2.orderSn)).status).toBe("WAIT_PAY");
    // The download opens for the paid one only.
    expect((await call(r1.fileUrl, { token })).status).toBe(200);
    expect((await call(r2.fileUrl, { token })).status).toBe(404);
  });

  it("one coupon reserved by an open order cannot be used by another; another user's coupon is not usable; a partial coupon is no zero purchase", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await giveCoupon(a.user.id, 2);
    await giveCoupon(b.user.id, 1);
    const ra1 = await readyReport(a.token, a.user.id);
    const ra2 = await readyReport(a.token, a.user.id);
    const rb = await readyReport(b.token, b.user.id);
    const oa1 = (await addOrder(a.token, ra1.id, MOTOR, { batchId: 2 })).data;
    expect(oa1.payAmount).toBe(0);
    expect((await addOrder(a.token, ra2.id, MOTOR, { batchId: 2 })).msg).toBe(PAY_MSG.couponUnavailable);
    // b holds no batch-2 coupon; a's coupon is not b's.
    expect((await addOrder(b.token, rb.id, MOTOR, { batchId: 2 })).msg).toBe(PAY_MSG.couponUnavailable);
    const ob = (await callJson<OrderView>(`/api/order/getBySubProduct/${rb.id}`, { token: b.token })).data;
    const f = new FormData();
    for (const [k, v] of Object.entries({ orderSn: ob.orderSn, batchId: 1, couponStatus: 1 })) f.set(k, String(v));
    const partial = await callJson("/api/pay/pc/zeroDollarPurchase", { token: b.token, body: f });
    expect(partial.msg).toBe(PAY_MSG.amountNotZero);
    expect((await order(ob.orderSn)).status).toBe("WAIT_PAY");
    // b cannot spend a's order at all.
    const g = new FormData();
    for (const [k, v] of Object.entries({ orderSn: oa1.orderSn, batchId: 2 })) g.set(k, String(v));
    expect((await callJson("/api/pay/pc/zeroDollarPurchase", { token: b.token, body: g })).code).not.toBe(10000);
    // With the whole price covered there is nothing to pay at Alipay.
    expect((await callJson("/api/pay/pc/pay", { token: a.token, json: { orderSn: oa1.orderSn, payChannel: "alipay" } })).msg).toBe(PAY_MSG.amountZero);
  });

  it("after page.pay the coupon can change only while Alipay holds no trade", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    const r = await readyReport(token, user.id);
    const o = (await addOrder(token, r.id, MOTOR)).data;
    await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } });
    const withCoupon = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay", batchId: 1 } });
    expect(withCoupon.data.payAmount).toBe(79.9);
    await DB()
      .prepare("INSERT INTO alipay_dev_trades (trade_no, app_id, out_trade_no, total_amount, subject, trade_status, buyer_id, created_at) VALUES (?, ?, ?, '79.90', 's', 'WAIT_BUYER_PAY', '2088000000000009', ?)")
      .bind(`open${o.id}`, DEV_APP_ID, o.orderSn, Date.now())
      .run();
    expect((await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay", batchId: null } })).msg).toBe(PAY_MSG.alipayStarted);
    expect((await order(o.orderSn)).pay_amount_fen).toBe(7990);
  });
});

describe("download gate", () => {
  it("the PDF is served only to its owner after a SUCCESS order, or to the privileged phone", async () => {
    const { user, token } = await makeUser();
    const r = await readyReport(token, user.id);
    expect((await call(r.fileUrl, { token })).status).toBe(404);
    const other = await makeUser();
    const o = (await addOrder(token, r.id, MOTOR)).data;
    const res = await payAtGateway(token, o.orderSn);
    expect(res.status).toBe(302);
    const pdf = await call(r.fileUrl, { token });
    expect(pdf.status).toBe(200);
    expect(await pdf.text()).toContain("%PDF");
    expect((await call(r.fileUrl, { token: other.token })).status).toBe(404);
    expect((await call(r.fileUrl)).status).toBe(404);
    // Paying for one's own survey gives nothing on someone else's.
    const r2 = await readyReport(other.token, other.user.id);
    expect((await call(r2.fileUrl, { token })).status).toBe(404);

    const vip = await makeUser({ phone: env.REPORT_FREE_PHONE });
    const rv = await readyReport(vip.token, vip.user.id);
    expect((await call(rv.fileUrl, { token: vip.token })).status).toBe(200);
    expect((await call(rv.fileUrl, { token: other.token })).status).toBe(404);
  });
});
