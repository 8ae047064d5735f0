// Our platform as an OAuth2 authorisation server for the book library (authorization-code grant, RFC 6749):
// /auth/wenku/authorize → /wenkuLogin (login + consent) → POST /api/wenku/authorize → code → /auth/wenku/token → /auth/wenku/userinfo.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { oauthAccessTokens, oauthAuthCodes, oauthClients } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { MINUTE, HOUR } from "../../lib/time";
import { randomToken, sha256Hex, stringEqual } from "../../lib/crypto";
import { getUser } from "./users";

export const WENKU_CODE_TTL_MS = 5 * MINUTE;
export const WENKU_TOKEN_TTL_MS = 2 * HOUR;
export const WENKU_SCOPE = "userinfo";
/** What the consent screen lists (spec 1 §2: nickname, avatar, gender). */
export const WENKU_PERMISSIONS = ["获取你的昵称", "获取你的头像", "获取你的性别"] as const;

export const WENKU_MSG = {
  badClient: "无效的应用，请从书库重新发起授权",
  badRedirect: "回调地址未登记，请从书库重新发起授权",
} as const;

export type ClientRow = typeof oauthClients.$inferSelect;

/** The client and an exactly matching registered redirect URI, or a business error. */
export async function checkClient({ db, clientId, redirectUri }: { db: Db; clientId: string; redirectUri: string }): Promise<ClientRow> {
  const client = await db.query.oauthClients.findFirst({ where: eq(oauthClients.clientId, clientId) });
  if (!client || client.enabled !== 1) throw fail(WENKU_MSG.badClient);
  const uris = JSON.parse(client.redirectUris) as string[];
  if (!uris.includes(redirectUri)) throw fail(WENKU_MSG.badRedirect);
  return client;
}

export function clientView(client: ClientRow) {
  return { clientId: client.clientId, name: client.name, scope: WENKU_SCOPE, permissions: [...WENKU_PERMISSIONS] };
}

/** Issue a single-use code for a user who logged in and consented on /wenkuLogin. */
export async function issueCode({ db, client, userId, redirectUri, state, now = Date.now() }: { db: Db; client: ClientRow; userId: number; redirectUri: string; state: string | undefined; now?: number }) {
  const code = randomToken(32);
  await db.insert(oauthAuthCodes).values({
    codeHash: await sha256Hex(code),
    clientId: client.clientId,
    userId,
    redirectUri,
    scope: WENKU_SCOPE,
    createdAt: now,
    expiresAt: now + WENKU_CODE_TTL_MS,
  });
  const target = new URL(redirectUri);
  target.searchParams.set("code", code);
  if (state) target.searchParams.set("state", state);
  return { code, redirectUrl: target.toString() };
}

/** OAuth errors for the token endpoint: RFC 6749 §5.2 shapes with real HTTP statuses. */
export class OAuthServerError extends Error {
  constructor(
    public readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_token",
    public readonly description: string,
    public readonly status: 400 | 401 = 400,
  ) {
    super(description);
  }
}

export async function authenticateClient({ db, clientId, clientSecret }: { db: Db; clientId: string; clientSecret: string }) {
  const client = await db.query.oauthClients.findFirst({ where: eq(oauthClients.clientId, clientId) });
  const presented = await sha256Hex(clientSecret);
  if (!client || client.enabled !== 1 || !stringEqual(presented, client.secretHash)) {
    throw new OAuthServerError("invalid_client", "client authentication failed", 401);
  }
  return client;
}

export async function exchangeCode({ db, input, now = Date.now() }: { db: Db; input: { grantType: string; code: string; redirectUri: string; clientId: string; clientSecret: string }; now?: number }
) {
  if (input.grantType !== "authorization_code") throw new OAuthServerError("unsupported_grant_type", "only authorization_code is supported");
  if (!input.code || !input.redirectUri) throw new OAuthServerError("invalid_request", "code and redirect_uri are required");
  const client = await authenticateClient({ db, clientId: input.clientId, clientSecret: input.clientSecret });
  const codeHash = await sha256Hex(input.code);
  // Consume atomically: a code works once, for its own client and redirect URI, before it expires.
  const [row] = await db
    .update(oauthAuthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthAuthCodes.codeHash, codeHash), isNull(oauthAuthCodes.usedAt)))
    .returning();
  if (!row || row.clientId !== client.clientId || row.redirectUri !== input.redirectUri || row.expiresAt <= now) {
    throw new OAuthServerError("invalid_grant", "authorization code is invalid, used or expired");
  }
  const accessToken = randomToken(32);
  await db.insert(oauthAccessTokens).values({
    tokenHash: await sha256Hex(accessToken),
    clientId: client.clientId,
    userId: row.userId,
    scope: row.scope,
    createdAt: now,
    expiresAt: now + WENKU_TOKEN_TTL_MS,
  });
  return { access_token: accessToken, token_type: "Bearer", expires_in: WENKU_TOKEN_TTL_MS / 1000, scope: row.scope };
}

export async function userInfoForToken({ db, accessToken, now = Date.now() }: { db: Db; accessToken: string; now?: number }) {
  const row = await db.query.oauthAccessTokens.findFirst({ where: eq(oauthAccessTokens.tokenHash, await sha256Hex(accessToken)) });
  if (!row || row.revokedAt || row.expiresAt <= now) throw new OAuthServerError("invalid_token", "access token is invalid or expired", 401);
  const user = await getUser({ db, userId: row.userId });
  return {
    sub: String(user.id),
    nickname: user.name ?? user.userName,
    avatar: user.filePath,
    /** 1 male, 2 female, 0 unknown. */
    gender: user.sex ?? 0,
  };
}

export async function purgeWenkuGrants({ db, now = Date.now() }: { db: Db; now?: number }) {
  const codes = await db.delete(oauthAuthCodes).where(lt(oauthAuthCodes.expiresAt, now - HOUR)).returning({ h: oauthAuthCodes.codeHash });
  const tokens = await db
    .delete(oauthAccessTokens)
    .where(or(lt(oauthAccessTokens.expiresAt, now - HOUR)))
    .returning({ h: oauthAccessTokens.tokenHash });
  return codes.length + tokens.length;
}
