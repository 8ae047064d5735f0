// Data-rights journeys (issue 17 item 2, docs/account-rights.md), as a user in China: 导出我的数据 → the queue builds
// the zip → a system message arrives (live badge) → download and unzip it; 注销账号 with the SMS code → logged out on
// every device → the old login is refused → registering the phone again is refused with the reserved-period message.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { animationsSettled, apiLogin, baseUrl, headerCount, latestCode, launch, newContext, registerFresh, toast } from "./browser";
import { DELETION_USER } from "./fixtures";
import { chinaDate } from "../../workers/lib/china-time";

const SHOTS = process.env.E2E_SHOTS ?? "/tmp/pipl-shots";
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const API_HEADERS = { code: "energy-evaluation" };

async function openRightsTab(page: Page) {
  await page.goto(`${baseUrl()}/personal/settings`, { waitUntil: "networkidle" });
  await page.getByRole("tab", { name: "数据与注销" }).click();
  await page.getByRole("heading", { name: "导出我的数据" }).waitFor();
}

function problemsOf(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return problems;
}

describe("导出我的数据", () => {
  it("export → message arrives with the live badge → download the zip", { timeout: 180_000 }, async () => {
    const context = await newContext(browser);
    const user = await registerFresh(context);
    await apiLogin(context, user);
    const page = await context.newPage();
    const problems = problemsOf(page);
    await openRightsTab(page);
    const before = await headerCount(page);
    await page.screenshot({ path: `${SHOTS}/rights-tab.png`, fullPage: true });

    await page.getByRole("button", { name: "申请导出" }).click();
    await toast(page, "已提交导出申请，生成后将通过消息通知您");
    // The queue builds it; the page looks again every 3 s and the header badge rises over the websocket.
    const table = page.getByRole("table");
    await table.getByText("可下载").waitFor({ timeout: 60_000 });
    await expect.poll(() => headerCount(page), { timeout: 15_000 }).toBe(before + 1);
    await page.screenshot({ path: `${SHOTS}/rights-export-ready.png`, fullPage: true });

    // A second request the same minute: the running one is done, so a new one is accepted; the limit message is
    // checked in the API tests. The system message carries the link.
    await page.goto(`${baseUrl()}/personal/message?tab=system`, { waitUntil: "networkidle" });
    const item = page.locator(".message-item").filter({ hasText: "您申请导出的个人数据已生成" });
    await item.waitFor();
    await page.screenshot({ path: `${SHOTS}/rights-message.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: "点击下载" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^个人数据导出-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = `${SHOTS}/export.zip`;
    await download.saveAs(file);
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
    expect(names).toEqual(expect.arrayContaining(["README.txt", "profile.json", "questions.json", "answers.json", "comments.json", "favourites.json", "follows.json", "surveys.json", "orders.json"]));
    const profile = JSON.parse(execFileSync("unzip", ["-p", file, "profile.json"], { encoding: "utf8" })) as { userName: string; phone: string };
    expect(profile).toMatchObject({ userName: user.userName, phone: user.phone });
    expect(execFileSync("unzip", ["-p", file, "README.txt"], { encoding: "utf8" })).toContain("个人数据导出说明");

    // Another user cannot use the link.
    const href = (await item.getByRole("link", { name: "点击下载" }).getAttribute("href"))!;
    const stranger = await newContext(browser);
    await apiLogin(stranger, { userName: "zhangsan", password: "Energy2024" });
    const refused = await stranger.request.get(`${baseUrl()}${href}`);
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toContain("下载链接已失效或无权访问");
    await stranger.close();

    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("注销账号", () => {
  it("SMS code → logged out everywhere → old login refused → the phone cannot register again yet", { timeout: 180_000 }, async () => {
    const context = await newContext(browser);
    // A fixture account: no code was sent to its phone in this run, so the deletion code is not held up by the
    // one-per-minute SMS limit (a fresh registration would have used the phone's minute).
    const user = DELETION_USER;
    await apiLogin(context, user);
    // A question the user asked: it stays after the deletion, under 已注销用户.
    const asked = await context.request.post(`${baseUrl()}/api/qa/question/add`, {
      data: { questionTitle: "注塑机伺服改造后节电率一般能达到多少？", questionDescription: "车间有十二台老式注塑机。", tagList: ["电机"] },
      headers: API_HEADERS,
    });
    const questionId = ((await asked.json()) as { data: { id: number } }).data.id;
    expect(questionId).toBeGreaterThan(0);
    // A second device, logged in too.
    const other = await newContext(browser);
    await apiLogin(other, user);

    const page = await context.newPage();
    const problems = problemsOf(page);
    await openRightsTab(page);
    // The notice links the privacy policy, which says what is deleted, anonymised and kept, and why.
    await page.getByLabel("注销须知").getByRole("button", { name: "《隐私协议》" }).click();
    const policy = page.getByRole("dialog", { name: "隐私协议" });
    await policy.getByRole("heading", { name: "六、注销账号" }).waitFor();
    await policy.getByText(/会计凭证保管期限为 30 年/).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/rights-privacy-policy.png` });
    await page.keyboard.press("Escape");
    await policy.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "注销账号" }).click();
    const dialog = page.getByRole("dialog", { name: "注销账号" });
    await dialog.waitFor();
    await dialog.getByText(`验证码将发送至 ${user.phone.slice(0, 3)}****${user.phone.slice(7)}`).waitFor();
    await dialog.getByRole("button", { name: "获取验证码" }).click();
    await dialog.getByText(/\d+秒后重新获取/).waitFor();
    const code = await latestCode(context, user.phone, 5);
    await dialog.getByLabel("验证码").fill(code);
    // Without ticking the notice: refused in the form.
    await dialog.getByRole("button", { name: "确认注销" }).click();
    await dialog.getByText("请勾选“我已阅读并同意注销须知”").waitFor();
    await dialog.getByRole("checkbox").check();
    await dialog.getByText("请勾选“我已阅读并同意注销须知”").waitFor({ state: "detached" });
    await page.screenshot({ path: `${SHOTS}/rights-delete-dialog.png`, fullPage: true });
    const deleted = page.waitForResponse((r) => r.url().endsWith("/api/account/delete"));
    await dialog.getByRole("button", { name: "确认注销" }).click();
    const { data: deletion } = (await (await deleted).json()) as { data: { phoneReusableAt: number } };
    // Issue 26 item 9: the one sentence every later use of the phone meets first, with the China date.
    const deletedMsg = `该手机号已注销，${chinaDate(deletion.phoneReusableAt)} 后可重新注册`;
    await toast(page, "账号已注销");
    await page.waitForURL((u) => u.pathname === "/homePage");
    await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "token")?.value ?? "").toBe("");

    // The other device's session is refused.
    const res = await other.request.post(`${baseUrl()}/api/user/user-info`, { data: {}, headers: API_HEADERS });
    expect(((await res.json()) as { code: number }).code).toBe(402);
    await other.close();

    // The old password login is refused in the login dialog.
    await page.getByRole("banner").getByRole("link", { name: "登录 / 注册" }).click();
    const login = page.getByRole("dialog", { name: "欢迎登录节能评估" });
    await login.getByRole("tab", { name: "密码登录" }).click();
    await login.getByLabel("用户名", { exact: true }).fill(user.userName);
    await login.getByLabel("密码", { exact: true }).fill(user.password);
    await login.getByLabel("密码", { exact: true }).press("Enter");
    await toast(page, "用户名或密码错误");

    // SMS login with the phone: 获取验证码 says it was deleted and when it can register again — not 未注册 with 注册.
    await login.getByRole("tab", { name: "短信登录" }).click();
    await login.getByLabel("手机号").fill(user.phone);
    await login.getByRole("button", { name: "获取验证码" }).click();
    await toast(page, deletedMsg);
    expect(await login.getByTestId("not-registered").count()).toBe(0);
    expect(await login.getByText(/\d+秒后重新获取/).count()).toBe(0);
    await page.keyboard.press("Escape");

    // The question is still there; its author shows as 已注销用户, with no profile to open.
    await page.goto(`${baseUrl()}/energySavingQA/details?questionId=${questionId}`, { waitUntil: "networkidle" });
    await page.getByText("提问者：已注销用户").waitFor();
    expect(await page.getByText(user.userName).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/rights-question-after-deletion.png` });

    // Registering the phone again: the code is refused with the same sentence.
    await page.goto(`${baseUrl()}/register`, { waitUntil: "networkidle" });
    const form = page.locator("form#register");
    await form.getByLabel("手机号").fill(user.phone);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await page.locator(".ant-message-notice").filter({ hasText: deletedMsg }).waitFor();
    await animationsSettled(page); // the notice has slid in
    await page.screenshot({ path: `${SHOTS}/rights-register-refused.png` });
    await toast(page, deletedMsg);

    expect(problems).toEqual([]);
    await context.close();
  });
});
