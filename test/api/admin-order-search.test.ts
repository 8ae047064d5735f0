// Admin order search without LIKE '%…%' scans (issue 26 item 10): an order number exactly or by prefix, a phone or
// user name exactly, each answered through an index, asserted on the query plan; and it still finds the orders.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/lib/db";
import { orderSearchCondition } from "../../workers/services/admin/orders";
import { payOrders } from "../../db/schema";
import { makeUser } from "../support/api";

const DB = () => env.DB;

async function planOf(q: string) {
  const db = getDb(DB());
  const query = db.select({ id: payOrders.id }).from(payOrders).where(orderSearchCondition({ db, text: q })).toSQL();
  const plan = await DB().prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.params).all<{ detail: string }>();
  return plan.results.map((r) => r.detail);
}

async function search(q: string) {
  const db = getDb(DB());
  return (await db.select({ id: payOrders.id, orderSn: payOrders.orderSn }).from(payOrders).where(orderSearchCondition({ db, text: q }))).map((r) => r.orderSn).sort();
}

describe("admin order search", () => {
  it.each(["TCC2026112718000012345601", "TCC20261127", "13800000001", "lisi"])("%s: no scan of pay_orders or users", async (q) => {
    const details = await planOf(q);
    expect(details.some((d) => /^SCAN (pay_orders|users)\b/.test(d)), details.join("\n")).toBe(false);
  });

  it("finds by order number exactly or by prefix, by phone and by user name exactly, and not by a fragment", async () => {
    const { user } = await makeUser();
    const sn = `TCC${String(Date.now())}${String(user.id).padStart(7, "0")}`;
    await DB()
      .prepare("INSERT INTO pay_orders (order_sn, user_id, user_name, merchant_id, product_id, sub_product_id, product_name, amount, order_amount_fen, pay_amount_fen, platform, status, created_at) VALUES (?, ?, ?, 1, 1, ?, '电机驱动系统', 1, 9990, 9990, 'TCC', 'CLOSED', ?)")
      .bind(sn, user.id, user.userName, 900000 + user.id, Date.now())
      .run();
    expect(await search(sn)).toEqual([sn]);
    expect(await search(sn.slice(0, 18))).toContain(sn);
    expect(await search(sn.toLowerCase())).toEqual([sn]);
    if (user.phone) expect(await search(user.phone)).toEqual([sn]);
    expect(await search(user.userName)).toEqual([sn]);
    expect(await search(sn.slice(5, 15))).not.toContain(sn);
  });
});
