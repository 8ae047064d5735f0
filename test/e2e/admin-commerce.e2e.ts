// Operator console, commerce (issue 17): "an operator refund" end to end — a user pays a report in the dev Alipay
// gateway (workbench → 下载报告 dialog → 确认支付 → cashier 确认付款), the operator finds the order at /admin/orders
// by the user's phone, opens it, 查询支付宝 (the real trade query through the provider), refunds it in full with a
// reason after the confirm dialog, and the user sees the refund (the order reads REFUNDED, the report is for sale
// again, a system message). Also: the order detail page refuses non-admins; the cards, coupons and reconciliation
// pages render without console errors; screenshots of every commerce page at 1366×900.
// Run: E2E_PORT=8821 npx vitest run --config vitest.e2e.config.ts test/e2e/admin-commerce.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiLogin, baseUrl, contextApi, DEMO_USERS, launch, newContext, seriousA11yViolations, session, visit, animationsSettled, realProblems } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { ADMIN_MSG } from "../../workers/contract/admin-constants";
import { api, createFilledSurvey, generateAndWait } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";

const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
const BUYER = DEMO_USERS.demo;
const BUYER_PHONE = "13800000001";
const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("an operator refund", () => {
  it("user pays in the dev gateway → operator finds, queries Alipay, refunds → the user sees the refund", async () => {
    // ---- the user: a generated report, paid in the dev gateway through the 下载报告 dialog ----
    const login = await api(baseUrl(), "/api/user/login", { type: 1, userName: BUYER.userName, password: BUYER.password });
    expect(login.code, login.msg).toBe(10000);
    const title = `退款旅程${Math.random().toString(36).slice(2, 6)}`;
    const surveyId = await createFilledSurvey(baseUrl(), login.data.token, 1, motorAnswers(), title);
    const gen = await generateAndWait(baseUrl(), login.data.token, surveyId);
    expect(gen.status, gen.failReason ?? "").toBe(1);

    const user = await session(browser, BUYER);
    await visit(user.page, "/workbench?type=1");
    const row = user.page.locator(".wb-list__row").filter({ hasText: title });
    await row.getByRole("button", { name: /的操作/ }).click();
    await user.page.getByRole("menuitem", { name: "下载/预览报告" }).click();
    const dialog = user.page.locator(".ant-modal").filter({ hasText: "下载报告" });
    await dialog.locator('[data-step="1"]').waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    const orderSn = (await dialog.getByTestId("pay-order-sn").textContent())!;
    expect(orderSn).toMatch(/^TCC\d{20}$/);
    // The buyer's best coupon is applied by default; this journey pays the full price with Alipay.
    if (await dialog.getByRole("radio", { name: "不使用优惠券" }).count()) await dialog.getByRole("radio", { name: "不使用优惠券" }).check();
    const [popup] = await Promise.all([user.context.waitForEvent("page"), dialog.getByRole("button", { name: "确认支付" }).click()]);
    await popup.getByRole("button", { name: "确认付款" }).waitFor({ timeout: 20_000 });
    await expect(popup.locator("[data-out-trade-no]").textContent()).resolves.toBe(orderSn);
    await Promise.all([popup.waitForEvent("close", { timeout: 20_000 }), popup.getByRole("button", { name: "确认付款" }).click()]);
    await dialog.getByText("您已成功付款").waitFor({ timeout: 10_000 });
    await dialog.locator(".ant-modal-close").click();
    expect((await contextApi<{ status: string }>(user.context, `/api/order/getBySubProduct/${surveyId}`)).data.status).toBe("SUCCESS");

    // ---- the operator: find the order by the user's phone, open it ----
    const op = await session(browser, ADMIN);
    await visit(op.page, "/admin/orders");
    await op.page.getByLabel("订单号、用户名或手机号").fill(BUYER_PHONE);
    await op.page.locator('select[name="status"]').selectOption("SUCCESS");
    await Promise.all([op.page.waitForURL(/\/admin\/orders\?q=13800000001/), op.page.getByRole("button", { name: /^搜\s?索$/ }).click()]);
    await op.page.waitForLoadState("networkidle");
    const orderLink = op.page.getByRole("link", { name: orderSn });
    await orderLink.waitFor();
    await op.page.screenshot({ path: `${SHOTS}/admin-orders.png` });
    await Promise.all([op.page.waitForURL(new RegExp(`/admin/orders/${orderSn}$`)), orderLink.click()]);
    await op.page.waitForLoadState("networkidle");
    await expect(op.page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("已支付");
    const paid = (await op.page.getByTestId("order-pay-amount").textContent())!;
    expect(paid).toMatch(/^¥\d+\.\d{2}$/);
    // The notify the gateway sent is listed as applied.
    await expect(op.page.locator("section", { hasText: "支付宝通知" }).getByText("applied").count()).resolves.toBe(1);

    // 查询支付宝: the trade as the gateway holds it, matching the order.
    await op.page.getByRole("button", { name: "查询支付宝" }).click();
    const result = op.page.getByRole("region", { name: "支付宝查询结果" });
    await result.waitFor();
    await expect(result.textContent()).resolves.toMatch(new RegExp(`支付宝：交易成功，金额 ${paid.replace("¥", "¥?").replace(".", "\\.")}.*与本订单一致`));
    await op.page.screenshot({ path: `${SHOTS}/admin-order-query.png` });

    // 退款: the whole amount, a reason, the confirm dialog.
    await op.page.getByRole("button", { name: /^退\s?款$/ }).click();
    const refundDialog = op.page.locator(".ant-modal").filter({ hasText: "退款原因" });
    await refundDialog.waitFor();
    await animationsSettled(op.page);
    await expect(refundDialog.getByLabel("退款金额（元）").inputValue()).resolves.toBe(paid.replace("¥", ""));
    // A reason is required (the same zod schema as the API).
    await refundDialog.getByRole("button", { name: /^退\s?款$/ }).click();
    await refundDialog.getByText("请填写退款原因").waitFor();
    await refundDialog.getByLabel("退款原因").fill("用户申请退款：报告重复购买");
    await op.page.screenshot({ path: `${SHOTS}/admin-refund-dialog.png` });
    await refundDialog.getByRole("button", { name: /^退\s?款$/ }).click();
    const confirm = op.page.locator(".ant-modal-confirm");
    await confirm.getByText(`将通过支付宝向用户退款 ${paid}`).waitFor();
    await animationsSettled(op.page);
    await confirm.getByRole("button", { name: "确认退款" }).click();
    await op.page.getByRole("status").filter({ hasText: "退款成功" }).waitFor({ timeout: 15_000 });
    await op.page.getByRole("heading", { level: 1 }).filter({ hasText: "已退款" }).waitFor();
    await expect(op.page.getByTestId("order-refunded").textContent()).resolves.toBe(paid);
    await expect(op.page.getByRole("button", { name: /^退\s?款$/ }).isDisabled()).resolves.toBe(true);
    await op.page.screenshot({ path: `${SHOTS}/admin-order-refunded.png`, fullPage: true });
    // Alipay now holds a closed trade, still matching the refunded order.
    await op.page.getByRole("button", { name: "查询支付宝" }).click();
    await op.page.getByRole("region", { name: "支付宝查询结果" }).getByText(/交易关闭.*与本订单一致/).waitFor();
    expect(await seriousA11yViolations(op.page)).toEqual([]);
    expect(realProblems(op.problems)).toEqual([]);

    // ---- the user sees it: the order reads REFUNDED, 下载报告 offers the purchase again, a system message ----
    expect((await contextApi<{ status: string }>(user.context, `/api/order/getBySubProduct/${surveyId}`)).data.status).toBe("REFUNDED");
    await visit(user.page, "/workbench?type=1");
    await user.page.locator(".wb-list__row").filter({ hasText: title }).getByRole("button", { name: /的操作/ }).click();
    await user.page.getByRole("menuitem", { name: "下载/预览报告" }).click();
    await user.page.locator(".ant-modal").filter({ hasText: "下载报告" }).locator('[data-step="1"]').waitFor({ timeout: 30_000 });
    await visit(user.page, "/personal/message?tab=system");
    await user.page.getByText(new RegExp(`您的订单${orderSn}（.*评估报告）已全额退款${paid}`)).waitFor();
    await user.page.screenshot({ path: `${SHOTS}/admin-refund-user-message.png` });
    expect(realProblems(user.problems)).toEqual([]);
    await user.context.close();
    await op.context.close();
  }, 240_000);
});

describe("commerce pages", () => {
  it("render for the operator without console errors (screenshots at 1366×900)", async () => {
    const op = await session(browser, ADMIN);
    for (const [path, heading, shot] of [
      ["/admin/cards", "卡片与价格", "admin-cards"],
      ["/admin/coupons?batch=1", "优惠券批次", "admin-coupons"],
      ["/admin/orders/reconcile", "对账", "admin-reconcile"],
    ] as const) {
      await visit(op.page, path);
      await op.page.getByRole("heading", { level: 1 }).filter({ hasText: heading }).waitFor();
      await op.page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
    }
    // The card edit dialog refuses a price outside the spec's format before calling the server.
    await visit(op.page, "/admin/cards");
    await op.page.getByRole("button", { name: /^编辑 / }).first().click();
    const edit = op.page.locator(".ant-modal").filter({ hasText: "编辑卡片与价格" });
    await edit.waitFor();
    await animationsSettled(op.page);
    await edit.getByLabel("限时价（元）").fill("99.99");
    await edit.getByRole("button", { name: /保\s?存/ }).click();
    await edit.getByText("价格须为正数，最多8位整数、1位小数（元）").waitFor();
    await op.page.screenshot({ path: `${SHOTS}/admin-card-edit.png` });
    await edit.getByRole("button", { name: /取\s?消/ }).click();
    // The issue dialog reports phones without an account.
    await visit(op.page, "/admin/coupons");
    await op.page.getByRole("button", { name: "发放优惠券" }).click();
    const issue = op.page.locator(".ant-modal").filter({ hasText: "发放对象" });
    await issue.waitFor();
    await animationsSettled(op.page);
    await issue.getByLabel("优惠券名称").fill("运营测试券");
    await issue.getByLabel("面额（元，抵扣金额）").fill("15");
    await issue.getByLabel(/手机号（每行一个/).fill(`13800000002\n13999999990`);
    await issue.getByRole("button", { name: /发\s?放/ }).click();
    const status = op.page.getByRole("status").filter({ hasText: "已向 1 位用户发放 1 张优惠券" });
    await status.waitFor();
    await expect(status.textContent()).resolves.toContain("13999999990");
    await op.page.getByRole("cell", { name: /^运营测试券 B\d{8}-/ }).waitFor();
    await op.page.screenshot({ path: `${SHOTS}/admin-coupons-issued.png`, fullPage: true });
    expect(await seriousA11yViolations(op.page)).toEqual([]);
    expect(realProblems(op.problems)).toEqual([]);
    await op.context.close();
  }, 120_000);

  it("the order detail page (a URL parameter page) refuses visitors and non-admins", async () => {
    const path = "/admin/orders/TCC00000000000000000000";
    const visitor = await newContext(browser);
    const v = await visitor.request.get(baseUrl() + path, { maxRedirects: 0 });
    expect([301, 302, 303, 307]).toContain(v.status());
    const plain = await newContext(browser);
    await apiLogin(plain, DEMO_USERS.lisi);
    const u = await plain.request.get(baseUrl() + path, { maxRedirects: 0 });
    expect(u.status()).toBe(403);
    await expect(u.text()).resolves.toContain(ADMIN_MSG.notAdmin);
    // The admin gets the page (here: an unknown order, 404).
    const admin = await newContext(browser);
    await apiLogin(admin, ADMIN);
    expect((await admin.request.get(baseUrl() + path, { maxRedirects: 0 })).status()).toBe(404);
    await visitor.close();
    await plain.close();
    await admin.close();
  });
});
