// Third-party sign-in and bindings (spec 1 §4): render → provider → callback page → bind-login → (phoneValid → bind).
import { and, eq } from "drizzle-orm";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import { oauthBindings, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, forbidden } from "../../lib/errors";
import { BIND_TYPE_OF_SOURCE, SMS_TYPE, type BindInfoEntry, type BindLoginPending, type OAuthSource } from "../../contract/accounts";
import { oauthProvider, OAuthError, type OAuthIdentity } from "../../providers/oauth";
import { randomToken, stringEqual } from "../../lib/crypto";
import { opt } from "./config";
import { findUserByPhone, getUser, openSessionFor, userIdByPhone, type RequestMeta } from "./users";
import { activeGrants, GRANT_EVENT, grantStatements } from "../payment/grants";
import { verifySmsCode } from "./sms-codes";
import { assertPhoneReusable } from "./phone-reserve";
import { isActiveUser } from "../../contract/user-status";

export const OAUTH_MSG = {
  notConfigured: "该功能暂未开通",
  stateInvalid: "授权已失效，请重新授权",
  providerFailed: "第三方授权失败，请重新授权",
  ticketInvalid: "授权信息已过期，请重新授权登录",
  identityTaken: (s: OAuthSource) => `该${s === "QQ" ? "QQ" : "微信"}账号已绑定其他账号`,
  alreadyBound: (s: OAuthSource) => `当前账号已绑定${s === "QQ" ? "QQ" : "微信"}，请先解绑`,
  phoneHasOther: (s: OAuthSource) => `该手机号已绑定其他${s === "QQ" ? "QQ" : "微信"}账号`,
  notBound: "未绑定该账号",
  phoneMismatch: "手机号与当前账号不一致",
} as const;

export const OAUTH_STATE_TTL_S = 600;
export const stateCookieName = (source: OAuthSource) => `oauth_state_${source}`;

/** Where the provider sends the browser back: the spec's callback pages. */
export function callbackUrl({ env, origin, source }: { env: Env; origin: string; source: OAuthSource }) {
  const base = opt(env, "OAUTH_REDIRECT_BASE") ?? origin;
  return `${base}${source === "QQ" ? "/qqlogin" : "/weixinlogin"}`;
}

/** Step 1 (popup): the authorize URL and the state to bind to a cookie. */
/** A fresh state and the provider URL: its panel for an iframe when `embedded` and the provider has one. */
export function startAuthorization({ env, origin, source, embedded = false }: { env: Env; origin: string; source: OAuthSource; embedded?: boolean }) {
  const provider = oauthProvider(env, source, origin);
  if (!provider) throw fail(OAUTH_MSG.notConfigured);
  const state = randomToken(18);
  const redirectUri = callbackUrl({ env, origin, source });
  const url = embedded && provider.embeddedUrl ? provider.embeddedUrl(state, redirectUri) : provider.authorizeUrl(state, redirectUri);
  return { state, url };
}

async function exchange(env: Env, origin: string, source: OAuthSource, code: string, state: string, cookieState: string | null) {
  if (!cookieState || !stringEqual(cookieState, state)) throw fail(OAUTH_MSG.stateInvalid);
  const provider = oauthProvider(env, source, origin);
  if (!provider) throw fail(OAUTH_MSG.notConfigured);
  try {
    return await provider.exchange(code, callbackUrl({ env, origin, source }));
  } catch (e) {
    console.error(JSON.stringify({ event: "oauth_exchange_failed", source, error: String(e instanceof OAuthError ? e.message : e) }));
    throw fail(OAUTH_MSG.providerFailed);
  }
}

// ---- the ticket that carries a verified identity from bind-login to phoneValid (10 minutes, signed)

function ticketKey(env: Env) {
  return new TextEncoder().encode(`oauth-bind-ticket:${env.JWT_SECRET ?? ""}`);
}

async function signTicket(env: Env, id: OAuthIdentity) {
  return new SignJWT({ src: id.source, oid: id.openId, uid: id.unionId, nick: id.nickname, av: id.avatar, g: id.gender })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience("oauth-bind")
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_STATE_TTL_S}s`)
    .sign(ticketKey(env));
}

async function readTicket(env: Env, ticket: string): Promise<OAuthIdentity> {
  try {
    // A malformed header makes jose reject a promise it does not await in workerd; check it synchronously first.
    decodeProtectedHeader(ticket);
    const { payload: p } = await jwtVerify(ticket, ticketKey(env), { audience: "oauth-bind", algorithms: ["HS256"] });
    if ((p.src !== "QQ" && p.src !== "WECHAT_OPEN") || typeof p.oid !== "string") throw new Error("bad ticket");
    return {
      source: p.src,
      openId: p.oid,
      unionId: typeof p.uid === "string" ? p.uid : null,
      nickname: typeof p.nick === "string" ? p.nick : null,
      avatar: typeof p.av === "string" ? p.av : null,
      gender: p.g === 1 || p.g === 2 ? p.g : null,
    };
  } catch {
    throw fail(OAUTH_MSG.ticketInvalid);
  }
}

async function bindingOf(db: Db, source: OAuthSource, openId: string) {
  return db.query.oauthBindings.findFirst({ where: and(eq(oauthBindings.source, source), eq(oauthBindings.openId, openId)) });
}

async function insertBinding(db: Db, userId: number, id: OAuthIdentity) {
  try {
    await db.insert(oauthBindings).values({
      userId,
      source: id.source,
      openId: id.openId,
      unionId: id.unionId,
      nickname: id.nickname?.slice(0, 100) ?? null,
      avatar: id.avatar?.slice(0, 500) ?? null,
      createdAt: Date.now(),
    });
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw fail(OAUTH_MSG.identityTaken(id.source));
    throw e;
  }
}

/** bind-login: a bound identity logs in; an unknown one gets a ticket for phoneValid (no account is created yet). */
export async function bindLogin({ env, db, origin, input, cookieState, meta }: { env: Env; db: Db; origin: string; input: { source: OAuthSource; code: string; state: string }; cookieState: string | null; meta: RequestMeta }
) {
  const identity = await exchange(env, origin, input.source, input.code, input.state, cookieState);
  const binding = await bindingOf(db, identity.source, identity.openId);
  if (binding) {
    const user = await getUser({ db, userId: binding.userId });
    if (!isActiveUser(user.status)) throw fail("账号已被禁用，请联系客服");
    return { kind: "login" as const, login: await openSessionFor(env, db, user, meta) };
  }
  const pending: BindLoginPending = {
    bound: false,
    ticket: await signTicket(env, identity),
    bindType: BIND_TYPE_OF_SOURCE[identity.source],
    source: identity.source,
    nickname: identity.nickname,
    photo: identity.avatar,
  };
  return { kind: "pending" as const, pending };
}

function cleanNickname(nickname: string | null, source: OAuthSource) {
  const cleaned = (nickname ?? "").replace(/[^\u4e00-\u9fa5A-Za-z0-9]/g, "").slice(0, 50);
  return cleaned || (source === "QQ" ? "QQ用户" : "微信用户");
}

function randomLetters(n: number) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const buf = new Uint8Array(n);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => letters[b % 26]).join("");
}

/** phoneValid: verify the phone (type 4), then attach the identity to that phone's account or a new one; logs in. */
export async function bindWithTicket({ env, db, input, meta }: { env: Env; db: Db; input: { ticket: string; phone: string; authCode: string }; meta: RequestMeta }) {
  const identity = await readTicket(env, input.ticket);
  const taken = await bindingOf(db, identity.source, identity.openId);
  await verifySmsCode({ env, db, phone: input.phone, type: SMS_TYPE.PHONE, code: input.authCode });
  let user = await findUserByPhone({ db, phone: input.phone });
  if (taken && (!user || taken.userId !== user.id)) throw fail(OAUTH_MSG.identityTaken(identity.source));
  if (user) {
    if (!isActiveUser(user.status)) throw fail("账号已被禁用，请联系客服");
    if (!taken) {
      const existing = await db.query.oauthBindings.findFirst({ where: and(eq(oauthBindings.userId, user.id), eq(oauthBindings.source, identity.source)) });
      if (existing) throw fail(OAUTH_MSG.phoneHasOther(identity.source));
      await insertBinding(db, user.id, identity);
    }
  } else {
    const now = Date.now();
    await assertPhoneReusable({ env, db, phone: input.phone, now });
    const prefix = identity.source === "QQ" ? "QQ用户" : "微信用户";
    // A first third-party sign-in creates the account: it gets the new-user coupon in the same transaction.
    const grants = await activeGrants({ db, event: GRANT_EVENT.REGISTER, now });
    for (let attempt = 0; attempt < 5 && !user; attempt++) {
      try {
        const [rows] = await db.batch([
          db
            .insert(users)
            .values({ userName: `${prefix}${randomLetters(6)}`, name: cleanNickname(identity.nickname, identity.source), sex: identity.gender, phone: input.phone, createdAt: now, updatedAt: now })
            .returning(),
          ...grantStatements({ db, grants, user: userIdByPhone(input.phone), now }),
        ]);
        user = rows[0];
      } catch (e) {
        if (!String(e).includes("UNIQUE")) throw e;
        if (await findUserByPhone({ db, phone: input.phone })) throw fail("该手机号已注册，请重新绑定");
      }
    }
    if (!user) throw fail("绑定失败，请重试");
    await insertBinding(db, user.id, identity);
  }
  return openSessionFor(env, db, user, meta);
}

/** Settings: bind QQ/WeChat to the logged-in account (the stored callback params plus the account's phone). */
export async function bindToActor({ env, db, origin, actorId, input, cookieState }: { env: Env; db: Db; origin: string; actorId: number; input: { source: OAuthSource; code: string; state: string; phone?: string }; cookieState: string | null }
) {
  const user = await getUser({ db, userId: actorId });
  if (input.phone && input.phone !== user.phone) throw fail(OAUTH_MSG.phoneMismatch);
  const identity = await exchange(env, origin, input.source, input.code, input.state, cookieState);
  const taken = await bindingOf(db, identity.source, identity.openId);
  if (taken) {
    if (taken.userId === actorId) return;
    throw fail(OAUTH_MSG.identityTaken(identity.source));
  }
  const existing = await db.query.oauthBindings.findFirst({ where: and(eq(oauthBindings.userId, actorId), eq(oauthBindings.source, identity.source)) });
  if (existing) throw fail(OAUTH_MSG.alreadyBound(identity.source));
  await insertBinding(db, actorId, identity);
}

export async function bindInfo({ db, actorId }: { db: Db; actorId: number }): Promise<BindInfoEntry[]> {
  const rows = await db.select().from(oauthBindings).where(eq(oauthBindings.userId, actorId));
  return rows.map((r) => ({ type: r.source as OAuthSource, nickname: r.nickname, avatar: r.avatar, bindTime: r.createdAt }));
}

export async function unbind({ db, actorId, type, phone }: { db: Db; actorId: number; type: OAuthSource; phone?: string }) {
  const user = await getUser({ db, userId: actorId });
  if (phone && phone !== user.phone) throw forbidden(OAUTH_MSG.phoneMismatch);
  const gone = await db
    .delete(oauthBindings)
    .where(and(eq(oauthBindings.userId, actorId), eq(oauthBindings.source, type)))
    .returning({ id: oauthBindings.id });
  if (!gone.length) throw fail(OAUTH_MSG.notBound);
}
