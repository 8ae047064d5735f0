// Workbench shapes, payload schemas, limits and messages shared by the browser and the server (spec 3).
// Imports nothing server-only.
import { z } from "zod";
import type { CrossCheck, ShowWhen } from "./survey-definition";
import type { NumberRule } from "./survey-rules";

export type { CrossCheck, NumberRule, ShowWhen };

export const WB_MSG = {
  created: "创建成功",
  saved: "保存成功",
  deleted: "删除成功",
  restored: "恢复成功",
  restoreFailed: "恢复失败",
  purged: "彻底删除成功",
  purgeFailed: "彻底删除失败",
  notFound: "调查表不存在或无权访问",
  readOnly: "回收站中的调查表为只读，请先恢复",
  required: "请检查是否有必填项目未填写",
  imageType: "上传图片只能是 JPG、PNG 格式!",
  imageSize: "当前限制文件大小不能大于10Mb",
  imageMissing: "请选择要上传的图片",
  imageNotImageQuestion: "该题目不支持上传图片",
  badImageKey: "图片不存在或无权使用",
  cardDisabled: "该功能暂未开通",
  firstRepeat: "第一组不能删除",
  noRepeat: "该栏目不可重复填写",
  repeatLimit: "最多可添加500组",
  repeatMissing: "该组不存在，请刷新后重试",
  questionMissing: "题目不存在，请刷新后重试",
  optionMissing: "选项不存在，请重新选择",
  generating: "报告正在生成中，请稍候",
  generateQueued: "报告生成中，请稍候",
  titleTooLong: "调查表名称不能超过50个字",
  idsRequired: "请选择调查表",
} as const;

/** Limits (spec 3 §5, §9). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_IMAGE_SIZE = 10;
export const MAX_REPEATS = 500;
/** Definition row ids are typeId × stride + ordinal (docs/decisions/030), so a question id names its card. */
export const DEF_ID_STRIDE = 100_000;
export const TRASH_RETENTION_DAYS = 7;
export const SECTION_COLOUR_CYCLE = 20;
export const PANEL_WIDTH = 1200;
export const TITLE_MAX = 50;
export const ANSWER_MAX = 2000;
export const SURVEY_FILES_PREFIX = "/files/survey/";
/** Image keys the server issues: 32 hex characters and the type's extension. */
export const SURVEY_IMAGE_KEY = /^[0-9a-f]{32}\.(jpg|png)$/;

// Report status, the untitled placeholder and the poll period live in a module without zod: the workbench's first
// load (list and tree) needs them, not the payload schemas.
export { DISPOSE_STATUS, DISPOSE_STATUS_TEXT, REPORT_POLL_MS, UNTITLED, disposeStatusText, isReportPending } from "./workbench-status";

// ---- payloads ----
const id = (msg = "参数有误") => z.coerce.number({ error: msg }).int(msg).positive(msg);
const ids = z.array(id(), { error: WB_MSG.idsRequired }).min(1, WB_MSG.idsRequired).max(500, WB_MSG.idsRequired);

export const listSchema = z.object({
  type: id("请选择评估类型"),
  condition: z.string().max(100).optional().default(""),
  isDelete: z.coerce.number().int().min(0).max(1).optional().default(0),
});
/** The workbench list's page (issue 26 item 10): searched and paged on the server, newest first. */
export const SURVEY_PAGE_SIZE = 20;
export const SURVEY_PAGE_MAX = 100;
/** The spec's array call (/list) answers at most this many rows; the workbench reads pages (/page). */
export const SURVEY_LIST_MAX = 200;
export const surveyPageSchema = listSchema.extend({
  pageNum: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(SURVEY_PAGE_MAX, `每页最多${SURVEY_PAGE_MAX}条`).optional().default(SURVEY_PAGE_SIZE),
});
export const emptyTrashSchema = z.object({ type: id("请选择评估类型") });
export const addInfoSchema = z.object({ type: id("请选择评估类型") });
export const infoSchema = z.object({ id: id(WB_MSG.notFound), type: id().optional() });
export const titleSchema = z.object({ id: id(WB_MSG.notFound), title: z.string().trim().max(TITLE_MAX, WB_MSG.titleTooLong) });
export const answerSaveSchema = z.object({
  /** Survey id. */
  id: id(WB_MSG.notFound),
  /** Question id (answerList entries carry it as answerId). */
  answerId: id(WB_MSG.questionMissing),
  indexNo: z.coerce.number().int().min(0).max(MAX_REPEATS).optional().default(0),
  answerOptionId: z.coerce.number().int().positive().nullable().optional(),
  optionContent: z.string().max(ANSWER_MAX, `内容不能超过${ANSWER_MAX}个字`).nullable().optional(),
  answerPicId: z.string().max(2000).nullable().optional(),
});
export const modeSchema = z.object({
  moldId: id(WB_MSG.repeatMissing),
  surveyId: id(WB_MSG.notFound),
  indexNo: z.coerce.number().int().min(0).max(MAX_REPEATS).optional(),
});
export const idsSchema = z.object({ ids });
export const surveyIdSchema = z.object({ id: id(WB_MSG.notFound), type: id().optional() });

export type ListPayload = z.input<typeof listSchema>;
export type SurveyPagePayload = z.input<typeof surveyPageSchema>;
export type AnswerSavePayload = z.input<typeof answerSaveSchema>;
export type ModePayload = z.input<typeof modeSchema>;

// ---- views ----
export interface SurveyListItem {
  id: number;
  evaluationTitle: string;
  disposeStatus: number;
  disposeStatusStr: string;
  fileUrl: string | null;
  isDelete: 0 | 1;
  /** Tree display: every survey is a child of its root. */
  isChild: 1;
  typeId: number;
  typeName: string;
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
}

/** One page of the tree or the recycle bin, with the matching total and the recycle bin's size (for its label). */
export interface SurveyPage {
  list: SurveyListItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface AnswerView {
  /** Answer row id; null for a repeat without a saved answer yet. */
  id: number | null;
  /** The question this answer belongs to (what answer/save sends as answerId). */
  answerId: number;
  answerOptionId: number | null;
  optionContent: string;
  answerPicId: string;
  indexNo: number;
}

export interface OptionView {
  id: number;
  optionName: string;
  key: string;
}

export type QuestionType = "date" | "month" | "select" | "text";

export interface QuestionView {
  id: number;
  key: string;
  questionName: string;
  questionType: QuestionType;
  requiredFlag: 0 | 1;
  annotation: string;
  optionList: OptionView[];
  imageSize: number | null;
  valueKind: string | null;
  unit: string | null;
  /** Value rule of a numeric question (workers/contract/survey-rules.ts checks it on blur and at generate). */
  rule: NumberRule | null;
  /** Shown only when an answer of the same repeat has one of the option keys. */
  showWhen: ShowWhen | null;
  /** One entry per repeat, in repeat order. */
  answerList: AnswerView[];
}

export interface GroupView {
  moldName: string;
  questions: QuestionView[];
  showWhen: ShowWhen | null;
}

export type SectionKind = "input" | "select" | "image";

export interface MoldView {
  id: number;
  key: string;
  moldName: string;
  kind: SectionKind;
  multiple: 0 | 1;
  size: number;
  groups: GroupView[];
  /** Cross-field rules, checked per repeat. */
  checks: CrossCheck[];
}

export interface PageView {
  id: number;
  pageName: string;
  input: MoldView[];
  select: MoldView[];
  image: MoldView[];
}

export interface SurveyInfo {
  id: number;
  title: string;
  typeId: number;
  typeName: string;
  /** disposeStatus (1 means report available). */
  status: number;
  isDelete: 0 | 1;
  fileUrl: string | null;
  failReason: string | null;
  updatedAt: number;
  pageList: PageView[];
}

export interface AnswerSaved {
  id: number;
  answerId: number;
  indexNo: number;
  updatedAt: number;
  /** The survey's report status after the save (-1 when an existing report became stale). */
  disposeStatus: number;
}

export interface ModeResult {
  moldId: number;
  size: number;
}

/**
 * One problem found at generate (all are returned at once in data.problems): where (question id + repeat, and the
 * same as a readable path section[repeat].question) and what (message located for a list, field for beside the field).
 */
export const generateProblemSchema = z.object({
  /** 0 when the problem is not tied to one question (e.g. the imported load curve). */
  questionId: z.number().int().min(0),
  indexNo: z.number().int().min(0),
  key: z.string(),
  path: z.string(),
  /** With the section and repeat, e.g. 第2台电机：额定转速应为600–3000 r/min，当前为100. */
  message: z.string(),
  /** The bare message shown beside the field. */
  field: z.string(),
});
export const generateFailureSchema = z.object({ problems: z.array(generateProblemSchema) });
export type GenerateProblem = z.infer<typeof generateProblemSchema>;

/** Beside a required field left blank. */
export const REQUIRED_FIELD = "此项为必填项";

/** The message of a refused generate that found several problems. */
export const problemsMsg = (n: number, first: string) => (n > 1 ? `共${n}项需要修正：${first}` : first);

export interface PdfInfo {
  id: number;
  fileUrl: string | null;
  evaluationTitle: string;
  disposeStatus: number;
  failReason: string | null;
}

/** Repeat noun for messages: 第2台电机, 第3组月度电费单. */
export function repeatLabel(moldName: string, indexNo: number): string {
  return `第${indexNo + 1}${/机$/.test(moldName) ? "台" : "组"}${moldName}`;
}

/** The image URL a browser loads (served only to the owner). */
export function surveyImageUrl(key: string): string {
  return SURVEY_FILES_PREFIX + key;
}

export function splitPicIds(value: string | null | undefined): string[] {
  return (value ?? "").split(";").map((s) => s.trim()).filter(Boolean);
}
