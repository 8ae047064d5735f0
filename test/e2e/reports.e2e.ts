// Reports journey (issue 6): log in → fill a motor survey → 保存并生成报告 → confirm → the status changes to
// 报告可下载 without a reload (the form polls every 3 s) → 在线预览 shows the headline figures of the API's
// reportPreview (each tile read back as a number and compared with the API's figure to 3 significant figures,
// not with the page's own formatter) → the page survives a reload → the list shows the
// status, regenerates from the row menu and follows 生成中 → 报告可下载 on its own, and opens the preview.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, openPage } from "./browser";
import { choose, fillMotor, loginAs, questionsOf, saved, type } from "./workbench-helpers";
import { saveAndGenerate } from "./workbench-helpers";
import type { ReportPreview } from "../../workers/reports/preview";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";
const TITLE = "报告旅程电机系统";
/** Generation is queued and rendered locally in a few seconds; the client polls every 3 s. */
const READY_TIMEOUT = 90_000;

async function previewFromApi(page: Page, id: number): Promise<ReportPreview> {
  return page.evaluate(async (surveyId) => {
    const res = await fetch("/api/surveyInfo/reportPreview", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: surveyId }) });
    return ((await res.json()) as { data: ReportPreview }).data;
  }, id);
}

/** The tiles the page shows, label → value. */
async function shownTiles(page: Page): Promise<Record<string, string>> {
  await page.locator(".rp-tile").first().waitFor();
  return page.$$eval(".rp-tile", (els) =>
    Object.fromEntries(els.map((el) => [el.querySelector(".rp-tile__label")!.textContent!, el.querySelector(".rp-tile__value")!.textContent!])),
  );
}

/** "12,300 kWh" → 12300 and "kWh"; "—" → null. */
function parseTile(value: string): { n: number | null; unit: string } {
  const m = /^(-?[\d,]+(?:\.\d+)?)\s*(.*)$/.exec(value.trim());
  if (!m) return { n: null, unit: value.trim() };
  return { n: Number(m[1]!.replace(/,/g, "")), unit: m[2]! };
}

/**
 * The motor preview's tiles against the API's full-precision headline: every tile present with its unit, and
 * its number equal to the API's within the display rounding (half a unit of the third significant digit).
 */
function expectTilesMatchApi(shown: Record<string, string>, figures: ReportPreview["figures"]) {
  const h = figures.headline;
  const expected: [string, number | null, string][] = [
    [h.savingKwhLabel, h.savingKwh, "kWh"],
    ["年节约费用", h.savingYuan, "元"],
    ["年节约标准煤", h.tce, "tce"],
    ["年减排二氧化碳", h.tco2, "tCO2"],
    ["投资估算", h.investmentYuan, "元"],
    // Below one year the preview says months (fmtYears).
    h.paybackYears !== null && h.paybackYears > 0 && h.paybackYears < 1 ? ["静态投资回收期", h.paybackYears * 12, "个月"] : ["静态投资回收期", h.paybackYears, "年"],
  ];
  expect(Object.keys(shown).sort()).toEqual(expected.map(([label]) => label).sort());
  for (const [label, value, unit] of expected) {
    const tile = parseTile(shown[label]!);
    if (value === null) {
      expect(shown[label], label).toBe("—");
      continue;
    }
    expect(tile.unit, label).toBe(unit);
    expect(tile.n, label).not.toBeNull();
    const step = value === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(value))) - 2);
    expect(Math.abs(tile.n! - value), `${label}: shown ${shown[label]}, API ${value}`).toBeLessThanOrEqual(step / 2 + 1e-9);
  }
}

describe("reports journey", () => {
  it("generates a motor report, sees it become downloadable without reload, and previews the same figures", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage");
    await loginAs(page, "demo", "Demo1234");
    await page.goto(baseUrl() + "/workbench?type=1", { waitUntil: "networkidle" });

    // A new motor survey, filled page by page.
    await page.getByRole("button", { name: /新建/ }).click();
    await page.getByRole("menuitem", { name: "新建调查表" }).click();
    await page.waitForURL(/id=\d+/);
    const surveyId = Number(new URL(page.url()).searchParams.get("id"));
    await page.locator(".wb-form__title").waitFor();
    const qs = await questionsOf(page, surveyId);
    await page.locator(".wb-form__title").fill(TITLE);
    await type(page, qs, "company_name", "无锡某纺织有限公司");
    await choose(page, qs, "province", "jiangsu");
    await saved(page);
    await page.getByRole("button", { name: "下一页" }).click();
    await type(page, qs, "electricity_price", "0.68");
    await page.getByRole("button", { name: "下一页" }).click();
    await fillMotor(page, qs, 0);
    await saved(page);
    await page.getByRole("button", { name: "下一页" }).click();
    await expect(page.locator(".wb-form__status").textContent()).resolves.toContain("未生成");

    // Generate: 生成中, then 报告可下载 by polling, with no navigation in between.
    const navigations: string[] = [];
    page.on("framenavigated", (f) => f === page.mainFrame() && navigations.push(f.url()));
    await saveAndGenerate(page);
    const dialog = page.locator(".ant-modal").filter({ hasText: "关键信息再次确认" });
    await dialog.getByRole("button", { name: "确认生成" }).click();
    // 生成中 shows from the generate answer until a poll sees the job end; on a loaded machine the wait for it can
    // outlast the job, so either state proves the generate call went through (a failed one shows neither).
    await page.locator(".wb-form__status").filter({ hasText: /生成中|报告可下载/ }).waitFor({ timeout: READY_TIMEOUT });
    await page.screenshot({ path: `${SHOTS}/reports-generating.png` });
    await page.locator(".wb-form__status").filter({ hasText: "报告可下载" }).waitFor({ timeout: READY_TIMEOUT });
    expect(navigations).toEqual([]);
    await page.getByText("报告已生成，可在线预览或下载报告").first().waitFor();
    // Spec 3 §4: a ready report starts the download flow — unpaid, the 下载报告 dialog at step 1; close it to preview.
    const pay = page.locator(".ant-modal").filter({ hasText: "下载报告" });
    await pay.locator('[data-step="1"]').waitFor();
    await pay.locator(".ant-modal-close").click();
    await pay.waitFor({ state: "hidden" });
    await expect(page.locator(".wb-form__head").getByRole("button", { name: "下载报告" }).isEnabled()).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/reports-ready.png` });

    // 在线预览: the stored figures, formatted by the PDF's own formatter.
    await page.getByRole("button", { name: "在线预览" }).click();
    await page.waitForURL(/view=report/);
    const api = await previewFromApi(page, surveyId);
    expect(api.stale).toBe(false);
    expect(api.figures.headline.savingKwh).toBeGreaterThan(0);
    const shown = await shownTiles(page);
    expectTilesMatchApi(shown, api.figures);
    await expect(page.locator(".rp-meta").textContent()).resolves.toContain(api.reportNo);
    await expect(page.locator(".report-preview svg[aria-label='各措施年节约费用'] rect").count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/reports-preview.png`, fullPage: true });

    // Reload-safe.
    await page.reload({ waitUntil: "networkidle" });
    await expect(shownTiles(page)).resolves.toEqual(shown);

    // The list: status shown; regenerate from the row menu and watch it come back without a reload.
    await page.getByRole("button", { name: "返回调查表" }).click();
    await page.waitForURL((u) => !u.searchParams.has("view"));
    await page.locator(".wb-form__title").waitFor();
    await page.locator(".wb-header button").filter({ hasText: "返回" }).click();
    await page.waitForURL((u) => !u.searchParams.has("id"));
    const row = page.locator(".wb-list__row").filter({ hasText: TITLE });
    await row.locator(".wb-list__status").filter({ hasText: "报告可下载" }).waitFor();
    navigations.length = 0;
    await row.getByRole("button", { name: /的操作/ }).click();
    await page.getByRole("menuitem", { name: "生成报告" }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: "确认生成" }).click();
    await page.getByText("报告生成中，请稍候").first().waitFor();
    await row.locator(".wb-list__status").filter({ hasText: "生成中" }).waitFor().catch(async (e) => {
      await page.screenshot({ path: `${SHOTS}/reports-list-debug.png` });
      throw e;
    });
    await page.screenshot({ path: `${SHOTS}/reports-list-generating.png` });
    await row.locator(".wb-list__status").filter({ hasText: "报告可下载" }).waitFor({ timeout: READY_TIMEOUT });
    expect(navigations).toEqual([]);
    const regenerated = await previewFromApi(page, surveyId);
    expect(regenerated.reportNo).not.toBe(api.reportNo);

    await row.getByRole("button", { name: /的操作/ }).click();
    await page.getByRole("menuitem", { name: "在线预览" }).click();
    await page.waitForURL(/view=report/);
    expectTilesMatchApi(await shownTiles(page), regenerated.figures);
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 300_000);
});
