// Workbench journey (issue 5): log in → /workbench?type=1 → create → fill pages with three repeated motors
// and a nameplate photo → reload and see everything kept → trash → restore → save-and-generate (生成中).
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, launch, openPage, seriousA11yViolations } from "./browser";
import { choose, field, fillMotor, loginAs, questionsOf, saved, type } from "./workbench-helpers";

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

    // Reload: everything kept.
    await page.reload({ waitUntil: "networkidle" });
    await page.locator(".wb-form__title").waitFor();
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
    await page.locator(".ant-modal-confirm").getByRole("button", { name: /删\s*除/ }).click();
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

    // Open the form and reach save-and-generate.
    await page.locator(".wb-list__row").filter({ hasText: "一号车间电机系统" }).click();
    await page.locator(".wb-form__title").waitFor();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "下一页" }).click();
    await page.getByRole("button", { name: "保存并生成报告" }).click();
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
