// Plain helpers of the survey form's pages (no React): section colours, the sections of a page, required blanks,
// the page a survey was left on, and a repeat appended locally.
import type { MoldView, PageView, SurveyInfo } from "../../../workers/contract/workbench";
import type { FormStore } from "../form-store";
import { fieldKey } from "./rules";

/** 20 section colours (spec 3 §9: colours cycle every 20 sections). */
export const PALETTE = [
  "#0a7d4f", "#1677ff", "#d46b08", "#7546c9", "#08979c", "#c41d7f", "#389e0d", "#0958d9", "#ad6800", "#531dab",
  "#006d75", "#9e1068", "#5b8c00", "#003eb3", "#ad4e00", "#391085", "#00474f", "#780650", "#3f6600", "#d4380d",
];

export const moldsOf = (page: PageView): MoldView[] => [...page.input, ...page.select, ...page.image];

/** Panel keys open by default: the first repeat of each section. */
export const defaultKeys = (p: PageView) => moldsOf(p).map((m) => `${m.id}:0`);

/** Required questions left blank on a page (input and select sections, spec 3 §5), skipping those that do not apply. */
export function missingOn(page: PageView, store: FormStore): { key: string; panel: string }[] {
  const out: { key: string; panel: string }[] = [];
  const read = (k: string) => store.value(k);
  for (const mold of [...page.input, ...page.select]) {
    for (let i = 0; i < mold.size; i++) {
      for (const g of mold.groups) {
        for (const q of g.questions) {
          const key = fieldKey(q.id, i);
          if (store.rules?.requiredBlank(read, key)) out.push({ key, panel: `${mold.id}:${i}` });
        }
      }
    }
  }
  return out;
}

/** The page a survey was left on (the form reopens there). */
const pageMemoryKey = (surveyId: number) => `wb-page:${surveyId}`;
export function rememberedPage(surveyId: number, pages: number): number {
  try {
    const n = Number(window.localStorage.getItem(pageMemoryKey(surveyId)));
    return Number.isInteger(n) && n > 0 && n < pages ? n : 0;
  } catch {
    return 0;
  }
}
export function rememberPage(surveyId: number, page: number) {
  try {
    window.localStorage.setItem(pageMemoryKey(surveyId), String(page));
  } catch {
    // Private mode or storage full: reopening on the first page is fine.
  }
}

/** The survey with one more (blank) repeat of a section: appending needs no renumbering, so no reload. */
export function withRepeatAdded(info: SurveyInfo, moldId: number, size: number, newIndex: number): SurveyInfo {
  const grow = (list: MoldView[]) =>
    list.map((m) =>
      m.id !== moldId
        ? m
        : {
            ...m,
            size,
            groups: m.groups.map((g) => ({
              ...g,
              questions: g.questions.map((q) => ({
                ...q,
                answerList: [...q.answerList, { id: null, answerId: q.id, answerOptionId: null, optionContent: "", answerPicId: "", indexNo: newIndex }],
              })),
            })),
          },
    );
  return { ...info, pageList: info.pageList.map((p) => ({ ...p, input: grow(p.input), select: grow(p.select), image: grow(p.image) })) };
}

/** Scroll a field (once rendered: its page and panel may be opening) to the middle and focus its control. */
export function revealField(key: string) {
  let tries = 0;
  const reveal = () => {
    const el = document.querySelector<HTMLElement>(`[data-field="${key}"]`);
    if (!el) {
      if (tries++ < 30) setTimeout(reveal, 50);
      return;
    }
    el.scrollIntoView({ block: "center" });
    el.querySelector<HTMLElement>("input, .ant-select-selector, button")?.focus({ preventScroll: true });
  };
  setTimeout(reveal, 0);
}
