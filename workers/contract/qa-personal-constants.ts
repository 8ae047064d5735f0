// Personal centre, messages, favourites and robot constants, messages and response shapes (spec 2 §2–§9), free of
// zod for the pages' client bundles. `workers/contract/qa-personal.ts` re-exports all of it beside the payload schemas.

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
/** Community questions the robot offers when it has no confident answer. */
export const ROBOT_COMMUNITY_SIZE = 3;
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

/** A community question offered by the robot when it has no confident answer. */
export interface RobotCommunityQuestion {
  id: number;
  questionTitle: string;
  href: string;
}

export type RobotReply =
  | ({ matched: true; related: RobotQuestion[] } & RobotAnswer)
  | {
      matched: false;
      aiAnswerContent: string;
      action: RobotAction | null;
      /** The closest knowledge-base questions (您是不是想问), or the suggested ones when none is close (猜你想问). */
      related: RobotQuestion[];
      relatedTitle: string;
      /** Community questions the Q&A search finds for the same words. */
      questions: RobotCommunityQuestion[];
    };

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
