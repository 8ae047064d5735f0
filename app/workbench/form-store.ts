// Form state outside React: one entry per field (question × repeat) with its own subscribers, so typing in one
// field re-renders that field only (a survey with 100 repeated motors stays responsive). Saves are per field,
// serialised (one request in flight per field; the newest value is sent next), debounced for typing, retried
// on failure; unsent edits are flushed with sendBeacon when the tab closes.
import { apiFetch, OK } from "../lib/api";
import type { AnswerSaved, SurveyInfo } from "../../workers/contract/workbench";

export interface FieldValue {
  optionContent: string;
  answerOptionId: number | null;
  answerPicId: string;
}

export interface FieldState {
  value: FieldValue;
  /** The last save failed (red outline; retried). */
  error: boolean;
  /** Required and blank after a page check. */
  invalid: boolean;
}

export type SaveStatus = "idle" | "saving" | "saved" | "error";

export const fieldKey = (questionId: number, indexNo: number) => `${questionId}:${indexNo}`;

const EMPTY: FieldValue = { optionContent: "", answerOptionId: null, answerPicId: "" };
const RETRY_MS = [2000, 4000, 8000, 15000, 30000];

/** The saving indicator shared by the header and every save (answers and title). */
export class SaveTracker {
  private active = 0;
  private failing = new Set<string>();
  private listeners = new Set<() => void>();
  private everSaved = false;
  status: SaveStatus = "idle";

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getStatus = () => this.status;

  private update() {
    const next: SaveStatus = this.active > 0 ? "saving" : this.failing.size ? "error" : this.everSaved ? "saved" : "idle";
    if (next !== this.status) {
      this.status = next;
      this.listeners.forEach((l) => l());
    }
  }
  begin() {
    this.active++;
    this.update();
  }
  end(id: string, ok: boolean) {
    this.active = Math.max(0, this.active - 1);
    if (ok) {
      this.failing.delete(id);
      this.everSaved = true;
    } else this.failing.add(id);
    this.update();
  }
  reset() {
    this.active = 0;
    this.failing.clear();
    this.everSaved = false;
    this.update();
  }
}

export class FormStore {
  private fields = new Map<string, FieldState>();
  private listeners = new Map<string, Set<() => void>>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private retries = new Map<string, { timer: ReturnType<typeof setTimeout>; attempt: number }>();
  private sending = new Set<string>();
  private dirty = new Set<string>();
  private idleWaiters: (() => void)[] = [];
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
    for (const page of info.pageList) {
      for (const mold of [...page.input, ...page.select, ...page.image]) {
        for (const g of mold.groups) {
          for (const q of g.questions) {
            for (const a of q.answerList) {
              this.fields.set(fieldKey(q.id, a.indexNo), {
                value: { optionContent: a.optionContent, answerOptionId: a.answerOptionId, answerPicId: a.answerPicId },
                error: false,
                invalid: false,
              });
            }
          }
        }
      }
    }
    this.listeners.forEach((set) => set.forEach((l) => l()));
  }

  get(key: string): FieldState {
    let s = this.fields.get(key);
    if (!s) {
      s = { value: EMPTY, error: false, invalid: false };
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

  private set(key: string, patch: Partial<FieldState>) {
    this.fields.set(key, { ...this.get(key), ...patch });
    this.listeners.get(key)?.forEach((l) => l());
  }

  /** A user edit: update at once, save after `delay` ms (0 for selects and pickers, debounced for typing). */
  edit(key: string, patch: Partial<FieldValue>, delay = 0) {
    const state = this.get(key);
    this.set(key, { value: { ...state.value, ...patch }, invalid: false });
    this.schedule(key, delay);
  }

  /** A value the server already stored (image upload). */
  setStored(key: string, patch: Partial<FieldValue>) {
    const state = this.get(key);
    this.set(key, { value: { ...state.value, ...patch }, error: false, invalid: false });
  }

  markInvalid(keys: Iterable<string>) {
    for (const k of keys) this.set(k, { invalid: true });
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
    const body = await apiFetch<AnswerSaved>("/api/surveyInfo/answer/save", { body: this.payload(key), silent: true });
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
