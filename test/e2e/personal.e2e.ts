// Personal centre journeys with two users: B answers A's question and follows A → A's badge rises live without a
// reload → A opens messages, rests the pointer 5 s on an item, the counts fall; favourites into a new category; the
// other user's page; the robot assistant. Run: E2E_PORT=8814 npx vitest run --config vitest.e2e.config.ts test/e2e/personal.e2e.ts
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiLogin, baseUrl, channelReady, DEMO_USERS, type Envelope, headerCount, launch, MOBILE, openPage, seriousA11yViolations, userPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Call our API from the page (same origin, the session cookie travels). */
async function api<T = unknown>(page: Page, path: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", code: "energy-evaluation" },
        credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { path, body },
  ) as Promise<Envelope<T>>;
}

async function waitFor(check: () => Promise<boolean>, timeout = 20_000) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

const tabCount = async (page: Page, tab: string) => Number((await page.locator(`a[data-tab="${tab}"] .visually-hidden`).textContent())?.match(/(\d+)/)?.[1] ?? NaN);

describe("messages, favourites, other users and the robot", () => {
  it("runs the two-user journey", async () => {
    const a = await openPage(browser, "/homePage");
    const b = await openPage(browser, "/homePage");
    const userA = await apiLogin(a.context, DEMO_USERS.demo);
    const userB = await apiLogin(b.context, DEMO_USERS.lisi);
    const title = `车间空压机夜间泄漏怎么查 ${Date.now() % 100000}`;
    const asked = await api<{ id: number }>(a.page, "/api/qa/question/add", { questionTitle: title, questionDescription: "夜里停产时压力也在掉。" });
    expect(asked.code, asked.msg).toBe(10000);

    // A sits on a personal page with the header badge and its websocket.
    const questionPageSocket = channelReady(a.page);
    await a.page.goto(baseUrl() + "/personal/question", { waitUntil: "networkidle" });
    await expect(a.page.getByRole("heading", { level: 1, name: "演示用户" }).count()).resolves.toBe(1);
    await expect(a.page.getByRole("link", { name: title }).count()).resolves.toBe(1);
    const before = await headerCount(a.page);
    await questionPageSocket;

    // B answers and follows A.
    const answered = await api<{ id: number }>(b.page, "/api/qa/answer/add", { questionId: asked.data.id, answerContent: "<p>用超声波检漏仪沿管网排查，先查快插接头和排水阀。</p>", isAnonymous: 0 });
    expect(answered.code, answered.msg).toBe(10000);
    expect((await api(b.page, "/api/qa/common/followAndUnfollow", { followUserId: userA.userId, actionType: 0 })).code).toBe(10000);
    await waitFor(async () => (await headerCount(a.page)) === before + 2);

    // A opens the messages: the 回答 tab lists B's answer as unread.
    const messagePageSocket = channelReady(a.page);
    await a.page.goto(baseUrl() + "/personal/message", { waitUntil: "networkidle" });
    await messagePageSocket;
    await waitFor(async () => (await tabCount(a.page, "answer")) >= 1 && (await tabCount(a.page, "follow")) >= 1);
    const answersUnread = await tabCount(a.page, "answer");
    const followUnread = await tabCount(a.page, "follow");
    expect(answersUnread).toBeGreaterThanOrEqual(1);
    expect(followUnread).toBeGreaterThanOrEqual(1);
    const header = await headerCount(a.page);
    const unreadItem = a.page.locator('li.message-item[data-unread="1"]').filter({ hasText: title }).first();
    await expect(unreadItem.textContent()).resolves.toContain(userB.name);
    const item = a.page.locator(`li.message-item[data-message-id="${await unreadItem.getAttribute("data-message-id")}"]`);
    // The pointer rests on it for 5 s: it turns read, the tab count and the header badge fall.
    await item.hover();
    expect(await item.getAttribute("data-unread")).toBe("1"); // not on the first touch of the pointer
    await waitFor(async () => (await item.getAttribute("data-unread")) === "0", 15_000);
    await waitFor(async () => (await tabCount(a.page, "answer")) === answersUnread - 1);
    // The header starts from the root loader's unread count (viewer.messageCount ← unreadMessageCount); the -1 push lowers it live.
    expect(header).toBeGreaterThan(0);
    await waitFor(async () => (await headerCount(a.page)) === header - 1);
    // Keyboard focus marks a follow message read too.
    await a.page.goto(baseUrl() + "/personal/message?tab=follow", { waitUntil: "networkidle" });
    const followItem = a.page.locator(`li.message-item[data-message-id="${await a.page.locator('li.message-item[data-unread="1"]').first().getAttribute("data-message-id")}"]`);
    await followItem.focus();
    await waitFor(async () => (await followItem.getAttribute("data-unread")) === "0");
    await waitFor(async () => (await tabCount(a.page, "follow")) === followUnread - 1);

    // Favourites: A creates a category on the collection page and favourites B's answer into it.
    await a.page.goto(baseUrl() + "/personal/collection", { waitUntil: "networkidle" });
    await a.page.getByRole("button", { name: "新建分类" }).click();
    const dialog = a.page.getByRole("dialog", { name: "新建分类" });
    await dialog.getByLabel("分类名称").fill("压缩空气资料");
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    const catLink = a.page.getByRole("navigation", { name: "收藏分类" }).getByRole("link", { name: /压缩空气资料/ });
    await catLink.waitFor();
    const cats = await api<{ categoryList: { id: number; categoryName: string }[] }>(a.page, "/api/qa/favorite/category/queryPageByUser", {});
    const cat = cats.data.categoryList.find((c) => c.categoryName === "压缩空气资料")!;
    const fav = await api(a.page, "/api/qa/common/favoriteAndUnfavorite", { contentId: answered.data.id, actionType: 0, contentType: 1, categoryId: cat.id });
    expect(fav.code, fav.msg).toBe(10000);
    await a.page.goto(baseUrl() + `/personal/collection?category=${cat.id}`, { waitUntil: "networkidle" });
    await expect(a.page.getByRole("link", { name: title }).count()).resolves.toBe(1);
    await a.page.getByRole("searchbox").fill("超声波");
    await a.page.getByRole("button", { name: "搜索" }).click();
    await a.page.waitForURL(/q=/);
    await expect.poll(() => a.page.getByRole("link", { name: title }).count()).toBe(1);
    expect(await seriousA11yViolations(a.page)).toEqual([]);

    // The other user's page: B's profile, statistics and answer; A follows B from there.
    await a.page.goto(baseUrl() + `/otherUser/list?userId=${userB.userId}`, { waitUntil: "networkidle" });
    await expect(a.page.getByRole("heading", { level: 1, name: userB.name }).count()).resolves.toBe(1);
    await expect(a.page.getByRole("link", { name: title }).count()).resolves.toBe(1);
    // Wait for the call itself: a failure then names the server's answer instead of timing out on the label.
    const [followed] = await Promise.all([
      a.page.waitForResponse((r) => r.url().endsWith("/api/qa/common/followAndUnfollow")),
      a.page.getByRole("button", { name: new RegExp(`^关\\s*注\\s*${userB.name}$`) }).click(),
    ]);
    expect(await followed.json()).toMatchObject({ code: 10000, data: { isFollow: "1" } });
    // The toggle's pressed state, not its label: hovering (the pointer rests on it after the click) turns 已关注 into 取消关注.
    const toggle = a.page.locator("button[aria-pressed]").filter({ hasText: userB.name });
    await expect.poll(async () => `${await toggle.first().getAttribute("aria-pressed")} ${await toggle.first().textContent()}`, { timeout: 20_000 }).toMatch(/^true (已关注|取消关注)/);
    await a.page.goto(baseUrl() + `/otherUser/userList?type=fans&userId=${userB.userId}`, { waitUntil: "networkidle" });
    await expect(a.page.getByRole("link", { name: "演示用户" }).count()).resolves.toBeGreaterThan(0);
    expect(await seriousA11yViolations(a.page)).toEqual([]);

    // Footprints: A opened the question detail earlier? Open it now and see it in 我的足迹.
    await a.page.goto(baseUrl() + `/energySavingQA/details?questionId=${asked.data.id}`, { waitUntil: "networkidle" });
    await a.page.goto(baseUrl() + "/personal/footprint", { waitUntil: "networkidle" });
    await expect(a.page.getByRole("link", { name: title }).count()).resolves.toBe(1);

    expect(a.problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("the robot answers a known question and does not understand nonsense", async () => {
    const { page, context } = await openPage(browser, "/energySavingQA");
    const button = page.getByRole("button", { name: "智能助手小创" });
    if ((await button.count()) > 0) {
      await button.click();
      const panel = page.getByRole("dialog", { name: "智能助手小创" });
      await panel.getByText("猜你想问").waitFor();
      const input = panel.getByLabel("输入您的问题");
      await input.fill("怎么下载报告");
      await input.press("Enter");
      await panel.getByText("报告生成后，在列表中点击该行").waitFor();
      await input.fill("今天天气怎么样");
      await panel.getByRole("button", { name: "发送" }).click();
      await panel.getByText(/小创不理解您的意思/).waitFor();
      await expect(panel.getByRole("link", { name: /去能源问答提问/ }).count()).resolves.toBeGreaterThan(0);
    } else {
      // The widget is mounted by the side menu (coordinator); until then check the calls it makes.
      const known = await api<{ matched: boolean; aiAnswerContent: string }>(page, "/common/aiServicer/answer/match", { text: "怎么下载报告" });
      expect(known.data.matched).toBe(true);
      expect(known.data.aiAnswerContent).toContain("下载");
      const nonsense = await api<{ matched: boolean; aiAnswerContent: string }>(page, "/common/aiServicer/answer/match", { text: "今天天气怎么样" });
      expect(nonsense.data).toMatchObject({ matched: false });
      expect(nonsense.data.aiAnswerContent).toContain("小创不理解您的意思");
    }
    await context.close();
  });

  it("account settings sit inside the personal centre, with its menu and header (issue 14 item 7)", async () => {
    const { page, context, problems } = await userPage(browser, DEMO_USERS.zhangsan, "/personal/settings");
    const menu = page.getByRole("navigation", { name: "个人中心" });
    await expect(menu.getByRole("link", { name: "账号设置" }).getAttribute("aria-current")).resolves.toBe("page");
    for (const [name, href] of [["我的提问", "/personal/question"], ["消息通知", "/personal/message"], ["我的收藏", "/personal/collection"]]) {
      await expect(menu.getByRole("link", { name }).getAttribute("href")).resolves.toBe(href);
    }
    await expect(page.getByRole("region", { name: "我的主页概况" }).count()).resolves.toBe(1);
    await expect(page.getByRole("heading", { level: 2, name: "账号设置" }).count()).resolves.toBe(1);
    await page.locator("form#basic-info").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // From another tab of the centre, 账号设置 leads back here.
    await menu.getByRole("link", { name: "我的提问" }).click();
    await page.waitForURL("**/personal/question");
    await page.getByRole("navigation", { name: "个人中心" }).getByRole("link", { name: "账号设置" }).click();
    await page.waitForURL("**/personal/settings");
    await page.locator("form#basic-info").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone the personal centre fits the screen: no page wider than the viewport", async () => {
    const { page, context } = await userPage(browser, DEMO_USERS.zhangsan, "/personal/settings", MOBILE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.locator("form#basic-info").waitFor();
    expect(await overflow()).toBe(0);
    await page.getByRole("tab", { name: "数据与注销" }).click();
    await page.getByRole("heading", { name: "导出我的数据" }).waitFor();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: "/tmp/personal-settings-phone.png", fullPage: true });
    for (const path of ["/personal/question", "/personal/message", "/personal/collection"]) {
      await page.goto(baseUrl() + path, { waitUntil: "networkidle" });
      expect(await overflow(), path).toBe(0);
    }
    await context.close();
  });
});
