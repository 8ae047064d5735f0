// User service (spec 1 §7): /api/user/* — SMS, login, register, logout, profile, passwords, phone, avatar, bindings.
import { ADMIN_MSG } from "../contract/admin-constants";
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { fail, sessionExpired } from "../lib/errors";
import { CODE } from "../lib/codes";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { TOKEN_COOKIE, cookieOptions } from "../lib/cookies";
import {
  ACCOUNT_MSG,
  AVATAR_MAX_BYTES,
  SUCCESS_MSG,
  bindInfoSchema,
  bindLoginSchema,
  bindSchema,
  companyInfoSchema,
  energyInfoSchema,
  loginRequestSchema,
  personalInfoSchema,
  phoneChangePasswordSchema,
  phoneCodeSchema,
  phoneForgotPasswordSchema,
  registerSchema,
  smsCheckSchema,
  smsRequestSchema,
  unBindSchema,
  updatePasswordSchema,
  userInfoUpdateSchema,
  type LoginResponse,
} from "../contract/accounts";
import { parseBody, originOf, readBody, requestMeta } from "./accounts-body";
import { uploadLimit } from "./uploads";
import { revokeSession } from "../services/accounts/sessions";
import {
  assertSelf,
  changePassword,
  forgotPasswordCheck,
  forgotPasswordReset,
  getUser,
  loginWithPassword,
  loginWithSms,
  phoneChangeApply,
  phoneChangeCheck,
  register,
  saveCompanyInfo,
  saveEnergyInfo,
  savePersonalInfo,
  sendCode,
  updateBasicInfo,
  userInfoView,
} from "../services/accounts/users";
import { verifySmsCode } from "../services/accounts/sms-codes";
import { saveAvatar } from "../services/accounts/avatars";
import { bindInfo, bindLogin, bindToActor, bindWithTicket, OAUTH_STATE_TTL_S, startAuthorization, stateCookieName, unbind } from "../services/accounts/oauth";

const SESSION_COOKIE_SECONDS = 24 * 60 * 60;

/** Login answers: the spec's login response in the body, the same token in the HttpOnly cookie. */
function loggedIn(c: Context<AppEnv>, login: LoginResponse & { expiresAt: number }, extra: Record<string, unknown> = {}) {
  const { expiresAt: _expiresAt, ...body } = login;
  setCookie(c, TOKEN_COOKIE, body.token, cookieOptions(c.req.url, SESSION_COOKIE_SECONDS));
  return ok(c, { ...body, ...extra }, SUCCESS_MSG.login);
}

function clearStateCookie(c: Context<AppEnv>, name: string) {
  deleteCookie(c, name, cookieOptions(c.req.url, 0));
}

export const userApi = new Hono<AppEnv>()
  // ---- SMS codes
  .post("/sms", async (c) => {
    // Spec 1 §7: the spec's client posts this one as a form.
    const { phone, type } = await parseBody(c, smsRequestSchema, { form: true });
    await sendCode({ env: c.env, db: c.get("db"), phone, type, ip: requestMeta(c).ip });
    return ok(c, null, SUCCESS_MSG.smsSent);
  })
  /** Checks a code without using it up (change-password dialog step 1); a later call with the same code consumes it. */
  .post("/sms/check", async (c) => {
    const { phone, type, authCode } = await parseBody(c, smsCheckSchema);
    await verifySmsCode({ env: c.env, db: c.get("db"), phone, type, code: authCode, mode: "mark" });
    return ok(c, null, SUCCESS_MSG.verified);
  })

  // ---- login, register, logout
  .post("/login", async (c) => {
    const input = await parseBody(c, loginRequestSchema);
    const meta = requestMeta(c);
    const login =
      input.type === 1
        ? await loginWithPassword({ env: c.env, db: c.get("db"), userName: input.userName, password: input.password, meta })
        : await loginWithSms({ env: c.env, db: c.get("db"), phone: input.phone, authCode: input.authCode, meta });
    return loggedIn(c, login);
  })
  .post("/register", async (c) => {
    const input = await parseBody(c, registerSchema);
    // data.coupons: what the new-user rule issued, so the page can say so.
    return ok(c, await register({ env: c.env, db: c.get("db"), input }), SUCCESS_MSG.registered);
  })
  .post("/logout", requireActor, async (c) => {
    await revokeSession({ db: c.get("db"), sessionId: actorOf(c).sessionId });
    deleteCookie(c, TOKEN_COOKIE, cookieOptions(c.req.url, 0));
    return ok(c, null, SUCCESS_MSG.logout);
  })

  // ---- profile
  .post("/user-info", requireActor, async (c) => {
    const actor = actorOf(c);
    const body = await readBody(c);
    const claimed = body.userId ?? body.id;
    if (claimed !== undefined && claimed !== null && claimed !== "") assertSelf(actor.userId, Number(claimed));
    return ok(c, await userInfoView({ db: c.get("db"), user: await getUser({ db: c.get("db"), userId: actor.userId }) }));
  })
  .post("/user-info/update", requireActor, async (c) => {
    const actor = actorOf(c);
    const input = await parseBody(c, userInfoUpdateSchema);
    assertSelf(actor.userId, input.id);
    const { id: _id, ...patch } = input;
    const saved = await updateBasicInfo({ env: c.env, db: c.get("db"), actorId: actor.userId, input: patch });
    return ok(c, saved, "nameHeld" in saved ? ADMIN_MSG.heldNickname : SUCCESS_MSG.saved);
  })
  .post("/auth-info/company", requireActor, async (c) => {
    const input = await parseBody(c, companyInfoSchema);
    return ok(c, await saveCompanyInfo({ db: c.get("db"), actorId: actorOf(c).userId, input }), SUCCESS_MSG.saved);
  })
  .post("/auth-info/personal", requireActor, async (c) => {
    const input = await parseBody(c, personalInfoSchema);
    return ok(c, await savePersonalInfo({ db: c.get("db"), actorId: actorOf(c).userId, input }), SUCCESS_MSG.saved);
  })
  .post("/auth-info/energy", requireActor, async (c) => {
    const input = await parseBody(c, energyInfoSchema);
    return ok(c, await saveEnergyInfo({ db: c.get("db"), actorId: actorOf(c).userId, input }), SUCCESS_MSG.saved);
  })

  // ---- passwords
  .post("/update-password", requireActor, async (c) => {
    const actor = actorOf(c);
    const input = await parseBody(c, updatePasswordSchema);
    assertSelf(actor.userId, input.userId);
    await changePassword({ env: c.env, db: c.get("db"), actorId: actor.userId, password: input.password, authCode: input.authCode });
    deleteCookie(c, TOKEN_COOKIE, cookieOptions(c.req.url, 0));
    return ok(c, null, SUCCESS_MSG.changedRelogin);
  })
  .post("/phone-forgot-password", async (c) => {
    const input = await parseBody(c, phoneForgotPasswordSchema);
    return ok(c, await forgotPasswordCheck({ env: c.env, db: c.get("db"), phone: input.phone, authCode: input.authCode }), SUCCESS_MSG.verified);
  })
  .post("/phone-change-password", async (c) => {
    const input = await parseBody(c, phoneChangePasswordSchema);
    await forgotPasswordReset({ env: c.env, db: c.get("db"), input });
    return ok(c, null, SUCCESS_MSG.changed);
  })

  // ---- phone change
  .post("/phone-bind-update-check", requireActor, async (c) => {
    const input = await parseBody(c, phoneCodeSchema);
    await phoneChangeCheck({ env: c.env, db: c.get("db"), actorId: actorOf(c).userId, phone: input.phone, authCode: input.authCode });
    return ok(c, null, SUCCESS_MSG.verified);
  })
  .post("/phone-bind-update", requireActor, async (c) => {
    const input = await parseBody(c, phoneCodeSchema);
    return ok(c, await phoneChangeApply({ env: c.env, db: c.get("db"), actorId: actorOf(c).userId, phone: input.phone, authCode: input.authCode }), SUCCESS_MSG.phoneRebound);
  })

  // ---- avatar
  .post("/save-image", requireActor, uploadLimit(AVATAR_MAX_BYTES, ACCOUNT_MSG.avatarSize, "fail"), async (c) => {
    const actor = actorOf(c);
    if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw fail(ACCOUNT_MSG.avatarMissing);
    const form = await c.req.parseBody();
    const publisherId = form.publisherId;
    if (publisherId !== undefined && publisherId !== "") assertSelf(actor.userId, Number(publisherId));
    const file = form.file;
    if (!(file instanceof File)) throw fail(ACCOUNT_MSG.avatarMissing);
    return ok(c, await saveAvatar({ env: c.env, userId: actor.userId, file }), SUCCESS_MSG.uploaded);
  })

  // ---- third-party sign-in and bindings
  /**
   * WeChat QR view of the login dialog: the provider's QR panel URL for its iframe (WeChat: qrconnect with
   * login_type=jssdk, self_redirect=false, as wxLogin.js builds it), with the same cookie-bound state the popup's
   * /auth/oauth/render sets (so the later bind-login from this browser passes).
   */
  .get("/oauth/authorize-url", async (c) => {
    const input = await parseBody(c, bindLoginSchema.pick({ source: true }));
    const { state, url } = startAuthorization({ env: c.env, origin: new URL(c.req.url).origin, source: input.source, embedded: true });
    setCookie(c, stateCookieName(input.source), state, cookieOptions(c.req.url, OAUTH_STATE_TTL_S));
    c.header("Cache-Control", "no-store");
    return ok(c, { url });
  })
  .post("/bind-login", async (c) => {
    const input = await parseBody(c, bindLoginSchema);
    const cookieName = stateCookieName(input.source);
    const cookieState = (getCookie(c, cookieName) ?? null);
    const result = await bindLogin({ env: c.env, db: c.get("db"), origin: originOf(c), input, cookieState, meta: requestMeta(c) });
    clearStateCookie(c, cookieName);
    if (result.kind === "login") return loggedIn(c, result.login, { bound: true });
    return ok(c, result.pending, SUCCESS_MSG.authorized);
  })
  .post("/bind", async (c) => {
    const input = await parseBody(c, bindSchema);
    const db = c.get("db");
    if ("ticket" in input) {
      const login = await bindWithTicket({ env: c.env, db, input: { ticket: input.ticket, phone: input.phone, authCode: input.authCode }, meta: requestMeta(c) });
      setCookie(c, TOKEN_COOKIE, login.token, cookieOptions(c.req.url, SESSION_COOKIE_SECONDS));
      const { expiresAt: _e, ...body } = login;
      return ok(c, { ...body, bound: true }, SUCCESS_MSG.bound);
    }
    const actor = c.get("actor");
    if (!actor) throw sessionExpired(c.get("tokenProblem") ?? CODE.SESSION_EXPIRED);
    const cookieName = stateCookieName(input.source);
    await bindToActor({ env: c.env, db, origin: originOf(c), actorId: actor.userId, input, cookieState: (getCookie(c, cookieName) ?? null) });
    clearStateCookie(c, cookieName);
    return ok(c, await bindInfo({ db, actorId: actor.userId }), SUCCESS_MSG.bound);
  })
  .post("/bindInfo", requireActor, async (c) => {
    const actor = actorOf(c);
    const input = await parseBody(c, bindInfoSchema);
    assertSelf(actor.userId, input.userId);
    return ok(c, await bindInfo({ db: c.get("db"), actorId: actor.userId }));
  })
  .post("/unBind", requireActor, async (c) => {
    const actor = actorOf(c);
    const input = await parseBody(c, unBindSchema);
    assertSelf(actor.userId, input.userId);
    await unbind({ db: c.get("db"), actorId: actor.userId, type: input.type, phone: input.phone });
    return ok(c, await bindInfo({ db: c.get("db"), actorId: actor.userId }), SUCCESS_MSG.unbound);
  });
