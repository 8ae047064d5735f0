// Response headers every answer of the Worker carries (docs/security.md, decision 080). Pages get a CSP whose only
// inline scripts are the ones rendered with this request's nonce; JSON and files get a CSP that allows nothing.
import { toBase64 } from "./encoding";

/**
 * Origins beyond our own that pages may use, handed in by the edge (workers/index.ts), which knows the providers:
 * this module stays below them and needs no change when a provider's host does.
 */
export interface CspSources {
  /** Where a page may post a form (the Alipay gateway's pay form). */
  formAction: readonly string[];
}

const NO_SOURCES: CspSources = { formAction: [] };

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
export function pageCsp(url: URL, nonce: string, sources: CspSources = NO_SOURCES): string {
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
    ["form-action 'self'", ...sources.formAction].join(" "),
    `frame-ancestors ${frameAncestors(url.pathname)}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Set the headers on a response in place (or on a copy when its headers are immutable). */
export function withSecurityHeaders(res: Response, url: URL, nonce: string | null, sources: CspSources = NO_SOURCES): Response {
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
  if (nonce !== null && html) h.set("content-security-policy", pageCsp(url, nonce, sources));
  // HTML our API serves itself (dev stand-ins, the book-library page) keeps its own scripts; it may not be framed.
  else if (!h.has("content-security-policy")) h.set("content-security-policy", html ? `frame-ancestors ${frameAncestors(url.pathname)}` : "default-src 'none'; frame-ancestors 'none'");
  if (!FRAMED.some((r) => r.test(url.pathname))) h.set("x-frame-options", "DENY");
  return out;
}
