// Q&A personal centre (spec 2 §2, §3, §7): view history (footprints), skilled domains, the China region tree,
// and the robot assistant's knowledge base. Messages, follows and favourites live in ./qa.ts. See docs/qa-personal.md.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { qaQuestions } from "./qa";

/** One row per (user, question); viewedAt moves forward on every open of the question by that user. */
export const qaViewHistory = sqliteTable(
  "qa_view_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => qaQuestions.id, { onDelete: "cascade" }),
    viewedAt: integer("viewed_at").notNull(),
  },
  (t) => [
    uniqueIndex("qa_view_history_user_question_uq").on(t.userId, t.questionId),
    index("qa_view_history_user_viewed_idx").on(t.userId, t.viewedAt),
  ],
);

/** Skilled domains a user can pick in the profile (spec: Domain id, domainName). */
export const qaDomains = sqliteTable("qa_domains", {
  id: integer("id").primaryKey(),
  domainName: text("domain_name").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * China's administrative divisions by GB/T 2260 code: provincial level (level 1, parent null) and
 * prefecture level (level 2; for the four municipalities their districts and counties).
 */
export const regions = sqliteTable(
  "regions",
  {
    code: integer("code").primaryKey(),
    name: text("name").notNull(),
    parentCode: integer("parent_code"),
    level: integer("level").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("regions_parent_idx").on(t.parentCode, t.sortOrder)],
);

/** Robot assistant knowledge base: one question with its answer; `tokens` holds the match tokens (search-tokens.ts). */
export const robotKnowledge = sqliteTable(
  "robot_knowledge",
  {
    id: integer("id").primaryKey(),
    category: text("category").notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    /** Extra match terms (space separated) beyond the question text. */
    keywords: text("keywords").notNull().default(""),
    /** Space-separated bigram/word tokens of question + keywords, computed by the seed builder. */
    tokens: text("tokens").notNull().default(""),
    /** An image shown with the answer (QR codes: the robot's "code image" messages). */
    imageUrl: text("image_url"),
    /** A link offered under the answer (e.g. go to the assessment). */
    actionLabel: text("action_label"),
    actionHref: text("action_href"),
    /** Shown in the 猜你想问 list when the user has typed nothing (lower sortOrder first). */
    suggested: integer("suggested").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(1000),
    enabled: integer("enabled").notNull().default(1),
  },
  (t) => [index("robot_knowledge_suggested_idx").on(t.suggested, t.sortOrder)],
);

/** Robot texts kept as data: greeting, not-understood reply (with its suggested action), idle closing prompt. */
export const robotReplies = sqliteTable("robot_replies", {
  key: text("key").primaryKey(),
  content: text("content").notNull(),
  actionLabel: text("action_label"),
  actionHref: text("action_href"),
});
