// 我的订单 and 发票 (issue 25) in a browser in Asia/Shanghai: an open order is paid from 我的订单 through the existing
// payment dialog and WeChat Pay (the dev gateway scans the QR code and pays); the buyer requests a 增值税专用发票 (a wrong taxpayer ID is refused with
// the schema's message first, the title is saved as a preset); the operator issues it at /admin/invoices through the
// dev provider; the buyer is told by system message and downloads the PDF from 我的订单. Screenshots at 1366×900 and
// on a phone.
// Run: E2E_PORT=8872 npx vitest run --config vitest.e2e.config.ts test/e2e/invoice.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { baseUrl, contextApi, DEMO_USERS, launch, MOBILE, newContext, apiLogin, seriousA11yViolations, session, visit, animationsSettled, realProblems } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { api, createFilledSurvey, generateAndWait } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";
import { INVOICE_MSG } from "../../workers/contract/invoice";

const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
const BUYER = DEMO_USERS.lisi;
const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("我的订单 → 专票 → operator issues → buyer downloads", () => {
  it("pays an open order from 我的订单, requests a 专票, the operator issues it, the buyer downloads it", async () => {
    // An open order for a generated report (made through the API, as the dialog's first step would).
    const login = await api(baseUrl(), "/api/user/login", { type: 1, userName: BUYER.userName, password: BUYER.password });
    expect(login.code, login.msg).toBe(10000);
    const title = `开票旅程${Math.random().toString(36).slice(2, 6)}`;
    const surveyId = await createFilledSurvey(baseUrl(), login.data.token, 1, motorAnswers(), title);
    const gen = await generateAndWait(baseUrl(), login.data.token, surveyId);
    expect(gen.status, gen.failReason ?? "").toBe(1);
    const order = await api(baseUrl(), "/api/pay/pc/order/add", { productId: 1, subProductId: surveyId, merchantId: 1, platform: "TCC" }, login.data.token);
    expect(order.code, order.msg).toBe(10000);
    const orderSn: string = order.data.orderSn;

    // ---- 我的订单: the open order, paid through the payment dialog ----
    const user = await session(browser, BUYER);
    await visit(user.page, "/personal/orders");
    const row = () => user.page.locator(`[data-order="${orderSn}"]`);
    await row().getByText("待支付").waitFor();
    await expect(row().textContent()).resolves.toContain(title);
    await row().getByRole("button", { name: "去支付" }).click();
    const dialog = user.page.locator(".ant-modal").filter({ hasText: "下载报告" });
    await dialog.locator("[data-step]").first().waitFor({ timeout: 30_000 });
    if ((await dialog.locator('[data-step="1"]').count()) > 0) await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    await animationsSettled(user.page);
    // Paid in full by WeChat (no coupon), so the invoice is for the whole amount.
    const noCoupon = dialog.getByRole("radio", { name: "不使用优惠券" });
    if ((await noCoupon.count()) > 0) await noCoupon.check();
    await dialog.getByRole("radio", { name: "微信支付" }).check();
    await dialog.getByRole("button", { name: "确认支付" }).click();
    const panel = dialog.getByTestId("pay-wechat");
    await panel.waitFor({ timeout: 15_000 });
    // The buyer's phone scans the QR code: the dev gateway's scan page pays and sends the signed, encrypted notify.
    const scanHref = (await panel.getByTestId("pay-wechat-dev-scan").getAttribute("href"))!;
    const scanner = await user.context.newPage();
    await scanner.goto(baseUrl() + scanHref, { waitUntil: "networkidle" });
    await expect(scanner.locator("[data-out-trade-no]").textContent()).resolves.toBe(orderSn);
    await scanner.getByRole("button", { name: "确认支付" }).click();
    await scanner.getByRole("heading", { name: "支付成功" }).waitFor();
    await scanner.close();
    await dialog.getByText("您已成功付款").waitFor({ timeout: 15_000 });
    await dialog.locator(".ant-modal-close").click();
    await visit(user.page, "/personal/orders");
    await row().getByText("已支付").waitFor();
    await expect(row().textContent()).resolves.toContain("微信支付");

    // ---- 申请发票: 增值税专用发票; a wrong taxpayer ID is refused with the schema's message ----
    await row().getByRole("button", { name: "申请发票" }).click();
    const inv = user.page.locator(".ant-modal").filter({ hasText: "申请发票" });
    await inv.waitFor();
    await animationsSettled(user.page);
    await inv.getByRole("radio", { name: "增值税专用发票" }).check();
    await inv.getByLabel("购买方名称").fill("南京某某能源科技有限公司");
    await inv.getByLabel("纳税人识别号").fill("91350100M000100Y44");
    await inv.getByLabel("地址").fill("南京市建邺区江东中路100号");
    await inv.getByLabel("电话").fill("025-86001234");
    await inv.getByLabel("开户银行").fill("招商银行南京分行营业部");
    await inv.getByLabel("银行账号").fill("125900012310001");
    await inv.getByLabel("接收邮箱").fill("invoice@example.com");
    await inv.getByRole("button", { name: "提交申请" }).click();
    await user.page.getByText(INVOICE_MSG.taxIdCheck).waitFor();
    await inv.getByLabel("纳税人识别号").fill("91350100M000100Y43");
    await inv.getByRole("checkbox", { name: "保存为常用抬头" }).check();
    await user.page.screenshot({ path: `${SHOTS}/invoice-request-dialog.png` });
    await inv.getByRole("button", { name: "提交申请" }).click();
    await user.page.getByText(INVOICE_MSG.requested).waitFor();
    await row().getByText("开票中").waitFor({ timeout: 10_000 });
    const titles = await contextApi<{ buyerName: string; kind: string }[]>(user.context, "/api/invoice/titles");
    expect(titles.data.some((t) => t.buyerName === "南京某某能源科技有限公司" && t.kind === "special")).toBe(true);

    // ---- the operator: the queue shows the order and amount; 开具 through the dev provider ----
    const op = await session(browser, ADMIN);
    await visit(op.page, "/admin/invoices");
    const qrow = op.page.locator("tr").filter({ hasText: orderSn });
    await qrow.waitFor();
    await expect(qrow.textContent()).resolves.toMatch(/实付 ¥\d+\.\d{2}.*开票 ¥\d+\.\d{2}/);
    await expect(qrow.textContent()).resolves.toContain("增值税专用发票");
    await op.page.screenshot({ path: `${SHOTS}/admin-invoices.png`, fullPage: true });
    expect(await seriousA11yViolations(op.page)).toEqual([]);
    await qrow.getByRole("button", { name: /^开\s?具$/ }).click();
    await op.page.getByText(INVOICE_MSG.issued).waitFor({ timeout: 15_000 });
    await visit(op.page, "/admin/invoices?state=issued");
    await op.page.locator("tr").filter({ hasText: orderSn }).getByText(/号码 \d{20}/).waitFor();
    expect(realProblems(op.problems)).toEqual([]);

    // ---- the buyer: a system message, and the file from 我的订单 ----
    await visit(user.page, "/personal/message?tab=system");
    await user.page.getByText(`您的订单${orderSn}的增值税专用发票已开具`).waitFor();
    await visit(user.page, "/personal/orders");
    await row().getByText("已开票").waitFor();
    const [download] = await Promise.all([user.page.waitForEvent("download"), row().getByRole("link", { name: "下载发票" }).click()]);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(download.suggestedFilename()).toBe(`invoice-${orderSn}.pdf`);
    await user.page.screenshot({ path: `${SHOTS}/personal-orders.png`, fullPage: true });
    expect(await seriousA11yViolations(user.page)).toEqual([]);
    expect(realProblems(user.problems)).toEqual([]);

    // ---- a phone: the same page reads without sideways scrolling ----
    const phone = await newContext(browser, MOBILE);
    await apiLogin(phone, BUYER);
    const pp = await phone.newPage();
    await pp.goto(baseUrl() + "/personal/orders", { waitUntil: "networkidle" });
    await pp.locator(`[data-order="${orderSn}"]`).getByText("已开票").waitFor();
    expect(await pp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await pp.screenshot({ path: `${SHOTS}/personal-orders-phone.png`, fullPage: true });
    await pp.locator(`[data-order="${orderSn}"]`).scrollIntoViewIfNeeded();
    await phone.close();
    await user.context.close();
    await op.context.close();
  }, 240_000);
});
