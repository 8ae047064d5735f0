// Anonymous HTML at the edge (issue 23): public pages a visitor opens from a search engine or a shared link are
// served from the Cache API for a short time instead of being rendered again.
//
// - Only visitors: a request with a session (token cookie or header) is never looked up nor stored, and a response
//   that sets a cookie is never stored, so a logged-in view can never reach the shared cache.
// - Keyed by path + query + device class (the root loader picks the phone layout by user agent) + the content
//   version. Any Q&A write (answer, comment, reply, edit, delete, like, follow, an operator's review or ban) bumps
//   the version, so every cached page of the old version stops matching at once in this location; other locations
//   of the Cache API expire theirs within TTL_SECONDS.
// - The version is kept in an isolate variable: a bump in this isolate takes effect at once; other isolates of this
//   location re-read it from the Cache API at most VERSION_RECHECK_MS later, so their visitors may see a copy up to
//   that long after a write (decision 174). This saves one Cache API lookup on almost every page.
// - Each served copy gets a fresh CSP nonce: the stored HTML's nonce is replaced with the new one.
import { isMobileUserAgent } from "./device";
import { readCookie, TOKEN_COOKIE } from "./cookies";

export const PAGE_CACHE_TTL_SECONDS = 30;
const KEY_ORIGIN = "https://page-cache.internal";
export const VERSION_KEY = `${KEY_ORIGIN}/__content-version`;
const NONCE_HEADER = "x-page-nonce";
const BROWSER_CACHE_HEADER = "x-page-cache-control";
/** Sent with every cacheable page: hit (from the cache) or miss (rendered now). */
export const PAGE_CACHE_STATUS = "x-page-cache";

/** Public pages whose HTML depends only on the URL, the device class and the content (no per-visitor parts). */
const CACHEABLE_PATHS = new Set(["/homePage", "/login", "/energySavingQA", "/energySavingQA/details", "/questions", "/about", "/electricDetail", "/machineDetail", "/costDetail"]);

/** POSTs under these prefixes change what public pages show (their reads are named ...query or ...statistics).
 * Card edits change /login and the card detail pages (title, description, price). */
const CONTENT_WRITE_PREFIXES = ["/api/qa/", "/api/admin/review/", "/api/admin/users/", "/api/admin/synonyms/", "/api/admin/commerce/cards/"];

function cacheStore(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export function isVisitor(request: Request): boolean {
  return !readCookie(request.headers.get("cookie"), TOKEN_COOKIE) && !request.headers.get("token") && !request.headers.get("authorization");
}

/** How long an isolate trusts its copy of the content version before reading the shared one again. */
export const VERSION_RECHECK_MS = 2000;
let knownVersion: { version: string; readAt: number } | null = null;

async function contentVersion(cache: Cache): Promise<string> {
  const now = Date.now();
  if (knownVersion && now - knownVersion.readAt < VERSION_RECHECK_MS) return knownVersion.version;
  const hit = await cache.match(VERSION_KEY);
  const version = hit ? await hit.text() : "0";
  knownVersion = { version, readAt: now };
  return version;
}

/** Forget this isolate's copy of the content version (tests: stand in for another isolate's bump). */
export function forgetContentVersion(): void {
  knownVersion = null;
}

/** The content version of this location: changes with every write that changes public pages (see bumpContentVersion). */
export function currentContentVersion(): Promise<string> {
  return contentVersion(cacheStore());
}

/** A new content version: cached pages of the old one no longer match. */
export async function bumpContentVersion(): Promise<void> {
  const version = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  // Kept far longer than the pages: were it evicted first, pages stored under version "0" could match again,
  // though never for longer than their own TTL.
  knownVersion = { version, readAt: Date.now() };
  await cacheStore().put(VERSION_KEY, new Response(version, { headers: { "cache-control": "max-age=86400" } }));
}

/** Does this API request change public page content? */
export function isContentWrite(request: Request, pathname: string): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (!CONTENT_WRITE_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  return !/query|statistics/i.test(pathname.slice(pathname.lastIndexOf("/") + 1));
}

function cacheKey(url: URL, request: Request, version: string): Request {
  const params = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
  const device = isMobileUserAgent(request.headers.get("user-agent")) ? "m" : "d";
  const query = new URLSearchParams([...params, ["__d", device], ["__v", version]]);
  return new Request(`${KEY_ORIGIN}${url.pathname}?${query}`);
}

export type RenderPage = (nonce: string) => Promise<Response>;

/**
 * The page for request: from the cache when a visitor's copy is fresh, else rendered (and stored when it may be).
 * `onHit` runs for a cached answer (the detail page still counts its view).
 */
export async function cachedPage(
  request: Request,
  url: URL,
  nonce: string,
  ctx: ExecutionContext,
  render: RenderPage,
  onHit?: () => Promise<unknown>,
): Promise<Response> {
  if (request.method !== "GET" || !CACHEABLE_PATHS.has(url.pathname) || !isVisitor(request)) return render(nonce);
  const cache = cacheStore();
  const key = cacheKey(url, request, await contentVersion(cache));
  const hit = await cache.match(key);
  if (hit) {
    const storedNonce = hit.headers.get(NONCE_HEADER) ?? "";
    const html = await hit.text();
    const headers = new Headers(hit.headers);
    restoreHeaders(headers);
    headers.set(PAGE_CACHE_STATUS, "hit");
    if (onHit) ctx.waitUntil(onHit().catch((e) => console.error(JSON.stringify({ event: "page_cache_on_hit_failed", error: String(e) }))));
    return new Response(storedNonce ? html.replaceAll(storedNonce, nonce) : html, { status: 200, headers });
  }
  const res = await render(nonce);
  if (res.status !== 200 || res.headers.has("set-cookie") || !(res.headers.get("content-type") ?? "").includes("text/html")) return res;
  const html = await res.text();
  const stored = new Headers(res.headers);
  stored.set(BROWSER_CACHE_HEADER, res.headers.get("cache-control") ?? "");
  stored.set("cache-control", `max-age=${PAGE_CACHE_TTL_SECONDS}`);
  stored.set(NONCE_HEADER, nonce);
  ctx.waitUntil(cache.put(key, new Response(html, { status: 200, headers: stored })));
  const headers = new Headers(res.headers);
  headers.set(PAGE_CACHE_STATUS, "miss");
  return new Response(html, { status: 200, headers });
}

/** The stored copy's browser-facing headers as the renderer sent them. */
function restoreHeaders(headers: Headers) {
  const browser = headers.get(BROWSER_CACHE_HEADER);
  headers.delete(BROWSER_CACHE_HEADER);
  headers.delete(NONCE_HEADER);
  if (browser) headers.set("cache-control", browser);
  else headers.delete("cache-control");
  headers.delete("age");
  headers.delete("cf-cache-status");
}
