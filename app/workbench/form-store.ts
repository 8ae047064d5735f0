// Form state outside React: one entry per field (question × repeat) with its own subscribers, so typing in one
// field re-renders that field only (a survey with 100 repeated motors stays responsive). Saves are per field,
// serialised (one request in flight per field; the newest value is sent next), debounced for typing, retried
// on failure; unsent edits are flushed with sendBeacon when the tab closes. Each field also holds its problem (the
// message shown beside it): the definition's rules checked on blur (form/rules.ts), a blank required field after a
// page check, or what generate returned; the list of fields with problems feeds the sticky 待修正 list.
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { REQUIRED_FIELD, type GenerateProblem, type SurveyInfo } from "../../workers/contract/workbench";
import { FormRules, fieldKey } from "./form/rules";
import type { SaveTracker } from "./save-tracker";

export { fieldKey };
// The header's save indicator lives apart (save-tracker.ts): the workbench's first load needs it, not the form.
export { SaveTracker, type SaveStatus } from "./save-tracker";

export interface FieldValue {
  optionContent: string;
  answerOptionId: number | null;
  answerPicId: string;
}

/** Where a field's problem came from: its value rule (blur), a cross-field rule (blur), a page check, generate. */
export type ProblemKind = "value" | "cross" | "required" | "server";

export interface FieldProblem {
  message: string;
  kind: ProblemKind;
  /** The cross-field check (index in its section's checks) that set it. */
  check?: number;
}

export interface FieldState {
  value: FieldValue;
  /** The last save failed (red outline; retried). */
  error: boolean;
  /** The message beside the field, or null. */
  problem: FieldProblem | null;
}


const EMPTY: FieldValue = { optionContent: "", answerOptionId: null, answerPicId: "" };
const RETRY_MS = [2000, 4000, 8000, 15000, 30000];

export class FormStore {
  private fields = new Map<string, FieldState>();
  private listeners = new Map<string, Set<() => void>>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private retries = new Map<string, { timer: ReturnType<typeof setTimeout>; attempt: number }>();
  private sending = new Set<string>();
  private dirty = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  /** Fields with a problem, in the order they got it. */
  private problemKeys = new Set<string>();
  private listListeners = new Set<() => void>();
  private listVersion = 0;
  /**
   * The 待修正 list is shown once the whole survey was checked (保存并生成报告, 确认生成) and until nothing is left to fix;
   * a page check or a blur alone marks fields without it.
   */
  listShown = false;
  /** Problems generate returned that belong to no field (e.g. the imported load curve). */
  general: string[] = [];
  rules: FormRules | null = null;
  /** Called with the survey's status after each successful save (a stale report turns back to -1). */
  onStatus?: (disposeStatus: number) => void;

  constructor(
    readonly surveyId: number,
    readonly tracker: SaveTracker,
    info?: SurveyInfo,
  ) {
    if (info) this.load(info);
  }

  /** Replace every value from a content response (after load or renumbering). */
  load(info: SurveyInfo) {
    this.fields.clear();
    this.problemKeys.clear();
    this.general = [];
    this.rules = new FormRules(info);
    for (const page of info.pageList) {
      for (const mold of [...page.input, ...page.select, ...page.image]) {
        for (const g of mold.groups) {
          for (const q of g.questions) {
            for (const a of q.answerList) {
              this.fields.set(fieldKey(q.id, a.indexNo), {
                value: { optionContent: a.optionContent, answerOptionId: a.answerOptionId, answerPicId: a.answerPicId },
                error: false,
                problem: null,
              });
            }
          }
        }
      }
    }
    this.checkLoaded();
    this.listeners.forEach((set) => set.forEach((l) => l()));
    this.listChanged();
  }

  /**
   * The definition's rules over the answers as loaded: a saved form reopened with −5 kW or shares adding to 260 %
   * shows the messages at once (and the repeat is not 已填完), not only after a blur. Fields are set quietly: load
   * notifies every subscriber once afterwards.
   */
  private checkLoaded() {
    const rules = this.rules;
    if (!rules) return;
    const read = (k: string) => this.value(k);
    const mark = (key: string, problem: FieldProblem) => {
      this.fields.set(key, { ...this.get(key), problem });
      this.problemKeys.add(key);
    };
    const filled = (key: string) => {
      const v = this.value(key);
      return v.optionContent.trim() !== "" || v.answerOptionId != null;
    };
    for (const key of this.fields.keys()) {
      const message = rules.valueProblem(read, key);
      if (message) mark(key, { message, kind: "value" });
    }
    for (const mold of new Set([...rules.byId.values()].map((m) => m.mold))) {
      if (mold.kind === "image" || !mold.checks.length) continue;
      for (let i = 0; i < mold.size; i++) {
        for (const r of rules.crossResults(read, mold, i)) {
          // A rule none of whose fields is filled yet (两者至少填一项 on an untouched repeat) waits for the user.
          if (r.problem && r.keys.some(filled) && !this.get(r.problem.key).problem) mark(r.problem.key, { message: r.problem.message, kind: "cross", check: r.index });
        }
      }
    }
  }

  get(key: string): FieldState {
    let s = this.fields.get(key);
    if (!s) {
      s = { value: EMPTY, error: false, problem: null };
      this.fields.set(key, s);
    }
    return s;
  }

  value(key: string): FieldValue {
    return this.get(key).value;
  }

  subscribe(key: string, fn: () => void) {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => set!.delete(fn);
  }

  /** Subscribe to several fields at once (repeat progress, visibility). */
  subscribeMany(keys: readonly string[], fn: () => void) {
    const offs = keys.map((k) => this.subscribe(k, fn));
    return () => offs.forEach((off) => off());
  }

  private set(key: string, patch: Partial<FieldState>) {
    const next = { ...this.get(key), ...patch };
    this.fields.set(key, next);
    if ("problem" in patch) {
      const had = this.problemKeys.has(key);
      if (next.problem && !had) this.problemKeys.add(key);
      if (!next.problem && had) this.problemKeys.delete(key);
      if (!this.problemKeys.size && !this.general.length) this.listShown = false;
      if (had !== Boolean(next.problem) || next.problem) this.listChanged();
    }
    this.listeners.get(key)?.forEach((l) => l());
  }

  // ---- the 待修正 list ----
  subscribeList = (fn: () => void) => {
    this.listListeners.add(fn);
    return () => this.listListeners.delete(fn);
  };
  getListVersion = () => this.listVersion;
  private listChanged() {
    this.listVersion++;
    this.listListeners.forEach((l) => l());
  }
  /** Fields with a problem that apply (a hidden field's problem is not the user's to fix), in form order. */
  problemList(): { key: string; message: string }[] {
    const read = (k: string) => this.value(k);
    const out: { key: string; message: string; order: [number, number, number] }[] = [];
    for (const key of this.problemKeys) {
      const p = this.get(key).problem;
      if (!p || (this.rules && !this.rules.shown(read, key))) continue;
      const [questionId, indexNo] = key.split(":").map(Number) as [number, number];
      const meta = this.rules?.byId.get(questionId);
      out.push({ key, message: p.message, order: [meta?.mold.id ?? 0, indexNo, questionId] });
    }
    return out.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]).map(({ key, message }) => ({ key, message }));
  }

  /** A user edit: update at once, save after `delay` ms (0 for selects and pickers, debounced for typing). */
  edit(key: string, patch: Partial<FieldValue>, delay = 0) {
    const state = this.get(key);
    // A blank-required or generate message no longer describes what is typed now; the value rules run on blur.
    const stale = state.problem && (state.problem.kind === "required" || state.problem.kind === "server");
    this.set(key, { value: { ...state.value, ...patch }, ...(stale ? { problem: null } : {}) });
    this.schedule(key, delay);
    // Choices change what applies (visibility) and cross-field rules: check at once (selects and pickers have no blur).
    if (delay <= 0) {
      this.validate(key);
      this.listChanged();
    }
  }

  /** A value the server already stored (image upload). */
  setStored(key: string, patch: Partial<FieldValue>) {
    const state = this.get(key);
    this.set(key, { value: { ...state.value, ...patch }, error: false });
  }

  /**
   * Check a field against the definition's rules (on blur): its value rule, then the cross-field rules it takes
   * part in (each rule's message moves to the field it names, or is cleared when it holds).
   */
  validate(key: string) {
    const rules = this.rules;
    if (!rules) return;
    const read = (k: string) => this.value(k);
    const [questionId, indexNo] = key.split(":").map(Number) as [number, number];
    const meta = rules.byId.get(questionId);
    if (!meta) return;
    const own = this.get(key).problem;
    const valueMsg = rules.valueProblem(read, key);
    if (valueMsg) this.set(key, { problem: { message: valueMsg, kind: "value" } });
    else if (own && (own.kind === "value" || (own.kind === "required" && !rules.requiredBlank(read, key)))) this.set(key, { problem: null });
    for (const r of rules.crossResults(read, meta.mold, indexNo, meta.q.key)) {
      for (const k of r.keys) {
        const p = this.get(k).problem;
        if (p?.kind === "cross" && p.check === r.index && (!r.problem || r.problem.key !== k)) this.set(k, { problem: null });
        // A field whose value was refused by generate and that takes part in a rule that now holds is re-judged too.
        if (p?.kind === "server" && !r.problem && k !== key && !rules.valueProblem(read, k)) this.set(k, { problem: null });
      }
      if (r.problem) {
        const p = this.get(r.problem.key).problem;
        if (!p || p.kind === "cross" || p.kind === "server") this.set(r.problem.key, { problem: { message: r.problem.message, kind: "cross", check: r.index } });
      }
    }
  }

  /** Blank required fields found by a page check (or, `showList`, by the check of the whole survey). */
  markRequired(keys: Iterable<string>, showList = false) {
    for (const k of keys) this.set(k, { problem: { message: REQUIRED_FIELD, kind: "required" } });
    if (showList && this.problemKeys.size) {
      this.listShown = true;
      this.listChanged();
    }
  }

  /** What generate returned: every problem beside its field (replacing earlier generate results). */
  setServerProblems(problems: readonly GenerateProblem[]) {
    for (const key of [...this.problemKeys]) if (this.get(key).problem?.kind === "server") this.set(key, { problem: null });
    this.general = [];
    for (const p of problems) {
      if (p.questionId) this.set(fieldKey(p.questionId, p.indexNo), { problem: { message: p.field, kind: "server" } });
      else this.general.push(p.message);
    }
    this.listShown = this.problemKeys.size > 0 || this.general.length > 0;
    this.listChanged();
  }

  private schedule(key: string, delay: number) {
    const t = this.timers.get(key);
    if (t) clearTimeout(t);
    const r = this.retries.get(key);
    if (r) {
      clearTimeout(r.timer);
      this.retries.delete(key);
    }
    if (delay <= 0) {
      this.timers.delete(key);
      void this.push(key);
    } else {
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          void this.push(key);
        }, delay),
      );
    }
  }

  /** Save a pending edit now (blur). */
  flush(key: string) {
    if (this.timers.has(key)) this.schedule(key, 0);
  }

  /** The user left a field: save it now and check it. */
  blur(key: string) {
    this.flush(key);
    this.validate(key);
  }

  private payload(key: string) {
    const [questionId, indexNo] = key.split(":").map(Number);
    const v = this.value(key);
    return { id: this.surveyId, answerId: questionId, indexNo, answerOptionId: v.answerOptionId, optionContent: v.optionContent, answerPicId: v.answerPicId };
  }

  private async push(key: string): Promise<void> {
    if (this.sending.has(key)) {
      this.dirty.add(key);
      return;
    }
    this.sending.add(key);
    this.tracker.begin();
    const body = await call((o) => client.api.surveyInfo.answer.save.$post({ json: this.payload(key) }, o), { silent: true });
    const ok = body.code === OK;
    this.sending.delete(key);
    this.tracker.end(key, ok);
    if (ok) {
      this.set(key, { error: false });
      if (body.data) this.onStatus?.(body.data.disposeStatus);
    } else {
      this.set(key, { error: true });
      // Business refusals (read-only, bad option) are not retried; transport and server errors are.
      if (body.code === -1 || body.code >= 10500) {
        const attempt = (this.retries.get(key)?.attempt ?? -1) + 1;
        const timer = setTimeout(() => void this.push(key), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        this.retries.set(key, { timer, attempt });
      }
    }
    if (this.dirty.delete(key)) return this.push(key);
    if (this.isIdle()) this.idleWaiters.splice(0).forEach((w) => w());
  }

  isIdle() {
    return this.timers.size === 0 && this.sending.size === 0;
  }

  /** Send every pending edit and wait until nothing is in flight. */
  async settle(): Promise<void> {
    for (const key of [...this.timers.keys()]) this.schedule(key, 0);
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Tab closing: send unsent edits with sendBeacon (the token cookie authenticates it). */
  beacon() {
    for (const key of [...this.timers.keys()]) {
      clearTimeout(this.timers.get(key)!);
      this.timers.delete(key);
      const blob = new Blob([JSON.stringify(this.payload(key))], { type: "application/json" });
      navigator.sendBeacon?.("/api/surveyInfo/answer/save", blob);
    }
  }

  dispose() {
    this.timers.forEach((t) => clearTimeout(t));
    this.retries.forEach((r) => clearTimeout(r.timer));
    this.timers.clear();
    this.retries.clear();
  }
}
