// Spreadsheet import/export (spec 3 §2 import dialog, §5 import rules, §7 execl calls): limits, messages and
// payload schemas shared by the import wizard and the server. Imports nothing server-only.
import { z } from "zod";

export const SHEET_MSG = {
  /** Spec 3 §5, verbatim. */
  format: "导入文件格式只能是xls、xlsx格式！",
  size: "当前限制文件大小不能大于20Mb",
  noFile: "请先上传文件",
  imported: "导入成功",
  exported: "调查表导出成功",
  templateReady: "模板已生成",
  noData: "未找到可导入的数据，请使用下载的模板填写",
  empty: "模板中还没有填写任何数据，请填写后再导入",
  checked: "校验通过，请确认导入",
  wrongCard: (typeName: string) => `导入文件与当前评估类型不一致，请下载「${typeName}」模板填写`,
  broken: "文件已损坏或不是有效的Excel文件，请重新保存后导入",
  tooLarge: "文件内容过多，请删除与调查表无关的工作表或数据后重新导入",
  encrypted: "文件已加密，请取消密码保护后重新导入",
  suspicious: "文件内容异常：解压后的数据量与文件大小不符，请用Excel重新保存后导入",
  xlsTooLarge: "xls格式的文件不能大于2.5Mb，请在Excel中另存为xlsx格式后导入",
} as const;

/** 20 Mb (spec 3 §5, §9). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Legacy .xls is parsed whole in memory (about 33 MB of heap per MB of file, measured): capped below 20 Mb. */
export const XLS_MAX_BYTES = 2.5 * 1024 * 1024;
export const IMPORT_EXTENSIONS = ["xls", "xlsx"] as const;
export const IMPORT_ACCEPT = ".xls,.xlsx";
export const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The extension of a file name, lower case ("" when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The first message a chosen file breaks (extension, then size, then the .xls cap), or null. Same rule in the browser and the API. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return SHEET_MSG.format;
  if (file.size > IMPORT_MAX_BYTES) return SHEET_MSG.size;
  if (extensionOf(file.name) === "xls" && file.size > XLS_MAX_BYTES) return SHEET_MSG.xlsTooLarge;
  return null;
}

const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);

export const templateSchema = z.object({ type: id("请选择评估类型") });
export const exportSchema = z.object({ id: id("调查表不存在或无权访问"), type: id("请选择评估类型").optional() });

/** One bad cell: where it is (sheet, 1-based row, column letters) and what is wrong. */
export interface ImportProblem {
  sheet: string;
  row: number;
  column: string;
  message: string;
}

export interface ImportResult {
  id: number;
  /** The new survey's name (a copy of an existing name gets （导入 YYYY-MM-DD HH:mm）). */
  title: string;
  /** Answers written and repeats per repeatable section, for the wizard's summary. */
  answers: number;
  loadPoints: number;
}

/** What a workbook holds for one section of the survey (the wizard's 校验数据 step). */
export interface ImportSection {
  name: string;
  /** Rows (repeats) of a repeatable section; 1 otherwise. */
  rows: number;
  /** Filled fields. */
  fields: number;
}

/** The check before anything is created: the name the survey will get and what will be imported. */
export interface ImportPreview {
  title: string;
  answers: number;
  loadPoints: number;
  sections: ImportSection[];
}

/** Where the browser fetches generated files (owner-checked for exports). */
export const TEMPLATE_FILES_PREFIX = "/files/execl/template/";
export const EXPORT_FILES_PREFIX = "/files/execl/export/";
