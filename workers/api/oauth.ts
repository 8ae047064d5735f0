// Third-party popups: /auth/oauth/render/{QQ|WECHAT_OPEN} redirects to the provider with a cookie-bound state;
// /auth/dev-oauth/* is the local stand-in provider (OAUTH_MODE=dev, APP_ENV=local only).
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { cookieOptions } from "../lib/cookies";
import type { AppEnv } from "./types";
import { OAUTH_SOURCES, type OAuthSource } from "../contract/accounts";
import { notFound } from "../lib/errors";
import { OAUTH_STATE_TTL_S, startAuthorization, stateCookieName } from "../services/accounts/oauth";

export const oauthRenderApi = new Hono<AppEnv>().get("/render/:source", async (c) => {
  const source = c.req.param("source").toUpperCase();
  if (!(OAUTH_SOURCES as readonly string[]).includes(source)) throw notFound();
  const { state, url } = startAuthorization({ env: c.env, origin: new URL(c.req.url).origin, source: source as OAuthSource });
  setCookie(c, stateCookieName(source as OAuthSource), state, cookieOptions(c.req.url, OAUTH_STATE_TTL_S));
  c.header("Cache-Control", "no-store");
  return c.redirect(url, 302);
});
