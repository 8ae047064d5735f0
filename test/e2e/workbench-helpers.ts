// Shared steps for the workbench journeys (workbench.e2e.ts, reports.e2e.ts): question ids by key from the API,
// typing and choosing in the form's fields, waiting for autosave, filling a motor, logging in as demo.
import { expect } from "vitest";
import type { Page } from "playwright-core";

export interface Q {
  id: number;
  key: string;
  optionList: { id: number; optionName: string; key: string }[];
}

/** Question ids by key, read through the API from the page (same cookie). */
export async function questionsOf(page: Page, id: number): Promise<Map<string, Q>> {
  const list = await page.evaluate(async (surveyId) => {
    const res = await fetch("/api/surveyInfo/info", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id: surveyId }) });
    const body = (await res.json()) as { data: { pageList: { input: unknown[]; select: unknown[]; image: unknown[] }[] } };
    return body.data.pageList.flatMap((p: { input: unknown[]; select: unknown[]; image: unknown[] }) =>
      [...p.input, ...p.select, ...p.image].flatMap((m) => (m as { groups: { questions: Q[] }[] }).groups.flatMap((g) => g.questions)),
    ) as Q[];
  }, id);
  return new Map(list.map((q) => [q.key, q]));
}

export function field(qs: Map<string, Q>, key: string, i = 0) {
  return `[data-field="${qs.get(key)!.id}:${i}"]`;
}

export async function type(page: Page, qs: Map<string, Q>, key: string, value: string, i = 0) {
  const input = page.locator(`${field(qs, key, i)} input`);
  await input.fill(value);
  await input.blur();
}

export async function choose(page: Page, qs: Map<string, Q>, key: string, optionKey: string, i = 0) {
  const name = qs.get(key)!.optionList.find((o) => o.key === optionKey)!.optionName;
  // The open dropdown follows its field: when a blur's validation message or the autosave badge shifts the layout
  // underneath it, the list realigns or closes mid-click (seen in CI under load). A user would open it again; so does
  // this, a bounded number of times, and the poll below still checks that the value was really chosen.
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`);
  for (let attempt = 1; ; attempt++) {
    await page.locator(`${field(qs, key, i)} .ant-select`).scrollIntoViewIfNeeded();
    await page.locator(`${field(qs, key, i)} .ant-select`).click();
    try {
      await option.click({ timeout: 8_000 });
      break;
    } catch (error) {
      if (attempt === 4) throw error;
      await page.keyboard.press("Escape");
      await page.locator(".ant-select-dropdown:visible").waitFor({ state: "hidden", timeout: 2_000 }).catch(() => {});
    }
  }
  await expect.poll(() => page.locator(`${field(qs, key, i)} .ant-select-content, ${field(qs, key, i)} .ant-select-selection-item`).first().textContent()).toContain(name);
}

export async function saved(page: Page) {
  await page.locator(".wb-save--saved").waitFor({ timeout: 15_000 });
}

export async function fillMotor(page: Page, qs: Map<string, Q>, i: number) {
  await type(page, qs, "motor_name", `${i + 1}#循环水泵电机`, i);
  await type(page, qs, "motor_rated_kw", String(30 + i * 5), i);
  await type(page, qs, "motor_rated_speed_rpm", "1480", i);
  await type(page, qs, "motor_annual_hours", "6000", i);
  await type(page, qs, "motor_load_factor_pct", "75", i);
  await choose(page, qs, "motor_efficiency_class", "gb2020_3", i);
  await choose(page, qs, "motor_drive", "direct", i);
  await choose(page, qs, "motor_vfd_present", "no", i);
  await choose(page, qs, "motor_application", "constant_torque", i);
}

/** Log in through the API from the page, so the session cookie is set for the browser context. */
export async function loginAs(page: Page, userName: string, password: string) {
  const code = await page.evaluate(
    async ([u, p]) => {
      const res = await fetch("/api/user/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: 1, userName: u, password: p }) });
      return ((await res.json()) as { code: number }).code;
    },
    [userName, password] as const,
  );
  expect(code).toBe(10000);
}

/**
 * 保存并生成报告 sits on the form's last page; every card ends with the optional plant page (全厂能源与产量（选填）),
 * so a journey pages forward with 下一页 until the button shows, then presses it.
 */
export async function saveAndGenerate(page: Page) {
  const generate = page.getByRole("button", { name: "保存并生成报告" });
  const next = page.getByRole("button", { name: "下一页" });
  for (let i = 0; i < 10 && !(await generate.isVisible()); i++) {
    if (await next.isVisible()) await next.click();
    await Promise.race([generate.waitFor({ state: "visible", timeout: 2000 }).catch(() => {}), next.waitFor({ state: "visible", timeout: 2000 }).catch(() => {})]);
  }
  await generate.click();
}
