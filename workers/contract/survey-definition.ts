// Survey definition types (spec 3 §3), shared by the cards (workers/cards/<card>/survey.ts), the seeder, the
// services and the browser form: pages → sections ("molds") → groups → questions → options.
// Definitions are plain data; database ids are assigned at seed time, so nothing here carries an id —
// stable string keys identify sections, questions and options instead.

export type SectionKind = "input" | "select" | "image";

export type QuestionType = "date" | "month" | "select" | "text";

export interface OptionDef {
  /** Stable option key stored as the answer of a select question (snake_case English). */
  key: string;
  optionName: string;
}

export interface QuestionDef {
  /** Stable key, unique within the definition, snake_case English (e.g. "motor_rated_kw"). */
  key: string;
  /** Chinese label, with the unit where relevant, e.g. "额定功率（kW）". */
  questionName: string;
  questionType: QuestionType;
  requiredFlag: 0 | 1;
  /** Chinese tooltip: what to enter and where to read it (nameplate, bill, meter). */
  annotation: string;
  options?: OptionDef[];
  /** Maximum images for questions of image sections (default 10, spec 3 §9). */
  imageSize?: number;
  /**
   * Value rules, the one source for the form (checked on blur), generate on the server and the engines' answer
   * mapping (workers/contract/survey-rules.ts reads them; docs/workbench.md "Validation").
   */
  valueKind?: "number" | "integer" | "string";
  min?: number;
  max?: number;
  unit?: string;
  /** The minimum itself is not allowed (e.g. hours must be > 0). */
  minExclusive?: boolean;
  /** Replaces the generic "below minimum" / "above maximum" message. */
  tooLow?: string;
  tooHigh?: string;
  /** Allowed value bands (e.g. rated speeds of 2/4/6/8-pole motors) and the message when a value is in none. */
  bands?: readonly (readonly [number, number])[];
  bandsMessage?: string;
  /** Shown (and read) only when another answer of the same repeat has one of these option keys. */
  showWhen?: ShowWhen;
}

/** Visibility: the question or group applies only when the select question `key` has one of `in`. */
export interface ShowWhen {
  key: string;
  in: readonly string[];
}

/**
 * Cross-field rules of a section, checked per repeat on the form and at generate. `at` is the question the
 * message is shown beside.
 * - sum: the filled values of `keys` add up to `total` (± tolerance) once any of them is filled;
 *   the message gets "，当前为X" appended.
 * - less: `key` < `than` (both filled).
 * - descending: keys[0] ≥ keys[1] ≥ … (all filled).
 * - notLess: `key` ≥ `than` (both filled).
 * - anyOf: at least one of `keys` is filled.
 * - together: all of `keys` or none.
 * - rangeByOption: keys[0] within the range of the option chosen in keys[1] (a price whose unit follows the fuel).
 */
export type CrossCheck =
  | { kind: "sum"; keys: readonly string[]; total: number; tolerance: number; unit?: string; at: string; message: string }
  | { kind: "less"; key: string; than: string; message: string }
  | { kind: "notLess"; key: string; than: string; message: string }
  | { kind: "descending"; keys: readonly string[]; at: string; message: string }
  | { kind: "anyOf"; keys: readonly string[]; at: string; message: string }
  | { kind: "together"; keys: readonly string[]; message: string }
  /**
   * A number whose unit depends on a choice (a fuel price in 元/m³ for gas, 元/t for coal and steam): keys[0] is the
   * number, keys[1] the select answer; the range of the chosen option applies (issue 22: one range for both units
   * let 5,000 元/m³ through). The message is built from the range, so it always states the unit.
   */
  | { kind: "rangeByOption"; keys: readonly [string, string]; at: string; ranges: Readonly<Record<string, OptionRange>> };

/** The plausible range of a number for one option of the select that decides its unit. */
export interface OptionRange {
  /** What the number is for this option, e.g. 天然气价格. */
  label: string;
  min: number;
  max: number;
  unit: string;
}

export interface GroupDef {
  moldName: string;
  questions: QuestionDef[];
  /** The whole group applies only to some choices (e.g. pump data for pump loads). */
  showWhen?: ShowWhen;
}

export interface SectionDef {
  /** Stable key of the section (mold). */
  key: string;
  kind: SectionKind;
  moldName: string;
  /** 0: filled once; 1: repeatable (one repeat per motor, stenter, month…). */
  multiple: 0 | 1;
  groups: GroupDef[];
  /** Cross-field rules, per repeat. */
  checks?: CrossCheck[];
}

export interface PageDef {
  key: string;
  pageName: string;
  sections: SectionDef[];
}

/** A card's survey; `C` is its card code (the registry, workers/cards/index.ts, derives CardCode from the cards). */
export interface SurveyDefinition<C extends string = string> {
  card: C;
  /** Chinese card name, e.g. "电机驱动系统". */
  typeName: string;
  /** Bumped when questions change, so stored answers can be migrated. */
  version: number;
  pages: PageDef[];
}

export const DEFAULT_IMAGE_SIZE = 10;
