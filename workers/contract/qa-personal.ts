// Personal centre, other users, messages, favourites, view history, dictionaries and the robot assistant
// (spec 2 §2–§9, spec 1 §2): payload schemas shared by browser and server, plus (re-exported from
// qa-personal-constants.ts) the constants, messages and response shapes. Imports nothing server-only.
import { z } from "zod";
import { MAX_PAGE_SIZE, SEARCH_MAX } from "./qa-constants";

import {
  CATEGORY_NAME_MAX,
  FANS_PAGE_SIZE,
  MESSAGE_PAGE_SIZE,
  PERSONAL_MSG,
  PERSONAL_PAGE_SIZE,
  ROBOT_TEXT_MAX,
  SYSTEM_MESSAGE_MAX,
} from "./qa-personal-constants";

export * from "./qa-personal-constants";

// ---- Payload schemas ---------------------------------------------------------------------------------

const badRequest = "请求参数有误";
const id = (msg = badRequest) => z.coerce.number({ error: msg }).int(msg).positive(msg);
const optionalId = z.union([z.coerce.number().int().nonnegative(), z.literal(""), z.null()]).optional();
const pageNo = z.coerce.number().int().min(1).catch(1).default(1);
const pageSize = (size: number) => z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(size).default(size);
const search = z.string().max(SEARCH_MAX, `搜索内容不能超过${SEARCH_MAX}个字`).nullish().transform((v) => (v ?? "").trim());
/** Status filter: a number, or empty/absent for every status the caller may see. */
const statusFilter = z
  .union([z.coerce.number().int().min(0).max(9), z.literal(""), z.null()])
  .optional()
  .transform((v) => (typeof v === "number" ? v : null));
const readFilter = z
  .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v === "" || v === null || v === undefined ? null : Number(v) as 0 | 1));

/** answer/queryPageByUserId and question/pageQueryByUser: publisherId absent means the caller. */
export const userContentPayload = z.object({
  publisherId: optionalId,
  userId: optionalId,
  status: statusFilter,
  pageNo,
  pageSize: pageSize(PERSONAL_PAGE_SIZE),
});

/** userInfo/fans/queryPage and userInfo/follows/queryPage: userId absent means the caller. */
export const relationPayload = z.object({ userId: optionalId, pageNo, pageSize: pageSize(FANS_PAGE_SIZE) });

export const messagePagePayload = z.object({ userId: optionalId, isRead: readFilter, pageNo, pageSize: pageSize(MESSAGE_PAGE_SIZE) });

/** messageNotice/updateMessageStatus: ids as an array or a comma list. */
export const markReadPayload = z.object({
  messageIds: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [v] : v),
    z.array(id()).min(1, badRequest).max(200, badRequest),
  ),
  userId: optionalId,
});

export const historyDeletePayload = z.object({
  ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : typeof v === "number" ? [v] : v),
    z.array(id()).min(1, badRequest).max(200, badRequest),
  ),
});

export const historyPayload = z.object({ userId: optionalId, searchContent: search, pageNo, pageSize: pageSize(PERSONAL_PAGE_SIZE) });

export const categoryPagePayload = z.object({ userId: optionalId, pageNo, pageSize: pageSize(MAX_PAGE_SIZE) });
const categoryName = z
  .string({ error: PERSONAL_MSG.categoryNameEmpty })
  .trim()
  .min(1, PERSONAL_MSG.categoryNameEmpty)
  .max(CATEGORY_NAME_MAX, PERSONAL_MSG.categoryNameTooLong);
export const categoryAddPayload = z.object({ categoryName, userId: optionalId });
export const categoryRenamePayload = z.object({ id: id(PERSONAL_MSG.categoryMissing), categoryName });
export const categoryDeletePayload = z.object({ id: id(PERSONAL_MSG.categoryMissing) });

/** /favorite/content/queryPage and favorite/answer/queryPageById: categoryId absent = all, 0 = the default category. */
export const favoritePagePayload = z.object({
  categoryId: optionalId,
  searchContent: search,
  userId: optionalId,
  pageNo,
  pageSize: pageSize(PERSONAL_PAGE_SIZE),
});

export const favoriteTogglePayload = z.object({
  contentId: id(),
  actionType: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: badRequest })),
  contentType: z.coerce.number().pipe(z.literal(1, { error: badRequest })).optional().default(1),
  userId: optionalId,
  /** Target category; absent or 0 = the default category. */
  categoryId: optionalId,
});

export const systemMessagePayload = z.object({
  /** A user id, or "all" for every active user. */
  to: z.union([z.literal("all"), id(PERSONAL_MSG.userMissing)]),
  content: z.string({ error: PERSONAL_MSG.systemEmpty }).trim().min(1, PERSONAL_MSG.systemEmpty).max(SYSTEM_MESSAGE_MAX, PERSONAL_MSG.systemTooLong),
});

export const robotListQuery = z.object({ queName: z.string().max(ROBOT_TEXT_MAX, PERSONAL_MSG.robotTooLong).optional().default("") });
export const robotAnswerPayload = z.object({ questionId: id(PERSONAL_MSG.robotQuestionMissing) });
export const robotAskPayload = z.object({
  text: z.string({ error: PERSONAL_MSG.robotEmpty }).trim().min(1, PERSONAL_MSG.robotEmpty).max(ROBOT_TEXT_MAX, PERSONAL_MSG.robotTooLong),
});
