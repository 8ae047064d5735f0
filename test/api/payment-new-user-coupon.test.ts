// New-user coupon (issue 14 item 5) inside workerd: registering issues the coupon of the seeded grant rule (its
// batch's amount and cards, the rule's validity), it shows in the payment service's coupon list with its end and
// pays part of a report; the rule is data (disable it, shorten it, limit its batch to one card) and a coupon past
// its own end can be neither listed nor used.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { callJson } from "../support/api";
import { addOrder } from "../support/payment";
import { newSurvey } from "./workbench.helpers";
import { loginByPassword, newIp, newPhone, post, randomLetters, smsCode } from "./accounts.helpers";
import { couponGrantRuleSeeds, couponBatchSeeds } from "../../db/seed/payment";
import { endOfChinaDay, type GrantedCoupon, type UserCouponView } from "../../workers/contract/payment";
import { grantExpiry } from "../../workers/services/payment/grants";

const MOTOR = 1;
const ELECTRICITY = 3;
const DAY = 86_400_000;
const DB = () => env.DB;

async function register() {
  const phone = newPhone();
  const userName = `new${randomLetters(8)}`;
  const password = "abc12345";
  const authCode = await smsCode(phone, 1);
  const res = await post<{ userId: number; coupons: GrantedCoupon[] }>("/api/user/register", { phone, authCode, userName, password }, { ip: newIp() });
  expect(res.code, res.msg).toBe(10000);
  const login = await loginByPassword(userName, password);
  return { userId: res.data.userId, coupons: res.data.coupons, token: (login.data as { token: string }).token };
}

const couponsOf = (token: string, productId = MOTOR) => callJson<UserCouponView[]>(`/api/coupon/selectUserCoupons?productId=${productId}&price=99.9`, { token });

/** A survey with a generated report (status 1 and a PDF in R2), without running the report job. */
async function readyReport(token: string, userId: number) {
  const id = await newSurvey(token, MOTOR);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await DB().batch([
    DB().prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '新用户车间' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    DB()
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-N', ?, 1234, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return id;
}

async function withRule<T>(patch: string, run: () => Promise<T>): Promise<T> {
  await DB().prepare(`UPDATE coupon_grant_rules SET ${patch} WHERE code = 'NEW-USER'`).run();
  try {
    return await run();
  } finally {
    await DB().prepare("UPDATE coupon_grant_rules SET enabled = 1, valid_days = 30, quantity = 1, starts_at = NULL, ends_at = NULL WHERE code = 'NEW-USER'").run();
    await DB().prepare("UPDATE coupon_batches SET product_id = NULL, expires_at = NULL WHERE id = 1").run();
  }
}

describe("new-user coupon at registration", () => {
  it("is seeded as data: 新用户报告抵用券, 20 yuan, every card, 30 days", async () => {
    const rule = couponGrantRuleSeeds.find((r) => r.code === "NEW-USER")!;
    expect(rule).toMatchObject({ event: "register", quantity: 1, validDays: 30, enabled: true });
    expect(couponBatchSeeds.find((b) => b.id === rule.batchId)).toMatchObject({ couponName: "新用户报告抵用券", amount: "20", productId: null });
    const row = await DB().prepare("SELECT r.valid_days, b.amount_fen, b.product_id FROM coupon_grant_rules r JOIN coupon_batches b ON b.id = r.batch_id WHERE r.code = 'NEW-USER'").first();
    expect(row).toEqual({ valid_days: 30, amount_fen: 2000, product_id: null });
  });

  it("is issued on register, listed with its end, and takes 20 yuan off a report", async () => {
    const before = Date.now();
    const u = await register();
    const after = Date.now();
    expect(u.coupons).toEqual([{ couponName: "新用户报告抵用券", amount: 20, count: 1, productId: null, expiresAt: expect.any(Number) }]);
    // Valid to the end of the 30th day after registering, Beijing time.
    expect([endOfChinaDay(before + 30 * DAY), endOfChinaDay(after + 30 * DAY)]).toContain(u.coupons[0].expiresAt);

    const list = await couponsOf(u.token);
    expect(list.data).toEqual([{ ID: 1, COUPON_NAME: "新用户报告抵用券", AMOUNT: 20, count: 1, expiresAt: u.coupons[0].expiresAt }]);
    // Every card: the electricity report too.
    expect((await couponsOf(u.token, ELECTRICITY)).data).toHaveLength(1);

    const survey = await readyReport(u.token, u.userId);
    const order = await addOrder(u.token, survey, MOTOR, { batchId: 1 });
    expect(order.data).toMatchObject({ orderAmount: 99.9, payAmount: 79.9, couponName: "新用户报告抵用券", couponAmount: 20 });
    expect((await couponsOf(u.token)).data).toEqual([]);
  });

  it("is issued once per account, however often the grant runs", async () => {
    const u = await register();
    const { activeGrants, grantStatements } = await import("../../workers/services/payment/grants");
    const { getDb } = await import("../../workers/lib/db");
    const db = getDb(DB());
    const now = Date.now();
    const grants = await activeGrants({ db, event: "register", now });
    for (const s of grantStatements({ db, grants, user: u.userId, now })) await s;
    const n = await DB().prepare("SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND grant_rule_id IS NOT NULL").bind(u.userId).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("follows the rule's data: disabled → none; quantity 2 → two; batch limited to one card → only that card", async () => {
    await withRule("enabled = 0", async () => {
      const u = await register();
      expect(u.coupons).toEqual([]);
      expect((await couponsOf(u.token)).data).toEqual([]);
    });
    await withRule("quantity = 2, valid_days = 7", async () => {
      const u = await register();
      expect(u.coupons[0]).toMatchObject({ count: 2 });
      expect((await couponsOf(u.token)).data).toEqual([expect.objectContaining({ ID: 1, count: 2 })]);
    });
    await withRule("enabled = 1", async () => {
      await DB().prepare("UPDATE coupon_batches SET product_id = ? WHERE id = 1").bind(ELECTRICITY).run();
      const u = await register();
      expect(u.coupons[0]).toMatchObject({ productId: ELECTRICITY });
      expect((await couponsOf(u.token, MOTOR)).data).toEqual([]);
      expect((await couponsOf(u.token, ELECTRICITY)).data).toHaveLength(1);
    });
    await withRule(`ends_at = ${Date.now() - 1000}`, async () => {
      expect((await register()).coupons).toEqual([]);
    });
  });

  it("a coupon past its own end is neither listed, counted nor usable", async () => {
    const u = await register();
    await DB().prepare("UPDATE user_coupons SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, u.userId).run();
    expect((await couponsOf(u.token)).data).toEqual([]);
    expect((await callJson<number>("/api/coupon/getUserCouponCountByBatchId?batchId=1", { token: u.token })).data).toBe(0);
    const survey = await readyReport(u.token, u.userId);
    const order = await addOrder(u.token, survey, MOTOR, { batchId: 1 });
    expect(order).toMatchObject({ code: 10001, msg: "优惠券不可用或已使用" });
  });

  it("ends with the batch when the batch ends first", () => {
    const now = Date.UTC(2026, 10, 25, 3);
    expect(grantExpiry(now, 30, null)).toBe(endOfChinaDay(now + 30 * DAY));
    expect(grantExpiry(now, 30, now + DAY)).toBe(now + DAY);
    expect(grantExpiry(now, null, null)).toBeNull();
    // 2026-11-25 11:00 Beijing + 30 days → the end of 2026-12-25, Beijing.
    expect(new Date(grantExpiry(now, 30, null)! + 1).toISOString()).toBe("2026-12-25T16:00:00.000Z");
  });
});
