// Issue 22 item 8 (UI): a saved survey opened again runs the definition's rules at once. Answers stored with −5 kW
// and flow-time shares adding to 260 % (saved through the same API the form uses, as a form left before its fields
// were checked would have them) show their messages beside the fields as soon as the form opens, with no blur, and
// the motor is counted as N项待修正, not 已填完. Asia/Shanghai + zh-CN, axe, no console errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, openPage, seriousA11yViolations } from "./browser";
import { field, loginAs, questionsOf, type Q } from "./workbench-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const msgOf = (page: Page, qs: Map<string, Q>, key: string, i = 0) => page.locator(`${field(qs, key, i)} .wb-field__msg`);

/** Store answers of repeat 0 through the answer API (select answers by option key). */
async function saveAnswers(page: Page, surveyId: number, qs: Map<string, Q>, answers: Record<string, string>) {
  for (const [key, value] of Object.entries(answers)) {
    const q = qs.get(key)!;
    const option = q.optionList.find((o) => o.key === value);
    const payload = { id: surveyId, answerId: q.id, indexNo: 0, answerOptionId: option?.id ?? null, optionContent: option ? option.optionName : value, answerPicId: "" };
    const code = await page.evaluate(async (body) => {
      const res = await fetch("/api/surveyInfo/answer/save", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return ((await res.json()) as { code: number }).code;
    }, payload);
    expect(code, key).toBe(10000);
  }
}

describe("a saved form opened again (issue 22 item 8)", () => {
  it("shows the rules' messages on open, without a blur, and does not call the motor 已填完", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage", { timezoneId: "Asia/Shanghai", locale: "zh-CN" });
    await loginAs(page, "demo", "Demo1234");
    const surveyId = await page.evaluate(async () => {
      const res = await fetch("/api/surveyInfo/addInfo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: 1 }) });
      return ((await res.json()) as { data: { id: number } }).data.id;
    });
    const qs = await questionsOf(page, surveyId);
    await saveAnswers(page, surveyId, qs, {
      motor_name: "1#循环水泵",
      motor_quantity: "1",
      motor_rated_kw: "-5",
      motor_rated_speed_rpm: "1480",
      motor_annual_hours: "6000",
      motor_load_factor_pct: "75",
      motor_efficiency_class: "ye3",
      motor_drive: "direct",
      motor_vfd_present: "no",
      motor_application: "pump",
      pump_design_flow_m3h: "200",
      pump_design_head_m: "40",
      pump_bep_efficiency_pct: "78",
      motor_flow_control: "throttle_valve",
      flow_bin1_pct: "70",
      flow_bin1_time_pct: "100",
      flow_bin2_pct: "50",
      flow_bin2_time_pct: "80",
      flow_bin3_pct: "30",
      flow_bin3_time_pct: "80",
    });
    // Open the form on the motor page (the page it was "left on").
    await page.evaluate((id) => localStorage.setItem(`wb-page:${id}`, "2"), surveyId);
    await page.goto(`${baseUrl()}/workbench?type=1&id=${surveyId}`, { waitUntil: "networkidle" });
    await page.locator(field(qs, "motor_rated_kw")).waitFor();
    await expect(page.locator(`${field(qs, "motor_rated_kw")} input`).inputValue()).resolves.toBe("-5");
    await expect(msgOf(page, qs, "motor_rated_kw").textContent()).resolves.toBe("额定功率不能为负数");
    await expect(page.locator(`${field(qs, "motor_rated_kw")} input`).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(msgOf(page, qs, "flow_bin1_time_pct").textContent()).resolves.toBe("各工况时间占比之和应为100%，当前为260%");
    await expect(page.locator(".wb-panel").first().locator(".wb-progress").textContent()).resolves.toBe("2项待修正");
    await expect(page.locator('.wb-section-progress[data-mold="motor_unit"]').textContent()).resolves.toBe("电机 0/1 已填完");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Corrected, the messages go and the motor is complete.
    for (const [key, value] of [["motor_rated_kw", "37"], ["flow_bin1_time_pct", "60"], ["flow_bin2_time_pct", "20"], ["flow_bin3_time_pct", "20"]] as const) {
      const input = page.locator(`${field(qs, key)} input`);
      await input.fill(value);
      await input.blur();
    }
    await expect.poll(() => page.locator(".wb-panel").first().locator(".wb-progress").textContent()).toBe("已填完");
    await expect(page.locator(".wb-field__msg").count()).resolves.toBe(0);
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);
});
