// What one assessment card is, as one object (issue 21): its survey, its answers → engine-input mapper, the
// engine, its report model and method text, its workbook layout and its card row. Each
// card folder (workers/cards/<card>/index.ts) exports one `defineCard({...})`; the registry lists them.
import type { SurveyDefinition } from "../../contract/survey-definition";
import type { AppendixSection } from "../../reports/model/appendix";
import type { ModelContext, ReportDoc } from "../../reports/model/doc";
import type { Answers, InputError, MappingResult } from "./answers";
import type { CardDetail } from "./detail";
import type { PlantContribution } from "./plant";

/** Interval load data imported with a workbook (stored in R2 beside the answers, handed to fromAnswers). */
export interface LoadCurveExtra {
  loadCurveKw?: readonly number[];
  intervalMinutes?: 15 | 60;
  /** Overrides the survey's start date when the import carries timestamps. */
  startDate?: string;
}

/** What the card's workbook carries beyond one sheet per survey section. */
export interface CardSheet {
  /** A 负荷数据 sheet of interval load data, stored in R2 beside the answers and handed to fromAnswers. */
  loadCurve: boolean;
}

/** Data a card reads beside the answers (only cards whose sheet has a load curve get one). */
export interface CardExtras {
  loadCurve?: LoadCurveExtra;
}

/**
 * The card's survey_types row as a new database gets it (spec 1 §2, spec 3 §1). Operators edit the name, the text
 * and whether it is open in /admin/cards; reseeding keeps their edits (db/seed/apply.ts).
 */
export interface CardListing {
  /** Stable survey_types id (also the base of the definition's row ids). */
  id: number;
  surveyName: string;
  surveyDescription: string;
  iconUrl: string;
  reportCount: number;
  explainPath: string | null;
  /** 1: open on the portal from the first seed; 0: waits for an operator to enable it in /admin/cards. */
  enabled: 0 | 1;
  /** The marketing detail page (app/routes), or null while the card has none. */
  detailPath: string | null;
  sortOrder: number;
}

export interface Card<C extends string, I, R> {
  code: C;
  listing: CardListing;
  /** The survey (pages, sections, questions, units, ranges, cross-field rules). */
  survey: SurveyDefinition<C>;
  /** Survey answers (question key → one string per repeat) → engine input, or Chinese messages per question. */
  fromAnswers(answers: Answers, extras: CardExtras): MappingResult<I>;
  /** The engine (workers/engines): pure, every intermediate figure the report explains. */
  assess(input: I): R;
  /** Engine result → stored figures and the report document. */
  model(ctx: ModelContext, result: R, input: I): ReportDoc;
  /** The card's own method sections of the report appendix (the model passes them to shell()). */
  method: readonly AppendixSection[];
  sheet: CardSheet;
  /** The marketing detail page's content (its URL is listing.detailPath; both or neither). */
  detail?: CardDetail;
  /**
   * Engine results that must not become a report (e.g. every stenter's recovered heat above its declared fuel):
   * generate refuses with these messages, each naming the unit and the question to fix (issue 22).
   */
  refusals?(result: R, input: I): InputError[];
  /** What the card's result says about the plant's energy, for the plant balance (issue 22 item 9; kit/plant.ts). */
  plant?(result: R, input: I): PlantContribution;
}

/** A card whose input/result types are checked at its definition and kept together by the registry's helpers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCard<C extends string = string> = Card<C, any, any>;

export const defineCard = <C extends string, I, R>(card: Card<C, I, R>): Card<C, I, R> => card;
