// Spreadsheet journey (issue 6): log in → /workbench → 新建 ▸ 导入调查表 → wizard: 请先上传文件, the client-side
// format check, 下载模板 (a real download), a template filled by this test with a bad cell (校验数据 step with the
// located message, 重新上传), the blank template refused, then the corrected file → 校验通过 with the preview →
// 确认导入 → 导入成功 → 完成 opens the new survey with the values;
// finally the export of that survey downloads an .xlsx named from its title.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, launch, openPage } from "./browser";
import { inflateEntry, readDirectory, writeZip } from "../../workers/spreadsheets/zip";
import { XlsxReader, columnName } from "../../workers/spreadsheets/xlsx-reader";
import { escapeXml } from "../../workers/spreadsheets/xml";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOTS ?? "/tmp";

/** Fill a downloaded template: append data rows to the named sheets (by column key from the hidden key row). */
async function fillTemplate(template: Uint8Array, data: Record<string, Record<string, string | number>[]>, title: string): Promise<Uint8Array> {
  const reader = await XlsxReader.open(template);
  const keysBySheet = new Map<string, string[]>();
  for (const s of reader.sheets) {
    await reader.readRows(s, (row, cells) => {
      if (row === 2) keysBySheet.set(s.name, cells.map((c) => c.value));
      return row < 2;
    });
  }
  const entries = readDirectory(template);
  const files: { name: string; data: Uint8Array }[] = [];
  for (const e of entries.values()) {
    const chunks: Uint8Array[] = [];
    await inflateEntry(template, e, (c) => void chunks.push(c));
    files.push({ name: e.name, data: new Uint8Array(Buffer.concat(chunks)) });
  }
  const cell = (ref: string, v: string | number) =>
    typeof v === "number" ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`;
  const sheetFile = (name: string) => `xl/worksheets/sheet${reader.sheets.findIndex((s) => s.name === name) + 1}.xml`;
  const edit = (path: string, f: (xml: string) => string) => {
    const file = files.find((x) => x.name === path)!;
    file.data = new TextEncoder().encode(f(new TextDecoder().decode(file.data)));
  };
  for (const [sheet, rows] of Object.entries(data)) {
    const keys = keysBySheet.get(sheet)!;
    const xml = rows
      .map((r, i) => {
        const n = 3 + i;
        const cells = Object.entries(r).map(([k, v]) => cell(`${columnName(keys.indexOf(k))}${n}`, v));
        return `<row r="${n}">${cells.join("")}</row>`;
      })
      .join("");
    edit(sheetFile(sheet), (x) => x.replace("</sheetData>", `${xml}</sheetData>`));
  }
  // The title cell (row 3, column B) of 填写说明.
  edit(sheetFile("填写说明"), (x) => x.replace('<c r="B3" s="4"/>', cell("B3", title)));
  return writeZip(files);
}

describe("spreadsheet journey", () => {
  it("imports a filled template through the wizard and opens the survey with its values; exports it again", async () => {
    const { page, context, problems } = await openPage(browser, "/homePage");
    const login = await page.evaluate(async () => {
      const res = await fetch("/api/user/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ type: 1, userName: "demo", password: "Demo1234" }) });
      return ((await res.json()) as { code: number }).code;
    });
    expect(login).toBe(10000);
    await page.goto(baseUrl() + "/workbench?type=1", { waitUntil: "networkidle" });

    await page.getByRole("button", { name: /新建/ }).click();
    await page.getByRole("menuitem", { name: "导入调查表" }).click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "导入调查表" });
    await dialog.waitFor();
    await dialog.getByText("只能上传xls/xlsx文件，且不超过20Mb").waitFor();
    await dialog.getByRole("button", { name: "下一步" }).click();
    await page.getByText("请先上传文件").first().waitFor();
    await page.screenshot({ path: `${SHOTS}/import-step1.png` });

    // The same rule as the server, before anything is sent.
    writeFileSync(`${SHOTS}/notes.txt`, "hello");
    await dialog.locator("input[type=file]").setInputFiles(`${SHOTS}/notes.txt`);
    await page.getByText("导入文件格式只能是xls、xlsx格式！").first().waitFor();

    // 下载模板 downloads the card's template.
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "下载模板" }).click()]);
    expect(download.suggestedFilename()).toBe("电机驱动系统调查表模板.xlsx");
    const templatePath = `${SHOTS}/template.xlsx`;
    await download.saveAs(templatePath);
    const template = new Uint8Array(readFileSync(templatePath));

    // The blank template is refused: nothing to import, nothing created.
    await dialog.locator("input[type=file]").setInputFiles(templatePath);
    await dialog.getByRole("button", { name: "下一步" }).click();
    await dialog.getByText("模板中还没有填写任何数据，请填写后再导入").waitFor();
    await dialog.getByRole("button", { name: "重新上传" }).click();

    const company = { company_name: "苏州某印染有限公司", province: "江苏", assessment_date: "2025-07-01" };
    const motors: Record<string, string | number>[] = [
      { motor_name: "1#循环水泵电机", motor_rated_kw: 55, motor_rated_speed_rpm: 1480, motor_annual_hours: 6000, motor_drive: "直联（联轴器）" },
      { motor_name: "2#引风机电机", motor_rated_kw: "五十五", motor_rated_speed_rpm: 2970, motor_annual_hours: 4000 },
    ];
    const bad = await fillTemplate(template, { 企业基本信息: [company], 电价: [{ electricity_price: 0.72 }], 电机: motors }, "导入的电机调查表");
    writeFileSync(`${SHOTS}/bad.xlsx`, bad);
    await dialog.locator("input[type=file]").setInputFiles(`${SHOTS}/bad.xlsx`);
    await dialog.getByText("bad.xlsx").waitFor();
    await dialog.getByRole("button", { name: "下一步" }).click();
    await dialog.getByText("导入失败").waitFor();
    await dialog.getByText("「电机」第4行第D列：额定功率（kW）必须是数字").waitFor();
    await page.screenshot({ path: `${SHOTS}/import-step2-failure.png` });
    await dialog.getByRole("button", { name: "重新上传" }).click();
    await dialog.getByText("只能上传xls/xlsx文件，且不超过20Mb").waitFor();

    motors[1]!.motor_rated_kw = 37;
    const good = await fillTemplate(template, { 企业基本信息: [company], 电价: [{ electricity_price: 0.72 }], 电机: motors }, "导入的电机调查表");
    writeFileSync(`${SHOTS}/good.xlsx`, good);
    await dialog.locator("input[type=file]").setInputFiles(`${SHOTS}/good.xlsx`);
    await dialog.getByRole("button", { name: "下一步" }).click();
    // 校验数据: what will be created, before anything is written.
    await dialog.getByText("校验通过，请确认导入").waitFor();
    await expect(dialog.locator(".ant-descriptions").textContent()).resolves.toContain("导入的电机调查表");
    const motorRow = dialog.locator(".ant-table-row").filter({ hasText: /^电机/ });
    await expect(motorRow.locator("td").nth(1).textContent()).resolves.toBe("2");
    await page.screenshot({ path: `${SHOTS}/import-step2-preview.png` });
    await dialog.getByRole("button", { name: "确认导入" }).click();
    await dialog.getByText("导入成功").waitFor();
    await dialog.getByText("已创建调查表「导入的电机调查表」").waitFor();
    await page.screenshot({ path: `${SHOTS}/import-step3-success.png` });
    await dialog.getByRole("button", { name: /完\s*成/ }).click();

    // The new survey opens with the imported values.
    await page.waitForURL(/id=\d+/);
    await page.locator(".wb-form__title").waitFor();
    await expect(page.locator(".wb-form__title").inputValue()).resolves.toBe("导入的电机调查表");
    const surveyId = Number(new URL(page.url()).searchParams.get("id"));
    const ids = await page.evaluate(async (id) => {
      const res = await fetch("/api/surveyInfo/info", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id }) });
      const body = (await res.json()) as { data: { pageList: { input: { groups: { questions: { id: number; key: string }[] }[] }[] }[] } };
      return Object.fromEntries(body.data.pageList.flatMap((p) => p.input.flatMap((m) => m.groups.flatMap((g) => g.questions.map((q) => [q.key, q.id])))));
    }, surveyId);
    const field = (key: string, i = 0) => `[data-field="${ids[key]}:${i}"]`;
    await expect(page.locator(`${field("company_name")} input`).inputValue()).resolves.toBe("苏州某印染有限公司");
    await expect(page.locator(field("province")).textContent()).resolves.toContain("江苏");
    await page.getByRole("button", { name: "下一页" }).click();
    await expect(page.locator(`${field("electricity_price")} input`).inputValue()).resolves.toBe("0.72");
    await page.getByRole("button", { name: "下一页" }).click();
    await page.locator(".wb-panel .ant-collapse-header").filter({ hasText: "第2台电机" }).click();
    await expect(page.locator(`${field("motor_name", 1)} input`).inputValue()).resolves.toBe("2#引风机电机");
    await expect(page.locator(`${field("motor_rated_kw", 0)} input`).inputValue()).resolves.toBe("55");
    await expect(page.locator(`${field("motor_rated_kw", 1)} input`).inputValue()).resolves.toBe("37");
    await expect(page.locator(field("motor_drive", 0)).textContent()).resolves.toContain("直联（联轴器）");
    await page.screenshot({ path: `${SHOTS}/import-opened-survey.png` });
    await expect(page.locator(".wb-tree").getByText("导入的电机调查表").count()).resolves.toBe(1);
    // Names cut by the tree's width show whole on hover.
    await expect(page.locator(".wb-tree").getByText("导入的电机调查表").getAttribute("title")).resolves.toBe("导入的电机调查表");

    // Export (the header button is enabled once a report exists; the call and the file are checked here).
    const exported = await page.evaluate(async (id) => {
      const res = await fetch("/api/execl/survey/export", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, type: 1 }) });
      return (await res.json()) as { code: number; msg: string; data: string };
    }, surveyId);
    expect(exported).toMatchObject({ code: 10000, msg: "调查表导出成功" });
    const [file] = await Promise.all([page.waitForEvent("download"), page.evaluate((path) => window.location.assign(path), exported.data)]);
    expect(file.suggestedFilename()).toBe("导入的电机调查表.xlsx");
    await file.saveAs(`${SHOTS}/exported.xlsx`);
    const back = await XlsxReader.open(new Uint8Array(readFileSync(`${SHOTS}/exported.xlsx`)));
    expect(back.sheets.map((s) => s.name)).toContain("电机");

    expect(problems.filter((p) => !/favicon|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  }, 180_000);
});
