// Survey definition types (spec 3 §3): pages → sections ("molds") → groups → questions → options.
// Definitions are plain data; database ids are assigned at seed time, so nothing here carries an id —
// stable string keys identify sections, questions and options instead.

export type CardCode = "motor" | "stenter" | "electricity";

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
  /** Hints for the form and the spreadsheet importer. */
  valueKind?: "number" | "integer" | "string";
  min?: number;
  max?: number;
  unit?: string;
}

export interface GroupDef {
  moldName: string;
  questions: QuestionDef[];
}

export interface SectionDef {
  /** Stable key of the section (mold). */
  key: string;
  kind: SectionKind;
  moldName: string;
  /** 0: filled once; 1: repeatable (one repeat per motor, stenter, month…). */
  multiple: 0 | 1;
  groups: GroupDef[];
}

export interface PageDef {
  key: string;
  pageName: string;
  sections: SectionDef[];
}

export interface SurveyDefinition {
  card: CardCode;
  /** Chinese card name, e.g. "电机驱动系统". */
  typeName: string;
  /** Bumped when questions change, so stored answers can be migrated. */
  version: number;
  pages: PageDef[];
}

export const DEFAULT_IMAGE_SIZE = 10;
