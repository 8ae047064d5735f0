// Template and export workbooks built from a card's definition (and, for an export, the survey's answers and
// load curve). The importer (survey-import.ts) reads the same layout back.
import { MAX_REPEATS } from "../contract/workbench";
import type { Definition, DefQuestion } from "../services/workbench/definitions";
import {
  CARD_LABEL,
  FIRST_DATA_ROW,
  INDEX_HEADER,
  INSTRUCTIONS_SHEET,
  hasLoadSheet,
  LOAD_KW_KEY,
  LOAD_MARKER,
  LOAD_SHEET,
  MARKER_PREFIX,
  MAX_LOAD_POINTS,
  OPTIONS_SHEET,
  TITLE_LABEL,
  headerOf,
  isNumeric,
  sheetMolds,
  type LoadCurve,
} from "./layout";
import { columnName } from "./xlsx-reader";
import { STYLE, safeSheetName, sheetRange, type WCell, type WRow, type WSheet, type WValidation } from "./xlsx-writer";

export interface SurveyValues {
  title: string;
  /** Display values by question id, then repeat index (select answers as the option name). */
  answers: Map<number, Map<number, string>>;
  /** Repeats of repeatable sections (missing = 1). */
  sizes: Map<number, number>;
  load?: LoadCurve;
}

/** Display width of text in Excel character units (CJK characters are about two). */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return w;
}

function columnWidth(q: DefQuestion): number {
  return Math.max(10, Math.min(28, Math.ceil(textWidth(headerOf(q)) * 0.6) + 4));
}

/** A number written as a number only when it reads back as the same text (so an export round-trips exactly). */
function valueCell(q: DefQuestion, value: string): WCell {
  if (isNumeric(q) && value !== "" && String(Number(value)) === value) return { v: Number(value), s: STYLE.number };
  return { v: value, s: isNumeric(q) ? STYLE.number : STYLE.text };
}

function pad(n: number, w = 2) {
  return String(n).padStart(w, "0");
}

/** "2025-01-01 00:15" for minutes since the Unix epoch (UTC arithmetic: load data carries no time zone). */
export function formatMinutes(minutes: number): string {
  const d = new Date(minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function buildSurveyBook(def: Definition, values?: SurveyValues): WSheet[] {
  const taken = new Set<string>([INSTRUCTIONS_SHEET.toLowerCase(), OPTIONS_SHEET.toLowerCase(), LOAD_SHEET.toLowerCase()]);
  const molds = sheetMolds(def);
  const optionColumns: string[][] = [];
  const sections: WSheet[] = [];
  const guide: WRow[] = [];

  for (const mold of molds) {
    const name = safeSheetName(mold.moldName, taken);
    const questions = mold.questions;
    const size = mold.multiple === 1 ? Math.max(1, values?.sizes.get(mold.id) ?? 1) : 1;
    const lastRow = mold.multiple === 1 ? FIRST_DATA_ROW + MAX_REPEATS - 1 : FIRST_DATA_ROW;
    const header: WRow = { cells: [{ v: INDEX_HEADER, s: STYLE.header }], height: 36 };
    const keys: WRow = { cells: [{ v: MARKER_PREFIX + mold.key, s: STYLE.key }], hidden: true };
    const validations: WValidation[] = [];
    const widths = [6];
    const columnStyles: (typeof STYLE)[keyof typeof STYLE][] = [STYLE.text];
    questions.forEach((q, i) => {
      const col = columnName(i + 1);
      header.cells.push({ v: headerOf(q), s: q.requiredFlag === 1 ? STYLE.headerRequired : STYLE.header });
      keys.cells.push({ v: q.key, s: STYLE.key });
      widths.push(columnWidth(q));
      columnStyles.push(isNumeric(q) ? STYLE.number : STYLE.text);
      const sqref = mold.multiple === 1 ? `${col}${FIRST_DATA_ROW}:${col}${lastRow}` : `${col}${FIRST_DATA_ROW}`;
      const hint =
        q.questionType === "date" ? "格式：2025-07-01。" : q.questionType === "month" ? "格式：2025-07。" : isNumeric(q) ? "填写数字。" : "";
      const v: WValidation = { sqref, promptTitle: q.questionName, prompt: `${hint}${q.annotation}` };
      if (q.questionType === "select" && q.options.length) {
        optionColumns.push(q.options.map((o) => o.optionName));
        const oc = columnName(optionColumns.length - 1);
        v.list = sheetRange(OPTIONS_SHEET, `$${oc}$1:$${oc}$${q.options.length}`);
      }
      validations.push(v);
      guide.push({
        cells: [
          { v: name, s: STYLE.note },
          { v: headerOf(q).replace(/^\*/, ""), s: STYLE.note },
          { v: q.requiredFlag === 1 ? "是" : "", s: STYLE.note },
          { v: q.questionType === "select" ? `${q.annotation}（可选：${q.options.map((o) => o.optionName).join("、")}）` : q.annotation, s: STYLE.note },
        ],
      });
    });
    const rows: WRow[] = [header, keys];
    if (values) {
      for (let i = 0; i < size; i++) {
        const cells: WCell[] = [{ v: mold.multiple === 1 ? i + 1 : "", s: STYLE.text }];
        for (const q of questions) cells.push(valueCell(q, values.answers.get(q.id)?.get(i) ?? ""));
        rows.push({ cells });
      }
    }
    sections.push({ name, rows, widths, columnStyles, freezeRows: 2, validations });
  }

  const sheets: WSheet[] = [instructions(def, values?.title ?? "", guide), ...sections];
  if (hasLoadSheet(def.code)) sheets.push(loadSheet(values?.load));
  if (optionColumns.length) sheets.push(optionsSheet(optionColumns));
  return sheets;
}

function instructions(def: Definition, title: string, guide: WRow[]): WSheet {
  const load = hasLoadSheet(def.code);
  const notes = [
    "每个工作表对应调查表的一个栏目。可重复填写的栏目（如电机、定型机、月度电费单）每行填写一组，最多500组；只填写一次的栏目只填第3行。",
    "表头带 * 且底色为橙色的列为必填项：导入时可以留空，生成报告前须在网页中补全。",
    "选择题请从单元格的下拉列表中选择；日期填写为 2025-07-01，月份填写为 2025-07；数字列只填数字，不要带单位。",
    "请勿修改表头行和隐藏的第2行（字段标识）；列的顺序可以调整，工作表可以重命名。",
    "“序号”列可以不填；填写了序号的行即使其余为空也会作为一组导入。",
    "照片类栏目请在导入后到网页中上传。",
    ...(load
      ? [
          `负荷数据：在「${LOAD_SHEET}」工作表第A列填写时间（如 2025-01-01 00:00），第B列填写该时段的平均有功功率（kW）；每15分钟或每1小时一行，从某日0:00开始、整天连续，最多一年（15分钟间隔为35040行）。`,
        ]
      : []),
    "文件格式为xls或xlsx，大小不超过20Mb。导入后将新建一份调查表。",
  ];
  const rows: WRow[] = [
    { cells: [{ v: `「${def.typeName}」调查表导入模板`, s: STYLE.title }], height: 24 },
    { cells: [] },
    { cells: [{ v: TITLE_LABEL, s: STYLE.label }, { v: title, s: STYLE.text }] },
    { cells: [{ v: "评估类型", s: STYLE.label }, { v: def.typeName, s: STYLE.text }] },
    { cells: [{ v: CARD_LABEL, s: STYLE.label }, { v: def.code, s: STYLE.key }] },
    { cells: [] },
    { cells: [{ v: "填写说明", s: STYLE.label }] },
    ...notes.map((n, i) => ({ cells: [{ v: `${i + 1}.`, s: STYLE.note }, { v: n, s: STYLE.note }] }) as WRow),
    { cells: [] },
    {
      cells: [
        { v: "工作表", s: STYLE.header },
        { v: "列标题", s: STYLE.header },
        { v: "必填", s: STYLE.header },
        { v: "填写说明", s: STYLE.header },
      ],
    },
    ...guide,
  ];
  return { name: INSTRUCTIONS_SHEET, rows, widths: [18, 40, 8, 90], merges: ["A1:D1"] };
}

function loadSheet(load?: LoadCurve): WSheet {
  const rows: WRow[] = [
    { cells: [{ v: "时间", s: STYLE.headerRequired }, { v: "*有功功率（kW）", s: STYLE.headerRequired }], height: 30 },
    { cells: [{ v: LOAD_MARKER, s: STYLE.key }, { v: LOAD_KW_KEY, s: STYLE.key }], hidden: true },
  ];
  if (load) {
    // Minutes since the epoch of the first point's midnight.
    const start = Date.parse(`${load.startDate}T00:00:00Z`) / 60_000;
    for (let i = 0; i < load.kw.length; i++) {
      rows.push({ cells: [{ v: formatMinutes(start + i * load.intervalMinutes) }, { v: load.kw[i]! }] });
    }
  }
  const last = FIRST_DATA_ROW + MAX_LOAD_POINTS - 1;
  return {
    name: LOAD_SHEET,
    rows,
    widths: [20, 18],
    columnStyles: [STYLE.text, STYLE.number],
    freezeRows: 2,
    validations: [
      { sqref: `A${FIRST_DATA_ROW}:A${last}`, promptTitle: "时间", prompt: "如 2025-01-01 00:00；每15分钟或每1小时一行，从0:00开始，整天连续" },
      { sqref: `B${FIRST_DATA_ROW}:B${last}`, promptTitle: "有功功率（kW）", prompt: "该时段的平均有功功率，单位kW，不小于0" },
    ],
  };
}

function optionsSheet(columns: string[][]): WSheet {
  const height = Math.max(...columns.map((c) => c.length));
  const rows: WRow[] = [];
  for (let r = 0; r < height; r++) rows.push({ cells: columns.map((c) => (r < c.length ? { v: c[r]! } : null)) });
  return { name: OPTIONS_SHEET, hidden: true, rows };
}
