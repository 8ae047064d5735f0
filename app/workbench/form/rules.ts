// The form's view of the survey definition's rules (workers/contract/survey-rules.ts, the module generate and the engines
// run): for each field (question × repeat) its value rule, whether it applies (showWhen), its section's
// cross-field checks, and where it lives (page, panel) so a problem can be jumped to.
import { checkNumber, crossProblems, isShown, type ValueOf } from "../../../workers/contract/survey-rules";
import type { CrossCheck, GroupView, MoldView, QuestionView, ShowWhen, SurveyInfo } from "../../../workers/contract/workbench";
import { repeatLabel } from "../../../workers/contract/workbench";

export interface FieldMeta {
  q: QuestionView;
  group: GroupView;
  mold: MoldView;
  pageIndex: number;
}

/** What a field holds (the store's value). */
export interface RawValue {
  optionContent: string;
  answerOptionId: number | null;
  answerPicId: string;
}

export type ReadValue = (fieldKey: string) => RawValue;

export const fieldKey = (questionId: number, indexNo: number) => `${questionId}:${indexNo}`;

export function parseFieldKey(key: string): { questionId: number; indexNo: number } {
  const [q, i] = key.split(":").map(Number);
  return { questionId: q!, indexNo: i! };
}

/** Keys a check reads. */
export function checkKeys(c: CrossCheck): readonly string[] {
  return "keys" in c ? c.keys : [c.key, c.than];
}

export class FormRules {
  readonly byId = new Map<number, FieldMeta>();
  readonly byKey = new Map<string, FieldMeta>();

  constructor(info: SurveyInfo) {
    info.pageList.forEach((page, pageIndex) => {
      for (const mold of [...page.input, ...page.select, ...page.image]) {
        for (const group of mold.groups) {
          for (const q of group.questions) {
            const meta = { q, group, mold, pageIndex };
            this.byId.set(q.id, meta);
            this.byKey.set(q.key, meta);
          }
        }
      }
    });
  }

  /** A field's answer as the rules read it: select answers as option keys, text trimmed. */
  raw(read: ReadValue, q: QuestionView, indexNo: number): string {
    const v = read(fieldKey(q.id, indexNo));
    if (q.questionType === "select") return v.answerOptionId == null ? "" : (q.optionList.find((o) => o.id === v.answerOptionId)?.key ?? "");
    return v.optionContent.trim();
  }

  /** Answers of the same repeat by key (keys of other, once-only sections read their only answer). */
  valueOf(read: ReadValue, mold: MoldView, indexNo: number): ValueOf {
    return (key) => {
      const meta = this.byKey.get(key);
      if (!meta) return "";
      return this.raw(read, meta.q, meta.mold.id === mold.id ? indexNo : 0);
    };
  }

  /** The field a visibility condition reads, for subscribing to it. */
  controlKey(showWhen: ShowWhen | null, mold: MoldView, indexNo: number): string | null {
    const meta = showWhen ? this.byKey.get(showWhen.key) : undefined;
    return meta ? fieldKey(meta.q.id, meta.mold.id === mold.id ? indexNo : 0) : null;
  }

  groupShown(read: ReadValue, group: GroupView, mold: MoldView, indexNo: number): boolean {
    return isShown(group.showWhen, this.valueOf(read, mold, indexNo));
  }

  /** Whether a field applies: its group's and its own condition hold. */
  shown(read: ReadValue, key: string): boolean {
    const { questionId, indexNo } = parseFieldKey(key);
    const meta = this.byId.get(questionId);
    if (!meta) return false;
    const valueOf = this.valueOf(read, meta.mold, indexNo);
    return isShown(meta.group.showWhen, valueOf) && isShown(meta.q.showWhen, valueOf);
  }

  /** Required, applies, and blank. */
  requiredBlank(read: ReadValue, key: string): boolean {
    const { questionId, indexNo } = parseFieldKey(key);
    const meta = this.byId.get(questionId);
    if (!meta || meta.q.requiredFlag !== 1 || meta.mold.kind === "image") return false;
    return this.raw(read, meta.q, indexNo) === "" && this.shown(read, key);
  }

  /** The value rule's message for a filled numeric field, or null. */
  valueProblem(read: ReadValue, key: string): string | null {
    const { questionId, indexNo } = parseFieldKey(key);
    const meta = this.byId.get(questionId);
    if (!meta?.q.rule) return null;
    const raw = this.raw(read, meta.q, indexNo);
    if (raw === "") return null;
    const r = checkNumber(meta.q.rule, raw);
    return r.ok ? null : r.message;
  }

  private numberOf(read: ReadValue, mold: MoldView, indexNo: number) {
    return (key: string): number | undefined => {
      const meta = this.byKey.get(key);
      if (!meta?.q.rule) return undefined;
      const raw = this.raw(read, meta.q, meta.mold.id === mold.id ? indexNo : 0);
      if (raw === "") return undefined;
      const r = checkNumber(meta.q.rule, raw);
      return r.ok ? r.value : undefined;
    };
  }

  /**
   * Cross-field checks of a repeat, each with its result (field key of the message, or null when it holds).
   * `only`: checks reading this question key (a blur checks the rules the field takes part in).
   */
  crossResults(read: ReadValue, mold: MoldView, indexNo: number, only?: string): { index: number; keys: string[]; problem: { key: string; message: string } | null }[] {
    const valueOf = this.valueOf(read, mold, indexNo);
    const visible: ValueOf = (k) => (this.byKey.has(k) && this.shown(read, fieldKey(this.byKey.get(k)!.q.id, indexNo)) ? valueOf(k) : "");
    const numberOf = this.numberOf(read, mold, indexNo);
    const out: { index: number; keys: string[]; problem: { key: string; message: string } | null }[] = [];
    mold.checks.forEach((c, index) => {
      const keys = checkKeys(c);
      if (only && !keys.includes(only)) return;
      const found = crossProblems([c], visible, (k) => (visible(k) === "" ? undefined : numberOf(k)))[0];
      const toField = (k: string) => fieldKey(this.byKey.get(k)!.q.id, indexNo);
      out.push({ index, keys: keys.filter((k) => this.byKey.has(k)).map(toField), problem: found && this.byKey.has(found.key) ? { key: toField(found.key), message: found.message } : null });
    });
    return out;
  }

  /** Where a field is, in words: 第2台电机「额定转速（r/min）」. */
  where(key: string): string {
    const { questionId, indexNo } = parseFieldKey(key);
    const meta = this.byId.get(questionId);
    if (!meta) return "";
    const section = meta.mold.multiple === 1 ? repeatLabel(meta.mold.moldName, indexNo) : meta.mold.moldName;
    return `${section}「${meta.q.questionName}」`;
  }

  /** Input fields of one repeat (for progress). */
  repeatKeys(mold: MoldView, indexNo: number): string[] {
    if (mold.kind === "image") return [];
    return mold.groups.flatMap((g) => g.questions.map((q) => fieldKey(q.id, indexNo)));
  }
}
