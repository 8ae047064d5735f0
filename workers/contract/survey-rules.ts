// The value and cross-field rules of a survey definition, in one module that the form (on blur), generate on the
// server and the engines' answer mapping all run, so a limit and its message exist once: in the definition
// (workers/cards/<card>/survey.ts) and here. Pure: no server or browser imports (the form bundles it).
import { z } from "zod";
import type { CrossCheck, QuestionDef, ShowWhen, SurveyDefinition } from "./survey-definition";

/** A numeric question's rule as the checks (and the form, through the info response) read it. */
export interface NumberRule {
  label: string;
  unit?: string;
  min?: number;
  max?: number;
  minExclusive?: boolean;
  integer?: boolean;
  tooLow?: string;
  tooHigh?: string;
  bands?: readonly (readonly [number, number])[];
  /** "{value}" is replaced by the number typed. */
  bandsMessage?: string;
}

/** The label used in messages: the question name without its trailing unit note, 额定功率（kW） → 额定功率. */
export function labelOf(questionName: string): string {
  return questionName.replace(/（[^（）]*）$/, "");
}

/** The number rule of a numeric question, or null for text, select, date and image questions. */
export function numberRuleOf(q: Pick<QuestionDef, "questionName" | "valueKind" | "min" | "max" | "unit" | "minExclusive" | "tooLow" | "tooHigh" | "bands" | "bandsMessage">): NumberRule | null {
  if (q.valueKind !== "number" && q.valueKind !== "integer") return null;
  const rule: NumberRule = { label: labelOf(q.questionName) };
  if (q.unit !== undefined) rule.unit = q.unit;
  if (q.min !== undefined) rule.min = q.min;
  if (q.max !== undefined) rule.max = q.max;
  if (q.minExclusive) rule.minExclusive = true;
  if (q.valueKind === "integer") rule.integer = true;
  if (q.tooLow) rule.tooLow = q.tooLow;
  if (q.tooHigh) rule.tooHigh = q.tooHigh;
  if (q.bands) rule.bands = q.bands;
  if (q.bandsMessage) rule.bandsMessage = q.bandsMessage;
  return rule;
}

const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E\uFF0D\uFF0B]/g;

/** Normalise what people type: full-width digits, thousands separators, a trailing % or unit-less spaces. */
export function normaliseNumberText(raw: string): string {
  return raw
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[,，\s]/g, "")
    .replace(/[%％]$/, "");
}

/** No field of any card is anywhere near 10¹²; beyond it sums could overflow, so it is a typo. */
const MAX_PLAUSIBLE = 1e12;

/** "%" and Chinese units follow the number directly; others after a space (600–3000 r/min, 1–500台). */
function withUnit(n: number | string, unit?: string): string {
  if (!unit) return String(n);
  return /^[%\u4e00-\u9fa5]/.test(unit) ? `${n}${unit}` : `${n} ${unit}`;
}

function rangeText(rule: NumberRule): string {
  // An exclusive lower bound is said in words: "0–8760 h" read as if 0 were allowed (issue 22).
  if (rule.min !== undefined && rule.max !== undefined && rule.minExclusive) return `大于${withUnit(rule.min, rule.unit)}且不超过${withUnit(rule.max, rule.unit)}`;
  if (rule.min !== undefined && rule.max !== undefined) return withUnit(`${rule.min}–${rule.max}`, rule.unit);
  if (rule.max !== undefined) return `不超过${withUnit(rule.max, rule.unit)}`;
  return `${rule.minExclusive ? "大于" : "不小于"}${withUnit(rule.min ?? 0, rule.unit)}`;
}

/** A zod schema for one numeric answer (the typed text → the number), with the rule's Chinese messages. */
export function numberSchema(rule: NumberRule) {
  return z.string().transform((input, ctx) => {
    const raw = input.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    const text = normaliseNumberText(raw);
    const value = text === "" ? NaN : Number(text);
    if (!Number.isFinite(value)) return fail(`${rule.label}应为数字，当前填写为“${raw}”`);
    if (Math.abs(value) > MAX_PLAUSIBLE) return fail(`${rule.label}数值过大（${raw}），请核对单位`);
    if (value < 0 && (rule.min === undefined || rule.min >= 0)) return fail(`${rule.label}不能为负数`);
    if (rule.integer && !Number.isInteger(value)) return fail(`${rule.label}应为整数，当前填写为“${raw}”`);
    if (rule.min !== undefined && (rule.minExclusive ? value <= rule.min : value < rule.min)) {
      return fail(rule.tooLow ?? `${rule.label}应为${rangeText(rule)}，当前为${value}`);
    }
    if (rule.max !== undefined && value > rule.max) return fail(rule.tooHigh ?? `${rule.label}应为${rangeText(rule)}，当前为${value}`);
    if (rule.bands && !rule.bands.some(([lo, hi]) => value >= lo && value <= hi)) {
      return fail((rule.bandsMessage ?? `${rule.label}${value}不在常见取值范围内`).replace("{value}", String(value)));
    }
    return value;
  });
}

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

const schemas = new WeakMap<NumberRule, ReturnType<typeof numberSchema>>();

/** Check a non-blank numeric answer against its rule. */
export function checkNumber(rule: NumberRule, raw: string): NumberCheck {
  let schema = schemas.get(rule);
  if (!schema) schemas.set(rule, (schema = numberSchema(rule)));
  const r = schema.safeParse(raw);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? `${rule.label}填写有误` };
}

/** An answer of the same repeat by key (select answers as option keys), "" when blank. */
export type ValueOf = (key: string) => string;

/** Whether a question or group with this condition applies (an unanswered choice hides what depends on it). */
export function isShown(showWhen: ShowWhen | null | undefined, valueOf: ValueOf): boolean {
  return !showWhen || showWhen.in.includes(valueOf(showWhen.key));
}

export interface FieldProblem {
  key: string;
  message: string;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Cross-field problems of one repeat. `numberOf` gives a filled, valid number (undefined when blank or invalid:
 * an invalid value already has its own message, so the rules that need it wait).
 */
export function crossProblems(checks: readonly CrossCheck[], valueOf: ValueOf, numberOf: (key: string) => number | undefined): FieldProblem[] {
  const out: FieldProblem[] = [];
  const filled = (k: string) => valueOf(k).trim() !== "";
  for (const c of checks) {
    switch (c.kind) {
      case "sum": {
        const given = c.keys.filter(filled);
        if (!given.length) break;
        const values = given.map(numberOf);
        if (values.some((v) => v === undefined)) break;
        const total = values.reduce<number>((s, v) => s + v!, 0);
        if (Math.abs(total - c.total) > c.tolerance) out.push({ key: c.at, message: `${c.message}，当前为${round1(total)}${c.unit ?? ""}` });
        break;
      }
      case "less":
      case "notLess": {
        const a = numberOf(c.key);
        const b = numberOf(c.than);
        if (a === undefined || b === undefined) break;
        if (c.kind === "less" ? a >= b : a < b) out.push({ key: c.key, message: c.message });
        break;
      }
      case "descending": {
        const values = c.keys.map(numberOf);
        if (values.some((v) => v === undefined)) break;
        if (values.some((v, i) => i > 0 && v! > values[i - 1]!)) out.push({ key: c.at, message: c.message });
        break;
      }
      case "anyOf":
        if (!c.keys.some(filled)) out.push({ key: c.at, message: c.message });
        break;
      case "together": {
        const given = c.keys.filter(filled);
        if (given.length && given.length < c.keys.length) out.push({ key: c.keys.find((k) => !filled(k))!, message: c.message });
        break;
      }
      case "rangeByOption": {
        const range = c.ranges[valueOf(c.keys[1])];
        const value = numberOf(c.keys[0]);
        if (!range || value === undefined || (value >= range.min && value <= range.max)) break;
        out.push({ key: c.at, message: `${range.label}应为${withUnit(`${range.min}–${range.max}`, range.unit)}，当前为${withUnit(value, range.unit)}，请核对是否按${range.unit}填写` });
        break;
      }
    }
  }
  return out;
}

// ---- a whole survey (the server at generate, and tests) ----

/** Stored answers: question key → one string per repeat (select answers as option keys). */
export type AnswerLists = Readonly<Record<string, readonly (string | null | undefined)[] | undefined>>;

export interface RepeatProblem {
  key: string;
  index: number;
  message: string;
}

interface Walk {
  section: SurveyDefinition["pages"][number]["sections"][number];
  index: number;
  valueOf: ValueOf;
}

function* repeats(def: SurveyDefinition, answers: AnswerLists): Generator<Walk> {
  const once = (key: string) => (answers[key]?.[0] ?? "").trim();
  for (const page of def.pages) {
    for (const section of page.sections) {
      if (section.kind === "image") continue;
      const keys = section.groups.flatMap((g) => g.questions.map((q) => q.key));
      const size = section.multiple === 1 ? Math.max(1, ...keys.map((k) => answers[k]?.length ?? 0)) : 1;
      for (let index = 0; index < size; index++) {
        const own = new Set(keys);
        // A key of this section reads this repeat; any other key reads its section's first (only) answer.
        const valueOf: ValueOf = (key) => (own.has(key) ? (answers[key]?.[index] ?? "").trim() : once(key));
        yield { section, index, valueOf };
      }
    }
  }
}

/** Answers that do not apply (their group or question is hidden by a choice), as "key:index". */
export function hiddenAnswers(def: SurveyDefinition, answers: AnswerLists): Set<string> {
  const out = new Set<string>();
  for (const { section, index, valueOf } of repeats(def, answers)) {
    for (const g of section.groups) {
      const groupShown = isShown(g.showWhen, valueOf);
      for (const q of g.questions) if (!groupShown || !isShown(q.showWhen, valueOf)) out.add(`${q.key}:${index}`);
    }
  }
  return out;
}

/** Every value and cross-field problem of the answers that apply, in form order. */
export function definitionProblems(def: SurveyDefinition, answers: AnswerLists): RepeatProblem[] {
  const hidden = hiddenAnswers(def, answers);
  const out: RepeatProblem[] = [];
  for (const { section, index, valueOf } of repeats(def, answers)) {
    const rules = new Map<string, NumberRule>();
    const numbers = new Map<string, number>();
    for (const g of section.groups) {
      for (const q of g.questions) {
        if (hidden.has(`${q.key}:${index}`)) continue;
        const rule = numberRuleOf(q);
        const raw = valueOf(q.key);
        if (!rule || raw === "") continue;
        rules.set(q.key, rule);
        const r = checkNumber(rule, raw);
        if (r.ok) numbers.set(q.key, r.value);
        else out.push({ key: q.key, index, message: r.message });
      }
    }
    const visibleValue: ValueOf = (k) => (hidden.has(`${k}:${index}`) ? "" : valueOf(k));
    for (const p of crossProblems(section.checks ?? [], visibleValue, (k) => numbers.get(k))) out.push({ key: p.key, index, message: p.message });
  }
  return out;
}

/** The number rule of a question key in a definition (the engines' mapping reads its limits here). */
export function ruleOf(def: SurveyDefinition, key: string): NumberRule {
  for (const p of def.pages)
    for (const s of p.sections)
      for (const g of s.groups)
        for (const q of g.questions) {
          if (q.key !== key) continue;
          const rule = numberRuleOf(q);
          if (rule) return rule;
        }
  throw new Error(`${def.card}: no numeric question ${key}`);
}

/** A cross-field rule of a definition by kind and the question it is shown beside. */
export function checkOf<K extends CrossCheck["kind"]>(def: SurveyDefinition, kind: K, at: string): Extract<CrossCheck, { kind: K }> {
  for (const p of def.pages)
    for (const s of p.sections)
      for (const c of s.checks ?? []) {
        const where = "at" in c ? c.at : "key" in c ? c.key : c.keys[0];
        if (c.kind === kind && where === at) return c as Extract<CrossCheck, { kind: K }>;
      }
  throw new Error(`${def.card}: no ${kind} check at ${at}`);
}

/**
 * A card's answer mapper reads its limits here: every numeric rule by key, and `rule(key)`, which throws for a key
 * the definition has no numeric question for (a typo in the mapper fails at load, not on a user's answers).
 */
export function ruleLookup(def: SurveyDefinition): { rules: Record<string, NumberRule>; rule: (key: string) => NumberRule } {
  const rules = rulesOf(def);
  const rule = (key: string): NumberRule => {
    const r = rules[key];
    if (!r) throw new Error(`${def.card} definition: no numeric question ${key}`);
    return r;
  };
  return { rules, rule };
}

/** Every numeric question's rule of a definition, by key. */
export function rulesOf(def: SurveyDefinition): Record<string, NumberRule> {
  const out: Record<string, NumberRule> = {};
  for (const p of def.pages)
    for (const s of p.sections)
      for (const g of s.groups)
        for (const q of g.questions) {
          const rule = numberRuleOf(q);
          if (rule) out[q.key] = rule;
        }
  return out;
}
