// Accounts journeys (issue 8, spec 1): login dialog, register → login → settings → password change → SMS login,
// QQ sign-in through the dev provider → phone binding → unbind, forgot password, book-library authorisation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { baseUrl, contextApi, hydrated, launch, MOBILE, openPage, seriousA11yViolations, toast } from "./browser";
import { FORGOT_USER } from "./fixtures";

const SHOTS = process.env.E2E_SHOTS ?? "/tmp/acc-shots";
/** Our users' browsers (issue 14): China time and Chinese. */
const CHINA = { timezoneId: "Asia/Shanghai", locale: "zh-CN" } as const;
const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const SESSION_EXPIRY = [401, 402, 11000];
/** antd puts a space between the two characters of a two-character Chinese button label ("登 录"). */
const two = (label: string) => new RegExp(`^${label[0]}\\s?${label[1]}$`);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Per-phone send limit is one code a minute: remember when each phone last got one. */
const lastSent = new Map<string, number>();

async function waitForSendSlot(phone: string) {
  const last = lastSent.get(phone);
  if (last) {
    const wait = last + 61_000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

/** Clicks 获取验证码 next to the phone and reads the new code from the dev outbox. */
async function sendAndReadCode(page: Page, scope: ReturnType<Page["locator"]>, phone: string): Promise<string> {
  await waitForSendSlot(phone);
  const since = Date.now() - 1000;
  const button = scope.getByRole("button", { name: "获取验证码" });
  await expect.poll(() => button.isEnabled()).toBe(true);
  // Wait for the send itself, so a refusal fails with the server's words instead of a timeout on the countdown. A click
  // that sent nothing within 10 s is tried again (once seen in a fresh-clone run: no request, no message, no code).
  let sent: Response | null = null;
  for (let attempt = 0; attempt < 3 && !sent; attempt++) {
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/user/sms"), { timeout: 10_000 }).catch(() => null);
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    sent = await answer;
  }
  expect(sent, "获取验证码 sent no request").toBeTruthy();
  expect(await sent!.json()).toMatchObject({ code: 10000 });
  await scope.getByText(/\d+秒后重新获取/).waitFor();
  lastSent.set(phone, Date.now());
  const res = await page.request.get(`${baseUrl()}/api/dev/sms-outbox?phone=${phone}`);
  const body = (await res.json()) as { code: number; data: { code: string; createdAt: number }[] };
  expect(body.code).toBe(10000);
  const latest = body.data[0];
  expect(latest.createdAt).toBeGreaterThanOrEqual(since);
  return latest.code;
}

/** Issue 26 item 8: a password longer than the policy allows, as a user pastes it from a password manager. */
const TOO_LONG = "Start#2024Start#2"; // 17 characters

/** Pastes text into a field: insertText goes through the same path as a paste, so a maxLength would cut it. */
async function paste(page: Page, field: ReturnType<Page["locator"]>, text: string) {
  await field.fill("");
  await field.focus();
  await page.keyboard.insertText(text);
}

/** The pasted over-long password stays whole in the field and the form refuses it with the policy's words. */
async function expectTooLongRefused(page: Page, field: ReturnType<Page["locator"]>, scope: ReturnType<Page["locator"]>) {
  await paste(page, field, TOO_LONG);
  await expect(field.inputValue()).resolves.toBe(TOO_LONG);
  await field.blur();
  await scope.getByText("密码长度为8-14位", { exact: true }).waitFor();
}

function loginDialog(page: Page) {
  return page.getByRole("dialog", { name: "欢迎登录节能评估" });
}

async function openDialogFromHeader(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).click();
  await loginDialog(page).waitFor();
  return loginDialog(page);
}

async function passwordLogin(page: Page, userName: string, password: string, remember = false) {
  const dialog = loginDialog(page);
  await dialog.getByRole("tab", { name: "密码登录" }).click();
  await dialog.getByLabel("用户名", { exact: true }).fill(userName);
  await dialog.getByLabel("密码", { exact: true }).fill(password);
  if (remember) await dialog.getByRole("checkbox", { name: "记住用户名" }).check();
  await dialog.getByLabel("密码", { exact: true }).press("Enter"); // Enter submits
}

async function tokenOf(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "token")?.value ?? null;
}

async function userInfoCode(page: Page, token: string) {
  const res = await page.request.post(`${baseUrl()}/api/user/user-info`, { headers: { token, "content-type": "application/json", cookie: "" }, data: {} });
  return ((await res.json()) as { code: number }).code;
}

/** phoneValid after a third-party sign-in: bind a fresh phone; spec 1 §2: then /login, logged in. */
async function bindPhoneOnPhoneValid(page: Page, phone: string) {
  const form = page.locator("form#phone-valid");
  await form.getByLabel("手机号").fill(phone);
  const code = await sendAndReadCode(page, form, phone);
  await form.getByLabel("验证码").fill(code);
  await form.getByRole("button", { name: "同意协议并绑定" }).click();
  await toast(page, "绑定成功");
  await page.waitForURL((u) => u.pathname === "/login" && u.search === "");
  await page.locator(".user-menu").waitFor();
}

async function logoutViaMenu(page: Page) {
  // The header is server-rendered: a hover before hydration opens nothing, and a second hover on the same spot fires
  // no new mouseenter. So wait for hydration, and move away and back until the popover shows.
  await hydrated(page);
  const logout = page.getByRole("button", { name: "退出登录" });
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await page.locator(".user-menu").hover();
      // The popover opens after antd's hover delay and its motion.
      return logout.waitFor({ state: "visible", timeout: 2_000 }).then(
        () => true,
        () => false,
      );
    }, { timeout: 15_000 })
    .toBe(true);
  await logout.click();
  await toast(page, "退出成功");
  await page.waitForURL((u) => u.pathname === "/login");
  await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).waitFor();
}

describe("login dialog", () => {
  it("opens from the header with the SMS tab first, enables send-code only for a valid phone, and passes axe", async () => {
    const { page, context, problems } = await openPage(browser, "/login");
    const dialog = await openDialogFromHeader(page);
    await expect(dialog.getByRole("tab", { name: "短信登录" }).getAttribute("aria-selected")).resolves.toBe("true");
    const send = dialog.getByRole("button", { name: "获取验证码" });
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("手机号").fill("1380000");
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel("手机号").fill("13800000009");
    await expect.poll(() => send.isEnabled()).toBe(true);
    // Validation message from the shared schema.
    await dialog.getByLabel("验证码").fill("12");
    await dialog.getByRole("button", { name: two("登录") }).click();
    await dialog.getByText("请输入正确的验证码").waitFor();
    // Third-party icons, register link and agreement links on desktop.
    await expect(dialog.getByRole("button", { name: "QQ登录" }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole("button", { name: "微信登录" }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole("link", { name: "新用户注册" }).getAttribute("href")).resolves.toContain("/register");
    await expect(dialog.getByRole("button", { name: "《用户服务协议》" }).count()).resolves.toBe(1);
    await page.screenshot({ path: `${SHOTS}/login-dialog-sms.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByRole("tab", { name: "密码登录" }).click();
    await expect(dialog.getByLabel("用户名", { exact: true }).getAttribute("maxlength")).resolves.toBe("11");
    await expect(dialog.getByRole("checkbox", { name: "记住用户名" }).count()).resolves.toBe(1);
    await expect(dialog.getByRole("link", { name: "忘记密码？" }).getAttribute("href")).resolves.toBe("/forgetPassword");
    await page.screenshot({ path: `${SHOTS}/login-dialog-password.png` });

    // WeChat QR view: WeChat's QR panel in an iframe, as wxLogin.js embeds it; back link returns to the forms.
    await dialog.getByRole("button", { name: "微信登录" }).click();
    await dialog.getByText("微信扫码登录").waitFor();
    const qr = dialog.locator(".wechat-qr__code");
    await expect.poll(() => qr.getAttribute("data-authorize-url")).toContain("/connect/qrconnect");
    const frame = qr.locator("iframe");
    const src = new URL((await frame.getAttribute("src"))!);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({ response_type: "code", scope: "snsapi_login", login_type: "jssdk", self_redirect: "false" });
    expect(new URL(src.searchParams.get("redirect_uri")!).pathname).toBe("/weixinlogin");
    await qr.frameLocator("iframe").locator(".qr svg").waitFor();
    await qr.frameLocator("iframe").getByRole("button", { name: "模拟扫码确认" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/login-dialog-wechat.png` });
    await dialog.getByRole("button", { name: "返回手机号登录" }).click();
    await dialog.getByRole("tab", { name: "短信登录" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("hides the QQ and WeChat icons for mobile user agents", async () => {
    const { page, context } = await openPage(browser, "/login?login=1", MOBILE);
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await expect(dialog.getByRole("button", { name: "QQ登录" }).count()).resolves.toBe(0);
    await expect(dialog.getByRole("button", { name: "微信登录" }).count()).resolves.toBe(0);
    await context.close();
  });

  it("opens from a card's 立即评估 and goes to /workbench?type=<id> after an SMS login", async () => {
    const { page, context, problems } = await openPage(browser, "/login");
    // The workbench belongs to another issue: answer it here so only the navigation is under test.
    await page.route(/\/workbench\?type=\d+$/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>workbench</title><p>workbench</p>" }));
    // The motor card's 立即评估 opens its detail page (/electricDetail); the detail page's 立即评估 opens the dialog.
    await page.locator('[data-card="motor"]').getByRole("link", { name: "立即评估" }).click();
    await page.waitForURL("**/electricDetail");
    await hydrated(page);
    const start = page.getByRole("link", { name: "立即评估" }).first();
    const cardId = (await start.getAttribute("href"))?.match(/type%3D(\d+)/)?.[1];
    expect(cardId).toBeTruthy();
    await start.click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByLabel("手机号").fill("13800000001");
    const code = await sendAndReadCode(page, dialog, "13800000001");
    await dialog.getByLabel("验证码").fill(code);
    await dialog.getByRole("button", { name: two("登录") }).click();
    await toast(page, "登录成功");
    await page.waitForURL((u) => u.pathname === "/workbench" && u.searchParams.get("type") === cardId);
    expect(await tokenOf(context)).toBeTruthy();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("rejects a wrong password with the server's message", async () => {
    const { page, context } = await openPage(browser, "/login?login=1");
    await loginDialog(page).waitFor();
    await passwordLogin(page, "lisi", "Wrong#pass1");
    await page.getByText("用户名或密码错误").waitFor();
    expect(await tokenOf(context)).toBeNull();
    await context.close();
  });
});

describe("register → login → settings → password change → SMS login", () => {
  it("runs the whole account life cycle in the browser", { timeout: 240_000 }, async () => {
    const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    const userName = `e${suffix}`;
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const password = "Start#2024";
    const { page, context, problems } = await openPage(browser, "/register");
    expect(await seriousA11yViolations(page)).toEqual([]);

    const form = page.locator("form#register");
    await form.getByRole("textbox", { name: /^用户名/ }).fill(userName);
    await form.getByLabel("密码", { exact: true }).fill("short");
    await form.getByText("长度为8-14位").waitFor();
    await expect(form.locator(".pw-checklist li.is-ok").count()).resolves.toBe(2); // no space, no Chinese
    await expectTooLongRefused(page, form.getByLabel("密码", { exact: true }), form.locator("#register_password_help"));
    await form.getByLabel("密码", { exact: true }).fill(password);
    await expect.poll(() => form.locator(".pw-checklist li.is-ok").count()).toBe(4);
    await form.getByLabel("手机号").fill(phone);
    const code = await sendAndReadCode(page, form, phone);
    await form.getByLabel("验证码").fill(code);
    // Without the agreement tick: the spec's message.
    await form.getByRole("button", { name: two("注册") }).click();
    await form.getByText("请先阅读并同意《用户服务协议》和《隐私协议》").waitFor();
    await page.screenshot({ path: `${SHOTS}/register.png`, fullPage: true });
    await form.getByRole("checkbox", { name: "我已阅读并同意" }).check();
    await form.getByRole("button", { name: two("注册") }).click();
    await toast(page, "注册成功，请重新登录");

    // The dialog opens on /login?login=1; log in by password and remember the username.
    await page.waitForURL((u) => u.pathname === "/login");
    await loginDialog(page).waitFor();
    await passwordLogin(page, userName, password, true);
    await page.waitForURL((u) => u.pathname === "/homePage");
    await page.locator(".user-menu").waitFor();
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain(userName);
    expect(stored).not.toContain(password);

    // Log out, then log in by password again: the username is remembered, the password is not.
    await logoutViaMenu(page);
    const dialog = await openDialogFromHeader(page);
    await dialog.getByRole("tab", { name: "密码登录" }).click();
    await expect(dialog.getByLabel("用户名", { exact: true }).inputValue()).resolves.toBe(userName);
    await expect(dialog.getByLabel("密码", { exact: true }).inputValue()).resolves.toBe("");
    await passwordLogin(page, userName, password);
    await page.waitForURL((u) => u.pathname === "/homePage");

    // Settings: nickname and avatar.
    await page.goto(`${baseUrl()}/setting`, { waitUntil: "networkidle" });
    const basic = page.locator("form#basic-info");
    await basic.waitFor();
    await expect(basic.getByLabel("手机号").inputValue()).resolves.toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('input[type="file"]').setInputFiles({ name: "a.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await page.getByText("只能上传JPG、PNG格式的图片").waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1PX });
    await toast(page, "上传成功");
    await basic.getByLabel("昵称").fill("节能@达人");
    await basic.getByRole("button", { name: two("保存") }).click();
    await basic.getByText("不支持特殊字符").waitFor();
    await basic.getByLabel("昵称").fill("节能达人");
    await basic.getByRole("button", { name: two("保存") }).click();
    await toast(page, "保存成功");
    await expect.poll(() => page.locator(".user-menu__name").textContent()).toBe("节能达人");
    await expect.poll(() => page.locator(".user-menu img").getAttribute("src")).toMatch(/^\/files\/avatar\/[0-9a-f]{40}\.png$/);
    await page.screenshot({ path: `${SHOTS}/setting-basic.png`, fullPage: true });
    await page.reload({ waitUntil: "networkidle" });
    await expect(page.locator("form#basic-info").getByLabel("昵称").inputValue()).resolves.toBe("节能达人");

    // Authentication info: the ID-number checksum and the searchable industry select.
    await page.getByRole("tab", { name: "认证信息" }).click();
    const company = page.locator("form#company-info");
    await company.waitFor();
    await company.getByLabel("公司全称").fill("绿能测试有限公司");
    await company.getByRole("combobox", { name: "行业类别" }).click();
    await page.keyboard.type("印染");
    await page.locator(".ant-select-item-option", { hasText: "印染" }).first().click();
    await page.keyboard.press("Escape");
    await company.getByRole("button", { name: "保存公司信息" }).click();
    await page.getByText("保存成功").first().waitFor();
    const personal = page.locator("form#personal-info");
    await personal.getByLabel("身份证号").fill("110101199003070000");
    await personal.getByRole("button", { name: "保存个人信息" }).click();
    await personal.getByText("请输入正确的身份证号码").waitFor();
    await personal.getByLabel("身份证号").fill("11010519491231002X");
    await personal.getByRole("button", { name: "保存个人信息" }).click();
    await expect.poll(() => personal.getByText("请输入正确的身份证号码").count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/setting-auth.png`, fullPage: true });

    // Change password: SMS step, then the new password with the checklist; the old session is rejected.
    const oldToken = await tokenOf(context);
    expect(oldToken).toBeTruthy();
    expect(await userInfoCode(page, oldToken!)).toBe(10000);
    await page.getByRole("tab", { name: "修改密码" }).click();
    await page.getByRole("button", { name: "修改密码" }).click();
    const pwDialog = page.getByRole("dialog", { name: "修改密码" });
    await pwDialog.waitFor();
    const pwCode = await sendAndReadCode(page, pwDialog, phone);
    await pwDialog.getByLabel("验证码").fill(pwCode);
    await pwDialog.getByRole("button", { name: "下一步" }).click();
    // A pasted 17-character password is refused with the policy message, not cut to 14 and saved.
    await expectTooLongRefused(page, pwDialog.getByLabel("新密码", { exact: true }), pwDialog);
    await pwDialog.getByLabel("新密码", { exact: true }).fill("Changed#2025");
    await pwDialog.getByLabel("重复新密码").fill("Changed#2026");
    await pwDialog.getByRole("button", { name: "确定修改" }).click();
    await pwDialog.getByText("两次输入的密码不一致").waitFor();
    await pwDialog.getByLabel("重复新密码").fill("Changed#2025");
    await page.screenshot({ path: `${SHOTS}/setting-change-password.png` });
    await pwDialog.getByRole("button", { name: "确定修改" }).click();
    await toast(page, "修改成功，请重新登录");
    await page.waitForURL((u) => u.pathname === "/login");
    expect(SESSION_EXPIRY).toContain(await userInfoCode(page, oldToken!));

    // Log in by SMS.
    const again = loginDialog(page);
    await again.waitFor();
    await again.getByLabel("手机号").fill(phone);
    const loginCode = await sendAndReadCode(page, again, phone);
    await again.getByLabel("验证码").fill(loginCode);
    await again.getByLabel("验证码").press("Enter");
    await page.waitForURL((u) => u.pathname === "/homePage");
    await expect.poll(() => page.locator(".user-menu__name").textContent()).toBe("节能达人");
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await context.close();
  });
});

/** Issue 14 item 5: an account made by a first third-party sign-in holds the new-user coupon the payment dialog offers. */
async function expectNewUserCoupon(context: BrowserContext) {
  const coupons = await contextApi<{ COUPON_NAME: string; count: number; expiresAt: number }[]>(context, "/api/coupon/selectUserCoupons?productId=1");
  expect(coupons.data).toEqual([expect.objectContaining({ COUPON_NAME: "新用户报告抵用券", count: 1, expiresAt: expect.any(Number) })]);
}

describe("third-party sign-in", () => {
  it("signs in with QQ through the dev provider, binds a phone, then unbinds QQ in settings", { timeout: 180_000 }, async () => {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const { page, context, problems } = await openPage(browser, "/login?login=1");
    const dialog = loginDialog(page);
    await dialog.waitFor();
    const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: "QQ登录" }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain("/auth/dev-oauth/qq/oauth2.0/authorize");
    await popup.locator("#create input[name=nickname]").fill("小青");
    await Promise.all([popup.waitForEvent("close"), popup.locator("#create").getByRole("button", { name: "创建并授权" }).click()]);
    // The opener polls every second, posts bind-login and sends an unknown identity to phoneValid.
    await page.waitForURL((u) => u.pathname === "/phoneValid" && u.searchParams.get("bindType") === "qq");
    await page.getByRole("heading", { name: "验证成功" }).waitFor();
    await page.getByText("小青").waitFor();
    await bindPhoneOnPhoneValid(page, phone);
    await expectNewUserCoupon(context);

    // Settings → bound accounts: QQ is bound; unbind with confirmation.
    await page.goto(`${baseUrl()}/setting`, { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: "账号绑定" }).click();
    const qq = page.locator('[data-bind="QQ"]');
    await qq.getByText("已绑定：小青").waitFor();
    await page.screenshot({ path: `${SHOTS}/setting-bind.png`, fullPage: true });
    await qq.getByRole("button", { name: two("解绑") }).click();
    await page.getByText("确定解绑吗？").waitFor();
    await page.locator(".ant-popconfirm").getByRole("button", { name: two("确定") }).click();
    await toast(page, "解绑成功");
    await qq.getByText("未绑定").waitFor();

    // Bind WeChat from settings through the popup.
    const wechat = page.locator('[data-bind="WECHAT_OPEN"]');
    const [wx] = await Promise.all([page.waitForEvent("popup"), wechat.getByRole("button", { name: two("绑定") }).click()]);
    await wx.waitForLoadState();
    await wx.locator("#create input[name=nickname]").fill("微微");
    await Promise.all([wx.waitForEvent("close"), wx.locator("#create").getByRole("button", { name: "创建并授权" }).click()]);
    await wechat.getByText("已绑定：微微").waitFor();
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await context.close();
  });

  it("signs in with WeChat from the QR iframe: 模拟扫码确认 → /weixinlogin → phoneValid → /login; the same WeChat then logs straight in", { timeout: 120_000 }, async () => {
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const { page, context, problems } = await openPage(browser, "/energySavingQA");
    await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).click();
    const dialog = loginDialog(page);
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "微信登录" }).click();
    const panel = dialog.locator(".wechat-qr__code").frameLocator("iframe");
    await panel.getByRole("button", { name: "模拟扫码确认" }).click();
    // self_redirect=false: WeChat sends the top window to /weixinlogin, which posts bind-login itself.
    await page.waitForURL((u) => u.pathname === "/phoneValid" && u.searchParams.get("bindType") === "wechat");
    await page.getByText("微信授权成功，请绑定手机号完成登录").waitFor();
    await page.getByText("微信扫码用户").waitFor();
    await bindPhoneOnPhoneValid(page, phone);
    await expectNewUserCoupon(context);

    // Signed out, the same WeChat account logs straight in and returns to the page the dialog was opened on.
    await logoutViaMenu(page);
    await page.goto(`${baseUrl()}/energySavingQA`, { waitUntil: "networkidle" });
    await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "微信登录" }).click();
    const again = dialog.locator(".wechat-qr__code").frameLocator("iframe");
    // The fake WeChat person created by the first scan (the panel lists them oldest first).
    const person = again.locator("select[name=open_id] option").filter({ hasText: "微信扫码用户" }).last();
    await person.waitFor({ state: "attached" });
    await again.locator("select[name=open_id]").selectOption((await person.getAttribute("value"))!);
    await again.getByRole("button", { name: "模拟扫码确认" }).click();
    await toast(page, "登录成功");
    await page.waitForURL((u) => u.pathname === "/energySavingQA");
    await page.locator(".user-menu").waitFor();
    expect(problems.filter((p) => !/status of 4\d\d/.test(p))).toEqual([]);
    await context.close();
  });
});

describe("issue 14: unregistered phones, one password policy, user names with digits", () => {
  it("SMS login with a phone that has no account says so beside the field and offers 注册 with the phone filled in", { timeout: 120_000 }, async () => {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const { page, context, problems } = await openPage(browser, "/login", CHINA);
    const dialog = await openDialogFromHeader(page);
    await dialog.getByLabel("手机号").fill(phone);
    const send = dialog.getByRole("button", { name: "获取验证码" });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    const notice = dialog.getByTestId("not-registered");
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toBe("该手机号未注册，请先注册");
    // No 发送验证码成功, no countdown, nothing in the outbox.
    await expect(dialog.getByText(/\d+秒后重新获取/).count()).resolves.toBe(0);
    const outbox = (await (await page.request.get(`${baseUrl()}/api/dev/sms-outbox?phone=${phone}`)).json()) as { data: unknown[] };
    expect(outbox.data).toEqual([]);
    const seen = await page.evaluate(() => sessionStorage.getItem("__e2e_toasts") ?? "[]");
    expect(seen).not.toContain("发送验证码成功");
    await page.screenshot({ path: `${SHOTS}/sms-login-unregistered.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Logging in anyway says the same (never 验证码错误).
    await dialog.getByLabel("验证码").fill("123456");
    await dialog.getByRole("button", { name: two("登录") }).click();
    await toast(page, "该手机号未注册，请先注册");
    await expect(dialog.getByText("验证码错误").count()).resolves.toBe(0);

    // Editing the phone hides the notice; 注册 opens the register page with the phone filled in.
    await dialog.getByLabel("手机号").fill("13800000001");
    await expect.poll(() => notice.count()).toBe(0);
    await dialog.getByLabel("手机号").fill(phone);
    await send.click();
    await notice.waitFor();
    await notice.getByRole("link", { name: "注册" }).click();
    await page.waitForURL((u) => u.pathname === "/register");
    expect(new URL(page.url()).searchParams.get("phone")).toBe(phone);
    await expect(page.locator("form#register").getByLabel("手机号").inputValue()).resolves.toBe(phone);
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await context.close();

    // On a phone: /loginMobile says the same and 注册 leads to /registerMobile with the phone.
    const mobile = await openPage(browser, "/loginMobile", { ...CHINA, ...MOBILE });
    const form = mobile.page.locator("form#m-sms-login");
    await form.getByLabel("手机号").fill(phone);
    await expect.poll(() => form.getByRole("button", { name: "获取验证码" }).isEnabled()).toBe(true);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByTestId("not-registered").getByRole("link", { name: "注册" }).click();
    await mobile.page.waitForURL((u) => u.pathname === "/registerMobile");
    await expect(mobile.page.locator("form#register").getByLabel("手机号").inputValue()).resolves.toBe(phone);
    await mobile.page.screenshot({ path: `${SHOTS}/register-mobile-prefilled.png` });
    expect(mobile.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await mobile.context.close();
  });

  it("registers a user name with digits and refuses weak passwords with the API's own words", { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(browser, "/register", CHINA);
    const form = page.locator("form#register");
    const userName = form.getByRole("textbox", { name: /^用户名/ });
    await userName.fill("13912345678");
    await userName.blur();
    await form.getByText("用户名不能为纯数字").waitFor();
    await userName.fill("张三2024");
    await userName.blur();
    await expect.poll(() => form.getByText("用户名不能为纯数字").count()).toBe(0);
    await expect(form.getByText("请输入正确的用户名格式").count()).resolves.toBe(0);

    const password = form.getByLabel("密码", { exact: true });
    for (const weak of ["abc123", "abcdefgh", "12345678"]) {
      await password.fill(weak);
      await password.blur();
      const api = await page.request.post(`${baseUrl()}/api/user/register`, {
        data: { userName: "张三2024", password: weak, phone: "13912345678", authCode: "123456" },
        headers: { code: "energy-evaluation" },
      });
      const body = (await api.json()) as { code: number; msg: string };
      expect(body.code).toBe(10002);
      await form.locator("#register_password_help").getByText(body.msg, { exact: true }).waitFor();
    }
    await page.screenshot({ path: `${SHOTS}/register-weak-password.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("forgot password", () => {
  it("verifies the phone, sets a new password and logs in with it", { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(browser, "/forgetPassword", CHINA);
    const verify = page.locator("form#forgot-verify");
    // Its own account (test/e2e/fixtures.ts): the demo users' passwords stay as documented for the other files.
    await verify.getByLabel("手机号").fill(FORGOT_USER.phone);
    const code = await sendAndReadCode(page, verify, FORGOT_USER.phone);
    await verify.getByLabel("验证码").fill(code);
    await verify.getByRole("button", { name: "重置密码" }).click();
    const reset = page.locator("form#forgot-reset");
    await reset.waitFor();
    // One password policy (issue 14): the reset form refuses what register and change refuse, with the same words
    // as the API (6 characters passed the old 6–16 rule).
    for (const [weak, msg] of [["abc123", "密码长度为8-14位"], ["abcdefgh", "密码需包含数字、字母、符号中的至少两种"]] as const) {
      await reset.getByLabel("新密码").fill(weak);
      await reset.getByLabel("确认密码").fill(weak);
      await reset.getByRole("button", { name: two("确定") }).click();
      await reset.getByText(msg, { exact: true }).waitFor();
      const api = await page.request.post(`${baseUrl()}/api/user/phone-change-password`, {
        data: { id: FORGOT_USER.id, password: weak, checkPass: weak, phone: FORGOT_USER.phone, authCode: code },
        headers: { code: "energy-evaluation" },
      });
      expect(await api.json()).toMatchObject({ code: 10002, msg });
    }
    // Pasted over-long: refused in the form, whole (never cut to 14), and by the API with the same words.
    await expectTooLongRefused(page, reset.getByLabel("新密码"), reset);
    await paste(page, reset.getByLabel("确认密码"), TOO_LONG);
    await reset.getByRole("button", { name: two("确定") }).click();
    await reset.getByText("密码长度为8-14位", { exact: true }).waitFor();
    const longApi = await page.request.post(`${baseUrl()}/api/user/phone-change-password`, {
      data: { id: FORGOT_USER.id, password: TOO_LONG, checkPass: TOO_LONG, phone: FORGOT_USER.phone, authCode: code },
      headers: { code: "energy-evaluation" },
    });
    expect(await longApi.json()).toMatchObject({ code: 10002, msg: "密码长度为8-14位" });
    await expect(reset.locator(".pw-checklist").count()).resolves.toBe(1);
    await reset.getByLabel("新密码").fill("Reset2025");
    await reset.getByLabel("确认密码").fill("Reset2025");
    await page.screenshot({ path: `${SHOTS}/forget-password.png` });
    await reset.getByRole("button", { name: two("确定") }).click();
    await toast(page, "修改成功");
    await page.waitForURL((u) => u.pathname === "/login");
    await loginDialog(page).waitFor();
    await passwordLogin(page, FORGOT_USER.userName, "Reset2025");
    await page.waitForURL((u) => u.pathname === "/homePage");
    await expect.poll(() => page.locator(".user-menu__name").textContent()).toBe(FORGOT_USER.name);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("book-library authorisation", () => {
  it("runs authorize → /wenkuLogin → code → token → userinfo", async () => {
    const redirectUri = "https://wenku.example.com/oauth/callback";
    const { page, context, problems } = await openPage(browser, "/homePage");
    let callback: URL | null = null;
    await page.route("https://wenku.example.com/**", (route) => {
      callback = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>wenku</title>ok" });
    });
    await page.goto(`${baseUrl()}/auth/wenku/authorize?response_type=code&client_id=wenku&redirect_uri=${encodeURIComponent(redirectUri)}&state=s123`, { waitUntil: "networkidle" });
    expect(new URL(page.url()).pathname).toBe("/wenkuLogin");
    await page.getByText("双碳书库").first().waitFor();
    for (const p of ["获取你的昵称", "获取你的头像", "获取你的性别"]) await page.getByText(p).waitFor();
    await page.screenshot({ path: `${SHOTS}/wenku-login.png` });
    const form = page.locator("form#wenku-pwd-login");
    await form.getByLabel("用户名", { exact: true }).fill("lisi");
    await form.getByLabel("密码", { exact: true }).fill("Lisi@2024");
    await form.getByRole("button", { name: "授权并登录" }).click();
    await expect.poll(() => callback?.searchParams.get("code") ?? null).not.toBeNull();
    expect(callback!.searchParams.get("state")).toBe("s123");
    const token = await page.request.post(`${baseUrl()}/auth/wenku/token`, {
      form: { grant_type: "authorization_code", code: callback!.searchParams.get("code")!, redirect_uri: redirectUri, client_id: "wenku", client_secret: "wenku-dev-secret-0123456789abcdef" },
    });
    expect(token.status()).toBe(200);
    const { access_token, token_type } = (await token.json()) as { access_token: string; token_type: string };
    expect(token_type).toBe("Bearer");
    const info = await page.request.get(`${baseUrl()}/auth/wenku/userinfo`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(info.status()).toBe(200);
    await expect(info.json()).resolves.toMatchObject({ nickname: "李经理" });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("pages and guards", () => {
  it("keeps /setting, /homeUser and /loginUser for logged-in users and shows the user centre", async () => {
    const { page, context } = await openPage(browser, "/setting");
    expect(new URL(page.url()).pathname).toBe("/homePage");
    await page.goto(`${baseUrl()}/homeUser`);
    expect(new URL(page.url()).pathname).toBe("/homePage");
    // Log in by password through the dialog, then open the user centre.
    await page.goto(`${baseUrl()}/login?login=1&redirectTo=${encodeURIComponent("/homeUser")}`, { waitUntil: "networkidle" });
    await passwordLogin(page, "demo", "Demo1234");
    await page.waitForURL((u) => u.pathname === "/homeUser");
    await page.getByRole("heading", { level: 1, name: "演示用户" }).waitFor();
    await expect(page.getByRole("link", { name: /我的评估与报告/ }).getAttribute("href")).resolves.toBe("/workbench");
    await expect(page.getByRole("link", { name: /我的提问/ }).getAttribute("href")).resolves.toBe("/personal/question");
    await page.locator("form#basic-info").waitFor();
    await page.screenshot({ path: `${SHOTS}/home-user.png`, fullPage: true });
    await page.goto(`${baseUrl()}/loginUser`, { waitUntil: "networkidle" });
    await page.locator("form#basic-info").waitFor();
    await page.goto(`${baseUrl()}/personal/settings`, { waitUntil: "networkidle" });
    await page.locator("form#basic-info").waitFor();
    await context.close();
  });

  it("lists sent codes on the local /dev/sms page and serves the mobile pages", async () => {
    const { page, context } = await openPage(browser, "/dev/sms?phone=13800000001");
    await page.getByRole("heading", { name: "短信发件箱（本地开发）" }).waitFor();
    await expect(page.locator(".dev-sms__code").count()).resolves.toBeGreaterThan(0);
    await page.goto(`${baseUrl()}/loginMobile`, { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: "短信登录" }).waitFor();
    await page.goto(`${baseUrl()}/registerMobile`, { waitUntil: "networkidle" });
    await page.locator("form#register").waitFor();
    await context.close();
    const visitor = await openPage(browser, "/personal/settings");
    await visitor.page.getByText("登录后即可管理个人设置").waitFor();
    await visitor.context.close();
  });
});
