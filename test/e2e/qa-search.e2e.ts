// Search journeys (issue 24): a visitor types a question the way users ask it and the answering question is first;
// an operator adds, edits and deletes a search synonym in /admin/synonyms and the search results follow at once.
// Screenshots in /tmp/qa-search-shots (or E2E_SHOTS).
// Run: E2E_PORT=8825 npx vitest run --config vitest.e2e.config.ts test/e2e/qa-search.e2e.ts
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, openPage, seriousA11yViolations, session, toast } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { ADMIN_MSG } from "../../workers/contract/admin-constants";
import { SEARCH_PHRASES } from "../relevance/search-phrases";

const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
const SHOTS = process.env.E2E_SHOTS ?? "/tmp/qa-search-shots";
mkdirSync(SHOTS, { recursive: true });
/** Seeded question 5: answers 空压机漏气怎么检测 through the synonyms 空压机 = 压缩空气, 漏气 = 泄漏, 检测 = 测. */
const LEAK_TITLE = "压缩空气泄漏率怎么测？一般工厂能漏多少？";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const firstResultTitle = (page: Page) => page.locator(".qa-list > li").first().locator("a").first().textContent();
/** The first five results' titles (success@5, as the relevance set counts it). */
const topFiveTitles = (page: Page) => page.locator(".qa-list > li").evaluateAll((items) => items.slice(0, 5).map((li) => li.querySelector("a")?.textContent ?? ""));

/** Search from the box on /energySavingQA as a user does: type, Enter, wait for the results page. */
async function searchAs(page: Page, words: string) {
  const box = page.getByRole("combobox", { name: "搜索问题" });
  await box.fill("");
  await box.pressSequentially(words, { delay: 20 });
  await box.press("Enter");
  await page.waitForURL((u) => u.searchParams.get("questionTitle") === words);
  await page.locator(".qa-count").waitFor();
}

describe("search as users type", () => {
  it("空压机漏气怎么检测 finds 压缩空气泄漏率怎么测？ first", async () => {
    const { page, context, problems } = await openPage(browser, "/energySavingQA");
    await searchAs(page, "空压机漏气怎么检测");
    await expect.poll(() => firstResultTitle(page), { timeout: 15_000 }).toBe(LEAK_TITLE);
    // The synonyms the query matched through are highlighted in the answering title.
    const marks = (await page.locator(".qa-list > li").first().locator("em").allTextContents()).join(" ");
    expect(marks).toContain("压缩空气");
    expect(marks).toContain("泄漏");
    await page.screenshot({ path: `${SHOTS}/search-leak.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("a goal word no question holds with the subject", () => {
  it("导热油炉怎么节能 offers the 导热油炉 question as a near match", async () => {
    const { page, context, problems } = await openPage(browser, "/energySavingQA");
    await searchAs(page, "导热油炉怎么节能");
    await expect.poll(() => firstResultTitle(page), { timeout: 15_000 }).toBe("导热油炉效率低，有哪些改进办法？");
    await expect(page.locator(".qa-count").textContent()).resolves.toMatch(/^没有同时包含全部关键词的问题，为你找到 [\d,]+\+? 个与“导热油炉怎么节能”相近的问题$/);
    await page.screenshot({ path: `${SHOTS}/search-goal-word.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

/**
 * The phrases (test/relevance/search-phrases.ts) each find their answering seeded question first. Other journeys may
 * have run first on this database and added newer questions sharing words with them (峰谷电价, 变频, 空压机 …);
 * test/api/qa-search-journeys.test.ts checks the ranking with all of those present, so the order of files does not matter.
 */
describe("natural phrases in the search box", () => {
  it("each finds its answering question first", async () => {
    const { page, context, problems } = await openPage(browser, "/energySavingQA");
    for (const { phrase, title } of SEARCH_PHRASES) {
      await searchAs(page, phrase);
      await expect.poll(() => firstResultTitle(page), { timeout: 15_000, message: phrase }).toBe(title);
      await expect(page.locator(".qa-count").textContent()).resolves.toMatch(/找到 [\d,]+\+? 个与/);
    }
    await page.screenshot({ path: `${SHOTS}/search-phrases.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("search synonyms in /admin/synonyms", () => {
  it("the operator adds, edits and deletes a group; the search follows each change", async () => {
    // A made-up word no question holds, so the journey changes nothing else's results.
    const word = `kyj${Math.random().toString(36).slice(2, 7)}`;
    const query = `${word} 漏气`;
    const visitor = await openPage(browser, "/energySavingQA");
    await searchAs(visitor.page, query);
    await expect(visitor.page.locator(".qa-count").textContent()).resolves.toContain("找到 0 个");

    const operator = await session(browser, ADMIN);
    await operator.page.goto(`${baseUrl()}/admin/synonyms`, { waitUntil: "networkidle" });
    await expect(operator.page.getByRole("heading", { level: 1, name: "搜索同义词" }).count()).resolves.toBe(1);
    await expect(operator.page.getByRole("navigation", { name: "运营后台" }).getByRole("link", { name: "搜索同义词" }).getAttribute("aria-current")).resolves.toBe("page");
    // Add: a group of one word is refused with the API's message; two words are saved.
    await operator.page.getByLabel("新同义词组").fill(word);
    await operator.page.getByRole("button", { name: /^添\s*加$/ }).click();
    await toast(operator.page, ADMIN_MSG.synonymTooFew);
    await operator.page.getByLabel("新同义词组").fill(`${word} 压缩空气`);
    await operator.page.getByRole("button", { name: /^添\s*加$/ }).click();
    await toast(operator.page, ADMIN_MSG.synonymSaved);
    const row = operator.page.locator("tbody tr", { hasText: word });
    await row.waitFor();
    await operator.page.screenshot({ path: `${SHOTS}/admin-synonyms.png`, fullPage: true });
    expect(await seriousA11yViolations(operator.page)).toEqual([]);

    // The visitor's same search now finds the leak question through the new word.
    await visitor.page.reload({ waitUntil: "networkidle" });
    // In the top five: other journeys on the same server ask newer questions about 空压机 leaks.
    await expect.poll(() => topFiveTitles(visitor.page), { timeout: 15_000 }).toContain(LEAK_TITLE);

    // Edit: the word now means another made-up word no question holds, so the leak question no longer matches it
    // and nothing else can (a real word such as 变频器 may sit in an answer another journey wrote on that question).
    const other = `bpq${Math.random().toString(36).slice(2, 7)}`;
    await row.getByRole("button", { name: /^修\s*改$/ }).click();
    const input = operator.page.getByLabel(`修改同义词组“${word} 压缩空气”`);
    await input.fill(`${word} ${other}`);
    await operator.page.getByRole("button", { name: /^保\s*存$/ }).click();
    await toast(operator.page, ADMIN_MSG.synonymSaved);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(`${word} ${other}`);
    await visitor.page.reload({ waitUntil: "networkidle" });
    await expect(visitor.page.locator(".qa-count").textContent()).resolves.toContain("找到 0 个");

    // Delete: the group is gone from the list and from the search.
    await row.getByRole("button", { name: /^删\s*除$/ }).click();
    await operator.page.locator(".ant-popconfirm").getByRole("button", { name: /^删\s*除$/ }).click();
    await toast(operator.page, ADMIN_MSG.synonymRemoved);
    await expect.poll(() => operator.page.locator("tbody tr", { hasText: word }).count(), { timeout: 15_000 }).toBe(0);
    await searchAs(visitor.page, word);
    await expect(visitor.page.locator(".qa-count").textContent()).resolves.toContain("找到 0 个");

    expect(visitor.problems).toEqual([]);
    expect(operator.problems).toEqual([]);
    await visitor.context.close();
    await operator.context.close();
  });
});
