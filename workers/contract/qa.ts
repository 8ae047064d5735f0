// Q&A community contract (spec 2 §3, §5, §7, §9): payload schemas shared by the browser and the server, plus
// (re-exported from qa-constants.ts) the constants, messages and response shapes. Imports nothing server-only.
import { z } from "zod";
import {
  ANSWER_HTML_MAX,
  COMMENT_MAX,
  COMMENT_PAGE_SIZE,
  DELETE_MODE,
  DESCRIPTION_MAX,
  HOT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PICTURES_MAX,
  QA_MSG,
  QA_PAGE_SIZE,
  QA_PICTURE_PATH,
  REPLY_PAGE_SIZE,
  SEARCH_MAX,
  SIMILAR_PAGE_SIZE,
  TAG_NAME_MAX,
  TAGS_MAX,
  TITLE_MAX,
  UNANSWERED_PAGE_SIZE,
  ANSWER_PAGE_SIZE,
} from "./qa-constants";

export * from "./qa-constants";

// ---- Payload schemas (spec 2 §7 field names) ------------------------------------------------------

const id = (msg = "请求参数有误") => z.coerce.number({ error: msg }).int(msg).positive(msg);
const optionalId = z.union([z.coerce.number().int().nonnegative(), z.literal(""), z.null()]).optional();
const flag01 = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.boolean()])
  .optional()
  .transform((v) => (v === 1 || v === "1" || v === true ? 1 : 0));
const pageNo = z.coerce.number().int().min(1).catch(1).default(1);
const pageSize = (size: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(size).default(size);

/** Page payload; userId is accepted for the spec's client and ignored (the token decides who calls). */
export const pagePayload = (size: number) => z.object({ pageNo, pageSize: pageSize(size), userId: optionalId });

export const searchPayload = pagePayload(QA_PAGE_SIZE).extend({
  searchContent: z.string().max(SEARCH_MAX, QA_MSG.searchTooLong).optional().default(""),
});

/** question/suggest?q=: titles while typing (GET, so the box can ask on every pause without a CSRF token). */
export const suggestQuery = z.object({ q: z.string().max(SEARCH_MAX, QA_MSG.searchTooLong).optional().default("") });

export const hotPayload = pagePayload(HOT_PAGE_SIZE).extend({ questionId: optionalId });
export const unansweredPayload = pagePayload(UNANSWERED_PAGE_SIZE).extend({ questionId: optionalId });

/** A tag in a payload: its id, its name (new tags are created) or an object from tag/getAll. */
export const tagRef = z.union([
  z.coerce.number().int().positive(),
  z.string().trim().min(1, QA_MSG.empty).max(TAG_NAME_MAX, QA_MSG.tagTooLong),
  z.object({ id: z.coerce.number().int().positive().optional(), tagName: z.string().trim().min(1).max(TAG_NAME_MAX, QA_MSG.tagTooLong).optional() }),
]);
export type TagRef = z.infer<typeof tagRef>;

export const similarPayload = pagePayload(SIMILAR_PAGE_SIZE).extend({
  questionId: optionalId,
  tagList: z.array(tagRef).max(20).optional().default([]),
});

const title = z
  .string({ error: QA_MSG.empty })
  .trim()
  .min(1, QA_MSG.empty)
  .max(TITLE_MAX, QA_MSG.titleTooLong);

export const questionAddPayload = z.object({
  questionTitle: title,
  questionDescription: z.string().max(DESCRIPTION_MAX, QA_MSG.descriptionTooLong).nullish().transform((v) => (v ?? "").trim()),
  isAnonymous: flag01,
  tagList: z.array(tagRef).max(TAGS_MAX, QA_MSG.tooManyTags).optional().default([]),
  pictureList: z
    .array(z.string().regex(QA_PICTURE_PATH, QA_MSG.badPicture))
    .max(PICTURES_MAX, QA_MSG.tooManyPictures)
    .optional()
    .default([]),
  userId: optionalId,
});
export type QuestionAddInput = z.infer<typeof questionAddPayload>;

export const questionUpdatePayload = questionAddPayload.extend({ id: id() });
export type QuestionUpdateInput = z.infer<typeof questionUpdatePayload>;

export const questionDeletePayload = z.object({
  id: id(),
  isAdmin: z.unknown().optional(),
  /** "delete" (default, irreversible) or "anonymous" (keep the question, hide the author). */
  deleteType: z.enum([DELETE_MODE.DELETE, DELETE_MODE.ANONYMOUS]).optional().default(DELETE_MODE.DELETE),
});

export const answerAddPayload = z.object({
  questionId: id(QA_MSG.questionMissing),
  answerContent: z.string({ error: QA_MSG.empty }).max(ANSWER_HTML_MAX * 2, QA_MSG.answerTooLong),
  isAnonymous: flag01,
  userId: optionalId,
});
export type AnswerAddInput = z.infer<typeof answerAddPayload>;
export const answerUpdatePayload = answerAddPayload.extend({ id: id(QA_MSG.answerMissing) });

export const answerListPayload = pagePayload(ANSWER_PAGE_SIZE).extend({ questionId: id(QA_MSG.questionMissing) });
export const deleteByIdPayload = z.object({ id: id(), isAdmin: z.unknown().optional() });

export const praisePayload = z.object({
  id: z.unknown().optional(),
  contentId: id(),
  contentType: z.coerce.number().pipe(z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "请求参数有误" })),
  actionType: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: "请求参数有误" })),
});

export const followPayload = z.object({
  userId: optionalId,
  followUserId: id(QA_MSG.userMissing),
  actionType: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: "请求参数有误" })),
  /** Optional: the answer whose author is followed, so anonymous authors can be refused. */
  answerId: optionalId,
});

const shortText = z.string({ error: QA_MSG.empty }).trim().min(1, QA_MSG.empty).max(COMMENT_MAX, QA_MSG.commentTooLong);

export const commentListPayload = pagePayload(COMMENT_PAGE_SIZE).extend({ answerId: id(QA_MSG.answerMissing) });
export const commentAddPayload = z.object({
  answerId: id(QA_MSG.answerMissing),
  assessmentContent: shortText,
  publisherId: optionalId,
  receiverId: optionalId,
});
export const replyListPayload = pagePayload(REPLY_PAGE_SIZE).extend({ assessmentId: id(QA_MSG.commentMissing) });
export const replyAddPayload = z.object({
  assessmentId: id(QA_MSG.commentMissing),
  replyContent: shortText,
  /** The reply being answered; empty when replying to the comment itself. */
  replyId: optionalId,
  publisherId: optionalId,
  receiverId: optionalId,
});
