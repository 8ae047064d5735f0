// Our cookies' names and attributes (spec 1 §4: the token cookie lives 1 day, HttpOnly, SameSite=Lax, Secure
// outside localhost). Parsing and serialising are Hono's (hono/cookie in routes; its parser for Remix loaders,
// which have a Request and no Hono context).
import type { CookieOptions } from "hono/utils/cookie";
import { parse } from "hono/utils/cookie";

export const TOKEN_COOKIE = "token";

function isLocalHost(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

/** Attributes of every cookie we set: Path=/, HttpOnly, SameSite=Lax, Secure unless served from localhost. */
export function cookieOptions(requestUrl: string, maxAgeSeconds: number): CookieOptions {
  return { path: "/", maxAge: maxAgeSeconds, httpOnly: true, sameSite: "Lax", secure: !isLocalHost(requestUrl) };
}

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  return parse(header, name)[name] ?? null;
}

/** Token from the `token` header first (the spec's client), then the cookie (pages, websockets). */
export function tokenFromRequest(req: Request): string | null {
  const header = req.headers.get("token");
  if (header && header !== "null" && header !== "undefined") return header;
  return readCookie(req.headers.get("cookie"), TOKEN_COOKIE);
}
