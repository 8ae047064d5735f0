// The card registry: the list of assessment cards, one line per card folder (workers/cards/<card>/). Generate
// (plausibility check), the report build, the preview, the spreadsheets, the "card open" checks and the seeder
// read it. Adding a card = one folder + one line in CARDS (docs/conventions.md, "Adding a card").
import type { SurveyDefinition } from "../contract/survey-definition";
import { appendixText } from "../reports/model/appendix";
import type { ModelContext, ReportDoc } from "../reports/model/doc";
import type { Answers, InputError } from "./kit/answers";
import type { AnyCard, CardExtras } from "./kit/card";
import type { CardDetail } from "./kit/detail";
import { airCompressorCard } from "./air-compressor";
import { electricityCard } from "./electricity";
import { motorCard } from "./motor";
import { stenterCard } from "./stenter";

/** Every card the code base has, in portal order. */
const CARDS = [motorCard, stenterCard, electricityCard, airCompressorCard] as const;

/** A card code: derived from the list above, declared nowhere else. */
export type CardCode = (typeof CARDS)[number]["code"];

export type { AnyCard, Card, CardExtras, CardListing, CardSheet, LoadCurveExtra } from "./kit/card";
export type { CardDetail } from "./kit/detail";
export type { Answers, InputError, MappingResult } from "./kit/answers";

const REGISTRY: ReadonlyMap<string, AnyCard<CardCode>> = new Map(CARDS.map((c) => [c.code, c as AnyCard<CardCode>]));

export const CARD_CODES: readonly CardCode[] = CARDS.map((c) => c.code);

/** Every card (input/result types erased: go through assessCard/cardInputErrors, which keep the pairs together). */
export const ALL_CARDS: readonly AnyCard<CardCode>[] = [...REGISTRY.values()];

/** The card with this code, or null for a code the code base has no card for. */
export function cardOf(code: string): AnyCard<CardCode> | null {
  return REGISTRY.get(code) ?? null;
}

/** A card's marketing detail page: its content and URL, or null when the card has none. */
export function cardDetailOf(code: string): { detail: CardDetail; path: string } | null {
  const card = cardOf(code);
  return card?.detail && card.listing.detailPath ? { detail: card.detail, path: card.listing.detailPath } : null;
}

/** The survey definition of a card code, or null. */
export function surveyDefinitionOf(code: string): SurveyDefinition<CardCode> | null {
  return cardOf(code)?.survey ?? null;
}

/** The appendix text of every card (the common sections once): what the source check reads. */
export function appendixTextOfAllCards(): string {
  return appendixText(ALL_CARDS.flatMap((c) => c.method));
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
