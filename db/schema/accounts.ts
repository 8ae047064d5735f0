// Accounts: users and the login sessions that back every JWT (spec 1 §3).
import { sql } from "drizzle-orm";
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
    /** Extended profile (spec 1 §3); authentication info sections and the personal-centre fields. */
    realName: text("real_name"),
    remark: text("remark"),
    identityNumber: text("identity_number"),
    graduatedSchool: text("graduated_school"),
    profession: text("profession"),
    /** Education dictionary key (1 primary … 6 postgraduate). */
    highestEducation: text("highest_education"),
    company: text("company"),
    /** Industry ids, comma-joined (spec: industryType). */
    industryType: text("industry_type"),
    /** Job position (spec: positional). */
    positional: text("positional"),
    /** Job title (spec: professionalTitle). */
    professionalTitle: text("professional_title"),
    /** Management-direction dictionary keys, comma-joined. */
    managementDirection: text("management_direction"),
    /** Work-year dictionary key (1 … 6). */
    workYear: text("work_year"),
    honoraryTitle: text("honorary_title"),
    workExperience: text("work_experience"),
    trainExperience: text("train_experience"),
    logo: text("logo"),
    invitationUserId: integer("invitation_user_id"),
    isDefault: integer("is_default").notNull().default(0),
    role: text("role"),
    appType: text("app_type"),
    cuserId: integer("cuser_id"),
    /** Personal-centre variant: Q&A domain and location ids (JSON arrays) and the portrait photo path. */
    domainIds: text("domain_ids"),
    locationIds: text("location_ids"),
    userPhoto: text("user_photo"),
    /** When the current phone was last verified for a phone change (step 2 of 3); cleared by step 3. */
    phoneCheckAt: integer("phone_check_at"),
    status: integer("status").notNull().default(1),
    isAdmin: integer("is_admin").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  // Issue 26 item 10: no request scans users. Password login and the user-name checks look up lower(user_name)
  // (case-insensitive names); the operator's user search is by prefix of name or nickname and pages by status, id.
  (t) => [
    index("users_user_name_lower_idx").on(sql`lower(${t.userName})`),
    index("users_name_idx").on(t.name),
    index("users_status_id_idx").on(t.status, sql`${t.id} desc`),
  ],
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
