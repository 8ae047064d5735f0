// The card registry (workers/cards): every card has its seed definition and its card row, and its entry runs
// answers → input → engine → report model end to end, the way generate and the report job use it.
import { describe, expect, it } from "vitest";
import { CARD_CODES, assessCard, cardInputErrors, cardOf } from "../../../workers/cards";
import { SURVEY_DEFINITIONS } from "../../support/cards";
import { cardSeeds } from "../../../db/seed/cards";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "../engines/answers-fixtures";

const FIXTURES: Record<string, () => AnswerMap> = { motor: motorAnswers, stenter: stenterAnswers, electricity: electricityAnswers };

describe("card registry", () => {
  it("lists exactly the enabled cards, each with its survey definition", () => {
    expect([...CARD_CODES].sort()).toEqual(Object.keys(SURVEY_DEFINITIONS).sort());
    expect([...CARD_CODES].sort()).toEqual(cardSeeds.filter((c) => c.enabled === 1).map((c) => c.code).sort());
    expect(cardOf("no_such_card")).toBeNull();
    expect(cardOf("toString")).toBeNull();
  });

  it.each(CARD_CODES)("%s: answers → engine → report document", (code) => {
    const card = cardOf(code)!;
    expect(card.code).toBe(code);
    const answers = FIXTURES[code]!();
    expect(cardInputErrors(card, answers, {})).toEqual([]);
    const built = assessCard(card, answers, {}, { card: code, cardName: "测试", reportNo: "BG-TEST", generatedAt: 0, answers });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.doc.figures.card).toBe(code);
    expect(built.doc.figures.reportNo).toBe("BG-TEST");
    expect(built.doc.sections.length).toBeGreaterThan(0);
  });

  it("reports the engine's messages instead of a document when answers are missing", () => {
    const card = cardOf("motor")!;
    const errors = cardInputErrors(card, {}, {});
    expect(errors.length).toBeGreaterThan(0);
    expect(assessCard(card, {}, {}, { card: "motor", cardName: "", reportNo: "", generatedAt: 0, answers: {} })).toEqual({ ok: false, errors });
  });

  it("only the electricity workbook carries load data", () => {
    expect(CARD_CODES.filter((c) => cardOf(c)!.sheet.loadCurve)).toEqual(["electricity"]);
  });
});
