// WeChat Pay journeys (issue 25) through the dev WeChat Pay gateway, in Asia/Shanghai: a buyer opens 下载报告, picks
// 微信支付 at step 2 → the Native order's QR code with the amount and countdown → the buyer's "phone" (the dev
// gateway's scan page, opened from the QR's code_url) pays → the dialog moves to 您已成功付款 by itself → the PDF
// downloads. Then the operator refunds the order through WeChat Pay from /admin and the buyer sees it.
// Run: E2E_PORT=8823 npx vitest run --config vitest.e2e.config.ts test/e2e/payment-wechat.e2e.ts
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, contextApi, DEMO_USERS, launch, seriousA11yViolations, session, visit, animationsSettled, realProblems } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { api, createFilledSurvey, generateAndWait } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";

const BUYER = DEMO_USERS.zhangsan;
const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("微信支付", () => {
  it("pay by WeChat through the dev gateway: QR code → scan and pay → 支付成功 live → PDF; then an operator refund through WeChat", async () => {
    const login = await api(baseUrl(), "/api/user/login", { type: 1, userName: BUYER.userName, password: BUYER.password });
    expect(login.code, login.msg).toBe(10000);
    const title = `微信支付旅程${Math.random().toString(36).slice(2, 6)}`;
    const surveyId = await createFilledSurvey(baseUrl(), login.data.token, 1, motorAnswers(), title);
    const gen = await generateAndWait(baseUrl(), login.data.token, surveyId);
    expect(gen.status, gen.failReason ?? "").toBe(1);

    const user = await session(browser, BUYER);
    await visit(user.page, "/workbench?type=1");
    await user.page.locator(".wb-list__row").filter({ hasText: title }).getByRole("button", { name: /的操作/ }).click();
    await user.page.getByRole("menuitem", { name: "下载/预览报告" }).click();
    const dialog = user.page.locator(".ant-modal").filter({ hasText: "下载报告" });
    await dialog.locator('[data-step="1"]').waitFor({ timeout: 30_000 });
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    const orderSn = (await dialog.getByTestId("pay-order-sn").textContent())!;
    if (await dialog.getByRole("radio", { name: "不使用优惠券" }).count()) await dialog.getByRole("radio", { name: "不使用优惠券" }).check();
    await expect(dialog.getByRole("radio", { name: "支付宝" }).isChecked()).resolves.toBe(true);
    await dialog.getByRole("radio", { name: "微信支付" }).check();
    await dialog.getByRole("button", { name: "确认支付" }).click();

    // The QR code of the Native order's code_url, the amount, the countdown.
    const panel = dialog.getByTestId("pay-wechat");
    await panel.waitFor({ timeout: 15_000 });
    const qr = panel.getByRole("img", { name: "微信支付二维码" });
    const codeUrl = (await qr.getAttribute("data-code-url"))!;
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    await expect(panel.getByTestId("pay-wechat-amount").textContent()).resolves.toBe("¥99.90");
    // The breakdown shows what the Native order charges (the coupon choice was applied by the server).
    await expect(dialog.getByTestId("pay-amount").textContent()).resolves.toBe("¥99.90");
    await expect(panel.getByRole("timer").textContent()).resolves.toMatch(/^(29|30)分\d\d秒$/);
    // The coupon is fixed once WeChat Pay holds the amount.
    if (await dialog.getByRole("radio", { name: "不使用优惠券" }).count()) await expect(dialog.getByRole("radio", { name: "不使用优惠券" }).isDisabled()).resolves.toBe(true);
    await animationsSettled(user.page);
    await user.page.screenshot({ path: `${SHOTS}/payment-wechat-qr.png` });
    expect(await seriousA11yViolations(user.page)).toEqual([]);

    // The buyer's phone: the dev gateway's scan page for this code_url (the dialog links it in dev mode).
    const scanHref = (await panel.getByTestId("pay-wechat-dev-scan").getAttribute("href"))!;
    expect(decodeURIComponent(scanHref)).toContain(codeUrl);
    const phone = await user.context.newPage();
    await phone.goto(baseUrl() + scanHref, { waitUntil: "networkidle" });
    await expect(phone.locator("[data-out-trade-no]").textContent()).resolves.toBe(orderSn);
    await expect(phone.locator("[data-amount]").getAttribute("data-amount")).resolves.toBe("99.90");
    await phone.screenshot({ path: `${SHOTS}/payment-wechat-scan.png` });
    await phone.getByRole("button", { name: "确认支付" }).click();
    await phone.getByRole("heading", { name: "支付成功" }).waitFor();
    await phone.close();

    // The dialog learns of it by itself.
    await dialog.getByText("您已成功付款").waitFor({ timeout: 15_000 });
    await expect(dialog.textContent()).resolves.toContain(orderSn);
    await user.page.screenshot({ path: `${SHOTS}/payment-wechat-success.png` });
    const [download] = await Promise.all([user.page.waitForEvent("download"), dialog.getByRole("button", { name: "下载报告" }).click()]);
    expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-");
    await dialog.locator(".ant-modal-close").click();
    const paidOrder = await contextApi<{ status: string; payChannel: string }>(user.context, `/api/order/getBySubProduct/${surveyId}`);
    expect(paidOrder.data.status).toBe("SUCCESS");
    expect(realProblems(user.problems)).toEqual([]);

    // ---- the operator refunds it through WeChat Pay ----
    const op = await session(browser, ADMIN);
    await visit(op.page, `/admin/orders/${orderSn}`);
    await expect(op.page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("已支付");
    await op.page.locator("dd", { hasText: "微信支付" }).first().waitFor();
    await expect(op.page.locator("section", { hasText: "微信支付通知" }).getByText("applied").count()).resolves.toBe(1);
    const paid = (await op.page.getByTestId("order-pay-amount").textContent())!;
    await op.page.getByRole("button", { name: /^退\s?款$/ }).click();
    const refundDialog = op.page.locator(".ant-modal").filter({ hasText: "退款原因" });
    await refundDialog.waitFor();
    await animationsSettled(op.page);
    await refundDialog.getByLabel("退款原因").fill("用户申请退款：改用对公转账");
    await refundDialog.getByRole("button", { name: /^退\s?款$/ }).click();
    const confirm = op.page.locator(".ant-modal-confirm");
    await confirm.getByText(`将通过微信支付向用户退款 ${paid}`).waitFor();
    await animationsSettled(op.page);
    await confirm.getByRole("button", { name: "确认退款" }).click();
    await op.page.getByRole("status").filter({ hasText: "退款成功" }).waitFor({ timeout: 15_000 });
    await op.page.getByRole("heading", { level: 1 }).filter({ hasText: "已退款" }).waitFor();
    await op.page.screenshot({ path: `${SHOTS}/payment-wechat-refunded.png`, fullPage: true });
    expect(realProblems(op.problems)).toEqual([]);

    // ---- the buyer sees it ----
    expect((await contextApi<{ status: string }>(user.context, `/api/order/getBySubProduct/${surveyId}`)).data.status).toBe("REFUNDED");
    await visit(user.page, "/personal/message?tab=system");
    await user.page.getByText(new RegExp(`您的订单${orderSn}（.*评估报告）已全额退款${paid}，款项将原路退回微信支付`)).waitFor();
    await user.context.close();
    await op.context.close();
  }, 240_000);
});
