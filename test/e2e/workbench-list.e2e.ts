// The workbench list pages and searches on the server (issue 26 item 10): 45 surveys show 20 a page with the total,
// the pager and the search change ?page= / ?q= and the loader reads that page, the tree shows the same page, opening
// a survey and coming back keeps the page and the search, and 清空回收站 empties a bin the browser never saw whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { apiLogin, baseUrl, contextApi, launch, newContext, realProblems, registerFresh, seriousA11yViolations } from "./browser";

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A survey on the motor card with a title, through the API the page itself uses. */
async function titled(context: BrowserContext, title: string): Promise<number> {
  const made = await contextApi<{ id: number }>(context, "/api/surveyInfo/addInfo", { type: 1 });
  if (made.code !== 10000) throw new Error(made.msg);
  const saved = await contextApi(context, "/api/surveyInfo/title/save", { id: made.data.id, title });
  if (saved.code !== 10000) throw new Error(saved.msg);
  return made.data.id;
}

describe("workbench list paging and search", () => {
  it("pages 45 surveys 20 at a time, searches on the server, keeps page and search across a survey, empties the bin", { timeout: 240_000 }, async () => {
    const context = await newContext(browser);
    const user = await registerFresh(context, "w", "List#2026");
    await apiLogin(context, user);
    // 巡检表01 … 巡检表45, every fifth a 空压站 one; the last titled is the newest change.
    const ids: number[] = [];
    for (let i = 1; i <= 45; i++) ids.push(await titled(context, i % 5 === 0 ? `空压站巡检${String(i).padStart(2, "0")}` : `巡检表${String(i).padStart(2, "0")}`));

    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || /hydrat/i.test(m.text())) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto(`${baseUrl()}/workbench?type=1`, { waitUntil: "networkidle" });

    const rows = page.locator(".wb-list__row");
    const titles = () => rows.locator(".wb-list__title").allTextContents();
    await expect.poll(titles).toHaveLength(20);
    expect((await titles())[0]).toBe("空压站巡检45");
    await expect(page.locator(".wb-pager__total").textContent()).resolves.toBe("共 45 个");
    // The tree shows the same page, not every survey.
    await expect(page.locator(".wb-tree .ant-tree-title span[title]").count()).resolves.toBe(20);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Page 3: the server's third page (5 rows, numbered from 41).
    await page.getByRole("navigation", { name: "调查表分页" }).getByRole("button", { name: "第 3 页" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "3");
    await expect.poll(titles).toEqual(["巡检表05", "巡检表04", "巡检表03", "巡检表02", "巡检表01"].map((t) => t.replace("巡检表05", "空压站巡检05")));
    await expect(rows.first().locator("td").first().textContent()).resolves.toBe("41");
    await page.screenshot({ path: `${SHOTS}/workbench-list-page3.png` });

    // Search: typed, then asked of the server after a pause; page 1 of the matches.
    await page.getByRole("searchbox", { name: "搜索调查表" }).fill("空压站");
    await page.waitForURL((u) => u.searchParams.get("q") === "空压站" && !u.searchParams.has("page"));
    await expect.poll(titles).toEqual([45, 40, 35, 30, 25, 20, 15, 10, 5].map((n) => `空压站巡检${String(n).padStart(2, "0")}`));
    await expect(page.locator(".wb-tree .ant-tree-title span[title]").count()).resolves.toBe(9);
    await expect(page.getByRole("searchbox", { name: "搜索目录" }).inputValue()).resolves.toBe("空压站");
    await page.screenshot({ path: `${SHOTS}/workbench-list-search.png` });

    // Open a match and come back: the search is kept.
    await rows.filter({ hasText: "空压站巡检20" }).click();
    await page.waitForURL((u) => u.searchParams.get("id") === String(ids[19]));
    await page.locator(".wb-form__title").waitFor();
    await page.locator(".wb-header button").filter({ hasText: "返回" }).click();
    await page.waitForURL((u) => !u.searchParams.has("id") && u.searchParams.get("q") === "空压站");
    await expect.poll(titles).toHaveLength(9);

    // Nothing matches: the empty text says so.
    await page.getByRole("searchbox", { name: "搜索调查表" }).fill("锅炉");
    await page.waitForURL((u) => u.searchParams.get("q") === "锅炉");
    await page.locator(".wb-list__empty").filter({ hasText: "没有名称包含该内容的调查表" }).waitFor();

    // 25 surveys to the bin (more than a page), then 清空回收站 empties all of them.
    const moved = await contextApi(context, "/api/surveyInfo/batchDelete", { ids: ids.slice(0, 25) });
    expect(moved.code).toBe(10000);
    await page.goto(`${baseUrl()}/workbench?type=1&bin=trash`, { waitUntil: "networkidle" });
    await expect.poll(titles).toHaveLength(20);
    await expect(page.locator(".wb-tree").getByText("回收站（25）").count()).resolves.toBe(1);
    await page.getByRole("button", { name: "清空回收站" }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: /清\s*空/ }).click();
    await page.locator(".wb-list__empty").filter({ hasText: "回收站为空" }).waitFor();
    await expect(page.locator(".wb-tree").getByText("回收站（0）").count()).resolves.toBe(1);
    const left = await contextApi<{ total: number }>(context, "/api/surveyInfo/page", { type: 1 });
    expect(left.data.total).toBe(20);

    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});
