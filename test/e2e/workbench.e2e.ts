// Workbench journeys. Issue 5: log in → /workbench?type=1 → create → fill pages with three repeated motors and a
// nameplate photo → reload and see everything kept (reopened on the page left) → trash → restore → save-and-generate
// (生成中). Issue 14 item 2, in Asia/Shanghai: nonsense typed is refused on blur beside the field, pump blocks appear
// only for pumps, 确认生成 lists every server problem in the sticky 待修正 list, fixing them generates.
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launch, openPage, seriousA11yViolations } from "./browser";
import { choose, field, fillMotor, loginAs, questionsOf, saved, type, type Q } from "./workbench-helpers";
import { saveAndGenerate } from "./workbench-helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

describe("workbench journey", () => {
  it("creates, fills with repeats and a photo, survives reload, trash and restore, and reaches generate", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage");
    await loginAs(page, "demo", "Demo1234");

    await page.goto(baseUrl() + "/workbench?type=1", { waitUntil: "networkidle" });
    await expect(page.locator(".wb-header__card").textContent()).resolves.toContain("电机驱动系统");
    await expect(page.locator(".wb-tree").getByText("回收站").count()).resolves.toBe(1);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "surveyType")?.value).toBe("1");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Create.
    await page.getByRole("button", { name: /新建/ }).click();
    await page.getByRole("menuitem", { name: "新建调查表" }).click();
    await page.waitForURL(/id=\d+/);
    const surveyId = Number(new URL(page.url()).searchParams.get("id"));
    await page.locator(".wb-form__title").waitFor();
    const qs = await questionsOf(page, surveyId);
    await expect(page.locator(".wb-form__title").getAttribute("placeholder")).resolves.toBe("未命名");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator(".wb-form__title").fill("一号车间电机系统");

    // Page 1: required check first, then fill.
    await page.getByRole("button", { name: "下一页" }).click();
    await page.getByText("请检查是否有必填项目未填写").first().waitFor();
    await expect(page.locator(`${field(qs, "company_name")}.wb-field--error`).count()).resolves.toBe(1);
    await type(page, qs, "company_name", "苏州某印染有限公司");
    await choose(page, qs, "province", "jiangsu");
    await saved(page);
    await page.getByRole("button", { name: "下一页" }).click();

    // Page 2: tariff.
    await type(page, qs, "electricity_price", "0.70");
    await page.getByRole("button", { name: "下一页" }).click();

    // Page 3: three motors.
    await fillMotor(page, qs, 0);
    for (const i of [1, 2]) {
      await page.getByRole("button", { name: "继续填写" }).click();
      await page.getByText(`第${i + 1}台电机`).first().waitFor();
      await page.locator(field(qs, "motor_name", i)).waitFor();
      await fillMotor(page, qs, i);
    }
    await saved(page);
    await page.screenshot({ path: `${SHOTS}/workbench-form.png`, fullPage: false });
    await page.getByRole("button", { name: "下一页" }).click();

    // Page 4: nameplate photo.
    writeFileSync(`${SHOTS}/nameplate.png`, PNG);
    await page.locator(`${field(qs, "motor_nameplate_photo")} input[type=file]`).setInputFiles(`${SHOTS}/nameplate.png`);
    await page.locator(`${field(qs, "motor_nameplate_photo")} .ant-upload-list-item`).first().waitFor();
    await expect.poll(() => page.locator(`${field(qs, "motor_nameplate_photo")} .wb-field__note`).textContent()).toContain("已上传1张");
    await saved(page);

    // Reload: everything kept, and the form reopens on the page it was left on.
    await page.reload({ waitUntil: "networkidle" });
    await page.locator(".wb-form__title").waitFor();
    await page.locator(field(qs, "motor_nameplate_photo")).waitFor();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "上一页" }).click();
    await expect(page.locator(".wb-form__title").inputValue()).resolves.toBe("一号车间电机系统");
    await expect(page.locator(`${field(qs, "company_name")} input`).inputValue()).resolves.toBe("苏州某印染有限公司");
    await expect(page.locator(field(qs, "province")).textContent()).resolves.toContain("江苏");
    await page.getByRole("button", { name: "下一页" }).click();
    await expect(page.locator(`${field(qs, "electricity_price")} input`).inputValue()).resolves.toBe("0.70");
    await page.getByRole("button", { name: "下一页" }).click();
    await expect(page.getByText("共3组").count()).resolves.toBe(0); // only the first panel is open
    for (const i of [1, 2]) await page.locator(".wb-panel .ant-collapse-header").filter({ hasText: `第${i + 1}台电机` }).click();
    for (const i of [0, 1, 2]) {
      await expect(page.locator(`${field(qs, "motor_name", i)} input`).inputValue()).resolves.toBe(`${i + 1}#循环水泵电机`);
      await expect(page.locator(`${field(qs, "motor_rated_kw", i)} input`).inputValue()).resolves.toBe(String(30 + i * 5));
    }
    await expect(page.getByText("共3组").count()).resolves.toBe(1);
    await page.getByRole("button", { name: "下一页" }).click();
    const img = page.locator(`${field(qs, "motor_nameplate_photo")} img`).first();
    await img.waitFor();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);

    // Back to the list, delete to trash, restore.
    await page.locator(".wb-header button").filter({ hasText: "返回" }).click();
    await page.waitForURL((u) => !u.searchParams.has("id"));
    const row = page.locator(".wb-list__row").filter({ hasText: "一号车间电机系统" });
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}/workbench-list.png` });
    await row.getByRole("button", { name: /的操作/ }).click();
    await page.getByRole("menuitem", { name: "删除" }).click();
    // A full-suite run once lost this press (no 删除成功 within 30 s; the cause was not found). As a user would, press
    // again while the dialog stays open; while the delete is in flight the button is loading and ignores presses.
    const confirm = page.locator(".ant-modal-confirm");
    for (let attempt = 1; ; attempt++) {
      await confirm.getByRole("button", { name: /删\s*除/ }).click();
      const closed = await confirm.waitFor({ state: "hidden", timeout: 8_000 }).then(() => true, () => false);
      if (closed) break;
      if (attempt === 3) throw new Error("删除 confirm dialog did not close after 3 presses");
    }
    // The notice itself (attached, not "visible"): under load its enter animation and an earlier leaving notice
    // made a visibility wait on the first text match time out. The row's disappearance below is the real effect.
    await page.locator(".ant-message-notice").filter({ hasText: "删除成功" }).first().waitFor({ state: "attached" });
    await expect.poll(() => page.locator(".wb-list__row").filter({ hasText: "一号车间电机系统" }).count()).toBe(0);
    await page.locator(".wb-tree").getByText(/回收站/).click();
    await page.waitForURL(/bin=trash/);
    const trashed = page.locator(".wb-list__row").filter({ hasText: "一号车间电机系统" });
    await trashed.waitFor();
    await trashed.getByRole("button", { name: /的操作/ }).click();
    await page.getByRole("menuitem", { name: "恢复" }).click();
    await page.locator(".ant-message-notice").filter({ hasText: "恢复成功" }).first().waitFor({ state: "attached" });
    await page.locator(".wb-tree").getByText("电机驱动系统").click();
    await page.waitForURL((u) => !u.searchParams.has("bin"));

    // Open the form: it reopens on the last page, where it was left; save-and-generate.
    await page.locator(".wb-list__row").filter({ hasText: "一号车间电机系统" }).click();
    await page.locator(".wb-form__title").waitFor();
    await saveAndGenerate(page);
    const dialog = page.locator(".ant-modal").filter({ hasText: "关键信息再次确认" });
    await dialog.waitFor();
    await expect(dialog.getByRole("button", { name: "返回修改" }).count()).resolves.toBe(1);
    await dialog.getByRole("button", { name: "确认生成" }).click();
    await page.locator(".wb-form__status").filter({ hasText: "生成中" }).waitFor();
    await page.getByText("报告生成中，每3秒自动刷新状态").waitFor();
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});

const msgOf = (page: Page, qs: Map<string, Q>, key: string, i = 0) => page.locator(`${field(qs, key, i)} .wb-field__msg`);

describe("survey form validation (issue 14 item 2)", () => {
  it("refuses nonsense on blur beside the field, lists every generate problem, and generates once fixed", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage", { timezoneId: "Asia/Shanghai", locale: "zh-CN" });
    await loginAs(page, "demo", "Demo1234");
    await page.goto(baseUrl() + "/workbench?type=1", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /新建/ }).click();
    await page.getByRole("menuitem", { name: "新建调查表" }).click();
    await page.waitForURL(/id=\d+/);
    const surveyId = Number(new URL(page.url()).searchParams.get("id"));
    await page.locator(".wb-form__title").waitFor();
    const qs = await questionsOf(page, surveyId);
    await page.locator(".wb-form__title").fill("校验测试电机");
    await type(page, qs, "company_name", "苏州某印染有限公司");
    await choose(page, qs, "province", "jiangsu");
    await page.getByRole("button", { name: "下一页" }).click();
    // A price out of range is refused on blur, and accepted once corrected.
    await type(page, qs, "electricity_price", "70");
    await expect(msgOf(page, qs, "electricity_price").textContent()).resolves.toBe("平均电价应为0.1–3元/kWh，当前为70");
    await type(page, qs, "electricity_price", "0.7");
    await expect.poll(() => msgOf(page, qs, "electricity_price").count()).toBe(0);
    await page.getByRole("button", { name: "下一页" }).click();

    // Motor 1: what issue 14 typed. Each message appears beside its field as soon as the field is left.
    await type(page, qs, "motor_name", "1#循环水泵");
    await type(page, qs, "motor_quantity", "YE3-132M-4");
    await expect(msgOf(page, qs, "motor_quantity").textContent()).resolves.toBe("同型号台数应为数字，当前填写为“YE3-132M-4”");
    await expect(page.locator(`${field(qs, "motor_quantity")} input`).getAttribute("aria-invalid")).resolves.toBe("true");
    await type(page, qs, "motor_rated_kw", "37");
    await type(page, qs, "motor_rated_speed_rpm", "100");
    await expect(msgOf(page, qs, "motor_rated_speed_rpm").textContent()).resolves.toBe("额定转速应为600–3000 r/min，当前为100");
    await type(page, qs, "motor_annual_hours", "6000");
    await type(page, qs, "motor_load_factor_pct", "75");
    await choose(page, qs, "motor_efficiency_class", "ye3");
    await choose(page, qs, "motor_drive", "direct");
    await choose(page, qs, "motor_vfd_present", "no");
    // The pump block and the flow profile are not there until the load is a pump.
    await expect(page.locator(field(qs, "pump_design_flow_m3h")).count()).resolves.toBe(0);
    await expect(page.locator(field(qs, "flow_bin1_pct")).count()).resolves.toBe(0);
    await choose(page, qs, "motor_application", "pump");
    await page.locator(field(qs, "pump_design_flow_m3h")).waitFor();
    await type(page, qs, "pump_design_flow_m3h", "200");
    await type(page, qs, "pump_design_head_m", "40");
    await type(page, qs, "pump_bep_efficiency_pct", "78");
    await choose(page, qs, "motor_flow_control", "throttle_valve");
    for (const [b, flow, time] of [[1, "70", "100"], [2, "50", "80"], [3, "30", "80"]] as const) {
      await type(page, qs, `flow_bin${b}_pct`, flow);
      await type(page, qs, `flow_bin${b}_time_pct`, time);
    }
    await expect(msgOf(page, qs, "flow_bin1_time_pct").textContent()).resolves.toBe("各工况时间占比之和应为100%，当前为260%");
    // Progress per repeat and per section.
    await expect(page.locator(".wb-panel").first().locator(".wb-progress").textContent()).resolves.toBe("3项待修正");
    await expect(page.locator('.wb-section-progress[data-mold="motor_unit"]').textContent()).resolves.toBe("电机 0/1 已填完");

    // Motor 2, complete and valid: its panel says so, and the section counts it.
    await page.getByRole("button", { name: "继续填写" }).click();
    await page.locator(field(qs, "motor_name", 1)).waitFor();
    await fillMotor(page, qs, 1);
    await expect.poll(() => page.locator(".wb-panel").nth(1).locator(".wb-progress").textContent()).toBe("已填完");
    await expect(page.locator('.wb-section-progress[data-mold="motor_unit"]').textContent()).resolves.toBe("电机 1/2 已填完");
    await saved(page);
    // axe on the form with a second repeat (its delete button is no longer inside the panel header) and messages shown.
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Generate: the server's reasons, all at once, beside the fields and in the sticky list.
    await page.getByRole("button", { name: "下一页" }).click();
    await saveAndGenerate(page);
    const dialog = page.locator(".ant-modal").filter({ hasText: "关键信息再次确认" });
    await dialog.getByRole("button", { name: "确认生成" }).click();
    const list = page.locator(".wb-fixlist");
    await list.waitFor();
    await expect(list.locator(".wb-fixlist__head").textContent()).resolves.toBe("待修正 3 项");
    await expect(list.locator(".wb-fixlist__item").allTextContents()).resolves.toEqual([
      "第1台电机「同型号台数（台）」：同型号台数应为数字，当前填写为“YE3-132M-4”",
      "第1台电机「额定转速（r/min）」：额定转速应为600–3000 r/min，当前为100",
      "第1台电机「工况1时间占比（%）」：各工况时间占比之和应为100%，当前为260%",
    ]);
    // Back on the motor page, at the first problem; filled fields are never called blank.
    await page.locator(field(qs, "motor_quantity")).waitFor();
    await expect(page.getByText("此项为必填项").count()).resolves.toBe(0);
    await expect(msgOf(page, qs, "motor_rated_speed_rpm").textContent()).resolves.toBe("额定转速应为600–3000 r/min，当前为100");
    await page.screenshot({ path: `${SHOTS}/workbench-fixlist.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Fix them one by one from the list: each item jumps to (and focuses) its field.
    await list.getByRole("button", { name: /同型号台数/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[data-field]")?.getAttribute("data-field"))).toBe(`${qs.get("motor_quantity")!.id}:0`);
    await type(page, qs, "motor_quantity", "2");
    await expect.poll(() => list.locator(".wb-fixlist__head").textContent()).toBe("待修正 2 项");
    await list.getByRole("button", { name: /额定转速/ }).click();
    await type(page, qs, "motor_rated_speed_rpm", "1480");
    await type(page, qs, "flow_bin1_time_pct", "60");
    await type(page, qs, "flow_bin2_time_pct", "20");
    await type(page, qs, "flow_bin3_time_pct", "20");
    await expect.poll(() => list.count()).toBe(0);
    await expect(page.locator('.wb-section-progress[data-mold="motor_unit"]').textContent()).resolves.toBe("电机 2/2 已填完");
    await saved(page);

    // Reload: reopens on the motor page, where it was left.
    await page.reload({ waitUntil: "networkidle" });
    await page.locator(field(qs, "motor_quantity")).waitFor();
    await expect(page.locator(`${field(qs, "motor_quantity")} input`).inputValue()).resolves.toBe("2");
    await page.getByRole("button", { name: "下一页" }).click();
    await saveAndGenerate(page);
    await dialog.getByRole("button", { name: "确认生成" }).click();
    await page.locator(".wb-form__status").filter({ hasText: "生成中" }).waitFor();
    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
