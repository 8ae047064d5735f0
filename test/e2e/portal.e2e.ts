// Foundation journeys: portal home (desktop and mobile), landing cards from D1, usage PDF, detail pages, accessibility.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, MOBILE, openPage, seriousA11yViolations, userPage, UTC_USER } from "./browser";
import { TZ_USER } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("portal home", () => {
  it("renders the desktop home with banner, menu and product blocks, without hydration problems", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage");
    await expect(page.title()).resolves.toContain("节能评估");
    const carousel = page.locator(".banner .home-slide").first();
    expect((await carousel.boundingBox())?.height).toBe(430);
    const menu = page.getByRole("navigation", { name: "平台导航" });
    await expect(menu.getByRole("link", { name: "首页" }).getAttribute("aria-current")).resolves.toBe("page");
    // Other menu items open in a new tab; the current one does not.
    await expect(menu.getByRole("link", { name: "能源问答" }).getAttribute("target")).resolves.toBe("_blank");
    await expect(menu.getByRole("link", { name: "首页" }).getAttribute("target")).resolves.toBeNull();
    for (const name of ["能源问答", "双碳文库", "节能评估"]) {
      await expect(page.getByRole("heading", { level: 2, name }).count()).resolves.toBe(1);
    }
    // Side menu: smart Q&A only on /homePage; manual download hidden here.
    await expect(page.getByRole("link", { name: "智能问答：去提问" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "下载操作手册" }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("serves the mobile layout to a phone user agent, with a drawer menu and contact block", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage", MOBILE);
    await expect(page.locator(".banner").count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { name: "联系我们" }).first().isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "打开菜单" }).click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByRole("link", { name: "能源问答" }).waitFor();
    await expect(drawer.getByRole("link", { name: "登录 / 注册" }).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a desktop browser in a narrow window gets the menu button: the menu and login move into the drawer", async () => {
    const { page, context, problems } = await openPage(browser, "/energySavingQA", { viewport: { width: 412, height: 800 } });
    // The header's own menu and login entry no longer fit: hidden, and nothing is cut off at the right edge.
    await expect(page.locator(".site-header__nav").isVisible()).resolves.toBe(false);
    await expect(page.locator(".site-header__actions").isVisible()).resolves.toBe(false);
    const burger = page.getByRole("button", { name: "打开菜单" });
    const box = (await burger.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(412);
    await burger.click();
    const drawer = page.locator(".ant-drawer");
    await drawer.getByRole("link", { name: "双碳文库" }).waitFor();
    await expect(drawer.getByRole("link", { name: "能源问答" }).getAttribute("aria-current")).resolves.toBe("page");
    // A desktop visitor logs in with the login dialog, as from the wide header.
    await drawer.getByRole("link", { name: "登录 / 注册" }).click();
    await page.getByRole("dialog").filter({ hasText: "欢迎登录节能评估" }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press("Escape");
    await expect(burger.isVisible()).resolves.toBe(false);
    await expect(page.locator(".site-header__nav").isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers an unknown path with 404 and the not-found page; protected paths still send visitors to /homePage", async () => {
    const { page, context, problems } = await openPage(browser, "/no/such/page");
    const res = await page.goto(baseUrl() + "/no/such/page");
    expect(res?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe("/no/such/page");
    await expect(page.locator("h1").textContent()).resolves.toBe("页面不存在");
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "去能源问答看看" }).click();
    await page.waitForURL(/\/energySavingQA$/);
    // The browser logs the 404 document itself as a failed resource; nothing else may fail.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await page.goto(baseUrl() + "/workbench");
    expect(new URL(page.url()).pathname).toBe("/homePage");
    await page.goto(baseUrl() + "/");
    expect(new URL(page.url()).pathname).toBe("/homePage");
    await context.close();
  });
});

describe("landing page and cards", () => {
  it("shows the cards from D1 with counts and the 630 px banner", async () => {
    const { page, context, problems } = await openPage(browser, "/login");
    expect((await page.locator(".hero--landing").boundingBox())?.height).toBeGreaterThanOrEqual(630);
    const cards = page.locator(".assess-card");
    await expect(cards.count()).resolves.toBe(8);
    await expect(page.locator('[data-card="motor"] h3').textContent()).resolves.toBe("电机驱动系统");
    await expect(page.locator('[data-card="motor"] .assess-card__count').textContent()).resolves.toContain("1000+");
    await expect(page.locator('[data-card="stenter"] .assess-card__count').textContent()).resolves.toContain("642");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens the usage PDF dialog with a preview and a download link", async () => {
    const { page, context } = await openPage(browser, "/login");
    await page.locator('[data-card="electricity"]').getByRole("button", { name: "使用说明" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("电费优化 · 使用说明").waitFor();
    await expect(dialog.locator("iframe").getAttribute("src")).resolves.toBe("/docs/usage-electricity.pdf");
    const download = dialog.getByRole("link", { name: /下载使用说明/ });
    await expect(download.getAttribute("href")).resolves.toBe("/docs/usage-electricity.pdf");
    const pdf = await page.request.get(baseUrl() + "/docs/usage-electricity.pdf");
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();
  });

  it("opens a card's detail page with its timeline and case", async () => {
    const { page, context, problems } = await openPage(browser, "/login");
    await page.locator('[data-card="electricity"] h3 a').click();
    await page.waitForURL("**/costDetail");
    await expect.poll(() => page.locator(".timeline li").count()).toBe(6);
    await expect(page.getByText("84 万元").first().isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("evaluate-now on the three special cards opens their detail page, whose own 立即评估 leads a visitor to login", async () => {
    const { page, context, problems } = await openPage(browser, "/login");
    for (const [code, path] of [["motor", "/electricDetail"], ["stenter", "/machineDetail"], ["electricity", "/costDetail"]]) {
      const card = page.locator(`[data-card="${code}"]`);
      // The same target as the card's title.
      await expect(card.getByRole("link", { name: "立即评估" }).getAttribute("href")).resolves.toBe(path);
      await expect(card.locator("h3 a").getAttribute("href")).resolves.toBe(path);
    }
    await page.locator('[data-card="motor"]').getByRole("link", { name: "立即评估" }).click();
    await page.waitForURL("**/electricDetail");
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    const next = await page.getByRole("link", { name: "立即评估" }).first().getAttribute("href");
    expect(next).toMatch(/^\/login\?login=1&redirectTo=%2Fworkbench%3Ftype%3D\d+$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone the floating side menu covers no card button, wherever the button is scrolled to", async () => {
    const { page, context, problems } = await openPage(browser, "/login", MOBILE);
    const buttons = page.locator(".assess-card__actions .ant-btn");
    const n = await buttons.count();
    expect(n).toBe(6); // 使用说明 and 立即评估 on the three open cards
    for (const block of ["end", "center", "nearest"] as const) {
      for (let i = 0; i < n; i++) {
        // Near every corner (inside the rounded border) and at the centre, the button itself is hit, not the menu on top.
        const covered = await buttons.nth(i).evaluate((el, block) => {
          el.scrollIntoView({ block, behavior: "instant" });
          const r = el.getBoundingClientRect();
          const points = [
            [r.left + 8, r.top + 4],
            [r.right - 8, r.top + 4],
            [r.left + 8, r.bottom - 4],
            [r.right - 8, r.bottom - 4],
            [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
          ];
          return points
            .map(([x, y]) => document.elementFromPoint(x, y))
            .filter((hit) => !hit || !el.contains(hit))
            .map((hit) => hit?.closest(".side-menu") ? "side menu" : (hit?.className ?? "nothing"));
        }, block);
        expect(covered, `button ${i} scrolled to ${block}`).toEqual([]);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a disabled card does nothing but say the feature is not open", async () => {
    const { page, context } = await openPage(browser, "/login");
    const card = page.locator('[data-card="fan"]');
    await expect(card.evaluate((el) => getComputedStyle(el).cursor)).resolves.toBe("no-drop");
    await expect(card.locator("a, button").count()).resolves.toBe(0);
    await card.click();
    await page.getByText("该功能暂未开通").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });

  it("shows the user agreement and privacy policy in dialogs", async () => {
    const { page, context } = await openPage(browser, "/login");
    await page.getByRole("button", { name: "《隐私协议》" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("7 日内答复", { exact: false }).waitFor();
    await expect(dialog.getByText("未满 18 周岁", { exact: false }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

/** The workbench list's rows (title, 最后修改, 创建日期) as the page shows them. */
async function listedTimes(page: Page) {
  return page.locator(".wb-list__row").evaluateAll((rows) =>
    rows.map((r) => {
      const cells = Array.from(r.querySelectorAll("td")).map((td) => td.textContent?.trim() ?? "");
      return { title: cells[1], updated: cells[3], created: cells[4] };
    }),
  );
}

/** The header's screen-reader text stays hidden and the server's inline critical CSS survived hydration. */
async function expectStyledHeader(page: Page) {
  const hidden = page.locator(".user-menu .visually-hidden");
  await expect(hidden.textContent()).resolves.toBe("，1 条未读消息");
  const box = await hidden.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
  await expect(page.evaluate(() => document.getElementById("critical-css")?.textContent?.length ?? 0)).resolves.toBeGreaterThan(1000);
}

// Issue 14 item 1: the server renders in UTC and our users' browsers run in UTC+8. Every time shown is China time,
// the same text on both sides, so hydration never fails (browser.ts fails any test that logs a hydration warning).
describe("China time", () => {
  const user = { userName: TZ_USER.userName, password: TZ_USER.password };

  it("the workbench list shows China times and hydrates cleanly for a user in Asia/Shanghai", async () => {
    const { page, context, problems } = await userPage(browser, user, "/workbench?type=1");
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe("Asia/Shanghai");
    await expect(listedTimes(page)).resolves.toEqual(TZ_USER.list);
    await expectStyledHeader(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a bookmark of /workbench without ?type= opens the workbench on the last used card, not /login", async () => {
    const { page, context, problems } = await userPage(browser, user, "/workbench");
    expect(new URL(page.url()).pathname).toBe("/workbench");
    await expect(listedTimes(page)).resolves.toEqual(TZ_USER.list);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("UTC smoke test: a browser in UTC sees the same China times, with no hydration warnings", async () => {
    const { page, context, problems } = await userPage(browser, user, "/workbench?type=1", UTC_USER);
    await expect(page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toMatch(/^(UTC|Etc\/UTC)$/);
    await expect(listedTimes(page)).resolves.toEqual(TZ_USER.list);
    await expectStyledHeader(page);
    for (const path of ["/homePage", "/login", "/energySavingQA", "/personal/message?tab=system"]) {
      await page.goto(baseUrl() + path, { waitUntil: "networkidle" });
    }
    // The system message's date, written at 18:30 UTC, is the next day in China.
    await expect(page.locator(".message-item__time").first().textContent()).resolves.toBe("2026-11-21 02:30:00");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("accessibility of public pages (axe-core: no serious or critical violations)", () => {
  for (const path of ["/homePage", "/login", "/about", "/electricDetail", "/machineDetail", "/costDetail"]) {
    it(path, async () => {
      const { page, context } = await openPage(browser, path);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
  it("/homePage on a phone", async () => {
    const { page, context } = await openPage(browser, "/homePage", MOBILE);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
