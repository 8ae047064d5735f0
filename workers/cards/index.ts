// The card registry: what the code knows about each assessment card, in one entry. Generate (plausibility
// check), the report build, the preview, the spreadsheets and the "card enabled" checks read it; the card's
// form is its seed definition (db/seed/surveys). Adding a card = one entry here + its seed definition
// (docs/conventions.md, "Adding a card").
import {
  assessElectricityCost,
  assessMotorSystem,
  assessStenter,
  electricityInputFromAnswers,
  motorInputFromAnswers,
  stenterInputFromAnswers,
  stenterRefusals,
  type Answers,
  type CardCode,
  type InputError,
  type LoadCurveExtra,
  type MappingResult,
} from "../engines";
import { electricityReport, motorReport, stenterReport, type ModelContext, type ReportDoc } from "../reports/model";

export type { CardCode };

/** What the card's workbook carries beyond one sheet per survey section. */
export interface CardSheet {
  /** A 负荷数据 sheet of interval load data, stored in R2 beside the answers and handed to fromAnswers. */
  loadCurve: boolean;
}

/** Data a card reads beside the answers (only cards whose sheet has a load curve get one). */
export interface CardExtras {
  loadCurve?: LoadCurveExtra;
}

export interface Card<I, R> {
  code: CardCode;
  /** Survey answers (question key → one string per repeat) → engine input, or Chinese messages per question. */
  fromAnswers(answers: Answers, extras: CardExtras): MappingResult<I>;
  /** The engine: pure, every intermediate figure the report explains. */
  assess(input: I): R;
  /** Engine result → stored figures and the report document (workers/reports/model/<card>.ts). */
  model(ctx: ModelContext, result: R, input: I): ReportDoc;
  sheet: CardSheet;
  /**
   * Engine results that must not become a report (e.g. every stenter's recovered heat above its declared fuel):
   * generate refuses with these messages, each naming the unit and the question to fix (issue 22).
   */
  refusals?(result: R, input: I): InputError[];
}

// The registry holds cards of different input/result types; each entry is checked against its own types by
// defineCard, and callers go through assessCard/cardInputErrors, which keep the pairs together.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCard = Card<any, any>;

const defineCard = <I, R>(card: Card<I, R>): AnyCard => card;

const REGISTRY: Record<CardCode, AnyCard> = {
  motor: defineCard({ code: "motor", fromAnswers: motorInputFromAnswers, assess: assessMotorSystem, model: motorReport, sheet: { loadCurve: false } }),
  stenter: defineCard({
    code: "stenter",
    fromAnswers: stenterInputFromAnswers,
    assess: assessStenter,
    model: stenterReport,
    sheet: { loadCurve: false },
    refusals: stenterRefusals,
  }),
  // The imported interval data counts as input (bills alone are not required then).
  electricity: defineCard({
    code: "electricity",
    fromAnswers: (answers, extras) => electricityInputFromAnswers(answers, extras.loadCurve),
    assess: assessElectricityCost,
    model: electricityReport,
    sheet: { loadCurve: true },
  }),
};

export const CARD_CODES = Object.keys(REGISTRY) as CardCode[];

/** The card with this code, or null for a code the code base has no engine for. */
export function cardOf(code: string): AnyCard | null {
  return Object.hasOwn(REGISTRY, code) ? REGISTRY[code as CardCode] : null;
}

/** The engine's messages about the answers (empty when they map to a valid input). */
export function cardInputErrors(card: AnyCard, answers: Answers, extras: CardExtras): InputError[] {
  const mapped = card.fromAnswers(answers, extras);
  if (!mapped.ok) return mapped.errors;
  return card.refusals ? card.refusals(card.assess(mapped.input), mapped.input) : [];
}

/** Answers → input → engine → report document, or the engine's messages about the answers. */
export function assessCard(card: AnyCard, answers: Answers, extras: CardExtras, ctx: ModelContext): { ok: true; doc: ReportDoc } | { ok: false; errors: InputError[] } {
  const mapped = card.fromAnswers(answers, extras);
  if (!mapped.ok) return mapped;
  const result = card.assess(mapped.input);
  const refused = card.refusals?.(result, mapped.input) ?? [];
  if (refused.length) return { ok: false, errors: refused };
  return { ok: true, doc: card.model(ctx, result, mapped.input) };
}
