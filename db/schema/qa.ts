// Q&A community (spec 2 §3): questions, pictures, tags, answers, comments (assessments), replies, praises,
// follows, favourites and messages. Counters are denormalised so list pages read ~10 rows; see docs/qa.md.
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

export const qaQuestions = sqliteTable(
  "qa_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** 0 waiting, 1 solved (has a normal answer), 2 deleted by owner, 3 by system, 4 filtered. */
    status: integer("status").notNull().default(0),
    isAnonymous: integer("is_anonymous").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    /** Normal (status 0) answers. */
    answerCount: integer("answer_count").notNull().default(0),
    /** Likes over all normal answers (hot score input). */
    praiseCount: integer("praise_count").notNull().default(0),
    /** The answer a list item shows: most liked normal answer, then the oldest. */
    topAnswerId: integer("top_answer_id"),
    /** Hot-list score (docs/qa.md "Hot list"); recomputed on every counter change. */
    hotScore: real("hot_score").notNull().default(0),
    /** Duplicate-post check: hash of the normalised title + description. */
    textHash: text("text_hash").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("qa_questions_status_created_idx").on(t.status, t.createdAt),
    index("qa_questions_status_hot_idx").on(t.status, t.hotScore),
    // Visible questions (waiting or solved) in list order: the lists walk these in order and stop at the page
    // (migration 0022), instead of merging the two statuses and sorting in a temp B-tree.
    index("qa_questions_visible_created_idx").on(t.createdAt).where(sql`status IN (0, 1)`),
    index("qa_questions_visible_hot_idx").on(t.hotScore).where(sql`status IN (0, 1)`),
    index("qa_questions_publisher_created_idx").on(t.publisherId, t.createdAt),
  ],
);

export const qaQuestionPictures = sqliteTable(
  "qa_question_pictures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    questionId: integer("question_id")
      .notNull()
      .references(() => qaQuestions.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("qa_question_pictures_question_idx").on(t.questionId, t.sortOrder)],
);

export const qaTags = sqliteTable("qa_tags", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  tagName: text("tag_name").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(1000),
  createdAt: integer("created_at").notNull(),
});

export const qaQuestionTags = sqliteTable(
  "qa_question_tags",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => qaQuestions.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => qaTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("qa_question_tags_pk").on(t.questionId, t.tagId),
    index("qa_question_tags_tag_idx").on(t.tagId, t.questionId),
  ],
);

export const qaAnswers = sqliteTable(
  "qa_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    questionId: integer("question_id")
      .notNull()
      .references(() => qaQuestions.id, { onDelete: "cascade" }),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Sanitised HTML (workers/services/qa/sanitize.ts); never stored raw. */
    contentHtml: text("content_html").notNull(),
    /** Plain text of the answer: excerpts, search and the duplicate check. */
    contentText: text("content_text").notNull(),
    /** 0 normal, 1 deleted by owner, 3 under review, 4 deleted. */
    status: integer("status").notNull().default(0),
    isAnonymous: integer("is_anonymous").notNull().default(0),
    praiseCount: integer("praise_count").notNull().default(0),
    /** Comments plus replies under this answer. */
    replyCount: integer("reply_count").notNull().default(0),
    textHash: text("text_hash").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("qa_answers_question_publisher_uq").on(t.questionId, t.publisherId),
    index("qa_answers_question_rank_idx").on(t.questionId, t.status, t.praiseCount, t.id),
    index("qa_answers_publisher_created_idx").on(t.publisherId, t.createdAt),
  ],
);

/** Comments on answers (the spec calls them assessments). */
export const qaComments = sqliteTable(
  "qa_comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    answerId: integer("answer_id")
      .notNull()
      .references(() => qaAnswers.id, { onDelete: "cascade" }),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id").notNull(),
    content: text("content").notNull(),
    /** 0 normal, 3 held by the keyword list, 4 hidden by an operator (3 and 4 visible only to the author); docs/admin.md. */
    status: integer("status").notNull().default(0),
    praiseCount: integer("praise_count").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    textHash: text("text_hash").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("qa_comments_answer_idx").on(t.answerId, t.id),
    index("qa_comments_publisher_created_idx").on(t.publisherId, t.createdAt),
  ],
);

export const qaReplies = sqliteTable(
  "qa_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    commentId: integer("comment_id")
      .notNull()
      .references(() => qaComments.id, { onDelete: "cascade" }),
    /** The reply this one answers; null when it answers the comment. */
    parentReplyId: integer("parent_reply_id"),
    publisherId: integer("publisher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: integer("receiver_id").notNull(),
    content: text("content").notNull(),
    praiseCount: integer("praise_count").notNull().default(0),
    textHash: text("text_hash").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    /** 0 normal, 3 held by the keyword list, 4 hidden by an operator (as comments; docs/admin.md). */
    status: integer("status").notNull().default(0),
  },
  (t) => [
    index("qa_replies_comment_idx").on(t.commentId, t.id),
    index("qa_replies_publisher_created_idx").on(t.publisherId, t.createdAt),
  ],
);

/** Likes: contentType 2 answer, 3 comment, 4 reply. */
export const qaPraises = sqliteTable(
  "qa_praises",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: integer("content_type").notNull(),
    contentId: integer("content_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("qa_praises_user_content_uq").on(t.userId, t.contentType, t.contentId)],
);

export const qaFollows = sqliteTable(
  "qa_follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("qa_follows_pk").on(t.followerId, t.followeeId),
    index("qa_follows_followee_idx").on(t.followeeId, t.createdAt),
  ],
);

export const qaFavoriteCategories = sqliteTable(
  "qa_favorite_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("qa_favorite_categories_user_idx").on(t.userId)],
);

/** Favourites: contentType 1 (answer) per spec 2 §9. */
export const qaFavorites = sqliteTable(
  "qa_favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => qaFavoriteCategories.id, { onDelete: "set null" }),
    contentType: integer("content_type").notNull().default(1),
    contentId: integer("content_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("qa_favorites_user_content_uq").on(t.userId, t.contentType, t.contentId),
    index("qa_favorites_category_idx").on(t.categoryId, t.createdAt),
  ],
);

/** Notifications for the messages pages: kind answer | follow | praise | comment | system. */
export const qaMessages = sqliteTable(
  "qa_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Who caused it; null for system messages. */
    actorId: integer("actor_id"),
    /** The actor posted anonymously: the messages page must not reveal them. */
    actorAnonymous: integer("actor_anonymous").notNull().default(0),
    questionId: integer("question_id"),
    answerId: integer("answer_id"),
    /** For praise and comment messages: 2 answer, 3 comment, 4 reply (spec targetType). */
    targetType: integer("target_type"),
    targetId: integer("target_id"),
    /** Short text for system messages and comment/reply previews. */
    content: text("content"),
    isRead: integer("is_read").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("qa_messages_receiver_idx").on(t.receiverId, t.kind, t.isRead, t.createdAt)],
);

/** Small named counters that would otherwise need COUNT(*) over large tables (e.g. visible questions). */
export const qaCounters = sqliteTable("qa_counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull().default(0),
});

/**
 * Search synonyms (docs/qa.md "Search"): one group of words a user may use for the same thing (空压机 压缩空气
 * 空气压缩机), space separated. Applied at query time; edited by operators in /admin/keywords (audited).
 */
export const qaSynonyms = sqliteTable("qa_synonyms", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  words: text("words").notNull().unique(),
  updatedAt: integer("updated_at").notNull(),
});

