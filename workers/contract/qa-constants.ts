// Q&A community constants, codes, messages and response shapes (spec 2 §3, §8, §9), free of zod so the Q&A
// pages' client bundles stay small. `workers/contract/qa.ts` re-exports all of it beside the payload schemas, so
// server code and validating forms import from there; read-only pages import from here.

import { chinaDateTimeSeconds } from "../lib/china-time";

// ---- Business constants (spec 2 §9) -------------------------------------------------------------

export const QA_PAGE_SIZE = 10;
export const HOT_PAGE_SIZE = 10;
export const HOT_DETAIL_PAGE_SIZE = 5;
export const SIMILAR_PAGE_SIZE = 5;
export const UNANSWERED_PAGE_SIZE = 5;
export const ANSWER_PAGE_SIZE = 10;
export const COMMENT_PAGE_SIZE = 10;
export const REPLY_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 100;

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 2000;
export const COMMENT_MAX = 200;
export const TAGS_MAX = 5;
export const TAG_NAME_MAX = 20;
export const PICTURES_MAX = 5;
export const EXCERPT_LENGTH = 150;
/** Stored (sanitised) answer HTML; generous for long expert answers with images. */
export const ANSWER_HTML_MAX = 30_000;
export const SEARCH_MAX = 100;
/** Questions suggested while typing in the search box. */
export const SUGGEST_SIZE = 8;
/** Related questions shown when a search finds nothing. */
export const RELATED_SIZE = 5;
export const COLLAPSE_HEIGHT_PX = 500;

export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_TYPES = ["jpg", "jpeg", "png", "gif"] as const;
/** Public path prefix of Q&A pictures; the upload answers with a path under it. */
export const QA_FILES_PREFIX = "/files/qa/";
/** A picture path this server issued: /files/qa/<32 hex>.<ext>. */
export const QA_PICTURE_PATH = /^\/files\/qa\/[0-9a-f]{32}\.(jpg|png|gif)$/;

/** Abuse limits (docs/qa.md "Abuse limits"). */
export const LIMITS = {
  questionIntervalMs: 30_000,
  answerIntervalMs: 10_000,
  commentIntervalMs: 10_000,
  /** Accounts younger than this get the daily caps below. */
  newAccountMs: 24 * 60 * 60 * 1000,
  newAccountDaily: { question: 5, answer: 20, comment: 30 },
  duplicateWindowMs: 24 * 60 * 60 * 1000,
} as const;

// ---- Codes (spec 2 §3, §9) ----------------------------------------------------------------------

export const QUESTION_STATUS = { WAITING: 0, SOLVED: 1, DELETED_BY_OWNER: 2, DELETED_BY_SYSTEM: 3, FILTERED: 4 } as const;
export const ANSWER_STATUS = { NORMAL: 0, DELETED_BY_OWNER: 1, REVIEW: 3, DELETED: 4 } as const;
/** Like content types; favourites use 1 (answer). */
export const CONTENT_TYPE = { FAVORITE_ANSWER: 1, ANSWER: 2, COMMENT: 3, REPLY: 4 } as const;
export const ACTION = { DO: 0, UNDO: 1 } as const;
export const MESSAGE_KIND = { ANSWER: "answer", FOLLOW: "follow", PRAISE: "praise", COMMENT: "comment", SYSTEM: "system" } as const;
export type MessageKind = (typeof MESSAGE_KIND)[keyof typeof MESSAGE_KIND];
/** question/deleteById choice: remove the question, or keep it and hide the author. */
export const DELETE_MODE = { DELETE: "delete", ANONYMOUS: "anonymous" } as const;

// ---- Messages (spec 2 §8 verbatim where the spec gives them) -------------------------------------

export const QA_MSG = {
  empty: "内容不能为空",
  titleTooLong: `标题不能超过${TITLE_MAX}个字`,
  descriptionTooLong: `问题描述不能超过${DESCRIPTION_MAX}个字`,
  tooManyTags: `最多添加${TAGS_MAX}个标签`,
  tagTooLong: `标签不能超过${TAG_NAME_MAX}个字`,
  tooManyPictures: `最多上传${PICTURES_MAX}张图片`,
  badPicture: "图片地址无效，请重新上传",
  commentTooLong: `内容不能超过${COMMENT_MAX}个字`,
  answerTooLong: "回答内容过长，请精简后再提交",
  searchTooLong: `搜索内容不能超过${SEARCH_MAX}个字`,
  uploadType: "上传文件格式必须为jpg/png/gif/jpeg",
  uploadSize: "上传文件大小不能超过10Mb",
  uploadMissing: "请选择要上传的图片",
  uploadOk: "上传成功",
  saved: "保存成功",
  /** A new question (issue 14: 保存成功 read as if it were a draft). */
  published: "发布成功",
  modified: "修改成功",
  deleted: "删除成功",
  converted: "已转为匿名问题",
  praised: "点赞成功",
  unpraised: "已取消点赞",
  followed: "关注成功",
  unfollowed: "已取消关注",
  commented: "评论成功",
  replied: "回复成功",
  questionMissing: "问题不存在或已删除",
  answerMissing: "回答不存在或已删除",
  commentMissing: "评论不存在或已删除",
  replyMissing: "回复不存在或已删除",
  userMissing: "用户不存在",
  notOwner: "只能操作自己发布的内容",
  answerLocked: "该回答当前状态不可修改",
  questionLocked: "问题已有回答，不能删除",
  questionEditLocked: "该问题当前状态不可修改",
  followSelf: "不能关注自己",
  followAnonymous: "不能关注匿名用户",
  tooFastQuestion: "提问太频繁了，请30秒后再试",
  tooFastAnswer: "回答太频繁了，请10秒后再试",
  tooFastComment: "评论太频繁了，请10秒后再试",
  dailyCap: "新注册账号今日发布数量已达上限，请明天再试",
  duplicate: "请勿重复发布相同的内容",
  ownOnlyNote: "该内容已删除，仅自己可见",
  anonymousName: "匿名用户",
} as const;

// ---- Response shapes ------------------------------------------------------------------------------

export interface TagView {
  id: number;
  tagName: string;
}

export interface QuestionListItem {
  id: number;
  questionTitle: string;
  /** Title with search matches in <em>; HTML-escaped otherwise. Equals the escaped title without a search. */
  highlightTitle: string;
  /** Plain-text excerpt (~150 chars) of the top answer, or of the description when unanswered. */
  answerContent: string;
  /** The excerpt with search matches in <em>, HTML-escaped otherwise. */
  highlightExcerpt: string;
  /** Top answer's author; 匿名用户 for an anonymous answer, null without answers. */
  answerPublisherName: string | null;
  answerId: number | null;
  /** Likes of the top answer. */
  praisedCount: number;
  answerCount: number;
  viewCount: number;
  isAnonymous: "0" | "1";
  /** Question author; 匿名用户 for anonymous questions. */
  publisherName: string;
  createDate: string;
  createTime: number;
  status: number;
  tags: TagView[];
}

/** A question suggested while typing a search (question/suggest). */
export interface QuestionSuggestion {
  id: number;
  questionTitle: string;
  /** The title with matched words in <em>, HTML-escaped otherwise. */
  highlightTitle: string;
}

/**
 * A search's match count as people read it: digits grouped, and a + when the count stopped at the cap (1,000+;
 * COUNT_CAP in services/qa/search.ts). The API sends it (QuestionPage.totalText) and the page shows the same text.
 */
export function searchCountText(total: number, capped: boolean): string {
  return String(total).replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (capped ? "+" : "");
}

export interface QuestionPage {
  questionList: QuestionListItem[];
  total: number;
  /** Search only: true when total is a lower bound (more matches than the count cap, COUNT_CAP in services/qa/search.ts). */
  totalCapped?: boolean;
  /** Search only: total as shown, "1,000+" when capped (searchCountText). */
  totalText?: string;
  /** Search only: "all" when every word of the query matched, "some" for the close matches of the fallback pass. */
  matchMode?: "all" | "some";
  /** Search only, when it found nothing: the closest (or else the hottest) questions to offer instead. */
  related?: QuestionListItem[];
  pageNo: number;
  pageSize: number;
}

export interface QuestionDetail {
  id: number;
  questionTitle: string;
  questionDescription: string;
  questionContent: string;
  pictureList: string[];
  tags: TagView[];
  tagList: TagView[];
  isAnonymous: "0" | "1";
  publisherName: string;
  publisherId: number | null;
  publisherPhoto: string | null;
  /** "1" when the caller asked this question. */
  isPublisher: "0" | "1";
  status: number;
  /** Owner-only hint: set when the question was deleted by its author. */
  ownOnlyNote: string | null;
  answerCount: number;
  viewCount: number;
  createDate: string;
  createTime: number;
}

export interface AnswerView {
  id: number;
  questionId: number;
  answerContent: string;
  isAnonymous: 0 | 1;
  isPublisher: "0" | "1";
  status: number;
  /** Set for the author's own deleted or under-review answer (仅自己可见). */
  ownOnlyNote: string | null;
  publisherId: number | null;
  publisherName: string;
  publisherPhoto: string | null;
  createDate: string;
  createTime: number;
  updateTime: number;
  isPraised: 0 | 1;
  praisedCount: number;
  replyCount: number;
  isFavorite: 0 | 1;
  isFollow: "0" | "1";
}

export interface AnswerPage {
  questionId: number;
  questionTitle: string;
  questionContent: string;
  questionStatus: number;
  /** "1" when the caller already answered this question (the editor preloads myAnswer). */
  isPublished: "0" | "1";
  /** "1" when the caller asked this question. */
  isQuestionPublisher: "0" | "1";
  myAnswer: { id: number; answerContent: string; isAnonymous: 0 | 1; status: number } | null;
  answerCount: number;
  answerList: AnswerView[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface ReplyView {
  id: number;
  /** This reply's id (what reply/add takes as replyId to answer it). */
  replyId: number;
  /** The reply this one answers; null when it answers the comment. */
  parentReplyId: number | null;
  assessmentId: number;
  replyContent: string;
  userId: number;
  publisherName: string;
  publisherPhoto: string | null;
  receiverId: number;
  receiverName: string;
  isPraised: 0 | 1;
  praisedCount: number;
  createDate: string;
  createTime: number;
  /** Set on the author's own reply held for review or hidden by an operator (docs/admin.md). */
  ownOnlyNote?: string | null;
  /** reply/add only: the keyword list held it (审核中). */
  held?: boolean;
}

export interface CommentView {
  id: number;
  answerId: number;
  assessmentContent: string;
  userId: number;
  userName: string;
  userPhoto: string | null;
  createDate: string;
  createTime: number;
  isPraised: 0 | 1;
  praisedCount: number;
  replyCount: number;
  /** First REPLY_PAGE_SIZE replies, oldest first. */
  replyItemList: ReplyView[];
  /** More replies exist than replyItemList holds. */
  hasMore: boolean;
  /** Set on the author's own comment held for review or hidden by an operator (docs/admin.md). */
  ownOnlyNote?: string | null;
  /** Only on the reply of assessment/add when the keyword list held the comment. */
  held?: true;
}

/** Format epoch ms as the spec's date string in China time (UTC+8): YYYY-MM-DD HH:mm:ss. */
export function formatDate(ms: number): string {
  return chinaDateTimeSeconds(ms);
}
