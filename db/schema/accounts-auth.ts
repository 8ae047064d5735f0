// Accounts, part two: SMS codes, login-failure log, third-party bindings,
// dictionaries, and the book-library OAuth server (clients, codes, tokens).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";

/** One row per code sent (or refused silently); the rows also drive the per-phone and per-IP send limits. */
export const smsCodes = sqliteTable(
  "sms_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phone: text("phone").notNull(),
    /** 1 register, 2 login, 3 change or forgot password, 4 phone change or binding (spec 1 §9). */
    type: integer("type").notNull(),
    /** HMAC-SHA256 of the code under a server key; the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** Set when a step verified the code but a later step will consume it (forgot password step 1). */
    verifiedAt: integer("verified_at"),
    usedAt: integer("used_at"),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip"),
  },
  (t) => [index("sms_codes_phone_idx").on(t.phone, t.createdAt), index("sms_codes_ip_idx").on(t.ip, t.createdAt)],
);

/** Failed login attempts, counted over a sliding window per account and per IP. */
export const authFailures = sqliteTable(
  "auth_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "account" or "ip". */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("auth_failures_key_idx").on(t.scope, t.key, t.createdAt)],
);

/** A QQ or WeChat identity bound to one of our users (spec 1 §3 third-party binding info). */
export const oauthBindings = sqliteTable(
  "oauth_bindings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** QQ or WECHAT_OPEN. */
    source: text("source").notNull(),
    openId: text("open_id").notNull(),
    unionId: text("union_id"),
    nickname: text("nickname"),
    avatar: text("avatar"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("oauth_bindings_identity_uq").on(t.source, t.openId),
    uniqueIndex("oauth_bindings_user_source_uq").on(t.userId, t.source),
  ],
);

/** Industry categories for the company section (GET /common/industry/type/queryList). */
export const industryTypes = sqliteTable("industry_types", {
  id: integer("id").primaryKey(),
  value: text("value").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Option lists with key and value: education, workYear, managementDirection. */
export const dictItems = sqliteTable(
  "dict_items",
  {
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** Clients of our OAuth2 authorisation server (the book library). */
export const oauthClients = sqliteTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  /** SHA-256 hex of the client secret (secrets are long random strings). */
  secretHash: text("secret_hash").notNull(),
  /** JSON array of exact redirect URIs. */
  redirectUris: text("redirect_uris").notNull(),
  /** Space-separated scopes the client may ask for. */
  scopes: text("scopes").notNull().default("userinfo"),
  enabled: integer("enabled").notNull().default(1),
});

export const oauthAuthCodes = sqliteTable(
  "oauth_auth_codes",
  {
    /** SHA-256 hex of the code. */
    codeHash: text("code_hash").primaryKey(),
    clientId: text("client_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    scope: text("scope").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("oauth_auth_codes_expires_idx").on(t.expiresAt)],
);

export const oauthAccessTokens = sqliteTable(
  "oauth_access_tokens",
  {
    /** SHA-256 hex of the bearer token. */
    tokenHash: text("token_hash").primaryKey(),
    clientId: text("client_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("oauth_access_tokens_user_idx").on(t.userId), index("oauth_access_tokens_expires_idx").on(t.expiresAt)],
);
