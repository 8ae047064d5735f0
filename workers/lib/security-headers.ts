// Response headers every answer of the Worker carries (docs/security.md, decision 080). Pages get a CSP whose only
// inline scripts are the ones rendered with this request's nonce; JSON and files get a CSP that allows nothing.
import { LIVE_GATEWAY, SANDBOX_GATEWAY } from "../providers/alipay/protocol";
import { toBase64 } from "./encoding";

const WECHAT_OPEN = "https://open.weixin.qq.com";

/** Pages shown inside a frame: the OAuth callbacks inside WeChat's QR iframe (decision 014) and the dev QR panel. */
const FRAMED = [/^\/weixinlogin$/, /^\/qqlogin$/, /^\/auth\/dev-oauth\//];

/** A fresh nonce for one page response (128 random bits, base64). */
export function newNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

function frameAncestors(pathname: string): string {
  return FRAMED.some((r) => r.test(pathname)) ? `'self' ${WECHAT_OPEN}` : "'none'";
}

/** The CSP of a page: scripts from our origin or carrying the nonce; styles inline (antd's style attributes, the critical CSS). */
export function pageCsp(url: URL, nonce: string): string {
  const ws = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // Avatars from QQ/WeChat and pictures pasted into answers may come from other https hosts.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws}`,
    `frame-src 'self' ${WECHAT_OPEN}`,
    `form-action 'self' ${new URL(LIVE_GATEWAY).origin} ${new URL(SANDBOX_GATEWAY).origin}`,
    `frame-ancestors ${frameAncestors(url.pathname)}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Set the headers on a response in place (or on a copy when its headers are immutable). */
export function withSecurityHeaders(res: Response, url: URL, nonce: string | null): Response {
  // A websocket upgrade's headers belong to the handshake.
  if (res.status === 101) return res;
  let out = res;
  try {
    out.headers.set("x-content-type-options", "nosniff");
  } catch {
    out = new Response(res.body, res);
    out.headers.set("x-content-type-options", "nosniff");
  }
  const h = out.headers;
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (url.protocol === "https:") h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  const html = (h.get("content-type") ?? "").startsWith("text/html");
  if (nonce !== null && html) h.set("content-security-policy", pageCsp(url, nonce));
  // HTML our API serves itself (dev stand-ins, the book-library page) keeps its own scripts; it may not be framed.
  else if (!h.has("content-security-policy")) h.set("content-security-policy", html ? `frame-ancestors ${frameAncestors(url.pathname)}` : "default-src 'none'; frame-ancestors 'none'");
  if (!FRAMED.some((r) => r.test(url.pathname))) h.set("x-frame-options", "DENY");
  return out;
}
