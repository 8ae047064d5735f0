// The survey workbook layout shared by the template/export builder and the importer (docs/spreadsheets.md):
// 填写说明 (instructions, title, card code) · one sheet per section (row 1 headers, hidden row 2 keys, one row per
// repeat) · 负荷数据 for the electricity card · a hidden 选项 sheet feeding the dropdowns.
import { cardOf } from "../cards";
import type { Definition, DefMold, DefQuestion } from "../services/workbench/definitions";

export const INSTRUCTIONS_SHEET = "填写说明";
export const OPTIONS_SHEET = "选项";
export const LOAD_SHEET = "负荷数据";
/** Column A of row 2 on a section sheet: "@" + the section key, so sheets may be renamed or reordered. */
export const MARKER_PREFIX = "@";
/** Row 2 of the load sheet: the marker over the time column, then the power column's key. */
export const LOAD_MARKER = "@load_curve";
export const LOAD_KW_KEY = "kw";
/** Labels in column A of the instructions sheet whose column B the importer reads. */
export const TITLE_LABEL = "调查表名称";
export const CARD_LABEL = "模板标识";
export const INDEX_HEADER = "序号";
/** Header row, key row; data starts on row 3. */
export const FIRST_DATA_ROW = 3;
/** A year of 15-minute points (leap year included). */
export const MAX_LOAD_POINTS = 366 * 96;
/** Does the card's workbook carry interval load data (card registry `sheet.loadCurve`; stored by workers/services/workbench/load-curve.ts)? */
export function hasLoadSheet(cardCode: string): boolean {
  return cardOf(cardCode)?.sheet.loadCurve === true;
}
export const LOAD_START_KEY = "load_curve_start_date";
export const LOAD_INTERVAL_KEY = "load_curve_interval";
export const INTERVAL_OPTION_KEYS: Readonly<Record<15 | 60, string>> = { 15: "min15", 60: "min60" };

export interface LoadCurve {
  kw: number[];
  intervalMinutes: 15 | 60;
  startDate: string;
}

/** Sections a spreadsheet carries: everything except photos, which are uploaded in the form. */
export function sheetMolds(def: Definition): DefMold[] {
  return def.pages.flatMap((p) => p.molds).filter((m) => m.kind !== "image");
}

export function isNumeric(q: DefQuestion): boolean {
  return q.valueKind === "number" || q.valueKind === "integer";
}

/** Header text: a leading * marks required columns; the unit is shown when the name does not already carry it. */
export function headerOf(q: DefQuestion): string {
  const unit = q.unit && !q.questionName.includes(q.unit) ? `（${q.unit}）` : "";
  return `${q.requiredFlag === 1 ? "*" : ""}${q.questionName}${unit}`;
}
