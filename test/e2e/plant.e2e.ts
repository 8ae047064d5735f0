// Plant energy balance page (issue 22 item 9), in Asia/Shanghai / zh-CN: a fresh account fills a motor, an
// electricity and a stenter survey of one enterprise (plus the plant page: output, gas and steam meters), opens
// 全厂能源平衡 from the workbench header and reads 综合能耗 (当量/等价), the cross-card check, the balance table and
// the per-unit energy against the 印染 limit — the same figures the API gives; no hydration warning, no serious axe
// violation, on desktop and on a phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { baseUrl, contextApi, launch, MOBILE, newContext, realProblems, seriousA11yViolations } from "./browser";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "../unit/engines/answers-fixtures";
import type { SurveyInfo } from "../../workers/contract/workbench";
import type { PlantSummaryView } from "../../workers/services/plant";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";
const API_HEADERS = { code: "energy-evaluation" };

async function registerAndLogin(context: BrowserContext) {
  const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const user = { userName: `pl${suffix}`, password: "Plant#2026", phone: `136${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}` };
  const sent = await context.request.post(`${baseUrl()}/api/user/sms`, { data: { phone: user.phone, type: 1 }, headers: API_HEADERS });
  expect(((await sent.json()) as { code: number }).code).toBe(10000);
  const outbox = (await (await context.request.get(`${baseUrl()}/api/dev/sms-outbox?phone=${user.phone}`)).json()) as { data: { code: string; type: number }[] };
  const authCode = outbox.data.find((e) => e.type === 1)!.code;
  const reg = await context.request.post(`${baseUrl()}/api/user/register`, { data: { ...user, authCode }, headers: API_HEADERS });
  expect(((await reg.json()) as { msg: string }).msg).toBe("注册成功，请重新登录");
  const login = await contextApi(context, "/api/user/login", { type: 1, userName: user.userName, password: user.password });
  expect(login.code).toBe(10000);
}

/** A survey of the card filled through the workbench API (repeats added as needed), as the form saves it. */
async function filledSurvey(context: BrowserContext, type: number, title: string, answers: AnswerMap): Promise<number> {
  const created = await contextApi<{ id: number }>(context, "/api/surveyInfo/addInfo", { type });
  const id = created.data.id;
  await contextApi(context, "/api/surveyInfo/title/save", { id, title });
  let s = (await contextApi<SurveyInfo>(context, "/api/surveyInfo/info", { id })).data;
  const molds = () => s.pageList.flatMap((p) => [...p.input, ...p.select, ...p.image]);
  const byKey = new Map(molds().flatMap((m) => m.groups.flatMap((g) => g.questions.map((q) => [q.key, { q, mold: m }] as const))));
  for (const [key, values] of Object.entries(answers)) {
    const hit = byKey.get(key);
    if (!hit) continue;
    for (let i = molds().find((m) => m.id === hit.mold.id)!.size; i < values.length; i++) {
      await contextApi(context, "/api/surveyInfo/addMode", { surveyId: id, moldId: hit.mold.id });
      s = (await contextApi<SurveyInfo>(context, "/api/surveyInfo/info", { id })).data;
    }
  }
  for (const [key, values] of Object.entries(answers)) {
    const hit = byKey.get(key);
    if (!hit) continue;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (v === "") continue;
      const body: Record<string, unknown> = { id, answerId: hit.q.id, indexNo: i };
      if (hit.q.questionType === "select") body.answerOptionId = hit.q.optionList.find((o) => o.key === v)!.id;
      else body.optionContent = v;
      const r = await contextApi(context, "/api/surveyInfo/answer/save", body);
      expect(r.code, `${key}[${i}] ${r.msg}`).toBe(10000);
    }
  }
  return id;
}

describe("全厂能源平衡", () => {
  it("sums the enterprise's cards, names the cross-card check and compares per-unit energy with the limit", { timeout: 240_000 }, async () => {
    const context = await newContext(browser);
    await registerAndLogin(context);
    const company = "浙江某印染有限公司";
    const withCompany = (a: AnswerMap): AnswerMap => ({ ...a, company_name: [company] });
    await filledSurvey(context, 3, "2026年电费", withCompany(electricityAnswers()));
    await filledSurvey(context, 1, "一号车间电机", { ...withCompany(motorAnswers()), plant_output: ["50000"], plant_output_unit: ["cloth_100m"] });
    await filledSurvey(context, 2, "定型机车间", { ...withCompany(stenterAnswers()), plant_gas_m3: ["1000000"], plant_steam_t: ["2000"] });
    const api = (await contextApi<PlantSummaryView>(context, "/api/plant/summary", { company })).data;
    const b = api.summary!.balance;

    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => (m.type() === "error" || /hydrat/i.test(m.text())) && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto(`${baseUrl()}/workbench?type=1`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: /全厂能源平衡/ }).click();
    await page.waitForURL(/\/workbench\/plant/);
    await page.getByRole("heading", { name: "全厂能源平衡" }).waitFor();

    const fmt1 = (n: number) => new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
    const headline = page.locator(".plant-headline");
    await expect(headline.textContent()).resolves.toContain(`综合能耗（当量值）${fmt1(b.totalTceEquivalent)} tce/年`);
    await expect(headline.textContent()).resolves.toContain(`综合能耗（等价值）${fmt1(b.totalTceEqual)} tce/年`);
    await expect(headline.textContent()).resolves.toContain("计量覆盖100.0%");
    const checks = page.locator("section[aria-labelledby=plant-checks]");
    await expect(checks.textContent()).resolves.toContain("低于常见范围（40%–90%）");
    const table = page.locator("section[aria-labelledby=plant-balance] table");
    await expect(table.getByRole("row").filter({ hasText: "天然气" }).textContent()).resolves.toContain("1,000,000 m³");
    await expect(table.getByRole("row").filter({ hasText: "天然气" }).textContent()).resolves.toContain("900,000 m³");
    await expect(table.getByRole("row").filter({ hasText: "蒸汽" }).textContent()).resolves.toContain("2,000 t");
    await expect(table.getByRole("row").filter({ hasText: "综合能耗合计" }).textContent()).resolves.toContain(fmt1(b.totalTceEquivalent));
    const unit = page.locator("section[aria-labelledby=plant-unit]");
    await expect(unit.textContent()).resolves.toContain("棉、麻、化纤及混纺机织物 30 kgce/百米");
    const sources = page.locator("section[aria-labelledby=plant-surveys]");
    for (const t of ["2026年电费", "一号车间电机", "定型机车间"]) await expect(sources.textContent()).resolves.toContain(t);
    await expect(page.locator(".plant-pick").textContent()).resolves.toContain(`${company}（3份调查表）`);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/plant-desktop.png`, fullPage: true });
    expect(realProblems(problems)).toEqual([]);

    // The signable PDF: asked on the page, built by the "plant" job, offered for download once ready.
    await page.getByRole("button", { name: /生成PDF报告（可签署）/ }).click();
    const download = page.getByRole("link", { name: /下载全厂能源平衡报告（PB-\d{8}-[0-9A-F]{6}/ });
    await download.waitFor({ timeout: 120_000 });
    const pdf = await context.request.get(`${baseUrl()}${await download.getAttribute("href")}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(realProblems(problems)).toEqual([]);

    const phone = await newContext(browser, MOBILE);
    await phone.addCookies(await context.cookies());
    const mobile = await phone.newPage();
    const mobileProblems: string[] = [];
    mobile.on("console", (m) => (m.type() === "error" || /hydrat/i.test(m.text())) && mobileProblems.push(m.text()));
    await mobile.goto(`${baseUrl()}/workbench/plant?company=${encodeURIComponent(company)}`, { waitUntil: "networkidle" });
    await mobile.locator(".plant-headline").waitFor();
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await mobile.screenshot({ path: `${SHOTS}/plant-phone.png`, fullPage: true });
    expect(realProblems(mobileProblems)).toEqual([]);

    // A name that is none of the caller's enterprises: said on the page, the newest enterprise shown instead.
    await page.goto(`${baseUrl()}/workbench/plant?company=${encodeURIComponent("别人家的工厂")}`, { waitUntil: "networkidle" });
    await page.getByText("未找到该企业的调查表，请在调查表第一页填写企业名称").waitFor();
    await phone.close();
    await context.close();
  });
});
