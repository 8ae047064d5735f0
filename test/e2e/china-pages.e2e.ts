// Issue 14 item 1, for every page: each page of the site (taken from app/routes, so a page added later is walked
// too; the operator console has its own walk in admin.e2e.ts) opened by a user in Asia/Shanghai with zh-CN, at
// 1366×900 and on a phone, as a visitor and as a user whose data was written late in the UTC evening (so server
// UTC and browser UTC+8 would render different days). Every page must hydrate without a warning (browser.ts checks
// after each test), log no console error, keep its screen-reader text hidden (，1 条未读消息 in the header) and keep
// the server's inline critical CSS, and show axe no serious or critical finding (issue 23). The three survey forms are walked page by page with a date answered.
// Run: E2E_PORT=8814 npx vitest run --config vitest.e2e.config.ts test/e2e/china-pages.e2e.ts
import { readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { apiLogin, baseUrl, contextApi, launch, MOBILE, newContext, seriousA11yViolations, type AxeViolation } from "./browser";
import { TZ_WALK_USER } from "./fixtures";
import { chinaDateTime } from "../../workers/lib/china-time";
import { api, createFilledSurvey, generateAndWait } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";
import { saveAndGenerate } from "./workbench-helpers";

/** Every non-admin page without a URL parameter, from the route files (resource routes such as robots.txt excluded). */
const PAGES = readdirSync(fileURLToPath(new URL("../../app/routes", import.meta.url)))
  .filter((f) => f.endsWith(".tsx") && !/^admin(\.|$)/.test(f) && !f.includes("$"))
  .map((f) => "/" + f.replace(/\.tsx$/, "").replace(/(^|\.)_index$/, "").replace(/\./g, "/"))
  .sort();

/** Query strings some pages need to show their content rather than their empty state. */
const QUERY: Record<string, string> = {
  "/energySavingQA/details": "?questionId=9",
  "/answer": "?questionId=9",
  "/otherUser/list": "?userId=1007",
  "/otherUser/userList": "?userId=1007",
  "/questions": "?questionTitle=如何降低电费",
  "/personal/message": "?tab=system",
};

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";
const USER = { userName: TZ_WALK_USER.userName, password: TZ_WALK_USER.password };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Console errors and page errors of one page. A missing favicon or an expected 4xx of a probe is not a page fault. */
function track(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/favicon|Failed to load resource/.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: ${String(e)}`));
  return problems;
}

/** What a page must be once hydrated: hidden text hidden, critical CSS kept, the zone really China's. */
async function expectSound(page: Page) {
  const state = await page.evaluate(() => ({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    hydrated: !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"),
    remix: "__reactRouterContext" in window,
    criticalCss: document.getElementById("critical-css")?.textContent?.length ?? 0,
    // Screen-reader-only text that takes visible room (the "，1 条未读消息" of the issue).
    shownHidden: Array.from(document.querySelectorAll(".visually-hidden"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 1 || r.height > 1;
      })
      .map((el) => el.textContent),
  }));
  expect(state.zone).toBe("Asia/Shanghai");
  expect(state.hydrated).toBe(true);
  expect(state.shownHidden).toEqual([]);
  // Remix pages render with the server's critical CSS; a root that fell back to client rendering dropped it.
  if (state.remix) expect(state.criticalCss).toBeGreaterThan(1000);
}

async function walk(context: BrowserContext, label: string) {
  const page = await context.newPage();
  const problems = track(page);
  const visited: string[] = [];
  // Issue 23 item 6: any serious or critical axe finding on any page fails the walk; all of them are collected
  // first, so one run names every page's findings rather than the first.
  const a11y: { path: string; violations: AxeViolation[] }[] = [];
  for (const path of PAGES) {
    await page.goto(baseUrl() + path + (QUERY[path] ?? ""), { waitUntil: "networkidle" });
    await expectSound(page);
    const violations = await seriousA11yViolations(page);
    if (violations.length) a11y.push({ path, violations });
    visited.push(path);
    if (process.env.E2E_SHOTS_ALL) await page.screenshot({ path: `${SHOTS}/china-${label}${path.replace(/\//g, "_")}.png` });
  }
  expect(visited).toEqual(PAGES);
  expect(a11y, `serious/critical axe findings, ${label}`).toEqual([]);
  expect(problems).toEqual([]);
  await page.close();
}

describe("every page in China time (issue 14 item 1)", () => {
  it("the walk covers the pages of the issue", () => {
    for (const p of ["/workbench", "/homePage", "/personal/settings", "/energySavingQA", "/payment", "/tradeResult"]) expect(PAGES).toContain(p);
    expect(PAGES.length).toBeGreaterThan(30);
  });

  for (const [label, options] of [
    ["desktop", { viewport: { width: 1366, height: 900 } }],
    ["phone", MOBILE],
  ] as const) {
    it(`a visitor, ${label}`, async () => {
      const context = await newContext(browser, options);
      await walk(context, `visitor-${label}`);
      await context.close();
    }, 420_000);

    it(`a logged-in user with UTC-evening data, ${label}`, async () => {
      const context = await newContext(browser, options);
      await apiLogin(context, USER);
      await walk(context, `user-${label}`);
      await context.close();
    }, 420_000);
  }

  it("each card's survey form, page by page, with a date answered, desktop and phone", async () => {
    for (const options of [{ viewport: { width: 1366, height: 900 } }, MOBILE]) {
      const context = await newContext(browser, options);
      await apiLogin(context, USER);
      const page = await context.newPage();
      const problems = track(page);
      for (const type of [1, 2, 3]) {
        const created = await contextApi<{ id: number }>(context, "/api/surveyInfo/addInfo", { type });
        expect(created.code).toBe(10000);
        const id = created.data.id;
        // A date answer, stored as text: rendered the same on both sides.
        const info = await contextApi<{ pageList: { pageName: string; input: { groups: { questions: { id: number; questionType: string }[] }[] }[] }[] }>(context, "/api/surveyInfo/info", { id });
        const dates = info.data.pageList.flatMap((p) => p.input.flatMap((m) => m.groups.flatMap((g) => g.questions))).filter((q) => q.questionType === "date");
        for (const q of dates) {
          expect((await contextApi(context, "/api/surveyInfo/answer/save", { id, answerId: q.id, indexNo: 0, optionContent: "2026-11-21" })).code).toBe(10000);
        }
        // Every page of the form, opened where the user "left" it (the remembered page), each hydrated in China time.
        for (let n = 0; n < info.data.pageList.length; n++) {
          await page.goto(`${baseUrl()}/homePage`);
          await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [`wb-page:${id}`, String(n)] as const);
          await page.goto(`${baseUrl()}/workbench?type=${type}&id=${id}`, { waitUntil: "networkidle" });
          await page.locator(".wb-form__title").waitFor();
          await expect(page.locator(".wb-steps .ant-steps-item-process, .wb-steps .ant-steps-item-active").first().textContent()).resolves.toContain(
            info.data.pageList[n]!.pageName,
          );
          await expectSound(page);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 240_000);
});

// Issue 14 on a phone: the workbench form had the 260 px tree beside it and was left about 80 px wide (one character
// per line); the list's seven columns likewise. Invalid values are refused beside the field there too.
describe("the workbench on a phone", () => {
  it("form fields take the screen's width, the tree steps aside, the list keeps four columns, messages stand beside their fields", async () => {
    const context = await newContext(browser, MOBILE);
    await apiLogin(context, USER);
    const page = await context.newPage();
    const problems = track(page);
    const created = await contextApi<{ id: number }>(context, "/api/surveyInfo/addInfo", { type: 1 });
    const id = created.data.id;
    const info = await contextApi<{ pageList: { input: { groups: { questions: { id: number; key: string }[] }[] }[] }[] }>(context, "/api/surveyInfo/info", { id });
    const ids = new Map(info.data.pageList.flatMap((p) => p.input.flatMap((m) => m.groups.flatMap((g) => g.questions.map((q) => [q.key, q.id] as const)))));
    const field = (key: string) => `[data-field="${ids.get(key)}:0"]`;
    // Straight to the motor page (the form reopens on the page left).
    await page.goto(`${baseUrl()}/homePage`);
    await page.evaluate((key) => window.localStorage.setItem(key, "2"), `wb-page:${id}`);
    await page.goto(`${baseUrl()}/workbench?type=1&id=${id}`, { waitUntil: "networkidle" });
    const quantity = page.locator(`${field("motor_quantity")} input`);
    await quantity.waitFor();
    await expect(page.locator(".wb-aside").isVisible()).resolves.toBe(false);
    const width = (await quantity.boundingBox())!.width;
    expect(width).toBeGreaterThan(MOBILE.viewport.width * 0.7);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(MOBILE.viewport.width);
    await quantity.fill("YE3-132M-4");
    await quantity.blur();
    const msg = page.locator(`${field("motor_quantity")} .wb-field__msg`);
    await expect(msg.textContent()).resolves.toBe("同型号台数应为数字，当前填写为“YE3-132M-4”");
    // Beside the field: right under its input, as wide as the column.
    const [inputBox, msgBox] = [(await quantity.boundingBox())!, (await msg.boundingBox())!];
    expect(msgBox.y - (inputBox.y + inputBox.height)).toBeLessThan(24);
    await page.screenshot({ path: `${SHOTS}/workbench-phone-form.png` });
    // The header's tools keep their names for screen readers while showing icons only.
    await expect(page.getByRole("link", { name: "能源驿站" }).count()).resolves.toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 保存并生成报告 on a blank survey: the sticky 待修正 list names every blank field; an item jumps to its page and
    // field, and the list stays in view while the page scrolls under it.
    await page.evaluate((key) => window.localStorage.setItem(key, "3"), `wb-page:${id}`);
    await page.reload({ waitUntil: "networkidle" });
    await saveAndGenerate(page);
    const list = page.locator(".wb-fixlist");
    await expect.poll(() => list.locator(".wb-fixlist__head").textContent()).toMatch(/^待修正 \d+ 项$/);
    await list.getByRole("button", { name: /第1台电机「额定转速/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[data-field]")?.getAttribute("data-field"))).toBe(`${ids.get("motor_rated_speed_rpm")}:0`);
    await expect(page.locator(`${field("motor_rated_speed_rpm")} .wb-field__msg`).textContent()).resolves.toBe("此项为必填项");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await list.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    expect((await list.boundingBox())!.y).toBeLessThan(MOBILE.viewport.height / 4);
    await page.screenshot({ path: `${SHOTS}/workbench-phone-fixlist.png` });

    await page.goto(`${baseUrl()}/workbench?type=1`, { waitUntil: "networkidle" });
    await page.locator(".wb-list__row").first().waitFor();
    await expect.poll(() => page.locator(".wb-list thead th").allTextContents()).toEqual(["调查表名称", "最后修改", "报告状态", "操作"]);
    await expect(page.locator(".wb-aside").isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(MOBILE.viewport.width);
    await page.screenshot({ path: `${SHOTS}/workbench-phone-list.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

// Issue 14 items 4 and 6 as a user in Asia/Shanghai sees them (their other parts: spreadsheets.e2e.ts, qa.e2e.ts).
describe("an imported copy and natural-phrase search, in China time", () => {
  it("an import of an existing survey's workbook is previewed and named with its import time in China time; the tree shows the whole name on hover", async () => {
    const context = await newContext(browser);
    await apiLogin(context, USER);
    const title = `复制命名${Date.now() % 100_000}`;
    const { data: created } = await contextApi<{ id: number }>(context, "/api/surveyInfo/addInfo", { type: 1 });
    expect((await contextApi(context, "/api/surveyInfo/title/save", { id: created.id, title })).code).toBe(10000);
    const info = await contextApi<{ pageList: { input: { groups: { questions: { id: number; key: string }[] }[] }[] }[] }>(context, "/api/surveyInfo/info", { id: created.id });
    const company = info.data.pageList.flatMap((p) => p.input.flatMap((m) => m.groups.flatMap((g) => g.questions))).find((q) => q.key === "company_name")!;
    await contextApi(context, "/api/surveyInfo/answer/save", { id: created.id, answerId: company.id, indexNo: 0, optionContent: "苏州某印染有限公司" });
    const exported = await contextApi<string>(context, "/api/execl/survey/export", { id: created.id, type: 1 });
    expect(exported.code).toBe(10000);
    const file = `${SHOTS}/china-copy.xlsx`;
    writeFileSync(file, await (await context.request.get(baseUrl() + exported.data)).body());

    const page = await context.newPage();
    const problems = track(page);
    await page.goto(`${baseUrl()}/workbench?type=1`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /新建/ }).click();
    await page.getByRole("menuitem", { name: "导入调查表" }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "导入调查表" });
    await dialog.locator("input[type=file]").setInputFiles(file);
    const before = Date.now();
    await dialog.getByRole("button", { name: "下一步" }).click();
    // The preview names the copy before anything is created: the same name, told apart by the China time of import.
    await dialog.getByText("校验通过，请确认导入").waitFor();
    const previewed = (await dialog.locator(".ant-descriptions").textContent()) ?? "";
    const copy = previewed.match(new RegExp(`${title}（导入 [^）]+）`))?.[0];
    const expected = [before - 60_000, before, Date.now()].map((t) => `${title}（导入 ${chinaDateTime(t)}）`);
    expect(expected).toContain(copy);
    await dialog.getByRole("button", { name: "确认导入" }).click();
    await dialog.getByText(`已创建调查表「${copy}」`).waitFor();
    await dialog.getByRole("button", { name: /完\s*成/ }).click();
    await page.waitForURL(/id=\d+/);
    await expect(page.locator(".wb-form__title").inputValue()).resolves.toBe(copy);
    await page.screenshot({ path: `${SHOTS}/china-import-copy.png` });
    // The tree is narrower than the name: it is cut, and the whole name shows on hover.
    const node = page.locator(".wb-tree .ant-tree-title").filter({ hasText: copy! });
    const fit = await node.evaluate((el) => {
      const aside = el.closest(".wb-aside")!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return { cut: el.scrollWidth > el.clientWidth + 1, inside: box.right <= aside.right + 0.5, ellipsis: getComputedStyle(el).textOverflow };
    });
    expect(fit).toEqual({ cut: true, inside: true, ellipsis: "ellipsis" });
    await expect(page.locator(".wb-tree").getByText(copy!).getAttribute("title")).resolves.toBe(copy);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("变频器节能改造 and 如何降低电费 find questions; 如何降低电费 finds the questions about 电费", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = track(page);
    for (const phrase of ["变频器节能改造", "如何降低电费"]) {
      await page.goto(`${baseUrl()}/energySavingQA?questionTitle=${encodeURIComponent(phrase)}`, { waitUntil: "networkidle" });
      await expect(page.locator(".qa-count").textContent()).resolves.toMatch(new RegExp(`找到 [1-9]\\d* 个与“${phrase}”(相关|相近)的问题`));
    }
    // The seed's questions about 电费 (峰谷分时电价…最省电费, 基本电费按容量还是按需量…) are among the results.
    const titles = await page.locator(".qa-list > li .qa-item__title").allTextContents();
    expect(titles.filter((t) => t.includes("电费")).length).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/china-qa-bill.png` });
    expect(problems).toEqual([]);
    await context.close();
  });
});

// Issue 14 item 7: a payback below one year is said in months (it showed "0.0303 年").
describe("payback below one year", () => {
  it("the report preview shows the payback in months, in China time, and fits a phone", async () => {
    const context = await newContext(browser);
    const login = await api(baseUrl(), "/api/user/login", { type: 1, userName: USER.userName, password: USER.password });
    expect(login.code).toBe(10000);
    // Cheap retrofits (500 元 a motor or drive) against a year of savings: months, not a fraction of a year.
    const id = await createFilledSurvey(baseUrl(), login.data.token, 1, { ...motorAnswers(), quote_motor_grade1_yuan: ["500", ""], quote_vfd_yuan: ["", "500"] }, "回收期月份测试");
    const done = await generateAndWait(baseUrl(), login.data.token, id);
    expect(done.status, done.failReason ?? "").toBe(1);
    await apiLogin(context, USER);
    const page = await context.newPage();
    const problems = track(page);
    await page.goto(`${baseUrl()}/workbench?type=1&id=${id}&view=report`, { waitUntil: "networkidle" });
    const tile = page.locator(".rp-tile").filter({ hasText: "静态投资回收期" });
    await tile.waitFor();
    const value = (await tile.locator(".rp-tile__value").textContent()) ?? "";
    expect(value).toMatch(/^\d+(\.\d+)? 个月$/);
    expect(Number.parseFloat(value)).toBeLessThan(12);
    await expectSound(page);
    await page.screenshot({ path: `${SHOTS}/china-payback.png` });
    // On a phone's width the preview fits the screen; the measures table scrolls sideways inside its card.
    await page.setViewportSize(MOBILE.viewport);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
    const measures = await page.locator(".rp-card .ant-table-content").evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, firstCell: el.querySelector("tbody td")!.getBoundingClientRect().width }));
    expect(measures.scrolls).toBe(true);
    expect(measures.firstCell).toBeGreaterThan(60); // 措施 was one character a line
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
