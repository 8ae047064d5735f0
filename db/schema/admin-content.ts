// Operator console, content part (issue 17, docs/admin.md "Robot knowledge base, system messages, profile review"):
// the system messages operators sent, and the nickname/avatar values under review.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per system message an operator sent (to one user or to all); the per-user rows are in qa_messages. */
export const systemMessageSends = sqliteTable(
  "system_message_sends",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** one | all */
    audience: text("audience").notNull(),
    /** The receiver when audience = one. */
    receiverId: integer("receiver_id"),
    /** Rows written to qa_messages. */
    receivers: integer("receivers").notNull().default(0),
    sentBy: integer("sent_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("system_message_sends_created_idx").on(t.createdAt)],
);

/**
 * The nickname or avatar an item of the review queue is about (target type nickname | avatar, target id = user id):
 * the held value (a keyword-matching nickname, not applied until approved) or the value an operator hid (put back
 * on restore).
 */
export const profileReviewValues = sqliteTable(
  "profile_review_values",
  {
    targetType: text("target_type").notNull(),
    userId: integer("user_id").notNull(),
    /** The nickname, or the avatar as JSON {filePath, userPhoto}. */
    value: text("value").notNull(),
    /** 3 held (not applied until approved), 4 hidden by an operator (the neutral default shows meanwhile). */
    status: integer("status").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetType, t.userId] })],
);
