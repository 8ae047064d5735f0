import { describe, expect, it } from "vitest";
import { buildSurveyBook, type SurveyValues } from "../../../workers/spreadsheets/survey-book";
import { parseSurveyBook, type SheetSource } from "../../../workers/spreadsheets/survey-import";
import { XlsxReader } from "../../../workers/spreadsheets/xlsx-reader";
import { writeXlsx, type WSheet } from "../../../workers/spreadsheets/xlsx-writer";
import type { Definition } from "../../../workers/services/workbench/definitions";
import { definitionOf, questionByKey } from "./definition";

async function sourceOf(bytes: Uint8Array): Promise<SheetSource> {
  const r = await XlsxReader.open(bytes);
  return { sheets: r.sheets, date1904: r.date1904, readRows: (i, f) => r.readRows(r.sheets[i]!, f) };
}

async function parse(def: Definition, sheets: WSheet[]) {
  return parseSurveyBook(await sourceOf(await writeXlsx(sheets)), def);
}

function values(def: Definition, title: string, byKey: Record<string, string[]>, load?: SurveyValues["load"]): SurveyValues {
  const answers = new Map<number, Map<number, string>>();
  const sizes = new Map<number, number>();
  for (const [key, list] of Object.entries(byKey)) {
    const q = questionByKey(def, key);
    answers.set(q.id, new Map(list.map((v, i) => [i, v])));
    const mold = def.molds.get(q.moldId)!;
    if (mold.multiple === 1) sizes.set(mold.id, Math.max(sizes.get(mold.id) ?? 1, list.length));
  }
  return { title, answers, sizes, load };
}

/** Parsed answers back as key → values by repeat (select answers as option names). */
function byKey(def: Definition, answers: { questionId: number; indexNo: number; optionContent: string }[]) {
  const out: Record<string, string[]> = {};
  for (const a of answers) {
    const key = def.questions.get(a.questionId)!.key;
    (out[key] ??= [])[a.indexNo] = a.optionContent;
  }
  return out;
}

describe("survey workbook layout", () => {
  it("a blank template has instructions, a sheet per section (no photos), dropdown options and nothing to import", async () => {
    const def = definitionOf("motor");
    const sheets = buildSurveyBook(def);
    expect(sheets.map((s) => [s.name, Boolean(s.hidden)])).toEqual([
      ["填写说明", false],
      ["企业基本信息", false],
      ["电价", false],
      ["电机", false],
      ["全厂能源与产量（选填）", false],
      ["选项", true],
    ]);
    const motor = sheets[3]!;
    expect(motor.rows[0]!.cells[3]).toMatchObject({ v: "*额定功率（kW）" });
    expect(motor.rows[1]).toMatchObject({ hidden: true });
    expect(motor.rows[1]!.cells[0]).toMatchObject({ v: "@motor_unit" });
    expect(motor.freezeRows).toBe(2);
    const cls = motor.validations!.find((v) => v.promptTitle === "能效等级/系列")!;
    expect(cls.list).toMatch(/^'选项'!\$[A-Z]+\$1:\$[A-Z]+\$\d+$/);
    expect(cls.sqref).toMatch(/3:[A-Z]+502$/);
    const parsed = await parse(def, sheets);
    expect(parsed).toMatchObject({ cardCode: "motor", title: "", problems: [], answers: [], sheetsFound: 4 });
    expect(buildSurveyBook(definitionOf("electricity")).map((s) => s.name)).toContain("负荷数据");
  });

  it("round-trips answers, repeats, titles and select names", async () => {
    const def = definitionOf("motor");
    const filled = {
      company_name: ["苏州某纺织有限公司"],
      province: ["江苏"],
      assessment_date: ["2025-07-01"],
      electricity_price: ["0.72"],
      motor_name: ["1#循环水泵", "", "3#风机 <甲>"],
      motor_rated_kw: ["55", "", "7.5"],
      motor_efficiency_class: ["", "", questionByKey(def, "motor_efficiency_class").options[1]!.optionName],
      motor_quantity: ["2", "", "1"],
    };
    const parsed = await parse(def, buildSurveyBook(def, values(def, "一号车间", filled)));
    expect(parsed.problems).toEqual([]);
    expect(parsed.title).toBe("一号车间");
    expect(parsed.sizes.get(questionByKey(def, "motor_name").moldId)).toBe(3);
    const got = byKey(def, parsed.answers);
    for (const [k, list] of Object.entries(filled)) expect(got[k] ?? [], k).toEqual(list.map((v) => v || undefined));
    const opt = parsed.answers.find((a) => a.questionId === questionByKey(def, "motor_efficiency_class").id)!;
    expect(opt.answerOptionId).toBe(questionByKey(def, "motor_efficiency_class").options[1]!.id);
  });

  it("names sheet, row and column for every bad cell", async () => {
    const def = definitionOf("motor");
    const sheets = buildSurveyBook(def);
    const motor = sheets.find((s) => s.name === "电机")!;
    const col = (key: string) => motor.rows[1]!.cells.findIndex((c) => c?.v === key);
    const row = (pairs: [string, string | number][]) => {
      const cells: { v: string | number }[] = [];
      for (const [k, v] of pairs) cells[col(k)] = { v };
      return { cells };
    };
    motor.rows.push(row([["motor_name", "好电机"], ["motor_rated_kw", "55"]]));
    motor.rows.push({ cells: [] });
    motor.rows.push(row([["motor_rated_kw", "五十五"], ["motor_efficiency_class", "IE9"], ["motor_quantity", 1.5]]));
    const parsed = await parse(def, sheets);
    expect(parsed.problems.map((p) => p.message).sort()).toEqual(
      [
        "「电机」第5行第C列：同型号台数（台）必须是整数",
        "「电机」第5行第D列：额定功率（kW）必须是数字",
        "「电机」第5行第F列：能效等级/系列的选项“IE9”不存在，请从下拉列表中选择",
      ].sort(),
    );
    expect(parsed.problems).toHaveLength(3);
    expect(parsed.problems[0]).toMatchObject({ sheet: "电机", row: 5 });
    expect(parsed.problems.map((p) => p.message)).toContain("「电机」第5行第D列：额定功率（kW）必须是数字");
    expect(parsed.problems.map((p) => p.message)).toContain("「电机」第5行第C列：同型号台数（台）必须是整数");
    expect(parsed.problems.some((p) => p.message.includes("“IE9”不存在"))).toBe(true);
    // Blank rows in between do not count; the bad row is the second motor.
    expect(parsed.sizes.get(questionByKey(def, "motor_name").moldId)).toBe(2);
  });

  it("maps columns by the key row even when reordered or renamed, and accepts Excel serial dates", async () => {
    const def = definitionOf("motor");
    const sheets = buildSurveyBook(def);
    const company = sheets.find((s) => s.name === "企业基本信息")!;
    company.name = "公司";
    // Question columns reversed; column A keeps 序号 and the section marker.
    for (const r of company.rows) r.cells = [r.cells[0], ...r.cells.slice(1).reverse()];
    const keys = company.rows[1]!.cells.map((c) => c?.v);
    const cells: { v: string | number }[] = [];
    cells[keys.indexOf("company_name")] = { v: "甲公司" };
    cells[keys.indexOf("assessment_date")] = { v: 45839 }; // 2025-07-01
    company.rows.push({ cells });
    const parsed = await parse(def, sheets);
    expect(parsed.problems).toEqual([]);
    expect(byKey(def, parsed.answers)).toMatchObject({ company_name: ["甲公司"], assessment_date: ["2025-07-01"] });
  });

  it("round-trips a year of 15-minute load data and fills the start date and interval", async () => {
    const def = definitionOf("electricity");
    const kw = Array.from({ length: 35040 }, (_, i) => Math.round((500 + 300 * Math.sin(i / 20)) * 100) / 100);
    const v = values(def, "电费", { bill_month: ["2025-01", "2025-02"], bill_kwh_peak: ["1000", "1200"] }, { kw, intervalMinutes: 15, startDate: "2025-01-01" });
    const parsed = await parse(def, buildSurveyBook(def, v));
    expect(parsed.problems).toEqual([]);
    expect(parsed.load).toEqual({ kw, intervalMinutes: 15, startDate: "2025-01-01" });
    expect(byKey(def, parsed.answers)).toMatchObject({ load_curve_start_date: ["2025-01-01"], load_curve_interval: ["15分钟"], bill_month: ["2025-01", "2025-02"] });
  });

  it("accepts end-labelled hourly data and refuses gaps and partial days with the row", async () => {
    const def = definitionOf("electricity");
    const sheets = buildSurveyBook(def);
    const load = sheets.find((s) => s.name === "负荷数据")!;
    for (let h = 1; h <= 24; h++) load.rows.push({ cells: [{ v: `2025-03-0${h === 24 ? 2 : 1} ${String(h % 24).padStart(2, "0")}:00` }, { v: h }] });
    const ok = await parse(def, sheets);
    expect(ok.problems).toEqual([]);
    expect(ok.load).toMatchObject({ intervalMinutes: 60, startDate: "2025-03-01" });
    expect(ok.load!.kw).toHaveLength(24);

    load.rows.splice(10, 1);
    const gap = await parse(def, sheets);
    expect(gap.problems[0]!.message).toBe("「负荷数据」第11行第A列：时间应为2025-03-01 09:00（数据须按时间顺序连续）");
    load.rows.splice(2, 100, { cells: [{ v: "2025-03-01 00:00" }, { v: 1 }] }, { cells: [{ v: "2025-03-01 00:15" }, { v: "-3" }] });
    const neg = await parse(def, sheets);
    expect(neg.problems.map((p) => p.message)).toEqual(["「负荷数据」第4行第B列：有功功率（kW）不能为负数", "「负荷数据」第4行第A列：负荷数据应为整天数据（15分钟间隔每天96行），当前共2行"]);
  });

  it("refuses a second row on a section filled once, and knows which card a file is for", async () => {
    const def = definitionOf("motor");
    const sheets = buildSurveyBook(def);
    const price = sheets.find((s) => s.name === "电价")!;
    price.rows.push({ cells: [null, { v: "0.7" }] }, { cells: [null, { v: "0.8" }] });
    const parsed = await parse(def, sheets);
    expect(parsed.problems.map((p) => p.message)).toEqual(["「电价」第4行第A列：「电价」只能填写一行（第3行）"]);
    const other = await parse(definitionOf("stenter"), buildSurveyBook(def));
    expect(other.cardCode).toBe("motor");
  });
});

describe("written workbooks read by an independent parser", () => {
  it("SheetJS sees the sheets, hidden key row and sheet, widths, frozen header and values of our own template", async () => {
    // Reading our own output only: uploads are never parsed with SheetJS except legacy .xls (docs/decisions/071).
    const XLSX = await import("@e965/xlsx");
    const def = definitionOf("motor");
    const bytes = await writeXlsx(buildSurveyBook(def, values(def, "互操作", { motor_name: ["甲", "乙"], motor_rated_kw: ["55", "7.5"] })));
    const wb = XLSX.read(bytes, { type: "array", cellStyles: true });
    expect(wb.SheetNames).toEqual(["填写说明", "企业基本信息", "电价", "电机", "全厂能源与产量（选填）", "选项"]);
    expect(wb.Workbook?.Sheets?.map((s) => s.Hidden ?? 0)).toEqual([0, 0, 0, 0, 0, 1]);
    const motor = wb.Sheets["电机"]!;
    expect(motor["!rows"]?.[1]?.hidden).toBe(true);
    expect(motor["!cols"]?.[0]?.wch ?? motor["!cols"]?.[0]?.width).toBeGreaterThan(0);
    expect(motor.B1?.v).toBe("*电机名称/编号");
    expect([motor.B3?.v, motor.B4?.v, motor.D3?.v, motor.D4?.v]).toEqual(["甲", "乙", 55, 7.5]);
    expect(XLSX.utils.sheet_to_json<string[]>(wb.Sheets["填写说明"]!, { header: 1 })[2]).toEqual(["调查表名称", "互操作"]);
  });
});
