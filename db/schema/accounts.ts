// Accounts: users and the login sessions that back every JWT (spec 1 §3).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userName: text("user_name").notNull().unique(),
    /** Nickname shown in the UI (spec: name). */
    name: text("name"),
    /** 1 male, 2 female. */
    sex: integer("sex"),
    phone: text("phone").unique(),
    email: text("email"),
    /** Avatar path under /files (spec: filePath). */
    filePath: text("file_path"),
    passwordHash: text("password_hash"),
    passwordSalt: text("password_salt"),
    passwordIterations: integer("password_iterations"),
    usernameChangedAt: integer("username_changed_at"),
    status: integer("status").notNull().default(1),
    isAdmin: integer("is_admin").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
);

export const sessions = sqliteTable(
  "sessions",
  {
    /** Random id carried inside the JWT (claim sid). */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** Set on logout or password change: the token stops working at once. */
    revokedAt: integer("revoked_at"),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);
