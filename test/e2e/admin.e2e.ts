// Operator console journeys (issue 17): a user reports an answer → it appears in the review queue → the operator
// hides it → the author sees it hidden (detail page and 我的回答) and others no longer see it; a keyword-held answer
// (审核中) approved from the queue; /admin pages refuse visitors and non-admins; the footer's filing numbers.
// Run: E2E_PORT=8815 npx vitest run --config vitest.e2e.config.ts test/e2e/admin.e2e.ts
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiLogin, baseUrl, contextApi, DEMO_USERS, launch, MOBILE, newContext, seriousA11yViolations, session, toast, visit } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { ADMIN_MSG, OWN_NOTE } from "../../workers/contract/admin-constants";

const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
/** Every /admin page without a URL parameter, from the route files: a page added later is checked automatically. */
const ADMIN_PAGES = readdirSync(fileURLToPath(new URL("../../app/routes", import.meta.url)))
  .filter((f) => /^admin(\.|$)/.test(f) && !f.includes("$"))
  .map((f) => "/" + f.replace(/\.tsx?$/, "").replace(/\._index$/, "").replace(/\./g, "/"))
  .sort();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const tag = () => Math.random().toString(36).slice(2, 7);

describe("report → queue → hide → the author sees it hidden", () => {
  it("runs the journey across a reporter, the operator and the author", async () => {
    const asker = await session(browser, DEMO_USERS.lisi);
    const author = await session(browser, DEMO_USERS.zhangsan);
    const reporter = await session(browser, DEMO_USERS.demo);
    const operator = await session(browser, ADMIN);

    const q = await contextApi<{ id: number }>(asker.context, "/api/qa/question/add", { questionTitle: `冷却塔风机改变频后怎么控制 ${tag()}`, questionDescription: "" });
    expect(q.code).toBe(10000);
    const answerText = `冷却塔风机按出水温度做 PID 调速即可，低负荷时注意最低频率 ${tag()}。`;
    const a = await contextApi<{ id: number }>(author.context, "/api/qa/answer/add", { questionId: q.data.id, answerContent: `<p>${answerText}</p>`, isAnonymous: 0 });
    expect(a.code).toBe(10000);
    const detail = `/energySavingQA/details?questionId=${q.data.id}`;

    // The reporter reports the answer from the item (举报, with a reason).
    await visit(reporter.page, detail);
    const item = reporter.page.locator(`#answer-${a.data.id}`);
    await item.getByRole("button", { name: "举报" }).click();
    const dialog = reporter.page.getByRole("dialog", { name: "举报" });
    await dialog.getByLabel("垃圾广告").check();
    await dialog.getByLabel("补充说明（选填）").fill("答非所问，疑似广告");
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await toast(reporter.page, ADMIN_MSG.reported);

    // It appears in the operator's queue with the reason; the operator hides it.
    await visit(operator.page, "/admin/review");
    const row = operator.page.locator("tr", { hasText: answerText.slice(0, 20) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("垃圾广告×1");
    await expect(row.textContent()).resolves.toContain("用户举报");
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    await row.getByRole("button", { name: /隐\s*藏/ }).click();
    await toast(operator.page, ADMIN_MSG.decided);
    await expect.poll(() => operator.page.locator("tr", { hasText: answerText.slice(0, 20) }).count()).toBe(0);
    await visit(operator.page, "/admin/review?state=hidden");
    await operator.page.locator("tr", { hasText: answerText.slice(0, 20) }).getByText("已隐藏").waitFor();
    // The audit log shows who did it.
    await visit(operator.page, "/admin/audit");
    await expect(operator.page.locator("tbody tr").first().textContent()).resolves.toContain("隐藏内容");

    // The author sees the answer hidden, with the note, on the question and in 我的回答.
    await visit(author.page, detail);
    const own = author.page.locator(`#answer-${a.data.id}`);
    await expect(own.getByRole("note").textContent()).resolves.toBe(OWN_NOTE.hiddenAnswer);
    await visit(author.page, "/personal/answer?status=4");
    const mine = author.page.locator(".personal-item", { hasText: answerText.slice(0, 20) });
    await mine.getByText("已隐藏").waitFor();
    await expect(mine.textContent()).resolves.toContain(OWN_NOTE.hiddenAnswer);

    // Others no longer see it.
    await visit(reporter.page, detail);
    await expect(reporter.page.locator(`#answer-${a.data.id}`).count()).resolves.toBe(0);

    for (const s of [asker, author, reporter, operator]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });
});

describe("keyword list", () => {
  it("holds a new answer (审核中) with a message to the author until the operator approves it", async () => {
    // Another asker than the first journey's (one question per 30 s per user).
    const asker = await session(browser, DEMO_USERS.zhangsan);
    const author = await session(browser, DEMO_USERS.demo);
    const operator = await session(browser, ADMIN);
    const q = await contextApi<{ id: number }>(asker.context, "/api/qa/question/add", { questionTitle: `余热锅炉给水泵要不要变频 ${tag()}`, questionDescription: "" });
    const detail = `/energySavingQA/details?questionId=${q.data.id}`;

    await visit(author.page, `${detail}&meAnswerFlag=1`);
    const editor = author.page.locator(".qa-editor .ProseMirror");
    await editor.waitFor({ timeout: 15_000 });
    await editor.click();
    const text = `可以变频，详细方案请加微信咨询 ${tag()}`;
    await author.page.keyboard.type(text);
    await author.page.getByRole("button", { name: "发布回答" }).click();
    await toast(author.page, ADMIN_MSG.heldAnswer);
    const own = author.page.locator(".qa-answer--own");
    await expect.poll(() => own.getByRole("note").textContent()).toBe(OWN_NOTE.review);

    // Not public: the asker sees no answer.
    await visit(asker.page, detail);
    await expect(asker.page.locator(".qa-answer").count()).resolves.toBe(0);

    await visit(operator.page, "/admin/review");
    const row = operator.page.locator("tr", { hasText: text });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("关键词拦截");
    await expect(row.textContent()).resolves.toContain("命中：加微信");
    await row.getByRole("button", { name: /通\s*过/ }).click();
    await toast(operator.page, ADMIN_MSG.decided);
    await expect.poll(() => operator.page.locator("tr", { hasText: text }).count()).toBe(0);

    await asker.page.reload({ waitUntil: "networkidle" });
    await expect(asker.page.locator(".qa-answer .qa-answer__body").first().textContent()).resolves.toContain(text);
    for (const s of [asker, author, operator]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });
});

describe("bans from the users page", () => {
  it("bans a user with a reason and unbans them; both show in the audit log", async () => {
    const operator = await session(browser, ADMIN);
    // A seed expert without a password or sessions: no other journey signs in as them.
    await visit(operator.page, "/admin/users?q=qa_zhougong");
    const row = operator.page.locator("tbody tr", { hasText: "qa_zhougong" });
    await row.getByRole("button", { name: /封\s*禁/ }).click();
    const dialog = operator.page.getByRole("dialog", { name: /封禁用户/ });
    await dialog.getByLabel("封禁理由").fill("冒充专家发布广告");
    await dialog.getByRole("button", { name: /确认封禁/ }).click();
    await toast(operator.page, ADMIN_MSG.banned);
    await row.getByText("冒充专家发布广告").waitFor();
    await row.getByRole("button", { name: /解\s*封/ }).click();
    await toast(operator.page, ADMIN_MSG.unbanned);
    await row.getByText("正常").waitFor();
    await visit(operator.page, "/admin/audit");
    await expect(operator.page.locator("tbody tr").nth(0).textContent()).resolves.toContain("解封用户");
    await expect(operator.page.locator("tbody tr").nth(1).textContent()).resolves.toContain("冒充专家发布广告");
    expect(operator.problems).toEqual([]);
    await operator.context.close();
  });
});

describe("authorisation of the /admin pages", () => {
  it("redirects visitors to login, refuses non-admins with 403, serves the admin", async () => {
    const visitor = await newContext(browser);
    const user = await newContext(browser);
    await apiLogin(user, DEMO_USERS.demo);
    const admin = await session(browser, ADMIN);
    for (const path of ADMIN_PAGES) {
      const v = await visitor.request.get(baseUrl() + path, { maxRedirects: 0 });
      expect([301, 302, 303, 307], path).toContain(v.status());
      const u = await user.request.get(baseUrl() + path, { maxRedirects: 0 });
      expect(u.status(), path).toBe(403);
      await expect(u.text()).resolves.toContain(ADMIN_MSG.notAdmin);
      const ok = await admin.context.request.get(baseUrl() + path, { maxRedirects: 0 });
      expect(ok.status(), path).toBe(200);
    }
    // The pages render and hydrate without console errors.
    for (const path of ADMIN_PAGES) {
      await visit(admin.page, path);
      expect(await seriousA11yViolations(admin.page), path).toEqual([]);
    }
    await visit(admin.page, "/admin");
    await expect(admin.page.locator(".admin-chart tbody tr").count()).resolves.toBe(14);
    expect(admin.problems).toEqual([]);
    // The API refuses the non-admin too.
    expect((await contextApi(user, "/api/admin/review/decide", { id: 1, decision: "hide" })).msg).toBe(ADMIN_MSG.notAdmin);
    await visitor.close();
    await user.close();
    await admin.context.close();
   }, 180_000);
});

// Issue 23 item 6: the console was 1,270 px wide on a 390 px phone. Each page at 390×844: the page itself never
// scrolls sideways, every menu entry can be reached (the menu is a strip that scrolls inside itself), tables scroll
// inside their own box, form fields fit the screen, and axe finds nothing serious.
describe("the operator console on a phone", () => {
  it("every /admin page fits 390 px: no sideways page scroll, menu reachable, tables scroll in their box, fields fit", async () => {
    const context = await newContext(browser, MOBILE);
    await apiLogin(context, ADMIN);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`${page.url()}: ${String(e)}`));
    const shots = process.env.E2E_SHOTS ?? "/tmp";
    const width = MOBILE.viewport.width;
    const orderLink = async () => (await page.locator('a[href^="/admin/orders/"]:not([href$="reconcile"])').first().getAttribute("href").catch(() => null)) ?? null;
    const paths: string[] = [...ADMIN_PAGES];
    let orderAdded = false;
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i]!;
      await visit(page, path);
      // One order's page too (a URL parameter keeps it out of ADMIN_PAGES).
      if (path === "/admin/orders" && !orderAdded) {
        const href = await orderLink();
        if (href) paths.splice(i + 1, 0, href);
        orderAdded = true;
      }
      const fit = await page.evaluate((w) => {
        const over = (el: Element) => el.getBoundingClientRect().right > w + 0.5;
        const nav = document.querySelector(".admin-nav ul")!;
        return {
          pageWidth: document.documentElement.scrollWidth,
          // Fields wider than the screen (inputs, selects, text areas, buttons outside a table's scroll box).
          fieldsOver: Array.from(document.querySelectorAll(".admin-main input, .admin-main textarea, .admin-main select, .admin-main .ant-select, .admin-main button"))
            .filter((el) => !el.closest(".ant-table-content, .ant-table-body, .admin-scroll, .admin-nav") && el.getClientRects().length > 0 && over(el))
            .map((el) => el.outerHTML.slice(0, 80)),
          // Table boxes must stay inside the screen; their content may be wider and scroll.
          tableBoxesOver: Array.from(document.querySelectorAll(".admin-main .ant-table-content, .admin-main .ant-table-body, .admin-main .admin-scroll")).filter(over).length,
          tablesScrollInside: Array.from(document.querySelectorAll(".admin-main .ant-table-content, .admin-main .ant-table-body, .admin-main .admin-scroll"))
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .every((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX)),
          navScrolls: ["auto", "scroll"].includes(getComputedStyle(nav).overflowX),
          navInside: !over(nav),
        };
      }, width);
      expect(fit, path).toEqual({ pageWidth: fit.pageWidth, fieldsOver: [], tableBoxesOver: 0, tablesScrollInside: true, navScrolls: true, navInside: true });
      expect(fit.pageWidth, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(width);
      // Every menu entry can be brought into view and is then on the screen.
      const links = page.locator(".admin-nav a");
      const n = await links.count();
      expect(n, path).toBeGreaterThan(10);
      for (let k = 0; k < n; k += 4) {
        await links.nth(k).scrollIntoViewIfNeeded();
        const box = (await links.nth(k).boundingBox())!;
        expect(box.x, path).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, path).toBeLessThanOrEqual(width + 0.5);
      }
      expect(await seriousA11yViolations(page), path).toEqual([]);
      await page.screenshot({ path: `${shots}/admin-phone${path.replace(/\//g, "_")}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

describe("footer filing numbers", () => {
  it("shows the ICP and public-security numbers from configuration with their official links", async () => {
    const s = await session(browser, null);
    await visit(s.page, "/homePage");
    const footer = s.page.locator(".site-footer__bottom");
    const icp = footer.locator('a[href="https://beian.miit.gov.cn/"]');
    await expect(icp.textContent()).resolves.toMatch(/ICP备\d+号/);
    const psb = footer.locator('a[href^="https://beian.mps.gov.cn/"]');
    const text = (await psb.textContent()) ?? "";
    expect(text).toMatch(/公网安备\d+号/);
    await expect(psb.getAttribute("href")).resolves.toBe(`https://beian.mps.gov.cn/#/query/webSearch?code=${text.match(/\d+/)![0]}`);
    expect(s.problems).toEqual([]);
    await s.context.close();
  });
});
