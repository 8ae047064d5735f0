// Survey definitions read from D1 (seeded from the cards' definitions, workers/cards/<card>/survey.ts) and kept per isolate: they change only
// when the seed runs, and every form load and autosave needs them. The value rules, visibility and cross-field
// checks are not columns: they come from the same card definition by key, so the form, generate
// and the engines read one source.
import { asc, eq } from "drizzle-orm";
import { surveyDefGroups, surveyDefMolds, surveyDefOptions, surveyDefPages, surveyDefQuestions, surveyTypes } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { QuestionType, SectionKind } from "../../contract/workbench";
import type { CrossCheck, ShowWhen, SurveyDefinition } from "../../contract/survey-definition";
import { surveyDefinitionOf } from "../../cards";
import { numberRuleOf, type NumberRule } from "../../contract/survey-rules";
import { BoundedMap } from "../../lib/bounded-map";

export interface DefOption {
  id: number;
  key: string;
  optionName: string;
}

export interface DefQuestion {
  id: number;
  key: string;
  moldId: number;
  questionName: string;
  questionType: QuestionType;
  requiredFlag: 0 | 1;
  annotation: string;
  imageSize: number | null;
  valueKind: string | null;
  unit: string | null;
  options: DefOption[];
  /** Value rule of a numeric question (limits, integer, messages). */
  rule?: NumberRule | null;
  showWhen?: ShowWhen | null;
}

export interface DefGroup {
  id: number;
  moldName: string;
  questions: DefQuestion[];
  showWhen?: ShowWhen | null;
}

export interface DefMold {
  id: number;
  key: string;
  pageId: number;
  kind: SectionKind;
  moldName: string;
  multiple: 0 | 1;
  groups: DefGroup[];
  questions: DefQuestion[];
  /** Cross-field rules, per repeat. */
  checks?: CrossCheck[];
}

export interface DefPage {
  id: number;
  key: string;
  pageName: string;
  molds: DefMold[];
}

export interface Definition {
  typeId: number;
  code: string;
  typeName: string;
  enabled: boolean;
  pages: DefPage[];
  molds: Map<number, DefMold>;
  questions: Map<number, DefQuestion>;
  /** The seed definition the rows came from (rules, visibility, checks), null for a card without one. */
  source?: SurveyDefinition | null;
}

const TTL_MS = 5 * 60_000;
/** One entry per card id asked for, and callers choose the id: bounded (a handful of cards, some misses). */
const cache = new BoundedMap<number, { at: number; def: Definition | null }>(64);

/** Forget cached definitions (tests that reseed). */
export function clearDefinitionCache() {
  cache.clear();
}

/** The definition of a card, or null when the card does not exist or has no survey definition. */
export async function getDefinition({ db, typeId, now = Date.now() }: { db: Db; typeId: number; now?: number }): Promise<Definition | null> {
  const hit = cache.get(typeId);
  if (hit && now - hit.at < TTL_MS) return hit.def;
  const def = await loadDefinition(db, typeId);
  cache.set(typeId, { at: now, def });
  return def;
}

async function loadDefinition(db: Db, typeId: number): Promise<Definition | null> {
  const [types, pages, molds, groups, questions, options] = await db.batch([
    db.select().from(surveyTypes).where(eq(surveyTypes.id, typeId)),
    db.select().from(surveyDefPages).where(eq(surveyDefPages.typeId, typeId)).orderBy(asc(surveyDefPages.sortOrder)),
    db.select().from(surveyDefMolds).where(eq(surveyDefMolds.typeId, typeId)).orderBy(asc(surveyDefMolds.sortOrder)),
    db.select().from(surveyDefGroups).where(eq(surveyDefGroups.typeId, typeId)).orderBy(asc(surveyDefGroups.sortOrder)),
    db.select().from(surveyDefQuestions).where(eq(surveyDefQuestions.typeId, typeId)).orderBy(asc(surveyDefQuestions.sortOrder)),
    db.select().from(surveyDefOptions).where(eq(surveyDefOptions.typeId, typeId)).orderBy(asc(surveyDefOptions.sortOrder)),
  ]);
  const type = types[0];
  if (!type || pages.length === 0) return null;
  const source: SurveyDefinition | null = surveyDefinitionOf(type.code);
  const sourceSections = new Map(source?.pages.flatMap((p) => p.sections.map((sec) => [sec.key, sec] as const)) ?? []);
  const sourceQuestions = new Map(source?.pages.flatMap((p) => p.sections.flatMap((sec) => sec.groups.flatMap((g) => g.questions.map((q) => [q.key, q] as const)))) ?? []);
  const optionsByQuestion = new Map<number, DefOption[]>();
  for (const o of options) {
    const list = optionsByQuestion.get(o.questionId) ?? [];
    list.push({ id: o.id, key: o.key, optionName: o.optionName });
    optionsByQuestion.set(o.questionId, list);
  }
  const moldMap = new Map<number, DefMold>();
  const pageList: DefPage[] = pages.map((p) => ({ id: p.id, key: p.key, pageName: p.pageName, molds: [] }));
  const pageById = new Map(pageList.map((p) => [p.id, p]));
  for (const m of molds) {
    const mold: DefMold = {
      id: m.id,
      key: m.key,
      pageId: m.pageId,
      kind: m.kind as SectionKind,
      moldName: m.moldName,
      multiple: m.multiple === 1 ? 1 : 0,
      groups: [],
      questions: [],
      checks: sourceSections.get(m.key)?.checks ?? [],
    };
    moldMap.set(m.id, mold);
    pageById.get(m.pageId)?.molds.push(mold);
  }
  const groupMap = new Map<number, DefGroup>();
  for (const g of groups) {
    const mold = moldMap.get(g.moldId);
    // Groups have no key: the n-th group of a section is the n-th group of its seed section (same order).
    const seedGroup = mold ? sourceSections.get(mold.key)?.groups[mold.groups.length] : undefined;
    const showWhen = seedGroup && seedGroup.moldName === g.moldName ? (seedGroup.showWhen ?? null) : null;
    const group: DefGroup = { id: g.id, moldName: g.moldName, questions: [], showWhen };
    groupMap.set(g.id, group);
    mold?.groups.push(group);
  }
  const questionMap = new Map<number, DefQuestion>();
  for (const q of questions) {
    const question: DefQuestion = {
      id: q.id,
      key: q.key,
      moldId: q.moldId,
      questionName: q.questionName,
      questionType: q.questionType as QuestionType,
      requiredFlag: q.requiredFlag === 1 ? 1 : 0,
      annotation: q.annotation,
      imageSize: q.imageSize,
      valueKind: q.valueKind,
      unit: q.unit,
      options: optionsByQuestion.get(q.id) ?? [],
      rule: null,
      showWhen: null,
    };
    const sourceQuestion = sourceQuestions.get(q.key);
    if (sourceQuestion) {
      question.rule = numberRuleOf(sourceQuestion);
      question.showWhen = sourceQuestion.showWhen ?? null;
    }
    questionMap.set(q.id, question);
    groupMap.get(q.groupId)?.questions.push(question);
    moldMap.get(q.moldId)?.questions.push(question);
  }
  return {
    typeId,
    code: type.code,
    typeName: type.surveyName,
    enabled: type.enabled === 1,
    pages: pageList,
    molds: moldMap,
    questions: questionMap,
    source,
  };
}
