// Operator console (issue 17): the audit log of admin actions, users' reports, the review queue, the keyword list
// that holds new posts for review, and account bans. See docs/admin.md.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** Every admin action: who, what, when, and the target's state before and after (JSON). */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id").notNull(),
    /** e.g. review.hide, user.ban, keyword.add (ADMIN_ACTION in the contract). */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before"),
    after: text("after"),
    reason: text("reason"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("admin_audit_created_idx").on(t.createdAt), index("admin_audit_target_idx").on(t.targetType, t.targetId)],
);

/**
 * One queue row per piece of content (question, answer, comment): opened by a user's report or by the keyword
 * filter, reopened when reported again after a decision.
 */
export const reviewItems = sqliteTable(
  "review_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** The content's author (ban from the queue, author's view). */
    authorId: integer("author_id").notNull(),
    /** report | keyword: what opened it last. */
    source: text("source").notNull(),
    /** Words of the keyword list the content matched (JSON array), for the operator. */
    matched: text("matched"),
    /** Open reports since the last decision. */
    reportCount: integer("report_count").notNull().default(0),
    /** pending | approved | hidden | restored (REVIEW_STATE). */
    state: text("state").notNull().default("pending"),
    decidedBy: integer("decided_by"),
    decidedAt: integer("decided_at"),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("review_items_target_uq").on(t.targetType, t.targetId), index("review_items_state_idx").on(t.state, t.updatedAt)],
);

/** A user's report (举报) of a piece of content; one per user and content. */
export const contentReports = sqliteTable(
  "content_reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id").notNull(),
    /** REPORT_REASON key. */
    reason: text("reason").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("content_reports_reporter_target_uq").on(t.reporterId, t.targetType, t.targetId),
    index("content_reports_target_idx").on(t.targetType, t.targetId),
  ],
);

/** Words that hold a new post for review (审核中) before it is public. Kept as data; seeded, edited by operators. */
export const moderationKeywords = sqliteTable("moderation_keywords", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  word: text("word").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});

/** A banned account (users.status 0) and why; the row goes on unban (the audit log keeps the history). */
export const userBans = sqliteTable("user_bans", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  bannedBy: integer("banned_by").notNull(),
  bannedAt: integer("banned_at").notNull(),
});
