// Cross-site request refusal for the API (docs/security.md). The session cookie is SameSite=Lax, which still lets a
// top-level cross-site form POST through in some browsers and says nothing about same-site origins; so every
// state-changing call must come from our own pages (Origin / Sec-Fetch-Site) or carry the `token` header, which a
// cross-site page cannot set without a CORS preflight we never grant.
import { createMiddleware } from "hono/factory";
import { forbidden, invalid } from "../lib/errors";
import { isFormType, isJsonType, mayHaveBody, mediaTypeOf } from "../lib/validation";
import { opt } from "../lib/env";
import type { AppEnv } from "./types";

export const CROSS_SITE_MSG = "请求来源不受信任，请在本站页面中操作";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Called by other servers, never by a browser with our cookie; each authenticates itself (signature, secret). */
const SERVER_TO_SERVER = new Set(["/api/pay/alipay/notify", "/api/pay/wechat/notify", "/api/pay/wechat/refund-notify", "/auth/wenku/token"]);

export function isCrossSite(req: Request, env: Env): boolean {
  if (req.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false;
  const allowed = new Set([new URL(req.url).origin]);
  const pub = opt(env, "PUBLIC_ORIGIN");
  if (pub) allowed.add(new URL(pub).origin);
  return !allowed.has(origin);
}

export const refuseCrossSite = createMiddleware<AppEnv>(async (c, next) => {
  const { method } = c.req;
  // A websocket handshake is a GET that carries the cookie: another site's page must not open a user's channel
  // (cross-site websocket hijacking). Browsers always send Origin on it.
  if (c.req.header("upgrade")?.toLowerCase() === "websocket" && !c.req.header("token") && isCrossSite(c.req.raw, c.env)) throw forbidden(CROSS_SITE_MSG);
  if (!SAFE_METHODS.has(method)) {
    if (!SERVER_TO_SERVER.has(c.req.path) && !c.req.header("token") && isCrossSite(c.req.raw, c.env)) throw forbidden(CROSS_SITE_MSG);
    // No call takes a body other than JSON, a urlencoded form or multipart: text/plain (which a cross-site form
    // sends without a preflight) or an untyped body is refused before any route reads it.
    const media = mediaTypeOf(c.req.raw);
    if (mayHaveBody(c.req.raw) && !isJsonType(media) && !isFormType(media)) throw invalid("请求参数有误");
  }
  await next();
});
