// Operator console and content review (issue 17): constants, messages and response shapes without zod, so the
// Q&A pages' 举报 button imports them without shipping zod. The payload schemas are in ./admin.ts.

/** What a user can report and an operator can review. */
export const REVIEW_TARGET = {
  QUESTION: "question",
  ANSWER: "answer",
  COMMENT: "comment",
  REPLY: "reply",
  NICKNAME: "nickname",
  AVATAR: "avatar",
} as const;
export type ReviewTarget = (typeof REVIEW_TARGET)[keyof typeof REVIEW_TARGET];
export const REVIEW_TARGETS = Object.values(REVIEW_TARGET) as ReviewTarget[];
export const REVIEW_TARGET_LABEL: Record<ReviewTarget, string> = { question: "问题", answer: "回答", comment: "评论", reply: "回复", nickname: "昵称", avatar: "头像" };
/** Profile targets: the target id is the user's id. */
export const PROFILE_TARGETS: readonly ReviewTarget[] = [REVIEW_TARGET.NICKNAME, REVIEW_TARGET.AVATAR];
export const isProfileTarget = (t: string): boolean => t === REVIEW_TARGET.NICKNAME || t === REVIEW_TARGET.AVATAR;
/** The neutral nickname an operator's hide leaves (用户 + id). */
export const neutralNickname = (userId: number): string => `用户${userId}`;

/** Report reasons (举报理由), key → label. */
export const REPORT_REASON = {
  spam: "垃圾广告",
  abuse: "辱骂攻击",
  porn: "色情低俗",
  illegal: "违法违规",
  fake: "虚假不实",
  other: "其他",
} as const;
export type ReportReason = keyof typeof REPORT_REASON;
export const REPORT_REASONS = Object.keys(REPORT_REASON) as ReportReason[];
export const REPORT_DETAIL_MAX = 200;

/** Where a queue item stands. */
export const REVIEW_STATE = { PENDING: "pending", APPROVED: "approved", HIDDEN: "hidden", RESTORED: "restored" } as const;
export type ReviewState = (typeof REVIEW_STATE)[keyof typeof REVIEW_STATE];
export const REVIEW_STATE_LABEL: Record<ReviewState, string> = { pending: "待处理", approved: "已通过", hidden: "已隐藏", restored: "已恢复" };
export const REVIEW_SOURCE = { REPORT: "report", KEYWORD: "keyword", NEW_AVATAR: "avatar" } as const;
export const REVIEW_SOURCE_LABEL: Record<string, string> = { report: "用户举报", keyword: "关键词拦截", avatar: "新头像" };

/** Operator decisions on a queue item. */
export const REVIEW_DECISION = { APPROVE: "approve", HIDE: "hide", RESTORE: "restore" } as const;
export type ReviewDecision = (typeof REVIEW_DECISION)[keyof typeof REVIEW_DECISION];

/** Comment and reply status (qa_comments.status, qa_replies.status; questions and answers use spec 2's statuses). */
export const COMMENT_STATUS = { NORMAL: 0, REVIEW: 3, HIDDEN: 4 } as const;
/** The state of a nickname or avatar in the queue's contentStatus column (same numbers as comments). */
export const PROFILE_STATUS = COMMENT_STATUS;

/** Audit log action names. */
export const ADMIN_ACTION = {
  REVIEW_APPROVE: "review.approve",
  REVIEW_HIDE: "review.hide",
  REVIEW_RESTORE: "review.restore",
  USER_BAN: "user.ban",
  USER_UNBAN: "user.unban",
  KEYWORD_ADD: "keyword.add",
  KEYWORD_REMOVE: "keyword.remove",
  SYNONYM_ADD: "synonym.add",
  SYNONYM_UPDATE: "synonym.update",
  SYNONYM_REMOVE: "synonym.remove",
  REPORT_RETRY: "report.retry",
  JOB_RETRY: "job.retry",
  SEARCH_REINDEX: "search.reindex",
  ROBOT_ADD: "robot.add",
  ROBOT_UPDATE: "robot.update",
  ROBOT_DELETE: "robot.delete",
  MESSAGE_SEND: "message.send",
} as const;
export const ADMIN_ACTION_LABEL: Record<string, string> = {
  "review.approve": "审核通过",
  "review.hide": "隐藏内容",
  "review.restore": "恢复内容",
  "user.ban": "封禁用户",
  "user.unban": "解封用户",
  "keyword.add": "添加关键词",
  "keyword.remove": "删除关键词",
  "synonym.add": "添加搜索同义词",
  "synonym.update": "修改搜索同义词",
  "synonym.remove": "删除搜索同义词",
  "report.retry": "重新生成报告",
  "job.retry": "重试后台任务",
  "robot.add": "新增问答",
  "robot.update": "修改问答",
  "robot.delete": "删除问答",
  "message.send": "发送系统消息",
  // Commerce (workers/contract/admin-commerce.ts COMMERCE_ACTION).
  "card.update": "修改卡片与价格",
  "coupon.issue": "发放优惠券",
  "order.refund": "订单退款",
  "order.sync": "按支付宝结果补记支付",
  // Invoices (workers/contract/invoice.ts INVOICE_ACTION).
  "invoice.issue": "开具发票",
  "invoice.reject": "驳回发票申请",
  "invoice.redLetter": "红字发票已开具",
};

export const ADMIN_PAGE_SIZE = 20;
export const KEYWORD_MAX = 30;
/** Characters in one search synonym group (words separated by spaces). */
export const SYNONYM_MAX = 200;
export const BAN_REASON_MAX = 200;

export const ADMIN_MSG = {
  notAdmin: "无权访问运营后台",
  reported: "举报成功，我们会尽快处理",
  reportedAgain: "您已举报过该内容，我们会尽快处理",
  reportOwn: "不能举报自己发布的内容",
  reasonRequired: "请选择举报理由",
  targetMissing: "内容不存在或已删除",
  itemMissing: "审核记录不存在",
  decided: "操作成功",
  decisionInvalid: "该内容当前状态不能执行此操作",
  banReasonRequired: "请填写封禁理由",
  banSelf: "不能封禁自己",
  banAdmin: "不能封禁管理员",
  banned: "已封禁该用户",
  unbanned: "已解封该用户",
  notBanned: "该用户未被封禁",
  alreadyBanned: "该用户已被封禁",
  userMissing: "用户不存在",
  keywordEmpty: "请输入关键词",
  synonymTooFew: "同义词组至少需要两个不同的词，用空格分隔",
  synonymTooLong: `同义词组最多${SYNONYM_MAX}个字`,
  synonymExists: "该同义词组已存在",
  synonymMissing: "同义词组不存在",
  synonymSaved: "已保存同义词组",
  synonymRemoved: "已删除同义词组",
  keywordTooLong: `关键词最多${KEYWORD_MAX}个字`,
  keywordExists: "关键词已存在",
  keywordAdded: "已添加关键词",
  keywordRemoved: "已删除关键词",
  keywordMissing: "关键词不存在",
  retried: "已重新提交生成",
  retryInvalid: "该报告当前状态不能重新生成",
  /** Shown to the author of a post the keyword list held (answers: status 3). */
  heldAnswer: "您的回答包含需人工审核的内容，审核通过后将公开显示（审核中）",
  heldQuestion: "您的问题包含需人工审核的内容，审核通过后将公开显示（审核中）",
  heldComment: "您的评论包含需人工审核的内容，审核通过后将公开显示（审核中）",
  heldReply: "您的回复包含需人工审核的内容，审核通过后将公开显示（审核中）",
  heldNickname: "您的昵称包含需人工审核的内容，审核通过后将公开显示（审核中），在此之前仍显示原昵称",
  reportProfileTarget: "请选择举报对象",
  // ---- robot knowledge base ----
  robotSaved: "已保存",
  robotDeleted: "已删除",
  robotMissing: "问答不存在",
  robotQuestionRequired: "请输入问题",
  robotAnswerRequired: "请输入答案",
  robotQuestionExists: "已存在相同的问题",
  // ---- system messages ----
  messageSent: "发送成功",
  messageTitleRequired: "请输入标题",
  messageContentRequired: "请输入内容",
  messageUserRequired: "请输入用户ID、用户名或手机号",
  messageUserMissing: "用户不存在",
  messageUserDeleted: "该账号已注销，无法发送消息",
} as const;

/** The author's note on their own item, by status (spec 2 answer statuses; comments 4 = hidden). */
export const OWN_NOTE = {
  deletedByOwner: "该内容已删除，仅自己可见",
  review: "该回答正在审核中，审核通过后将公开显示，仅自己可见",
  hiddenAnswer: "该回答因违反社区规范已被隐藏，仅自己可见",
  hiddenQuestion: "该问题因违反社区规范已被隐藏，仅自己可见",
  reviewQuestion: "该问题正在审核中，审核通过后将公开显示，仅自己可见",
  hiddenComment: "该评论因违反社区规范已被隐藏，仅自己可见",
  reviewComment: "该评论正在审核中，审核通过后将公开显示，仅自己可见",
  hiddenReply: "该回复因违反社区规范已被隐藏，仅自己可见",
  reviewReply: "该回复正在审核中，审核通过后将公开显示，仅自己可见",
} as const;

/** The author's note for an answer status (null when normal). */
export function ownAnswerNote(status: number): string | null {
  if (status === 1) return OWN_NOTE.deletedByOwner;
  if (status === 3) return OWN_NOTE.review;
  if (status === 4) return OWN_NOTE.hiddenAnswer;
  return null;
}

/** The author's note for a question status (spec 2: 2 deleted by owner, 3 by the system, 4 filtered). */
export function ownQuestionNote(status: number): string | null {
  if (status === 2) return OWN_NOTE.deletedByOwner;
  if (status === 3) return OWN_NOTE.hiddenQuestion;
  if (status === 4) return OWN_NOTE.reviewQuestion;
  return null;
}

// ---- Response shapes -------------------------------------------------------------------------------

export interface ReviewItemView {
  id: number;
  targetType: ReviewTarget;
  targetId: number;
  /** Plain-text excerpt of the content (title for questions). */
  excerpt: string;
  /** Link to the content in the Q&A pages. */
  href: string | null;
  /** The content's own status now (spec 2 numbers; comments, replies, nicknames and avatars 0/3/4). */
  contentStatus: number | null;
  /** Avatars: the picture under review (or shown now). */
  picture?: string | null;
  authorId: number;
  authorName: string;
  authorBanned: boolean;
  source: string;
  matched: string[];
  reportCount: number;
  reasons: { reason: string; label: string; count: number }[];
  state: ReviewState;
  note: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ReviewPage {
  list: ReviewItemView[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface AuditEntryView {
  id: number;
  actorId: number;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: number;
}

export interface AdminUserView {
  id: number;
  userName: string;
  name: string | null;
  phone: string | null;
  status: number;
  isAdmin: boolean;
  banReason: string | null;
  bannedAt: number | null;
  createdAt: number;
}

export interface DashboardCounts {
  users: number;
  bannedUsers: number;
  questions: number;
  answers: number;
  pendingReviews: number;
  reportsGenerated: number;
  reportsFailed: number;
  paidOrders: number;
  /** Paid amount in yuan. */
  revenue: number;
}

/** Paid orders and revenue of one China-time day (YYYY-MM-DD). */
export interface RevenueDay {
  day: string;
  orders: number;
  /** Yuan, net of the refunds paid out that day. */
  revenue: number;
  /** Yuan refunded that day. */
  refunded: number;
}

/** Days the dashboard's revenue chart covers, today included. */
export const REVENUE_DAYS = 14;

export interface ReportFailureView {
  surveyId: number;
  surveyName: string;
  userId: number;
  userName: string;
  reason: string | null;
  updatedAt: number;
}

// ---- Robot knowledge base and system messages (docs/admin.md) ------------------------------------------

export const ROBOT_QUESTION_MAX = 100;
export const ROBOT_ANSWER_MAX = 1000;
export const ROBOT_KEYWORDS_MAX = 200;
export const ROBOT_CATEGORY_MAX = 10;
export const ROBOT_ACTION_LABEL_MAX = 20;
export const ROBOT_ACTION_HREF_MAX = 200;
export const ROBOT_CATEGORIES = ["评估", "报告", "支付", "账号", "问答", "节能", "其他"] as const;

export interface RobotEntryView {
  id: number;
  category: string;
  question: string;
  answer: string;
  keywords: string;
  imageUrl: string | null;
  actionLabel: string | null;
  actionHref: string | null;
  /** Position in 猜你想问 (0: not suggested). */
  suggested: number;
  sortOrder: number;
  enabled: boolean;
}

/** 试一试: what the robot would do with a phrase (its real matching). */
export interface RobotTryResult {
  matched: boolean;
  /** The pair that answers (matched) or the closest one. */
  best: { id: number; question: string; score: number; hits: number } | null;
  /** Query tokens the matching used. */
  tokens: string[];
  /** Share of the query's tokens the best pair holds (0–1). */
  confidence: number;
  /** What the user would read. */
  reply: string;
  ranked: { id: number; question: string; score: number; hits: number }[];
}

export const SYSTEM_TITLE_MAX = 30;
export const SYSTEM_CONTENT_MAX = 450;
export const MESSAGE_AUDIENCE = { ONE: "one", ALL: "all" } as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCE)[keyof typeof MESSAGE_AUDIENCE];

/** The text a receiver reads in 消息通知 → 系统: 【title】content. */
export const systemMessageText = (title: string, content: string): string => `【${title}】${content}`;

export interface ResolvedUserView {
  id: number;
  userName: string;
  name: string | null;
  phone: string | null;
  status: number;
}

export interface SystemSendView {
  id: number;
  title: string;
  content: string;
  audience: MessageAudience;
  receiverId: number | null;
  receiverName: string | null;
  receivers: number;
  sentBy: number;
  sentByName: string;
  createdAt: number;
}
