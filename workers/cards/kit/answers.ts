// Reading stored survey answers: Record<questionKey, string[]> with one string per repeat (index = repeat
// index; select questions store the option key). Every missing or implausible value becomes one Chinese
// error message tied to its question key and repeat index; nothing is guessed silently. Numeric limits and their
// messages come from the survey definition (workers/cards/<card>/survey.ts, through workers/contract/survey-rules.ts), the same rules the form checks.
import { checkNumber, crossProblems, type NumberRule } from "../../contract/survey-rules";
import type { CrossCheck } from "../../contract/survey-definition";

export { normaliseNumberText } from "../../contract/survey-rules";

export type Answers = Readonly<Record<string, readonly (string | null | undefined)[] | undefined>>;

export interface InputError {
  questionKey: string;
  repeatIndex: number;
  message: string;
}

export type MappingResult<T> = { ok: true; input: T; warnings: InputError[] } | { ok: false; errors: InputError[] };

/** A numeric question's limits and messages: the definition's rule (ruleOf in workers/contract/survey-rules.ts). */
export type NumberSpec = NumberRule;

export class AnswerReader {
  readonly errors: InputError[] = [];
  readonly warnings: InputError[] = [];

  constructor(private readonly answers: Answers) {}

  raw(key: string, index = 0): string {
    const v = this.answers[key]?.[index];
    return typeof v === "string" ? v.trim() : "";
  }

  has(key: string, index = 0): boolean {
    return this.raw(key, index) !== "";
  }

  /** Number of repeats of a repeatable section: the longest answer list among its keys. */
  repeatCount(keys: readonly string[]): number {
    return keys.reduce((n, k) => Math.max(n, this.answers[k]?.length ?? 0), 0);
  }

  /** True when every key of the repeat is blank (an empty repeat the user added but never filled). */
  blankRepeat(keys: readonly string[], index: number): boolean {
    return keys.every((k) => !this.has(k, index));
  }

  /** Each filled repeat of a section through `read` (blank repeats skipped; one `read` refuses is left out). */
  repeats<T>(keys: readonly string[], read: (index: number) => T | null | undefined): T[] {
    const out: T[] = [];
    for (let i = 0, n = this.repeatCount(keys); i < n; i++) {
      if (this.blankRepeat(keys, i)) continue;
      const item = read(i);
      if (item != null) out.push(item);
    }
    return out;
  }

  error(key: string, index: number, message: string): undefined {
    this.errors.push({ questionKey: key, repeatIndex: index, message });
    return undefined;
  }

  warn(key: string, index: number, message: string): void {
    this.warnings.push({ questionKey: key, repeatIndex: index, message });
  }

  /** A number, or undefined (with an error when required, non-numeric or out of range). */
  number(key: string, index: number, spec: NumberSpec, required: boolean): number | undefined {
    const raw = this.raw(key, index);
    if (raw === "") return required ? this.error(key, index, `请填写${spec.label}`) : undefined;
    const r = checkNumber(spec, raw);
    return r.ok ? r.value : this.error(key, index, r.message);
  }

  /**
   * A cross-field rule of the definition on one repeat (numbers read with their own rules; a blank or invalid
   * one leaves the rule to wait). True when it holds.
   */
  cross(check: CrossCheck, index: number, specs: Readonly<Record<string, NumberSpec>>): boolean {
    const numberOf = (k: string) => {
      const raw = this.raw(k, index);
      const spec = specs[k];
      if (raw === "" || !spec) return undefined;
      const r = checkNumber(spec, raw);
      return r.ok ? r.value : undefined;
    };
    const found = crossProblems([check], (k) => this.raw(k, index), numberOf);
    for (const p of found) this.error(p.key, index, p.message);
    return found.length === 0;
  }

  /** A select answer that must be one of the option keys. */
  option<T extends string>(key: string, index: number, label: string, allowed: readonly T[], required: boolean): T | undefined {
    const raw = this.raw(key, index);
    if (raw === "") return required ? this.error(key, index, `请选择${label}`) : undefined;
    if (!(allowed as readonly string[]).includes(raw)) return this.error(key, index, `${label}的选项“${raw}”无效，请重新选择`);
    return raw as T;
  }

  text(key: string, index: number, label: string, required: boolean): string | undefined {
    const raw = this.raw(key, index);
    if (raw === "" && required) return this.error(key, index, `请填写${label}`);
    return raw === "" ? undefined : raw;
  }

  /** "YYYY-MM" (month questions); accepts "YYYY-M" and "YYYY/MM". */
  month(key: string, index: number, label: string, required: boolean): string | undefined {
    const raw = this.raw(key, index);
    if (raw === "") return required ? this.error(key, index, `请填写${label}`) : undefined;
    const m = /^(\d{4})[-/年](\d{1,2})月?$/.exec(raw);
    const month = m ? Number(m[2]) : 0;
    if (!m || month < 1 || month > 12) return this.error(key, index, `${label}格式应为“2025-07”，当前为“${raw}”`);
    return `${m[1]}-${String(month).padStart(2, "0")}`;
  }

  /** "YYYY-MM-DD" (date questions); accepts "/" separators. */
  date(key: string, index: number, label: string, required: boolean): string | undefined {
    const raw = this.raw(key, index);
    if (raw === "") return required ? this.error(key, index, `请填写${label}`) : undefined;
    const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(raw);
    if (!m) return this.error(key, index, `${label}格式应为“2025-07-01”，当前为“${raw}”`);
    const y = Number(m[1]);
    const mo = Number(m[2]);
    const d = Number(m[3]);
    const t = new Date(Date.UTC(y, mo - 1, d));
    if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) {
      return this.error(key, index, `${label}不是有效日期：“${raw}”`);
    }
    return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  }

  result<T>(input: T): MappingResult<T> {
    return this.errors.length ? { ok: false, errors: this.errors } : { ok: true, input, warnings: this.warnings };
  }
}

/** Common select answers. */
export const YES_NO = ["yes", "no"] as const;
export type YesNo = (typeof YES_NO)[number];
