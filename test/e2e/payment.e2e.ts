// Payment journeys (issue 7) through the dev Alipay gateway: generate in the form → the 下载报告 dialog opens at step 1
// → 确认支付 → step 2 (amount, order number, countdown) → alipay popup (900×600) → cashier 确认付款 → step 3 → the PDF
// downloads named after the survey; the cancel path ends at step 4; a 100 % coupon pays without Alipay; a paid
// report downloads at once, an open order reopens at step 2; the best coupon is applied by default (issue 26 item 6):
// a new user's ¥20 coupon leaves ¥79.90 to pay with Alipay.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, openPage, seriousA11yViolations, toast, waitOrExplain } from "./browser";
import { chinaDate } from "../../workers/contract/payment";
import { api, createFilledSurvey, generateAndWait } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";
import { saveAndGenerate } from "./workbench-helpers";

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await launch();
  const login = await api(baseUrl(), "/api/user/login", { type: 1, userName: "lisi", password: "Lisi@2024" });
  expect(login.code, login.msg).toBe(10000);
  token = login.data.token;
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

async function loggedIn(path: string) {
  const tracked = await openPage(browser, "/homePage", { acceptDownloads: true });
  const code = await tracked.page.evaluate(async () => {
    const res = await fetch("/api/user/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: 1, userName: "lisi", password: "Lisi@2024" }) });
    return ((await res.json()) as { code: number }).code;
  });
  expect(code).toBe(10000);
  await tracked.page.goto(baseUrl() + path, { waitUntil: "networkidle" });
  return tracked;
}

/** A motor survey of lisi's with a generated report. */
async function readySurvey(title: string) {
  const id = await createFilledSurvey(baseUrl(), token, 1, motorAnswers(), title);
  const r = await generateAndWait(baseUrl(), token, id);
  expect(r.status, r.failReason ?? "").toBe(1);
  return id;
}

const dialogOf = (page: Page) => page.locator(".ant-modal").filter({ hasText: "下载报告" });

/** Our users' browsers (issue 14): China time and Chinese. */
const CHINA = { timezoneId: "Asia/Shanghai", locale: "zh-CN" } as const;

/**
 * axe's serious findings inside the open dialog, from a run scoped to the dialog. (Filtering a whole-page run by
 * each finding's selector missed them: "dt:nth-child(1)" first matches a <dt> outside the dialog, which is how the
 * step-1 contrast finding of issue 14 item 7 went unseen.)
 */
async function dialogA11y(page: Page) {
  // Waits for stylesheets and animations, moves the pointer away and injects axe; its page-wide answer is not used.
  await seriousA11yViolations(page);
  return page.evaluate(async () => {
    // The 下载报告 dialog itself: other dialogs (关键信息再次确认) stay in the page, hidden, after they close.
    if (!document.querySelector(".pay-dialog")) throw new Error("no payment dialog");
    // @ts-expect-error -- injected by seriousA11yViolations
    const result = await window.axe.run(document.querySelector(".pay-dialog"), { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return (result.violations as { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
  });
}

async function openFromList(page: Page, title: string) {
  const row = page.locator(".wb-list__row").filter({ hasText: title });
  await row.getByRole("button", { name: /的操作/ }).click();
  await page.getByRole("menuitem", { name: "下载/预览报告" }).click();
}

async function expectPdfDownload(page: Page, click: () => Promise<void>, name: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  expect(download.suggestedFilename()).toBe(name);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
}

describe("payment journeys", () => {
  it("generate → dialog step 1 → pay with Alipay in the dev gateway → step 3 → the PDF downloads", async () => {
    const id = await createFilledSurvey(baseUrl(), token, 1, motorAnswers(), "二号车间电机系统");
    const { page, context, problems } = await loggedIn(`/workbench?type=1&id=${id}`);
    await page.locator(".wb-form__title").waitFor();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "下一页" }).click();
    await saveAndGenerate(page);
    await page.locator(".ant-modal").filter({ hasText: "关键信息再次确认" }).getByRole("button", { name: "确认生成" }).click();

    // When the report is ready the payment flow starts by itself at step 1.
    const dialog = dialogOf(page);
    // Failed once in CI (the dialog never reached step 1) and never here: a timeout says where the report and the page were.
    await waitOrExplain(dialog.locator('[data-step="1"]'), 60_000, async () => {
      const report = await api(baseUrl(), "/api/surveyInfo/queryPdf", { id }, token);
      const dialogs = await page.locator(".ant-modal").allTextContents();
      return `queryPdf: ${JSON.stringify(report)}\nopen dialogs: ${JSON.stringify(dialogs)}\nform status tag: ${await page.locator(".wb-form__status").first().getAttribute("data-status", { timeout: 2_000 }).catch(() => null)}`;
    });
    await expect(dialog.getByTestId("pay-file-name").textContent()).resolves.toBe("二号车间电机系统.pdf");
    await expect(dialog.textContent()).resolves.toMatch(/限时价¥99\.9原价¥399\s*（含报告解读费）/);
    await expect(dialog.getByAltText("客服微信二维码").count()).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/payment-step1.png` });
    // Step 1 had a serious colour-contrast finding (issue 14 item 7): none now.
    expect(await dialogA11y(page)).toEqual([]);
    await dialog.getByRole("button", { name: "确认支付" }).click();

    await dialog.locator('[data-step="2"]').waitFor();
    const orderSn = (await dialog.getByTestId("pay-order-sn").textContent())!;
    expect(orderSn).toMatch(/^TCC\d{20}$/);
    await expect(dialog.getByRole("timer").textContent()).resolves.toMatch(/^(29分5\d秒|30分00秒)$/);
    await expect(dialog.getByText("报告全额抵用券").count()).resolves.toBe(1);
    // lisi holds coupons; the best one is on the order. Removing it leaves the full price to pay with Alipay.
    await dialog.getByRole("radio", { name: "不使用优惠券" }).check();
    await expect(dialog.getByTestId("pay-summary").textContent()).resolves.toBe("原价¥99.90实付¥99.90");
    await expect(dialog.getByRole("radio", { name: "支付宝" }).isChecked()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/payment-step2.png` });
    expect(await dialogA11y(page)).toEqual([]);

    const [popup] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("button", { name: "确认支付" }).click()]);
    await popup.getByRole("button", { name: "确认付款" }).waitFor({ timeout: 20_000 });
    expect(popup.url()).toContain("/api/dev/alipay/gateway.do");
    expect(popup.viewportSize()).toEqual({ width: 900, height: 600 });
    await expect(popup.locator("[data-out-trade-no]").textContent()).resolves.toBe(orderSn);
    await expect(popup.locator("[data-amount]").getAttribute("data-amount")).resolves.toBe("99.90");
    await popup.screenshot({ path: `${SHOTS}/payment-gateway.png` });
    await Promise.all([popup.waitForEvent("close", { timeout: 20_000 }), popup.getByRole("button", { name: "确认付款" }).click()]);

    await dialog.getByText("您已成功付款").waitFor({ timeout: 10_000 });
    await expect(dialog.textContent()).resolves.toContain(orderSn);
    await page.screenshot({ path: `${SHOTS}/payment-step3.png` });
    await expectPdfDownload(page, () => dialog.getByRole("button", { name: "下载报告" }).click(), "二号车间电机系统.pdf");
    // The measures tracker beside the PDF: an xlsx (a zip) named after the survey.
    const [tracker] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "下载节能措施跟踪表（Excel）" }).click()]);
    expect(tracker.suggestedFilename()).toBe("二号车间电机系统-节能措施跟踪表.xlsx");
    expect(readFileSync(await tracker.path()).subarray(0, 2).toString()).toBe("PK");

    // Paid: the form's 下载报告 button downloads directly (spec 3 §4 SUCCESS).
    await dialog.locator(".ant-modal-close").click();
    await expectPdfDownload(page, () => page.locator(".wb-form__head").getByRole("button", { name: "下载报告" }).click(), "二号车间电机系统.pdf");
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it("cancel in the gateway ends at step 4; the open order reopens at step 2", async () => {
    await readySurvey("三号车间取消支付");
    const { page, context, problems } = await loggedIn("/workbench?type=1");
    await openFromList(page, "三号车间取消支付");
    const dialog = dialogOf(page);
    await dialog.locator('[data-step="1"]').waitFor();
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    await dialog.getByRole("radio", { name: "不使用优惠券" }).check();
    const [popup] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("button", { name: "确认支付" }).click()]);
    await popup.getByRole("button", { name: "取消" }).waitFor({ timeout: 20_000 });
    await Promise.all([popup.waitForEvent("close", { timeout: 20_000 }), popup.getByRole("button", { name: "取消" }).click()]);
    await dialog.getByText("系统未监测到您的支付信息").waitFor({ timeout: 10_000 });
    await expect(dialog.getByRole("button", { name: "重新支付" }).count()).resolves.toBe(1);
    await dialog.getByRole("button", { name: "联系客服" }).click();
    await dialog.getByAltText("客服微信二维码").waitFor();
    await page.screenshot({ path: `${SHOTS}/payment-step4.png` });
    await dialog.getByRole("button", { name: "重新支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    // Closing and clicking again: the WAIT_PAY order opens step 2 straight away.
    await dialog.locator(".ant-modal-close").click();
    await dialog.waitFor({ state: "hidden" });
    await openFromList(page, "三号车间取消支付");
    await dialog.locator('[data-step="2"]').waitFor();
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it("a 100 % coupon pays without Alipay; afterwards the report downloads at once", async () => {
    await readySurvey("四号车间全额券");
    const { page, context, problems } = await loggedIn("/workbench?type=1");
    await openFromList(page, "四号车间全额券");
    const dialog = dialogOf(page);
    await dialog.locator('[data-step="1"]').waitFor();
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    // Applied by default: the full coupon is the best one; nothing is left to pay, so no payment method is offered.
    await expect(dialog.getByRole("radio", { name: /报告全额抵用券/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByTestId("pay-summary").textContent()).resolves.toBe("原价¥99.90优惠−¥99.90实付¥0");
    await expect(dialog.getByTestId("pay-covered").count()).resolves.toBe(1);
    await expect(dialog.getByRole("radio", { name: "支付宝" }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/payment-coupon.png` });
    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.getByText("您已成功付款").waitFor();
    await expectPdfDownload(page, () => dialog.getByRole("button", { name: "下载报告" }).click(), "四号车间全额券.pdf");
    await dialog.locator(".ant-modal-close").click();
    await dialog.waitFor({ state: "hidden" });
    // SUCCESS: the menu item downloads without the dialog.
    await expectPdfDownload(page, () => openFromList(page, "四号车间全额券"), "四号车间全额券.pdf");
    await expect(dialog.count()).resolves.toBe(0);
    // The coupon is spent.
    const coupons = (await fetch(`${baseUrl()}/api/coupon/selectUserCoupons?productId=1`, { headers: { token, code: "energy-evaluation" } }).then((r) => r.json())) as { data: unknown };
    expect((coupons.data as { COUPON_NAME: string }[]).some((c) => c.COUPON_NAME === "报告全额抵用券")).toBe(false);
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);

  it("a new user registers in the browser and finds the new-user coupon, with its end date, in the payment dialog", async () => {
    const suffix = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    const userName = `pay${suffix}7`; // digits are allowed in user names (issue 14)
    const password = "Coupon#2026";
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const { page, context, problems } = await openPage(browser, "/register", CHINA);
    const form = page.locator("form#register");
    await form.getByRole("textbox", { name: /^用户名/ }).fill(userName);
    await form.getByLabel("密码", { exact: true }).fill(password);
    await form.getByLabel("手机号").fill(phone);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByText(/\d+秒后重新获取/).waitFor();
    const outbox = (await (await page.request.get(`${baseUrl()}/api/dev/sms-outbox?phone=${phone}`)).json()) as { data: { code: string }[] };
    await form.getByLabel("验证码").fill(outbox.data[0].code);
    await form.getByRole("checkbox", { name: "我已阅读并同意" }).check();
    const registeredAt = Date.now();
    await form.getByRole("button", { name: /^注\s?册$/ }).click();
    await toast(page, "注册成功，请重新登录");
    // The coupon is announced with its end: the end of the 30th day after today, Beijing time.
    const until = chinaDate(registeredAt + 30 * 86_400_000);
    await toast(page, `已获得新用户报告抵用券¥20（有效期至${until}），下载报告时可用`);
    await page.waitForURL((u) => u.pathname === "/login");

    // Log in (through the API in this browser) and make a report to buy.
    const login = await api(baseUrl(), "/api/user/login", { type: 1, userName, password });
    expect(login.code, login.msg).toBe(10000);
    const code = await page.evaluate(
      async (body) => ((await (await fetch("/api/user/login", { method: "POST", headers: { "content-type": "application/json" }, body })).json()) as { code: number }).code,
      JSON.stringify({ type: 1, userName, password }),
    );
    expect(code).toBe(10000);
    const id = await createFilledSurvey(baseUrl(), login.data.token, 1, motorAnswers(), "新用户一号车间");
    const r = await generateAndWait(baseUrl(), login.data.token, id);
    expect(r.status, r.failReason ?? "").toBe(1);

    // Register and login pages: clean in China time.
    expect(problems).toEqual([]);
    await page.goto(`${baseUrl()}/workbench?type=1`, { waitUntil: "networkidle" });
    // The workbench list's own hydration errors in Asia/Shanghai are issue 14 item 1 (another branch fixes the list
    // and asserts it); this journey asserts that the dialog adds no console error of its own.
    const atWorkbench = problems.length;
    await openFromList(page, "新用户一号车间");
    const dialog = dialogOf(page);
    await dialog.locator('[data-step="1"]').waitFor();
    const offer = dialog.getByTestId("pay-coupons");
    await offer.waitFor();
    await expect(offer.textContent().then((t) => t?.trim())).resolves.toBe(`您有1张优惠券可用，下一步可选用新用户报告抵用券（抵扣¥20，有效期至${until}）`);
    await page.screenshot({ path: `${SHOTS}/payment-new-user-step1.png` });
    expect(await dialogA11y(page)).toEqual([]);

    await dialog.getByRole("button", { name: "确认支付" }).click();
    await dialog.locator('[data-step="2"]').waitFor();
    // Issue 26 item 6: the coupon is applied by default (not offered as another way to pay); the rest goes to Alipay.
    const choice = dialog.getByRole("radio", { name: /新用户报告抵用券/ });
    await expect(choice.isChecked()).resolves.toBe(true);
    await dialog.locator(".pay-methods").first().getByText("已选用").waitFor();
    await expect(dialog.locator(".pay-methods").first().textContent()).resolves.toContain(`新用户报告抵用券（抵扣¥20）已选用有效期至${until}`);
    await expect(dialog.getByTestId("pay-summary").textContent()).resolves.toBe("原价¥99.90优惠−¥20实付¥79.90");
    await expect(dialog.getByRole("radio", { name: "支付宝" }).isChecked()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/payment-new-user-step2.png` });
    expect(await dialogA11y(page)).toEqual([]);
    // The user may remove it and put it back.
    await dialog.getByRole("radio", { name: "不使用优惠券" }).check();
    await expect(dialog.getByTestId("pay-amount").textContent()).resolves.toBe("¥99.90");
    await choice.check();
    await expect(dialog.getByTestId("pay-amount").textContent()).resolves.toBe("¥79.90");

    const [popup] = await Promise.all([context.waitForEvent("page"), dialog.getByRole("button", { name: "确认支付" }).click()]);
    await popup.getByRole("button", { name: "确认付款" }).waitFor({ timeout: 20_000 });
    await expect(popup.locator("[data-amount]").getAttribute("data-amount")).resolves.toBe("79.90");
    await Promise.all([popup.waitForEvent("close", { timeout: 20_000 }), popup.getByRole("button", { name: "确认付款" }).click()]);
    await dialog.getByText("您已成功付款").waitFor({ timeout: 10_000 });
    await expect(dialog.textContent()).resolves.toContain("支付金额 ¥79.9");
    const coupons = (await fetch(`${baseUrl()}/api/coupon/selectUserCoupons?productId=1`, { headers: { token: login.data.token, code: "energy-evaluation" } }).then((r) => r.json())) as { data: unknown[] };
    expect(coupons.data).toEqual([]);
    expect(problems.slice(atWorkbench).filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
