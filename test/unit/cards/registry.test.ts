// The card registry (workers/cards): every card has its seed definition and its card row, and its entry runs
// answers → input → engine → report model end to end, the way generate and the report job use it.
import { describe, expect, it } from "vitest";
import { CARD_CODES, assessCard, cardDetailOf, cardInputErrors, cardOf } from "../../../workers/cards";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { cardSeeds } from "../../../db/seed/cards";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "../engines/answers-fixtures";

const FIXTURES: Record<string, () => AnswerMap> = { motor: motorAnswers, stenter: stenterAnswers, electricity: electricityAnswers };

describe("card registry", () => {
  it("every card has its survey and its card row; every card open from the first seed is a card of the registry", () => {
    for (const code of CARD_CODES) {
      const card = cardOf(code)!;
      expect(card.survey.card).toBe(code);
      const row = cardSeeds.find((c) => c.code === code)!;
      expect(row).toMatchObject({ id: card.listing.id, enabled: card.listing.enabled });
    }
    expect(cardSeeds.filter((c) => c.enabled === 1).every((c) => CARD_CODES.includes(c.code as never))).toBe(true);
    expect(new Set(cardSeeds.map((c) => c.id)).size).toBe(cardSeeds.length);
    expect(cardOf("no_such_card")).toBeNull();
    expect(cardOf("toString")).toBeNull();
  });

  // Each card with answer fixtures here; a card added later brings its own end-to-end test (test/unit/cards/<card>).
  it.each(Object.keys(FIXTURES))("%s: answers → engine → report document", (code) => {
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
    expect(cardOf("electricity")!.sheet.loadCurve).toBe(true);
  });

  it("a card's detail page content and its URL come together, from its folder; every detail route names a card that has one", () => {
    for (const code of CARD_CODES) {
      const card = cardOf(code)!;
      expect(Boolean(card.detail), code).toBe(Boolean(card.listing.detailPath));
      if (card.detail) expect(cardDetailOf(code)).toEqual({ detail: card.detail, path: card.listing.detailPath });
      else expect(cardDetailOf(code)).toBeNull();
    }
    expect(CARD_CODES.filter((c) => cardDetailOf(c)).map((c) => cardDetailOf(c)!.path).sort()).toEqual(["/costDetail", "/electricDetail", "/machineDetail"]);
    expect(cardDetailOf("no_such_card")).toBeNull();
    // Each route file that uses the shared detail loader names a code whose card has a page at that route's URL.
    const routes = path.resolve(__dirname, "../../../app/routes");
    for (const file of readdirSync(routes).filter((f) => /Detail\.tsx$/.test(f))) {
      const src = readFileSync(path.join(routes, file), "utf8");
      const code = /detailLoader\("([\w-]+)"\)/.exec(src)?.[1];
      if (!code) continue;
      expect(cardDetailOf(code)?.path, file).toBe(`/${file.replace(/\.tsx$/, "")}`);
    }
  });
});
