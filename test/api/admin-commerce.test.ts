// Operator console, commerce (issue 17) inside workerd: card text and price edits show in the public card API and
// the payment product at once (audited before/after); coupon batches issued to phones report the phones without an
// account; orders are found by phone and status; 查询支付宝 runs the real trade query; refunds through
// alipay.trade.refund at the dev gateway are idempotent per request number, never exceed what was paid, close the
// download gate on a full refund, return the coupon and message the user; a tampered gateway answer is refused;
// the daily reconciliation flags a payment without a notify.
import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { call, callJson, makeUser } from "../support/api";
import { addOrder, payAtGateway } from "../support/payment";
import { newSurvey } from "./workbench.helpers";
import { adminGet, adminPost, makeAdmin } from "./admin.helpers";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { adminAuditLog, alipayDevRefunds, alipayDevTrades, payOrders, payRefunds, qaMessages, userCoupons } from "../../db/schema";
import { ADMIN_ROUTES } from "../../workers/api/admin";
import {
  COMMERCE_MSG,
  type AdminCardView,
  type AdminOrderView,
  type AlipayQueryView,
  type CouponBatchView,
  type CouponIssueResult,
  type CouponUseView,
  type OrderDetailView,
  type ReconcileView,
  type RefundResultView,
} from "../../workers/contract/admin-commerce";
import type { CardView } from "../../workers/contract/portal";
import type { OrderView, ProductView, UserCouponView } from "../../workers/contract/payment";
import { AlipayClient } from "../../workers/providers/alipay/client";
import { alipayConfig } from "../../workers/providers/alipay/config";
import { devGatewayFetch } from "../../workers/providers/alipay/dev-gateway";
import { refundOrder } from "../../workers/services/payment/refund";
import { applyPayment } from "../../workers/services/payment/settle";
import { chinaDate } from "../../workers/lib/china-time";

const MOTOR = 1;
const db = () => getDb(env.DB);
const BASE = "http://localhost";

/** A survey of the user's with a generated report (status 1, a PDF in R2), without running the report job. */
async function readyReport(token: string, userId: number, type = MOTOR) {
  const id = await newSurvey(token, type);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await env.DB.batch([
    env.DB.prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '退款测试' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    env.DB
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-T', ?, 123456, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return { id, fileUrl: `/files/report/${fileKey}` };
}

/** A report paid through the dev gateway (page.pay → cashier → signed notify), optionally with a coupon batch. */
async function paidOrder(batchId?: number) {
  const buyer = await makeUser();
  if (batchId) await env.DB.prepare("INSERT INTO user_coupons (batch_id, user_id, status, created_at) VALUES (?, ?, 0, ?)").bind(batchId, buyer.user.id, Date.now()).run();
  const r = await readyReport(buyer.token, buyer.user.id);
  const o = await addOrder(buyer.token, r.id, MOTOR, batchId ? { batchId } : {});
  expect(o.code, o.msg).toBe(CODE.OK);
  expect((await payAtGateway(buyer.token, o.data.orderSn)).status).toBe(302);
  const paid = await callJson<OrderView>(`/api/order/getBySubProduct/${r.id}`, { token: buyer.token });
  expect(paid.data.status).toBe("SUCCESS");
  return { buyer, report: r, order: paid.data };
}

const requestNo = () => `RF${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

describe("routes", () => {
  it("every commerce route is in ADMIN_ROUTES, so the authorisation walk in admin.test.ts refuses non-admins on each", () => {
    const paths = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      "GET /commerce/cards",
      "POST /commerce/cards/update",
      "GET /commerce/coupons",
      "GET /commerce/coupons/batch",
      "POST /commerce/coupons/issue",
      "GET /commerce/orders",
      "GET /commerce/orders/detail",
      "POST /commerce/orders/alipay-query",
      "POST /commerce/orders/refund",
      "GET /commerce/reconciliation",
    ])
      expect(paths).toContain(p);
  });
  it("a logged-in non-admin is refused a refund (403) and nothing happens", async () => {
    const { order } = await paidOrder();
    const user = await makeUser();
    const res = await call("/api/admin/commerce/orders/refund", { token: user.token, json: { orderSn: order.orderSn, amount: "1", reason: "x", requestNo: requestNo() } });
    expect(res.status).toBe(403);
    expect((await db().select().from(payRefunds).where(eq(payRefunds.outRequestNo, order.orderSn)).all()).length).toBe(0);
  });
});

describe("cards and prices", () => {
  const restore: { id: number; surveyName: string; surveyDescription: string; price: string; originPrice: string }[] = [];
  afterAll(async () => {
    // Other files may share the seeded rows (reseeding keeps operator edits): put the card back as seeded.
    const admin = await makeAdmin();
    for (const r of restore) await adminPost("commerce/cards/update", r, admin.token);
  });

  it("an edit of title, description and price shows in the public card API and the payment product at once, audited", async () => {
    const admin = await makeAdmin();
    const cards = await adminGet<AdminCardView[]>("commerce/cards", admin.token);
    expect(cards.code).toBe(CODE.OK);
    const motor = cards.data.find((c) => c.id === MOTOR)!;
    expect(cards.data.length).toBeGreaterThanOrEqual(3);
    expect(motor).toMatchObject({ price: 99.9, originPrice: 399 });
    restore.push({ id: MOTOR, surveyName: motor.surveyName, surveyDescription: motor.surveyDescription, price: String(motor.price), originPrice: String(motor.originPrice) });

    const saved = await adminPost<AdminCardView>(
      "commerce/cards/update",
      { id: MOTOR, surveyName: "电机系统节能诊断", surveyDescription: "十分钟测算电机系统节电潜力", price: "88.8", originPrice: "388" },
      admin.token,
    );
    expect(saved, saved.msg).toMatchObject({ code: CODE.OK, msg: COMMERCE_MSG.cardSaved, data: { surveyName: "电机系统节能诊断", price: 88.8, originPrice: 388 } });

    const pub = await callJson<CardView[]>("/api/notLogin/list", { method: "POST" });
    expect(pub.data.find((c) => c.id === MOTOR)).toMatchObject({ surveyName: "电机系统节能诊断", surveyDescription: "十分钟测算电机系统节电潜力" });
    const buyer = await makeUser();
    const product = await callJson<ProductView>("/api/product/getByMerchantAndProduct", { token: buyer.token, json: { merchantId: 1, productId: MOTOR } });
    expect(product.data).toMatchObject({ productName: "电机系统节能诊断", price: 88.8, originPrice: 388 });
    // A new order is priced from the edited product.
    const r = await readyReport(buyer.token, buyer.user.id);
    expect((await addOrder(buyer.token, r.id, MOTOR)).data).toMatchObject({ orderAmount: 88.8, payAmount: 88.8 });

    const audit = await db().select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "card.update"), eq(adminAuditLog.targetId, String(MOTOR)))).orderBy(desc(adminAuditLog.id)).get();
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "card" });
    expect(JSON.parse(audit!.before!)).toMatchObject({ price: "99.90", originPrice: "399.00", surveyName: motor.surveyName });
    expect(JSON.parse(audit!.after!)).toMatchObject({ price: "88.80", originPrice: "388.00", surveyName: "电机系统节能诊断" });
  });

  it("refuses prices outside the spec's format, a price above the original, empty text and unknown cards", async () => {
    const admin = await makeAdmin();
    const base = { id: MOTOR, surveyName: "电机驱动系统", surveyDescription: "说明", originPrice: "399" };
    for (const price of ["99.99", "-1", "0", "abc", "123456789"]) {
      expect((await adminPost("commerce/cards/update", { ...base, price }, admin.token)).msg, price).toBe(COMMERCE_MSG.priceFormat);
    }
    expect((await adminPost("commerce/cards/update", { ...base, price: "400" }, admin.token)).msg).toBe(COMMERCE_MSG.priceAboveOrigin);
    expect((await adminPost("commerce/cards/update", { ...base, surveyName: " ", price: "9" }, admin.token)).msg).toBe(COMMERCE_MSG.nameRequired);
    expect((await adminPost("commerce/cards/update", { ...base, id: 9999, price: "9" }, admin.token)).msg).toBe(COMMERCE_MSG.cardMissing);
  });
});

describe("coupon batches", () => {
  it("issues to phones, reports the phones without an account, counts issued/used/expired and shows each coupon's use", async () => {
    const admin = await makeAdmin();
    const a = await makeUser();
    const b = await makeUser();
    const nobody = "13912345670";
    await env.DB.prepare("DELETE FROM users WHERE phone = ?").bind(nobody).run();
    const code = `T-${Math.random().toString(36).slice(2, 8)}`;
    const res = await adminPost<CouponIssueResult>(
      "commerce/coupons/issue",
      { code, couponName: "春季报告抵用券", amount: "30", expiresOn: chinaDate(Date.now() + 10 * 86_400_000), perUser: 2, target: "phones", recipients: `${a.user.phone}\n${nobody}, ${b.user.phone}` },
      admin.token,
    );
    expect(res, res.msg).toMatchObject({ code: CODE.OK, msg: COMMERCE_MSG.issued, data: { issued: 4, users: 2, unknown: [nobody] } });
    const batchId = res.data.batchId;

    // The holder sees it in the payment dialog's list, valid to the end of the chosen China day.
    const mine = await callJson<UserCouponView[]>(`/api/coupon/selectUserCoupons?productId=${MOTOR}`, { token: a.token });
    const held = mine.data.find((c) => c.ID === batchId)!;
    expect(held).toMatchObject({ COUPON_NAME: "春季报告抵用券", AMOUNT: 30, count: 2 });

    // One coupon goes onto an order (reserved), one is paid with (used); one of b's has expired.
    const r = await readyReport(a.token, a.user.id);
    const o = await addOrder(a.token, r.id, MOTOR, { batchId });
    expect(o.data.payAmount).toBe(69.9);
    expect((await payAtGateway(a.token, o.data.orderSn)).status).toBe(302);
    const bCoupon = await db().select().from(userCoupons).where(and(eq(userCoupons.userId, b.user.id), eq(userCoupons.batchId, batchId))).get();
    await db().update(userCoupons).set({ expiresAt: Date.now() - 1000 }).where(eq(userCoupons.id, bCoupon!.id));

    const list = await adminGet<CouponBatchView[]>("commerce/coupons", admin.token);
    expect(list.data.find((x) => x.id === batchId)).toMatchObject({ code, issued: 4, used: 1, reserved: 0, expired: 1, available: 2, amount: 30 });
    const detail = await adminGet<{ batch: CouponBatchView; coupons: CouponUseView[] }>(`commerce/coupons/batch?id=${batchId}`, admin.token);
    const used = detail.data.coupons.find((c) => c.status === 1)!;
    expect(used).toMatchObject({ userId: a.user.id, orderSn: o.data.orderSn, orderStatus: "SUCCESS" });
    expect(detail.data.coupons.filter((c) => c.expired).map((c) => c.userId)).toEqual([b.user.id]);

    // More of the same batch to a user id; unknown ids are reported too.
    const more = await adminPost<CouponIssueResult>("commerce/coupons/issue", { batchId, target: "users", recipients: `${b.user.id},99999999` }, admin.token);
    expect(more.data).toMatchObject({ batchId, issued: 1, users: 1, unknown: ["99999999"] });
    // Nobody known: refused, nothing issued.
    expect((await adminPost("commerce/coupons/issue", { batchId, target: "phones", recipients: nobody }, admin.token)).msg).toContain(COMMERCE_MSG.nobodyIssued);
    expect((await adminPost("commerce/coupons/issue", { batchId, target: "phones", recipients: "12345" }, admin.token)).msg).toContain(COMMERCE_MSG.badPhone);
    expect((await adminPost("commerce/coupons/issue", { code, couponName: "重复", amount: "5", target: "users", recipients: String(a.user.id) }, admin.token)).msg).toBe(COMMERCE_MSG.codeTaken);
    const audit = await db().select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "coupon.issue"), eq(adminAuditLog.targetId, code))).all();
    expect(audit.length).toBe(2);
    expect(JSON.parse(audit[0].after!)).toMatchObject({ issued: 4, unknown: [nobody], amount: "30.00" });
  });
});

describe("orders, Alipay query and refunds", () => {
  it("finds an order by phone and status, shows its notify, and 查询支付宝 answers from the gateway", async () => {
    const admin = await makeAdmin();
    const { buyer, order } = await paidOrder();
    const found = await adminGet<{ list: AdminOrderView[]; total: number }>(`commerce/orders?q=${buyer.user.phone}&status=SUCCESS&from=${chinaDate(Date.now())}&to=${chinaDate(Date.now())}`, admin.token);
    expect(found.data.total).toBe(1);
    expect(found.data.list[0]).toMatchObject({ orderSn: order.orderSn, phone: buyer.user.phone, payAmount: 99.9, status: "SUCCESS" });
    expect((await adminGet<{ total: number }>(`commerce/orders?q=${buyer.user.phone}&status=CLOSED`, admin.token)).data.total).toBe(0);
    expect((await adminGet<{ total: number }>(`commerce/orders?q=${order.orderSn}`, admin.token)).data.total).toBe(1);

    const detail = await adminGet<OrderDetailView>(`commerce/orders/detail?orderSn=${order.orderSn}`, admin.token);
    expect(detail.data.notifies.map((n) => n.outcome)).toEqual(["applied"]);
    expect(detail.data.payment).toMatchObject({ channel: "alipay", source: "notify", amount: 99.9 });
    expect(detail.data.refundable).toBe(99.9);

    const q = await adminPost<AlipayQueryView>("commerce/orders/alipay-query", { orderSn: order.orderSn }, admin.token);
    const trade = await db().select().from(alipayDevTrades).where(eq(alipayDevTrades.outTradeNo, order.orderSn)).get();
    expect(q.data).toMatchObject({ exists: true, tradeStatus: "TRADE_SUCCESS", tradeNo: trade!.tradeNo, totalAmount: "99.90", matches: true, applied: false });
  });

  it("refunds part, then the rest: idempotent per request number, never more than paid, gate closed, coupon back, user told", async () => {
    const admin = await makeAdmin();
    const { buyer, report, order } = await paidOrder(1); // 20-yuan coupon: pays 79.90
    expect(order.payAmount).toBe(79.9);
    expect((await call(report.fileUrl, { token: buyer.token })).status).toBe(200);
    const first = requestNo();
    const part = await adminPost<RefundResultView>("commerce/orders/refund", { orderSn: order.orderSn, amount: "10", reason: "报告解读延期，补偿部分费用", requestNo: first }, admin.token);
    expect(part, part.msg).toMatchObject({ code: CODE.OK, msg: COMMERCE_MSG.refunded, data: { orderStatus: "SUCCESS", refundable: 69.9, refund: { status: "success", amount: 10, refundFee: 10 } } });
    // A partial refund keeps the report downloadable.
    expect((await call(report.fileUrl, { token: buyer.token })).status).toBe(200);

    // The same request again (double click, retry): answered, nothing refunded twice, here or at the gateway.
    const again = await adminPost<RefundResultView>("commerce/orders/refund", { orderSn: order.orderSn, amount: "10", reason: "报告解读延期，补偿部分费用", requestNo: first }, admin.token);
    expect(again).toMatchObject({ code: CODE.OK, msg: COMMERCE_MSG.refundDone, data: { refundable: 69.9 } });
    const trade = (await db().select().from(alipayDevTrades).where(eq(alipayDevTrades.outTradeNo, order.orderSn)).get())!;
    expect((await db().select().from(alipayDevRefunds).where(eq(alipayDevRefunds.tradeNo, trade.tradeNo)).all()).length).toBe(1);
    // The same number for another amount is refused.
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "11", reason: "x", requestNo: first }, admin.token)).msg).toBe(COMMERCE_MSG.refundRequestReused);

    // More than what is left: refused before Alipay is asked.
    const over = await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "69.91", reason: "全额退款", requestNo: requestNo() }, admin.token);
    expect(over.msg).toBe(`${COMMERCE_MSG.refundTooMuch}¥69.90`);
    expect((await db().select().from(payRefunds).where(eq(payRefunds.orderId, order.id)).all()).length).toBe(1);
    for (const amount of ["0", "-5", "1.234", "abc"]) {
      expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount, reason: "x", requestNo: requestNo() }, admin.token)).msg, amount).toBe(COMMERCE_MSG.refundAmount);
    }
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "1", reason: " ", requestNo: requestNo() }, admin.token)).msg).toBe(COMMERCE_MSG.refundReasonRequired);

    const rest = await adminPost<RefundResultView>("commerce/orders/refund", { orderSn: order.orderSn, amount: "69.90", reason: "用户申请退款", requestNo: requestNo() }, admin.token);
    expect(rest, rest.msg).toMatchObject({ code: CODE.OK, data: { orderStatus: "REFUNDED", refundable: 0, refund: { refundFee: 79.9 } } });
    // The gate closes: the report file is refused, the order reads REFUNDED, the coupon is the user's again.
    expect((await call(report.fileUrl, { token: buyer.token })).status).toBe(404);
    expect((await callJson<OrderView>(`/api/order/getBySubProduct/${report.id}`, { token: buyer.token })).data.status).toBe("REFUNDED");
    const coupon = await db().select().from(userCoupons).where(eq(userCoupons.userId, buyer.user.id)).get();
    expect(coupon).toMatchObject({ status: 0, orderId: null });
    // The dev gateway closed its trade after the full refund; the query says so and matches our REFUNDED order.
    const q = await adminPost<AlipayQueryView>("commerce/orders/alipay-query", { orderSn: order.orderSn }, admin.token);
    expect(q.data).toMatchObject({ tradeStatus: "TRADE_CLOSED", matches: true });
    // Nothing more to refund.
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "1", reason: "x", requestNo: requestNo() }, admin.token)).msg).toBe(COMMERCE_MSG.refundAlready);
    // The user was told twice (system messages), the audit log holds both refunds with before/after.
    const msgs = await db().select().from(qaMessages).where(and(eq(qaMessages.receiverId, buyer.user.id), eq(qaMessages.kind, "system"))).all();
    expect(msgs.map((m) => m.content)).toEqual([expect.stringContaining("已部分退款¥10.00"), expect.stringContaining("已全额退款¥69.90")]);
    const audit = await db().select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "order.refund"), eq(adminAuditLog.targetId, order.orderSn))).all();
    expect(audit.map((a) => JSON.parse(a.after!).status)).toEqual(["SUCCESS", "REFUNDED"]);
    expect(JSON.parse(audit[1].before!)).toMatchObject({ status: "SUCCESS", refunded: "10.00" });
    // The survey can be bought again (the one-open-order index no longer holds the refunded order).
    const o2 = await addOrder(buyer.token, report.id, MOTOR);
    expect(o2.data).toMatchObject({ status: "WAIT_PAY" });
    expect(o2.data.orderSn).not.toBe(order.orderSn);
  });

  it("refuses a refund of a coupon-paid order and of an unpaid one", async () => {
    const admin = await makeAdmin();
    const buyer = await makeUser();
    await env.DB.prepare("INSERT INTO user_coupons (batch_id, user_id, status, created_at) VALUES (2, ?, 0, ?)").bind(buyer.user.id, Date.now()).run();
    const r = await readyReport(buyer.token, buyer.user.id);
    const o = await addOrder(buyer.token, r.id, MOTOR);
    expect((await adminPost("commerce/orders/refund", { orderSn: o.data.orderSn, amount: "1", reason: "x", requestNo: requestNo() }, admin.token)).msg).toBe(COMMERCE_MSG.refundNotPaid);
    const zero = await call("/api/pay/pc/zeroDollarPurchase", {
      token: buyer.token,
      body: (() => {
        const f = new FormData();
        for (const [k, v] of Object.entries({ userId: buyer.user.id, orderId: o.data.id, couponStatus: 1, batchId: 2, orderSn: o.data.orderSn })) f.set(k, String(v));
        return f;
      })(),
      method: "POST",
    });
    expect((await zero.json<{ code: number }>()).code).toBe(CODE.OK);
    expect((await adminPost("commerce/orders/refund", { orderSn: o.data.orderSn, amount: "1", reason: "x", requestNo: requestNo() }, admin.token)).msg).toBe(COMMERCE_MSG.refundNotAlipay);
  });

  it("refuses a tampered gateway answer: the refund stays pending, nothing changes; the same number later completes it once", async () => {
    const admin = await makeAdmin();
    const { buyer, order } = await paidOrder();
    const config = alipayConfig(env, BASE)!;
    const genuine = devGatewayFetch(env);
    // A man in the middle lowers refund_fee in the signed answer (the signature is kept as it was).
    const tampering = new AlipayClient(config, async (req) => {
      const res = await genuine(req);
      const text = await res.text();
      return new Response(text.replace(/"refund_fee":"[\d.]+"/, '"refund_fee":"0.01"'), { status: res.status, headers: res.headers });
    });
    const ctx = { db: db(), env, now: Date.now(), origin: BASE };
    const no = requestNo();
    await expect(refundOrder({ ...ctx, actorId: admin.user.id, input: { orderSn: order.orderSn, amountFen: 9990, reason: "用户申请退款", requestNo: no }, client: tampering })).rejects.toThrow(COMMERCE_MSG.refundUnknown);
    const row = await db().select().from(payRefunds).where(eq(payRefunds.outRequestNo, no)).get();
    expect(row).toMatchObject({ status: "pending", tradeNo: null });
    expect((await db().select().from(payOrders).where(eq(payOrders.id, order.id)).get())!.status).toBe("SUCCESS");
    expect((await db().select().from(qaMessages).where(eq(qaMessages.receiverId, buyer.user.id)).all()).length).toBe(0);
    // The pending refund blocks a second refund of the order…
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "1", reason: "x", requestNo: requestNo() }, admin.token)).msg).toBe(COMMERCE_MSG.refundBusy);
    // …and right away its own number is refused too (another request may be driving it).
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "99.90", reason: "用户申请退款", requestNo: no }, admin.token)).msg).toBe(COMMERCE_MSG.refundBusy);
    // Later, the same number through the genuine gateway: Alipay had refunded once and says so (fund_change N).
    const later = await refundOrder({ ...ctx, now: Date.now() + 60_000, actorId: admin.user.id, input: { orderSn: order.orderSn, amountFen: 9990, reason: "用户申请退款", requestNo: no } });
    expect(later.refund).toMatchObject({ status: "success", refundFeeFen: 9990 });
    expect(later.order.status).toBe("REFUNDED");
    const trade = (await db().select().from(alipayDevTrades).where(eq(alipayDevTrades.outTradeNo, order.orderSn)).get())!;
    expect((await db().select().from(alipayDevRefunds).where(eq(alipayDevRefunds.tradeNo, trade.tradeNo)).all()).length).toBe(1);
  });

  it("a gateway answer signed by another key is refused the same way", async () => {
    const admin = await makeAdmin();
    const { order } = await paidOrder();
    const config = alipayConfig(env, BASE)!;
    // Verify with a public key that is not the gateway's (the app's own public key).
    const wrongKey = new AlipayClient({ ...config, alipayPublicKey: (env as unknown as Record<string, string>).ALIPAY_DEV_APP_PUBLIC_KEY }, devGatewayFetch(env));
    await expect(
      refundOrder({ db: db(), env, now: Date.now(), origin: BASE, actorId: admin.user.id, input: { orderSn: order.orderSn, amountFen: 100, reason: "x", requestNo: requestNo() }, client: wrongKey }),
    ).rejects.toThrow(COMMERCE_MSG.refundUnknown);
    expect((await db().select().from(payOrders).where(eq(payOrders.id, order.id)).get())!.status).toBe("SUCCESS");
  });

  it("a refund Alipay refuses (nothing left at the gateway) is marked failed with Alipay's reason, audited, and changes nothing else", async () => {
    const admin = await makeAdmin();
    const { buyer, order } = await paidOrder();
    const client = new AlipayClient(alipayConfig(env, BASE)!, devGatewayFetch(env));
    // Someone refunded the whole trade outside this system (e.g. in the Alipay merchant console).
    const outside = await client.refund({ outTradeNo: order.orderSn, refundFen: 9990, outRequestNo: requestNo(), reason: "商户后台退款", now: Date.now() });
    expect(outside).toMatchObject({ ok: true, refundFeeFen: 9990, fundChange: true });
    // More than what is left at the gateway: refused there too, with Alipay's code.
    expect(await client.refund({ outTradeNo: order.orderSn, refundFen: 1, outRequestNo: requestNo(), reason: "x", now: Date.now() })).toMatchObject({ ok: false, subCode: "ACQ.TRADE_STATUS_ERROR" });
    const no = requestNo();
    const res = await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "1", reason: "补偿", requestNo: no }, admin.token);
    expect(res.msg).toBe(`${COMMERCE_MSG.refundRejected}：交易状态不合法`);
    expect(await db().select().from(payRefunds).where(eq(payRefunds.outRequestNo, no)).get()).toMatchObject({ status: "failed", failReason: "ACQ.TRADE_STATUS_ERROR 交易状态不合法" });
    expect((await db().select().from(payOrders).where(eq(payOrders.id, order.id)).get())!.status).toBe("SUCCESS");
    expect((await db().select().from(qaMessages).where(eq(qaMessages.receiverId, buyer.user.id)).all()).length).toBe(0);
    const audit = await db().select().from(adminAuditLog).where(and(eq(adminAuditLog.action, "order.refund"), eq(adminAuditLog.targetId, order.orderSn))).get();
    expect(JSON.parse(audit!.after!)).toMatchObject({ status: "SUCCESS", refund: { result: "failed" } });
    // The failed number cannot be reused; a new refund may be tried (the failed one holds no money).
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "1", reason: "补偿", requestNo: no }, admin.token)).msg).toBe(COMMERCE_MSG.refundFailedBefore);
    const detail = await adminGet<OrderDetailView>(`commerce/orders/detail?orderSn=${order.orderSn}`, admin.token);
    expect(detail.data.refundable).toBe(99.9);
  });

  it("the dev gateway refuses a partial refund above what is left of the trade", async () => {
    const { order } = await paidOrder();
    const client = new AlipayClient(alipayConfig(env, BASE)!, devGatewayFetch(env));
    expect(await client.refund({ outTradeNo: order.orderSn, refundFen: 5000, outRequestNo: requestNo(), reason: "x", now: Date.now() })).toMatchObject({ ok: true, refundFeeFen: 5000 });
    expect(await client.refund({ outTradeNo: order.orderSn, refundFen: 4991, outRequestNo: requestNo(), reason: "x", now: Date.now() })).toMatchObject({ ok: false, subCode: "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL" });
    expect(await client.refund({ outTradeNo: order.orderSn, refundFen: 4990, outRequestNo: requestNo(), reason: "x", now: Date.now() })).toMatchObject({ ok: true, refundFeeFen: 9990 });
  });

  it("the refund query answers from the gateway for a made refund and not for an unknown number", async () => {
    const admin = await makeAdmin();
    const { order } = await paidOrder();
    const no = requestNo();
    expect((await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "5.5", reason: "补偿", requestNo: no }, admin.token)).code).toBe(CODE.OK);
    const client = new AlipayClient(alipayConfig(env, BASE)!, devGatewayFetch(env));
    expect(await client.refundQuery(order.orderSn, no, Date.now())).toMatchObject({ exists: true, refundStatus: "REFUND_SUCCESS", refundAmountFen: 550, outRequestNo: no });
    expect(await client.refundQuery(order.orderSn, requestNo(), Date.now())).toEqual({ exists: false });
  });
});

describe("reconciliation", () => {
  it("lists the day's paid orders, notifies and refunds, and flags a payment without a notify", async () => {
    const admin = await makeAdmin();
    const { order } = await paidOrder();
    // A second order paid through the query path only (no notify arrived).
    const buyer = await makeUser();
    const r = await readyReport(buyer.token, buyer.user.id);
    const o = await addOrder(buyer.token, r.id, MOTOR);
    await applyPayment({ db: db(), orderId: o.data.id, p: { channel: "alipay", tradeNo: `T${Date.now()}`, amountFen: 9990, source: "query", buyerId: null, now: Date.now() } });
    await adminPost("commerce/orders/refund", { orderSn: order.orderSn, amount: "9.9", reason: "补偿", requestNo: requestNo() }, admin.token);

    const day = chinaDate(Date.now());
    const rec = await adminGet<ReconcileView>(`commerce/reconciliation?day=${day}`, admin.token);
    expect(rec.code).toBe(CODE.OK);
    const clean = rec.data.rows.find((x) => x.orderSn === order.orderSn)!;
    expect(clean).toMatchObject({ paid: 99.9, refunded: 9.9, issues: [] });
    const lost = rec.data.rows.find((x) => x.orderSn === o.data.orderSn)!;
    expect(lost).toMatchObject({ paid: 99.9, paySource: "query", issues: ["paid_without_notify"] });
    expect(rec.data.paidCount).toBeGreaterThanOrEqual(2);
    expect(rec.data.refundTotal).toBeGreaterThanOrEqual(9.9);
    expect(rec.data.mismatches).toBeGreaterThanOrEqual(1);
    // Rows with issues come first.
    expect(rec.data.rows[0].issues.length).toBeGreaterThan(0);
    expect((await adminGet(`commerce/reconciliation?day=2026-13-45x`, admin.token)).msg).toBe(COMMERCE_MSG.dayFormat);
  });
});
