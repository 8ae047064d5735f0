// Browser-side account helpers shared by the login dialog and the account pages (spec 1 §4).
import { toast } from "../lib/toast";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import {
  OAUTH_POPUP,
  SUCCESS_MSG,
  type BindLoginPending,
  type OAuthSource,
} from "../../workers/contract/accounts";
import { safeRedirect } from "./form-rules";

export const HOME_AFTER_LOGIN = "/homePage";

// ---- remember username (docs/decisions/011: the username only, never the password)

const REMEMBER_KEY = "remember_login";

export function readRememberedUser(): string | null {
  try {
    const raw = localStorage.getItem(REMEMBER_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { username?: string; remember?: string };
    return v.remember === "1" && typeof v.username === "string" ? v.username : null;
  } catch {
    return null;
  }
}

export function rememberUser(username: string | null) {
  try {
    if (username) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ username, remember: "1" }));
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // storage disabled: nothing to remember
  }
}

// ---- after a successful login

/** Toast, then a full navigation so the root loader sees the new session cookie. */
export function finishLogin(redirectTo: string | null | undefined, msg: string = SUCCESS_MSG.login) {
  void toast("success", msg);
  const target = safeRedirect(redirectTo) ?? HOME_AFTER_LOGIN;
  setTimeout(() => location.assign(target), 400);
}

// ---- SMS

/** The server's answer for a phone without an account (SMS login, forgot password): `data.registered === false`. */
export function isNotRegistered(res: { code: number; data?: unknown } | null | undefined): boolean {
  return !!res && res.code !== OK && (res.data as { registered?: unknown } | null)?.registered === false;
}

export type SendResult = "sent" | "notRegistered" | "failed";

/**
 * Ask for a code. A phone without an account is answered beside the field (with a link to 注册) by the caller,
 * not as a toast; other refusals (limits, send failure) toast the server's message.
 */
export async function sendSms(phone: string, type: 1 | 2 | 3 | 4): Promise<SendResult> {
  const res = await call((o) => client.api.user.sms.$post({ json: { phone, type } }, o), { silent: true });
  if (res.code === OK) {
    void toast("success", SUCCESS_MSG.smsSent);
    return "sent";
  }
  if (isNotRegistered(res)) return "notRegistered";
  void toast("error", res.msg);
  return "failed";
}

/** Where 注册 leads from a login or reset form: the register page with the phone filled in. */
export function registerHrefFor(phone: string, options: { mobile?: boolean; redirectTo?: string | null } = {}) {
  const q = new URLSearchParams({ phone });
  const back = safeRedirect(options.redirectTo);
  if (back) q.set("redirectTo", back);
  return `${options.mobile ? "/registerMobile" : "/register"}?${q.toString()}`;
}

// ---- third-party sign-in (spec 1 §4): popup 800×500 polled every second, params stored by /qqlogin or /weixinlogin

export const OAUTH_PARAMS_KEY = "oauth_callback_params";
const TICKET_KEY = "oauth_bind_ticket";

export interface StoredOAuthParams {
  source: OAuthSource;
  code: string;
  state: string;
  at: number;
}

/** Called by the callback pages: store the provider's query params for the opener window. */
export function storeOAuthParams(source: OAuthSource, search: URLSearchParams) {
  const params: Record<string, string> = {};
  search.forEach((v, k) => (params[k] = v));
  localStorage.setItem(OAUTH_PARAMS_KEY, JSON.stringify({ ...params, source, at: Date.now() }));
}

export function takeOAuthParams(source: OAuthSource): StoredOAuthParams | null {
  try {
    const raw = localStorage.getItem(OAUTH_PARAMS_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredOAuthParams>;
    if (v.source !== source || !v.code || !v.state) return null;
    localStorage.removeItem(OAUTH_PARAMS_KEY);
    return v as StoredOAuthParams;
  } catch {
    return null;
  }
}

export function clearOAuthParams() {
  try {
    localStorage.removeItem(OAUTH_PARAMS_KEY);
  } catch {
    /* ignore */
  }
}

/** Opens the provider popup and resolves with the stored callback params once it closes (null if the user gave up). */
export function authorizeInPopup(source: OAuthSource): Promise<StoredOAuthParams | null> {
  clearOAuthParams();
  const { width, height, pollMs } = OAUTH_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(`/auth/oauth/render/${source}`, `oauth_${source}`, `width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) {
    void toast("error", "请允许浏览器弹出窗口后重试");
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(timer);
      resolve(takeOAuthParams(source));
    }, pollMs);
  });
}

// Where to go after a WeChat QR sign-in: the QR panel sends the top window to /weixinlogin, away from the dialog
// that knew the target, so the dialog leaves it here for that page.
const RETURN_KEY = "oauth_login_return";

export function rememberLoginReturn(redirectTo: string | null | undefined) {
  try {
    const target = safeRedirect(redirectTo);
    if (target) sessionStorage.setItem(RETURN_KEY, target);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // storage disabled: the default target applies
  }
}

export function takeLoginReturn(): string | null {
  try {
    const target = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return safeRedirect(target);
  } catch {
    return null;
  }
}

export interface PendingBind extends BindLoginPending {
  at: number;
}

export function savePendingBind(p: BindLoginPending) {
  sessionStorage.setItem(TICKET_KEY, JSON.stringify({ ...p, at: Date.now() }));
}

export function readPendingBind(): PendingBind | null {
  try {
    const raw = sessionStorage.getItem(TICKET_KEY);
    return raw ? (JSON.parse(raw) as PendingBind) : null;
  } catch {
    return null;
  }
}

export function clearPendingBind() {
  sessionStorage.removeItem(TICKET_KEY);
}

/** bind-login with stored params: logs in a bound identity, or sends an unknown one to phoneValid. */
export async function completeThirdPartyLogin(params: StoredOAuthParams, redirectTo: string | null | undefined) {
  const res = await call((o) => client.api.user["bind-login"].$post({ json: { source: params.source, code: params.code, state: params.state } }, o));
  if (res.code !== OK || !res.data) return false;
  // The server answers a pending bind (with its ticket) or the login itself.
  if ("ticket" in res.data) {
    savePendingBind(res.data);
    void toast("success", SUCCESS_MSG.authorized);
    // phoneValid goes to /login after binding (spec 1 §2), whatever page the sign-in started from.
    location.assign(`/phoneValid?bindType=${res.data.bindType}`);
    return true;
  }
  finishLogin(redirectTo);
  return true;
}
