// Personal centre, other users, messages, favourites, view history, dictionaries and the robot assistant
// (spec 2 §2–§9, spec 1 §2): constants, messages, payload schemas and response shapes shared by browser and server.
// Imports nothing server-only.
import { z } from "zod";
import { MAX_PAGE_SIZE, SEARCH_MAX } from "./qa";

// ---- Constants (spec 2 §9) -------------------------------------------------------------------------

export const PERSONAL_PAGE_SIZE = 10;
export const PERSONAL_PAGE_SIZES = [10, 20, 50, 100] as const;
export const MESSAGE_PAGE_SIZE = 20;
export const FANS_PAGE_SIZE = 10;
/** Mark-read hover time (spec: about 5 s). */
export const MARK_READ_HOVER_MS = 5000;
/** Robot idle prompt (spec 1 §9, spec 2 §9). */
export const ROBOT_IDLE_MS = 60_000;
export const ROBOT_TEXT_MAX = 100;
/** Suggested questions shown before the user types, and keyword matches listed for a typed query. */
export const ROBOT_SUGGEST_SIZE = 6;
export const ROBOT_MATCH_LIST_SIZE = 8;
export const CATEGORY_NAME_MAX = 20;
export const CATEGORIES_MAX = 50;
/** The virtual category of favourites saved without one (id 0). */
export const DEFAULT_CATEGORY_ID = 0;
export const DEFAULT_CATEGORY_NAME = "默认收藏夹";
export const SYSTEM_MESSAGE_MAX = 500;

/** Message tabs (spec 2 §2): the kinds each tab lists. Comments and replies on my answers show under 回答. */
export const MESSAGE_TAB = { ANSWER: "answer", FOLLOW: "follow", PRAISE: "praise", SYSTEM: "system" } as const;
export type MessageTab = (typeof MESSAGE_TAB)[keyof typeof MESSAGE_TAB];
export const TAB_KINDS: Record<MessageTab, readonly string[]> = {
  answer: ["answer", "comment"],
  follow: ["follow"],
  praise: ["praise"],
  system: ["system"],
};

export const PERSONAL_MSG = {
  categoryNameEmpty: "请输入分类名称",
  categoryNameTooLong: `分类名称不能超过${CATEGORY_NAME_MAX}个字`,
  categoryNameTaken: "已存在同名分类",
  categoryMissing: "收藏分类不存在",
  categoriesFull: `最多创建${CATEGORIES_MAX}个收藏分类`,
  categoryCreated: "创建成功",
  favoriteOwn: "不能收藏自己的回答",
  favorited: "收藏成功",
  unfavorited: "已取消收藏",
  marked: "已标记为已读",
  userMissing: "用户不存在",
  questionDeleted: "该问题已删除",
  systemEmpty: "消息内容不能为空",
  systemTooLong: `消息内容不能超过${SYSTEM_MESSAGE_MAX}个字`,
  sent: "发送成功",
  robotEmpty: "请输入您的问题",
  robotTooLong: `问题不能超过${ROBOT_TEXT_MAX}个字`,
  robotQuestionMissing: "该问题不存在",
} as const;

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

// ---- Response shapes -----------------------------------------------------------------------------------

export interface Paged {
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface UserAnswerItem {
  id: number;
  questionId: number;
  questionTitle: string;
  /** Plain-text excerpt of the answer (~150 chars). */
  answerContent: string;
  status: number;
  isAnonymous: 0 | 1;
  /** The question is gone for readers (deleted); the item cannot be opened. */
  questionDeleted: boolean;
  ownOnlyNote: string | null;
  praisedCount: number;
  replyCount: number;
  createDate: string;
  createTime: number;
}

export interface UserStatistics {
  userId: number;
  /** People this user follows. */
  followCount: number;
  fansCount: number;
  /** Likes received on answers, comments and replies. */
  praisedCount: number;
  answerCount: number;
  questionCount: number;
}

export interface BasicProfile {
  id: number;
  name: string;
  photo: string | null;
  /** [province code, city code] as stored. */
  location: number[];
  locationNames: string[];
  skilledDomains: { id: number; domainName: string }[];
  workYear: string | null;
  workYearName: string | null;
  /** "1" when the caller follows this user. */
  isFollow: "0" | "1";
  isSelf: boolean;
}

export interface RelationUser {
  userId: number;
  name: string;
  photo: string | null;
  followDate: string;
  followTime: number;
  /** "1" when the caller follows this user. */
  isFollow: "0" | "1";
  isSelf: boolean;
}

export interface MessageCounts {
  unreadAnswerCount: number;
  unreadFollowCount: number;
  unreadPraiseCount: number;
  unreadSystemCount: number;
  unreadTotal: number;
}

export interface MessagePublisher {
  /** null for anonymous actors: no profile link. */
  publisherId: number | null;
  publisherName: string;
  publisherPhoto: string | null;
}

export interface MessageItem {
  messageId: number;
  kind: string;
  isRead: 0 | 1;
  createDate: string;
  createTime: number;
  /** The same date under the spec's per-tab names. */
  answerDate: string;
  followDate: string;
  publishDate: string;
  publisherList: MessagePublisher[];
  followerId: number | null;
  followerName: string | null;
  followerPhoto: string | null;
  /** 2 answer, 3 comment, 4 reply. */
  targetType: number | null;
  targetId: number | null;
  questionId: number | null;
  questionTitle: string | null;
  questionDeleted: boolean;
  answerId: number | null;
  /** Preview of the answer/comment, or the system message text. */
  content: string | null;
}

export interface MessagePage extends Paged {
  messageList: MessageItem[];
}

export interface HistoryItem {
  id: number;
  questionId: number;
  questionTitle: string;
  answerCount: number;
  viewCount: number;
  status: number;
  viewDate: string;
  viewTime: number;
}

export interface CategoryView {
  id: number;
  categoryName: string;
  /** Favourites in this category. */
  count: number;
  isDefault: boolean;
  createDate: string | null;
}

export interface FavoriteItem {
  favoriteId: number;
  categoryId: number;
  categoryName: string;
  answerId: number;
  questionId: number;
  questionTitle: string;
  answerContent: string;
  publisherId: number | null;
  publisherName: string;
  publisherPhoto: string | null;
  praisedCount: number;
  /** The answer or its question is no longer readable. */
  unavailable: boolean;
  favoriteDate: string;
  favoriteTime: number;
}

export interface RegionNode {
  code: number;
  name: string;
  children?: RegionNode[];
}

export interface RobotQuestion {
  aiQuestionId: number;
  aiQuestionName: string;
}

export interface RobotAction {
  label: string;
  href: string;
}

export interface RobotAnswer extends RobotQuestion {
  aiAnswerContent: string;
  /** A code image (QR) to show under the answer. */
  aiAnswerImage: string | null;
  action: RobotAction | null;
}

export type RobotReply =
  | ({ matched: true; related: RobotQuestion[] } & RobotAnswer)
  | { matched: false; aiAnswerContent: string; action: RobotAction | null; related: RobotQuestion[] };

export interface RobotSettings {
  greeting: string;
  guessTitle: string;
  closing: string;
  notUnderstood: string;
  idleMs: number;
}

/** Badge text for an unread count (spec: max 99). */
export function badgeCount(n: number, max = 99): string {
  return n > max ? `${max}+` : String(n);
}
