// Portal shapes and display rules shared by the browser and the server.
export interface CardView {
  id: number;
  code: string;
  surveyName: string;
  surveyDescription: string;
  iconUrl: string;
  /** Report count (spec: count). */
  count: number;
  /** Usage PDF path (spec: explain). */
  explain: string | null;
  enabled: boolean;
  detailPath: string | null;
}

/** Report count as a card shows it: a plus sign above 1000 (spec 1 §9). */
export function formatReportCount(count: number): string {
  return count > 1000 ? "1000+" : String(count);
}

/** Landing card list refresh interval (spec 1 §9). */
export const CARD_REFRESH_MS = 10_000;
/** Header message badge maximum (spec 1 §9). */
export const BADGE_MAX = 99;
