// Lost notifies and crashes around them (issue 26 item 7): the scheduled job asks Alipay about orders paying for
// more than two minutes (bounded, indexed, least recently asked first) and applies what it finds; applying a notify
// and writing its log row are one batch, so a failure between them leaves neither and the redelivery pays once.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson, makeUser } from "../support/api";
import { newSurvey } from "./workbench.helpers";
import { addOrder, postForm, signCallback } from "../support/payment";
import { runScheduledJobs, scheduledJobs } from "../../workers/jobs/scheduled";
import { getDb } from "../../workers/lib/db";
import { payingOrderIds, PAYING_BATCH } from "../../workers/services/payment/paying";
import { DEV_APP_ID, DEV_SELLER_ID } from "../../workers/providers/alipay/config";
import type { OrderView } from "../../workers/contract/payment";
import type { AlipayQueryView } from "../../workers/contract/admin-commerce";
import { adminPost, makeAdmin } from "./admin.helpers";

const MOTOR = 1;
const DB = () => env.DB;
const MIN = 60_000;

async function readyReport(token: string, userId: number) {
  const id = await newSurvey(token, MOTOR);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await DB().batch([
    DB().prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '补单' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    DB()
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-R', ?, 1234, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return id;
}

/** An order whose page.pay was requested, paying with Alipay. */
async function payingOrder(token: string, userId: number): Promise<OrderView> {
  const o = (await addOrder(token, await readyReport(token, userId), MOTOR)).data;
  const pay = await callJson("/api/pay/pc/pay", { token, json: { orderSn: o.orderSn, payChannel: "alipay" } });
  expect(pay.code, pay.msg).toBe(10000);
  return o;
}

/** Alipay holds a paid trade for the order whose notify never arrived. */
const lostNotify = (o: OrderView) =>
  DB()
    .prepare("INSERT INTO alipay_dev_trades (trade_no, app_id, out_trade_no, total_amount, subject, trade_status, buyer_id, created_at, paid_at) VALUES (?, ?, ?, '99.90', 's', 'TRADE_SUCCESS', '2088000000000009', ?, ?)")
    .bind(`lost${o.id}`, DEV_APP_ID, o.orderSn, Date.now(), Date.now())
    .run();

const statusOf = async (sn: string) => (await DB().prepare("SELECT status FROM pay_orders WHERE order_sn = ?").bind(sn).first<{ status: string }>())!.status;
const onlyPayingJob = scheduledJobs.filter((j) => j.name === "query-paying-orders");

describe("the cron asks Alipay about paying orders", () => {
  it("is a scheduled job; a lost notify is recovered after two minutes without the buyer's browser", async () => {
    expect(onlyPayingJob).toHaveLength(1);
    const { user, token } = await makeUser();
    const o = await payingOrder(token, user.id);
    await lostNotify(o);
    const now = Date.now();
    // One minute in: not asked yet (the notify may still come).
    expect(await runScheduledJobs(env, now + MIN, onlyPayingJob)).toEqual([{ name: "query-paying-orders", ok: true, affected: 0 }]);
    expect(await statusOf(o.orderSn)).toBe("WAIT_PAY");
    // Three minutes in: asked, paid, the payment applied from the query.
    expect(await runScheduledJobs(env, now + 3 * MIN, onlyPayingJob)).toEqual([{ name: "query-paying-orders", ok: true, affected: 1 }]);
    expect(await statusOf(o.orderSn)).toBe("SUCCESS");
    const pay = await DB().prepare("SELECT source, trade_no, amount_fen FROM pay_payments WHERE order_id = ?").bind(o.id).all();
    expect(pay.results).toEqual([{ source: "query", trade_no: `lost${o.id}`, amount_fen: 9990 }]);
    // The notify arriving late after all is a duplicate, logged, nothing paid twice.
    const late = await signCallback({
      notify_time: "2026-11-27 13:01:00",
      notify_type: "trade_status_sync",
      notify_id: `late${o.id}`,
      charset: "utf-8",
      version: "1.0",
      app_id: DEV_APP_ID,
      trade_no: `lost${o.id}`,
      out_trade_no: o.orderSn,
      seller_id: DEV_SELLER_ID,
      buyer_id: "2088000000000009",
      trade_status: "TRADE_SUCCESS",
      total_amount: "99.90",
    });
    expect(await (await postForm("/api/pay/alipay/notify", late)).text()).toBe("success");
    const logged = await DB().prepare("SELECT outcome, channel FROM pay_notifications WHERE out_trade_no = ?").bind(o.orderSn).all();
    expect(logged.results).toEqual([{ outcome: "duplicate", channel: "alipay" }]);
  });

  it("asks at most a bounded batch per run, the least recently asked first, and not the same order every run", async () => {
    const { user, token } = await makeUser();
    const orders: OrderView[] = [];
    for (let i = 0; i < PAYING_BATCH + 3; i++) orders.push(await payingOrder(token, user.id));
    const ids = new Set(orders.map((o) => o.id));
    const db = getDb(DB());
    const now = Date.now() + 3 * MIN;
    const ctx = { db, env, now, origin: "http://localhost" };
    const first = (await payingOrderIds({ ...ctx })).filter((id) => ids.has(id));
    expect((await payingOrderIds({ ...ctx })).length).toBeLessThanOrEqual(PAYING_BATCH);
    await runScheduledJobs(env, now, onlyPayingJob);
    // The next run (a minute later) starts with the orders never asked; those asked a moment ago wait.
    const next = await payingOrderIds({ ...ctx, now: now + 1000 });
    for (const id of first) expect(next).not.toContain(id);
    const asked = await DB().prepare(`SELECT COUNT(*) AS n FROM pay_orders WHERE user_id = ? AND pay_checked_at = ?`).bind(user.id, now).first<{ n: number }>();
    expect(asked!.n).toBeLessThanOrEqual(PAYING_BATCH);
    expect(asked!.n).toBeGreaterThan(0);
  }, 60_000);

  it("reads pay_orders through its (status, created_at) index, never a scan", async () => {
    const db = getDb(DB());
    const { payingQuery } = await import("../../workers/services/payment/paying");
    const q = payingQuery({ db, env, now: Date.now(), origin: "http://localhost", limit: PAYING_BATCH }).toSQL();
    const plan = await DB().prepare(`EXPLAIN QUERY PLAN ${q.sql}`).bind(...q.params).all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail);
    expect(details.join("\n")).toMatch(/SEARCH pay_orders USING INDEX pay_orders_status_idx \(status=\? AND created_at>\?\)/);
    expect(details.some((d) => /^SCAN pay_orders\b/.test(d))).toBe(false);
  });
});

describe("查询支付宝 in /admin recovers a lost notify", () => {
  it("applies the payment once and reports the trade as matching the order it has just paid", async () => {
    const admin = await makeAdmin();
    const { user, token } = await makeUser();
    const o = await payingOrder(token, user.id);
    await lostNotify(o);
    const q = await adminPost<AlipayQueryView>("commerce/orders/alipay-query", { orderSn: o.orderSn }, admin.token);
    expect(q.data, q.msg).toMatchObject({ exists: true, tradeStatus: "TRADE_SUCCESS", tradeNo: `lost${o.id}`, applied: true, matches: true });
    expect(await statusOf(o.orderSn)).toBe("SUCCESS");
    expect((await adminPost<AlipayQueryView>("commerce/orders/alipay-query", { orderSn: o.orderSn }, admin.token)).data).toMatchObject({ applied: false, matches: true });
  });
});

describe("a notify is applied and logged in one batch", () => {
  it("a failure while logging leaves neither payment nor log; the redelivery pays once and logs once", async () => {
    const { user, token } = await makeUser();
    const o = (await addOrder(token, await readyReport(token, user.id), MOTOR)).data;
    const params = await signCallback({
      notify_time: "2026-11-27 13:01:00",
      notify_type: "trade_status_sync",
      notify_id: `crash${o.id}`,
      charset: "utf-8",
      version: "1.0",
      app_id: DEV_APP_ID,
      trade_no: `crash${o.id}`,
      out_trade_no: o.orderSn,
      seller_id: DEV_SELLER_ID,
      buyer_id: "2088000000000009",
      trade_status: "TRADE_SUCCESS",
      total_amount: "99.90",
    });
    // The log row's insert fails inside the batch (as a crash between the two writes would interrupt it).
    await DB().prepare(`CREATE TRIGGER crash_notify_${o.id} BEFORE INSERT ON pay_notifications WHEN NEW.out_trade_no = '${o.orderSn}' BEGIN SELECT RAISE(ABORT, 'simulated crash'); END`).run();
    try {
      const res = await postForm("/api/pay/alipay/notify", params);
      expect(await res.text()).not.toBe("success");
    } finally {
      await DB().prepare(`DROP TRIGGER crash_notify_${o.id}`).run();
    }
    expect(await statusOf(o.orderSn)).toBe("WAIT_PAY");
    expect((await DB().prepare("SELECT COUNT(*) AS n FROM pay_payments WHERE order_id = ?").bind(o.id).first<{ n: number }>())!.n).toBe(0);
    expect((await DB().prepare("SELECT status FROM user_coupons WHERE order_id = ?").bind(o.id).all()).results).toEqual([]);
    // Alipay delivers again: applied once, logged once.
    expect(await (await postForm("/api/pay/alipay/notify", params)).text()).toBe("success");
    expect(await statusOf(o.orderSn)).toBe("SUCCESS");
    const logged = await DB().prepare("SELECT outcome, trade_no FROM pay_notifications WHERE out_trade_no = ?").bind(o.orderSn).all();
    expect(logged.results).toEqual([{ outcome: "applied", trade_no: `crash${o.id}` }]);
  });
});
