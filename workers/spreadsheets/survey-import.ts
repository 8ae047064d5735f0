// Reads a filled survey workbook (the layout of survey-book.ts) into answers, repeat sizes, a title and the
// electricity card's load curve, validating every cell. Each problem names the sheet, row and column. Pure: the
// caller (import.ts) writes the result. Nothing read from the file becomes an object key (Maps and arrays only).
import { ANSWER_MAX, MAX_REPEATS } from "../contract/workbench";
import type { ImportProblem } from "../contract/spreadsheet";
import { normaliseNumberText } from "../cards/kit/answers";
import type { BulkAnswer } from "../services/workbench/answers";
import type { Definition, DefMold, DefQuestion } from "../services/workbench/definitions";
import {
  CARD_LABEL,
  INSTRUCTIONS_SHEET,
  INTERVAL_OPTION_KEYS,
  hasLoadSheet,
  LOAD_INTERVAL_KEY,
  LOAD_KW_KEY,
  LOAD_MARKER,
  LOAD_SHEET,
  LOAD_START_KEY,
  MARKER_PREFIX,
  MAX_LOAD_POINTS,
  TITLE_LABEL,
  headerOf,
  isNumeric,
  sheetMolds,
  type LoadCurve,
} from "./layout";
import { formatMinutes } from "./survey-book";
import { columnName, type Cell } from "./xlsx-reader";

/** What the importer needs from a workbook: its sheets and a row stream per sheet (xlsx and xls readers). */
export interface SheetSource {
  sheets: readonly { name: string; hidden: boolean }[];
  date1904: boolean;
  /** `maxColumn` (0-based) is asked per row; cells right of it may be left out. */
  readRows(sheetIndex: number, onRow: (row: number, cells: Cell[]) => boolean | void, maxColumn?: () => number): Promise<void>;
}

export interface ParsedSurvey {
  title: string | null;
  cardCode: string | null;
  answers: BulkAnswer[];
  /** Repeats by repeatable section id. */
  sizes: Map<number, number>;
  load: LoadCurve | null;
  problems: ImportProblem[];
  /** Sections and load data found (0 means the file is not a filled template). */
  sheetsFound: number;
}

const MAX_PROBLEMS = 200;
const HEADER_SCAN_ROWS = 5;

class Problems {
  readonly list: ImportProblem[] = [];
  add(sheet: string, row: number, col: number, message: string) {
    if (this.list.length >= MAX_PROBLEMS) return;
    const column = columnName(col);
    this.list.push({ sheet, row, column, message: `「${sheet}」第${row}行第${column}列：${message}` });
  }
  get full() {
    return this.list.length >= MAX_PROBLEMS;
  }
}

/** Days from 1899-12-30 (Excel's day 0 in the 1900 system) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const EXCEL_1904_OFFSET = 1462;

/** Minutes since the Unix epoch of an Excel serial date-time. */
function serialMinutes(serial: number, date1904: boolean): number {
  return Math.round((serial + (date1904 ? EXCEL_1904_OFFSET : 0) - EXCEL_EPOCH_DAYS) * 1440);
}

const DATE_TIME = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2})[:：](\d{2})(?:[:：](\d{2})(?:\.\d+)?)?)?\s*$/;

/** Minutes since the epoch of a cell holding a date or date-time, or null. */
function cellMinutes(cell: Cell, date1904: boolean): number | null {
  if (cell.type === "n") {
    const n = Number(cell.value);
    return Number.isFinite(n) && n > 0 && n < 2_958_466 ? serialMinutes(n, date1904) : null;
  }
  const m = DATE_TIME.exec(cell.value.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 24 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y!, mo! - 1, d!);
  const check = new Date(t);
  if (check.getUTCDate() !== d) return null;
  return t / 60_000 + h * 60 + mi + Math.round(s / 60);
}

/** A number cell as the text Excel shows (15 significant digits, so 0.1+0.2 reads 0.3). */
function numberText(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : value;
}

/** The stored text of a cell for a question, or a problem message. */
function answerOf(q: DefQuestion, cell: Cell, date1904: boolean): { value: string; optionId: number | null } | { problem: string } {
  const label = q.questionName;
  if (cell.type === "e") return { problem: `${label}的单元格是错误值（${cell.value}）` };
  const raw = cell.type === "n" ? numberText(cell.value) : cell.value.trim();
  if (raw === "") return { value: "", optionId: null };
  if (q.questionType === "select") {
    const option = q.options.find((o) => o.optionName === raw);
    if (!option) return { problem: `${label}的选项“${raw}”不存在，请从下拉列表中选择` };
    return { value: option.optionName, optionId: option.id };
  }
  if (q.questionType === "date" || q.questionType === "month") {
    const month = q.questionType === "month";
    const mm = month && /^(\d{4})[-/.年](\d{1,2})月?$/.exec(raw);
    let minutes: number | null = null;
    if (mm) minutes = Number(mm[2]) >= 1 && Number(mm[2]) <= 12 ? Date.UTC(Number(mm[1]), Number(mm[2]) - 1, 1) / 60_000 : null;
    else minutes = cellMinutes(cell, date1904);
    if (minutes === null) return { problem: month ? `${label}格式应为2025-07` : `${label}格式应为2025-07-01` };
    const text = formatMinutes(minutes);
    return { value: month ? text.slice(0, 7) : text.slice(0, 10), optionId: null };
  }
  if (isNumeric(q)) {
    const n = Number(normaliseNumberText(raw));
    if (normaliseNumberText(raw) === "" || !Number.isFinite(n)) return { problem: `${label}必须是数字` };
    if (q.valueKind === "integer" && !Number.isInteger(n)) return { problem: `${label}必须是整数` };
    return { value: raw, optionId: null };
  }
  if (raw.length > ANSWER_MAX) return { problem: `${label}不能超过${ANSWER_MAX}个字` };
  return { value: raw, optionId: null };
}

interface SheetPlan {
  kind: "mold" | "load";
  mold?: DefMold;
  /** Column index → question (mold sheets). */
  columns: Map<number, DefQuestion>;
  kwColumn: number;
  timeColumn: number;
  /** Data starts after this row. */
  headerRow: number;
}

/** Decide what a sheet holds from its first rows: a marker row ("@key" in column A), else its name and headers. */
function planSheet(name: string, head: { row: number; cells: Cell[] }[], molds: DefMold[], card: string): SheetPlan | null {
  const text = (cells: Cell[], col: number) => cells.find((c) => c.col === col)?.value.trim() ?? "";
  for (const { row, cells } of head) {
    const marker = text(cells, 0);
    if (!marker.startsWith(MARKER_PREFIX)) continue;
    if (marker === LOAD_MARKER) {
      if (!hasLoadSheet(card)) return null;
      const kw = cells.find((c) => c.value.trim() === LOAD_KW_KEY)?.col ?? 1;
      return { kind: "load", columns: new Map(), kwColumn: kw, timeColumn: 0, headerRow: row };
    }
    const mold = molds.find((m) => MARKER_PREFIX + m.key === marker);
    if (!mold) return null;
    const byKey = new Map(mold.questions.map((q) => [q.key, q]));
    const columns = new Map<number, DefQuestion>();
    const used = new Set<number>();
    for (const c of cells) {
      const q = byKey.get(c.value.trim());
      if (c.col > 0 && q && !used.has(q.id)) {
        columns.set(c.col, q);
        used.add(q.id);
      }
    }
    return { kind: "mold", mold, columns, kwColumn: -1, timeColumn: -1, headerRow: row };
  }
  // No key row (a user rebuilt the sheet): match the sheet name, then the header texts of its first row.
  const first = head[0];
  if (!first) return null;
  if (name === LOAD_SHEET && hasLoadSheet(card)) return { kind: "load", columns: new Map(), kwColumn: 1, timeColumn: 0, headerRow: first.row };
  const mold = molds.find((m) => m.moldName === name);
  if (!mold) return null;
  const columns = new Map<number, DefQuestion>();
  for (const c of first.cells) {
    const h = c.value.trim();
    const q = mold.questions.find((x) => headerOf(x) === h || headerOf(x).replace(/^\*/, "") === h || x.questionName === h);
    if (q && c.col > 0) columns.set(c.col, q);
  }
  return columns.size ? { kind: "mold", mold, columns, kwColumn: -1, timeColumn: -1, headerRow: first.row } : null;
}

export async function parseSurveyBook(source: SheetSource, def: Definition): Promise<ParsedSurvey> {
  const problems = new Problems();
  const molds = sheetMolds(def);
  const out: ParsedSurvey = { title: null, cardCode: null, answers: [], sizes: new Map(), load: null, problems: problems.list, sheetsFound: 0 };
  const seen = new Map<string, string>();

  for (const [index, sheet] of source.sheets.entries()) {
    if (sheet.name === INSTRUCTIONS_SHEET) {
      await source.readRows(index, (row, cells) => {
        const label = cells.find((c) => c.col === 0)?.value.trim();
        const value = cells.find((c) => c.col === 1);
        const v = value ? (value.type === "n" ? numberText(value.value) : value.value.trim()) : "";
        if (label === TITLE_LABEL) out.title = v;
        if (label === CARD_LABEL) out.cardCode = v;
        return row < 12;
      });
      continue;
    }
    const head: { row: number; cells: Cell[] }[] = [];
    let maxColumn = Infinity;
    let plan: SheetPlan | null | undefined;
    let state: RowSink | null = null;
    const decide = () => {
      plan = planSheet(sheet.name, head, molds, def.code);
      if (!plan) return;
      const what = plan.kind === "load" ? LOAD_MARKER : plan.mold!.key;
      const other = seen.get(what);
      if (other !== undefined) {
        problems.add(sheet.name, plan.headerRow, 0, `与工作表「${other}」内容重复，请只保留一个`);
        plan = null;
        return;
      }
      seen.set(what, sheet.name);
      out.sheetsFound++;
      maxColumn = plan.kind === "load" ? Math.max(plan.kwColumn, plan.timeColumn) : Math.max(0, ...plan.columns.keys());
      state = plan.kind === "load" ? new LoadSink(sheet.name, plan, problems, source.date1904) : new MoldSink(sheet.name, plan, problems, source.date1904, out);
      for (const h of head) if (h.row > plan.headerRow && state.row(h.row, h.cells) === false) return;
    };
    await source.readRows(index, (row, cells) => {
      if (plan === undefined) {
        head.push({ row, cells });
        if (head.length < HEADER_SCAN_ROWS && !cells.some((c) => c.col === 0 && c.value.trim().startsWith(MARKER_PREFIX))) return true;
        decide();
        return plan ? !problems.full : false;
      }
      if (!plan || !state) return false;
      return state.row(row, cells) !== false && !problems.full;
    }, () => maxColumn);
    if (plan === undefined && head.length) decide();
    (state as RowSink | null)?.end(out);
  }

  if (out.load) fillLoadAnswers(def, out);
  return out;
}

interface RowSink {
  row(row: number, cells: Cell[]): boolean | void;
  end(out: ParsedSurvey): void;
}

class MoldSink implements RowSink {
  private count = 0;
  constructor(
    private readonly sheet: string,
    private readonly plan: SheetPlan,
    private readonly problems: Problems,
    private readonly date1904: boolean,
    private readonly out: ParsedSurvey,
  ) {}

  row(row: number, cells: Cell[]): boolean | void {
    const mold = this.plan.mold!;
    // A row counts as a repeat when any mapped cell or its 序号 (column A) is filled.
    const mapped = cells.filter((c) => this.plan.columns.has(c.col));
    const indexed = cells.some((c) => c.col === 0 && c.value.trim() !== "");
    if (!mapped.length && !indexed) return;
    const indexNo = this.count;
    this.count++;
    if (mold.multiple !== 1 && this.count > 1) {
      this.problems.add(this.sheet, row, 0, `「${mold.moldName}」只能填写一行（第3行）`);
      return false;
    }
    if (this.count > MAX_REPEATS) {
      this.problems.add(this.sheet, row, 0, `「${mold.moldName}」最多可填写${MAX_REPEATS}组`);
      return false;
    }
    for (const cell of mapped) {
      const q = this.plan.columns.get(cell.col)!;
      const r = answerOf(q, cell, this.date1904);
      if ("problem" in r) this.problems.add(this.sheet, row, cell.col, r.problem);
      else if (r.value !== "") this.out.answers.push({ questionId: q.id, indexNo, optionContent: r.value, answerOptionId: r.optionId });
    }
  }

  end(out: ParsedSurvey) {
    if (this.plan.mold!.multiple === 1) out.sizes.set(this.plan.mold!.id, Math.max(1, this.count));
  }
}

class LoadSink implements RowSink {
  private readonly kw: number[] = [];
  private first: number | null = null;
  private previous: number | null = null;
  private interval: 15 | 60 | null = null;
  private firstRow = 0;
  private lastRow = 0;
  constructor(
    private readonly sheet: string,
    private readonly plan: SheetPlan,
    private readonly problems: Problems,
    private readonly date1904: boolean,
  ) {}

  row(row: number, cells: Cell[]): boolean | void {
    const time = cells.find((c) => c.col === this.plan.timeColumn);
    const power = cells.find((c) => c.col === this.plan.kwColumn);
    if (!time && !power) return;
    if (this.kw.length >= MAX_LOAD_POINTS) {
      this.problems.add(this.sheet, row, this.plan.timeColumn, `负荷数据最多一年（15分钟间隔${MAX_LOAD_POINTS}行）`);
      return false;
    }
    const t = time ? cellMinutes(time, this.date1904) : null;
    if (t === null) {
      this.problems.add(this.sheet, row, this.plan.timeColumn, time ? `时间格式应为2025-01-01 00:15，当前为“${time.value}”` : "请填写时间");
      return !this.problems.full;
    }
    const text = power ? (power.type === "n" ? power.value : normaliseNumberText(power.value)) : "";
    const kw = text === "" ? NaN : Number(text);
    if (!power) this.problems.add(this.sheet, row, this.plan.kwColumn, "请填写有功功率（kW）");
    else if (!Number.isFinite(kw)) this.problems.add(this.sheet, row, this.plan.kwColumn, "有功功率（kW）必须是数字");
    else if (kw < 0) this.problems.add(this.sheet, row, this.plan.kwColumn, "有功功率（kW）不能为负数");
    if (this.previous === null) {
      this.first = t;
      this.firstRow = row;
    } else if (this.interval === null) {
      const step = t - this.previous;
      if (step !== 15 && step !== 60) {
        this.problems.add(this.sheet, row, this.plan.timeColumn, "相邻两行的时间间隔应为15分钟或1小时");
        return false;
      }
      this.interval = step;
      const minuteOfDay = ((this.first! % 1440) + 1440) % 1440;
      // Meters label a point by its start (0:00) or its end (0:15 / 1:00); either way the data starts at midnight.
      if (minuteOfDay !== 0 && minuteOfDay !== step) {
        this.problems.add(this.sheet, this.firstRow, this.plan.timeColumn, `第一行时间应为某日0:00（或${step === 15 ? "0:15" : "1:00"}）`);
        return false;
      }
    } else if (t !== this.previous + this.interval) {
      this.problems.add(this.sheet, row, this.plan.timeColumn, `时间应为${formatMinutes(this.previous + this.interval)}（数据须按时间顺序连续）`);
      return !this.problems.full;
    }
    this.previous = t;
    this.lastRow = row;
    this.kw.push(Number.isFinite(kw) ? kw : 0);
  }

  end(out: ParsedSurvey) {
    if (!this.kw.length) return;
    if (this.interval === null) {
      this.problems.add(this.sheet, this.lastRow, this.plan.timeColumn, "负荷数据至少需要一整天");
      return;
    }
    const perDay = 1440 / this.interval;
    if (this.kw.length % perDay !== 0) {
      this.problems.add(this.sheet, this.lastRow, this.plan.timeColumn, `负荷数据应为整天数据（${this.interval}分钟间隔每天${perDay}行），当前共${this.kw.length}行`);
      return;
    }
    const minuteOfDay = ((this.first! % 1440) + 1440) % 1440;
    const startMinutes = minuteOfDay === 0 ? this.first! : this.first! - this.interval;
    out.load = { kw: this.kw, intervalMinutes: this.interval, startDate: formatMinutes(startMinutes).slice(0, 10) };
  }
}

/** The load data's start date and interval also fill the survey's own questions when those were left blank. */
function fillLoadAnswers(def: Definition, out: ParsedSurvey) {
  const load = out.load!;
  const byKey = new Map([...def.questions.values()].map((q) => [q.key, q]));
  const start = byKey.get(LOAD_START_KEY);
  const interval = byKey.get(LOAD_INTERVAL_KEY);
  const has = (q: DefQuestion) => out.answers.some((a) => a.questionId === q.id && a.indexNo === 0);
  if (start && !has(start)) out.answers.push({ questionId: start.id, indexNo: 0, optionContent: load.startDate, answerOptionId: null });
  const option = interval?.options.find((o) => o.key === INTERVAL_OPTION_KEYS[load.intervalMinutes]);
  if (interval && option && !has(interval)) out.answers.push({ questionId: interval.id, indexNo: 0, optionContent: option.optionName, answerOptionId: option.id });
}
