// The token cookie (spec 1 §4): 1 day, HttpOnly, SameSite=Lax, Secure outside localhost.
export const TOKEN_COOKIE = "token";

export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

function isLocalHost(url: string) {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export function tokenCookie(requestUrl: string, token: string, maxAgeSeconds: number): string {
  const secure = isLocalHost(requestUrl) ? "" : "; Secure";
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearTokenCookie(requestUrl: string): string {
  return tokenCookie(requestUrl, "", 0);
}

/** Token from the `token` header first (the spec's client), then the cookie (pages, websockets). */
export function tokenFromRequest(req: Request): string | null {
  const header = req.headers.get("token");
  if (header && header !== "null" && header !== "undefined") return header;
  return readCookie(req.headers.get("cookie"), TOKEN_COOKIE);
}
