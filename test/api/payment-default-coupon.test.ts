// The best coupon is applied by default (issue 26 item 6): a new order takes the user's best usable coupon, the
// server computes what is left (the client's figures are ignored), Alipay is asked for exactly that and the notify
// for it pays the order and spends the coupon; the user may remove or change the coupon before paying; a coupon
// that covers everything pays without Alipay.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson, makeUser } from "../support/api";
import { newSurvey } from "./workbench.helpers";
import { addOrder, formOf, postForm } from "../support/payment";
import type { OrderView, PayStart } from "../../workers/contract/payment";

const MOTOR = 1;
const DB = () => env.DB;

async function readyReport(token: string, userId: number) {
  const id = await newSurvey(token, MOTOR);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await DB().batch([
    DB().prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '默认优惠券' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    DB()
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-D', ?, 1234, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return id;
}

/** Batch 1: 新用户报告抵用券 ¥20; batch 2: 报告全额抵用券 (seeded). */
async function giveCoupon(userId: number, batchId: number, expiresAt: number | null = null) {
  await DB().prepare("INSERT INTO user_coupons (batch_id, user_id, status, created_at, expires_at) VALUES (?, ?, 0, ?, ?)").bind(batchId, userId, Date.now(), expiresAt).run();
}

const couponsOf = async (userId: number) =>
  (await DB().prepare("SELECT batch_id, status, order_id FROM user_coupons WHERE user_id = ? ORDER BY id").bind(userId).all<{ batch_id: number; status: number; order_id: number | null }>()).results;

describe("the best coupon is applied by default", () => {
  it("a ¥20 coupon: 99.90 − 20 = 79.90 asked of Alipay, paid once, the coupon spent", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    const survey = await readyReport(token, user.id);
    // The client claims it pays 0.01: ignored.
    const order = await addOrder(token, survey, MOTOR, { payAmount: 0.01 });
    expect(order.data).toMatchObject({ status: "WAIT_PAY", orderAmount: 99.9, payAmount: 79.9, batchId: 1, couponName: "新用户报告抵用券", couponAmount: 20 });
    expect(await couponsOf(user.id)).toEqual([{ batch_id: 1, status: 2, order_id: order.data.id }]);
    // Asking again hands back the same order with the same coupon.
    expect((await addOrder(token, survey, MOTOR)).data).toMatchObject({ id: order.data.id, payAmount: 79.9, batchId: 1 });

    const pay = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn: order.data.orderSn, payChannel: "alipay", batchId: 1, totalAmount: 0.01 } });
    expect(pay.code, pay.msg).toBe(10000);
    expect(pay.data.payAmount).toBe(79.9);
    const { fields } = formOf(pay.data.form);
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: order.data.orderSn, total_amount: "79.90" });
    expect((await postForm("/api/dev/alipay/cashier/pay", fields)).status).toBe(302);

    const after = await callJson<OrderView>(`/api/order/getBySubProduct/${survey}`, { token });
    expect(after.data).toMatchObject({ status: "SUCCESS", payAmount: 79.9, payChannel: "alipay", batchId: 1 });
    expect(await couponsOf(user.id)).toEqual([{ batch_id: 1, status: 1, order_id: order.data.id }]);
    const paid = await DB().prepare("SELECT amount_fen, channel FROM pay_payments WHERE order_id = ?").bind(order.data.id).all();
    expect(paid.results).toEqual([{ amount_fen: 7990, channel: "alipay" }]);
  });

  it("the user may remove it (full price, coupon back) or choose another", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    const survey = await readyReport(token, user.id);
    const order = (await addOrder(token, survey, MOTOR)).data;
    expect(order.batchId).toBe(1);
    const pay = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn: order.orderSn, payChannel: "alipay", batchId: null } });
    expect(pay.data.payAmount).toBe(99.9);
    expect(await couponsOf(user.id)).toEqual([{ batch_id: 1, status: 0, order_id: null }]);

    // An explicit "no coupon" at order time is respected too.
    const other = await makeUser();
    await giveCoupon(other.user.id, 1);
    const s2 = await readyReport(other.token, other.user.id);
    expect((await addOrder(other.token, s2, MOTOR, { batchId: null })).data).toMatchObject({ payAmount: 99.9, batchId: null });
  });

  it("picks the largest discount; a full coupon leaves nothing to pay and pays without Alipay", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1);
    await giveCoupon(user.id, 2);
    const survey = await readyReport(token, user.id);
    const order = (await addOrder(token, survey, MOTOR)).data;
    expect(order).toMatchObject({ payAmount: 0, batchId: 2, couponName: "报告全额抵用券" });
    // Nothing is left for Alipay to take.
    expect((await callJson("/api/pay/pc/pay", { token, json: { orderSn: order.orderSn, payChannel: "alipay" } })).code).not.toBe(10000);
    const form = new FormData();
    for (const [k, v] of Object.entries({ userId: user.id, orderId: order.id, couponStatus: 1, batchId: 2, orderSn: order.orderSn })) form.set(k, String(v));
    const zero = await callJson<OrderView>("/api/pay/pc/zeroDollarPurchase", { token, body: form });
    expect(zero.data).toMatchObject({ status: "SUCCESS", payAmount: 0, payChannel: "coupon" });
    expect(await couponsOf(user.id)).toEqual([
      { batch_id: 1, status: 0, order_id: null },
      { batch_id: 2, status: 1, order_id: order.id },
    ]);
  });

  it("of two equal coupons the one ending first; an expired one never", async () => {
    const { user, token } = await makeUser();
    await giveCoupon(user.id, 1, Date.now() - 1000);
    expect((await addOrder(token, await readyReport(token, user.id), MOTOR)).data).toMatchObject({ payAmount: 99.9, batchId: null });
    const soon = Date.now() + 86_400_000;
    await giveCoupon(user.id, 1, null);
    await giveCoupon(user.id, 1, soon);
    const o = (await addOrder(token, await readyReport(token, user.id), MOTOR)).data;
    expect(o).toMatchObject({ payAmount: 79.9, batchId: 1 });
    const reserved = await DB().prepare("SELECT expires_at FROM user_coupons WHERE order_id = ? AND status = 2").bind(o.id).first<{ expires_at: number | null }>();
    expect(reserved?.expires_at).toBe(soon);
  });
});
