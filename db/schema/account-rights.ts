// The user's data rights (PIPL art. 45, 47; issue 17 item 2): data exports built by the queue, and the record of
// each account deletion that keeps the phone reserved for the stated period. See docs/account-rights.md.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** One export request: queued → building → ready (zip in R2 until expiresAt) | failed; expired once cleaned up. */
export const dataExports = sqliteTable(
  "data_exports",
  {
    /** Random id (also the download link's last segment); unguessable. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** queued | building | ready | failed | expired (EXPORT_STATUS). */
    status: text("status").notNull(),
    /** R2 key of the zip while it exists. */
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    failReason: text("fail_reason"),
    createdAt: integer("created_at").notNull(),
    readyAt: integer("ready_at"),
    /** The link stops working and the cron removes the zip after this instant. */
    expiresAt: integer("expires_at"),
    downloadedAt: integer("downloaded_at"),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt), index("data_exports_status_idx").on(t.status, t.expiresAt)],
);

/**
 * One row per deleted account: who (the anonymised user id, no longer personal), when, how it was confirmed, and a
 * keyed hash of the released phone until the reuse period ends (the cron then clears the hash). No phone in clear.
 */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").notNull(),
    /** sms | password: how the owner confirmed. */
    method: text("method").notNull(),
    /** HMAC-SHA256 of the phone under the server key; null once the phone may register again (or if none). */
    phoneHash: text("phone_hash"),
    /** From this instant the phone may register (or be bound) again. */
    phoneReusableAt: integer("phone_reusable_at").notNull(),
    deletedAt: integer("deleted_at").notNull(),
  },
  (t) => [index("account_deletions_phone_idx").on(t.phoneHash)],
);
