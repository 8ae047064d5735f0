// Survey definitions: shape of spec 3 §3, stable unique keys, and agreement with the answer mapping
// (every key the engine reads exists in the right kind of section; required questions are enforced).
import { PLANT_PAGE_KEYS } from "../../../workers/cards/kit/plant";
import { describe, expect, it } from "vitest";
import {
  BILL_SECTION_KEYS,
  COMPANY_KEYS,
  ELECTRICITY_PLANT_KEYS,
  electricityInputFromAnswers,
  MOTOR_PLANT_KEYS,
  MOTOR_SECTION_KEYS,
  motorInputFromAnswers,
  STENTER_PLANT_KEYS,
  STENTER_SECTION_KEYS,
  stenterInputFromAnswers,
} from "../../support/cards";
import { allQuestions, SURVEY_DEFINITIONS, type SurveyDefinition } from "../../support/cards";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "./answers-fixtures";

const CARDS: [keyof typeof SURVEY_DEFINITIONS, readonly string[], readonly string[], () => AnswerMap, (a: AnswerMap) => { ok: boolean; errors?: { questionKey: string }[] }][] = [
  ["motor", [...COMPANY_KEYS, ...MOTOR_PLANT_KEYS, ...PLANT_PAGE_KEYS], MOTOR_SECTION_KEYS, motorAnswers, motorInputFromAnswers],
  ["stenter", [...COMPANY_KEYS, ...STENTER_PLANT_KEYS, ...PLANT_PAGE_KEYS], STENTER_SECTION_KEYS, stenterAnswers, stenterInputFromAnswers],
  ["electricity", [...COMPANY_KEYS, ...ELECTRICITY_PLANT_KEYS, ...PLANT_PAGE_KEYS], BILL_SECTION_KEYS, electricityAnswers, (a) => electricityInputFromAnswers(a)],
];

function sectionOf(def: SurveyDefinition, key: string) {
  for (const p of def.pages) for (const s of p.sections) for (const g of s.groups) if (g.questions.some((q) => q.key === key)) return s;
  return undefined;
}

describe.each(CARDS)("%s survey definition", (card, plantKeys, sectionKeys, answers, map) => {
  const def = SURVEY_DEFINITIONS[card];
  const questions = allQuestions(def);

  it("has the card code and Chinese names", () => {
    expect(def.card).toBe(card);
    expect(def.typeName).toMatch(/[\u4e00-\u9fa5]/);
    for (const p of def.pages) {
      expect(p.pageName).toMatch(/[\u4e00-\u9fa5]/);
      for (const s of p.sections) {
        expect(["input", "select", "image"]).toContain(s.kind);
        expect([0, 1]).toContain(s.multiple);
        expect(s.moldName).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
  });

  it("question keys are unique snake_case English; section and page keys are unique", () => {
    const keys = questions.map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const sections = def.pages.flatMap((p) => p.sections.map((s) => s.key));
    expect(new Set(sections).size).toBe(sections.length);
  });

  it("every question has a Chinese label, a tooltip, and options exactly for select questions", () => {
    for (const q of questions) {
      expect(q.questionName).toMatch(/[\u4e00-\u9fa5]/);
      expect(q.annotation.length).toBeGreaterThan(4);
      expect(["date", "month", "select", "text"]).toContain(q.questionType);
      expect([0, 1]).toContain(q.requiredFlag);
      if (q.questionType === "select") {
        expect(q.options?.length).toBeGreaterThan(0);
        const optionKeys = q.options!.map((o) => o.key);
        expect(new Set(optionKeys).size).toBe(optionKeys.length);
      } else expect(q.options).toBeUndefined();
      if (q.unit) expect(q.questionName).toContain("（");
    }
  });

  it("image questions live in image sections only, with an image limit", () => {
    for (const p of def.pages)
      for (const s of p.sections)
        for (const g of s.groups)
          for (const q of g.questions) {
            if (s.kind === "image") expect(q.imageSize).toBeGreaterThan(0);
            else expect(q.imageSize).toBeUndefined();
          }
  });

  it("carries no numeric ids (ids are assigned at seed time)", () => {
    expect(JSON.stringify(def)).not.toMatch(/"id"\s*:/);
  });

  it("every key the mapping reads exists, plant keys in once-only sections, repeat keys in one repeatable section", () => {
    for (const k of plantKeys) expect(sectionOf(def, k)?.multiple, k).toBe(0);
    const repeatSections = new Set(sectionKeys.map((k) => sectionOf(def, k)?.key));
    expect(repeatSections.size).toBe(1);
    for (const k of sectionKeys) expect(sectionOf(def, k)?.multiple, k).toBe(1);
    const read = new Set([...plantKeys, ...sectionKeys]);
    for (const q of questions) if (sectionOf(def, q.key)?.kind !== "image") expect(read.has(q.key), `${q.key} is never read`).toBe(true);
  });

  it("the valid fixture passes, and removing any required answer is reported on that question", () => {
    expect(map(answers()).ok).toBe(true);
    for (const q of questions.filter((x) => x.requiredFlag === 1)) {
      const a = answers();
      delete a[q.key];
      const r = map(a);
      expect(r.ok, `${q.key} missing but accepted`).toBe(false);
      expect(r.errors?.some((e) => e.questionKey === q.key), `${q.key}`).toBe(true);
    }
  });
});
