// Browser fixtures: Debian chromium through playwright-core, console-error capture, axe-core checks.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from "playwright-core";
import { serverLogTail } from "./server-log";
import { afterAll, afterEach, expect, inject, onTestFailed } from "vitest";
import { E2E_RETRY_ON } from "../../vitest.e2e.config";

const require = createRequire(import.meta.url);
let axeCode: string | null = null;
const axeSource = () => (axeCode ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"));
export const baseUrl = () => inject("baseUrl");

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
};

/**
 * Every browser context is a user in China unless a test says otherwise: our users are all in UTC+8, and a page
 * that formats a time with the runtime's zone renders one text on the server (UTC) and another in the browser,
 * which breaks React's hydration. One smoke test (portal.e2e.ts) keeps a UTC browser.
 */
export const CHINA_USER = { locale: "zh-CN", timezoneId: "Asia/Shanghai" } as const;
/** A browser whose clock reads UTC (the smoke test that China time does not depend on the visitor's zone). */
export const UTC_USER = { locale: "zh-CN", timezoneId: "UTC" } as const;

/**
 * Chromium with the China defaults on every context, including the raw `browser.newContext()` / `browser.newPage()`
 * calls of the journeys, and hydration tracking on every page (see `assertNoHydrationWarnings`).
 */
export async function launch(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
  const rawNewContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await rawNewContext({ ...CHINA_USER, ...options });
    recordHydrationWarnings(context);
    return context;
  };
  return browser;
}

/**
 * React's hydration failures. The production build reports them as minified errors thrown into the page (#418 the
 * tree did not match, #423 the root fell back to client rendering, #425 text did not match, #419/#421/#422 for
 * Suspense boundaries), and a root that falls back drops the server's inline critical CSS with it: the page loses
 * its styling. Development builds word them as warnings about hydration or server HTML.
 */
export const HYDRATION_PROBLEM = /Minified React error #(418|419|421|422|423|425)\b|hydrat|did not match|server-rendered HTML|Expected server HTML/i;

/** Hydration problems seen by any page since the last check: each test ends by asserting there were none. */
const hydrationWarnings: string[] = [];

function recordHydrationWarnings(context: BrowserContext) {
  context.on("page", (page) => {
    const seen = (text: string) => {
      if (HYDRATION_PROBLEM.test(text)) hydrationWarnings.push(`${page.url()}: ${text.split("\n")[0]}`);
    };
    page.on("console", (m) => seen(m.text()));
    page.on("pageerror", (e) => seen(String(e)));
  });
}

afterEach(() => {
  const seen = hydrationWarnings.splice(0);
  expect(seen, "React hydration warnings (server and browser rendered different pages)").toEqual([]);
});

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and React hydration warnings seen so far. */
  problems: string[];
}

const TOASTS_KEY = "__e2e_toasts";

/**
 * Records the text of every antd message the context's pages show, in sessionStorage, so it survives the
 * same-origin navigation that often follows at once (登录成功 → redirect). Waiting for the toast itself raced that
 * navigation under load: the notice can be gone before a poll sees it.
 */
async function recordToasts(context: BrowserContext) {
  await context.addInitScript((key) => {
    const done = new WeakSet<Element>();
    const scan = () => {
      for (const el of Array.from(document.querySelectorAll(".ant-message-notice"))) {
        const text = el.textContent?.trim();
        if (done.has(el) || !text) continue;
        done.add(el);
        const seen = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
        seen.push(text);
        sessionStorage.setItem(key, JSON.stringify(seen));
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  }, TOASTS_KEY);
}

/** Waits until a toast with this text has been shown (since the last call that matched it), then forgets it. */
export async function toast(page: Page, text: string, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const found = await page
      .evaluate(
        ({ key, text }) => {
          const seen = JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
          const i = seen.findIndex((t) => t.includes(text));
          if (i < 0) return false;
          seen.splice(i, 1);
          sessionStorage.setItem(key, JSON.stringify(seen));
          return true;
        },
        { key: TOASTS_KEY, text },
      )
      // A navigation in progress destroys the context: look again after it.
      .catch(() => false);
    if (found) return;
    if (Date.now() > end) throw new Error(`no toast "${text}" within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once the Remix page in `page` is hydrated (html[data-hydrated], set in app/root.tsx); at once for others. */
export async function hydrated(page: Page, timeout = 30_000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await page.waitForFunction(() => !("__reactRouterContext" in window) || document.documentElement.hasAttribute("data-hydrated"), null, {
        timeout: Math.max(1, end - Date.now()),
      });
      return;
    } catch (e) {
      // A navigation that replaced the document mid-wait: look again in the new one.
      if (Date.now() > end || !/context was destroyed|navigat/i.test(String(e))) throw e;
    }
  }
}

/** How long a wait for the network to go quiet (`networkidle`) lasts before the journey goes on without it. */
const QUIET_MS = 10_000;

/**
 * What a page's network did, described for a navigation or a quiet wait that gives up: the requests started and not
 * finished, and the last ones that failed (with the browser's reason), each with how long it took.
 */
function trackRequests(page: Page): { pending: () => string[]; failed: () => string[] } {
  const inFlight = new Map<Request, number>();
  const failed: string[] = [];
  const describe = (r: Request, at: number | undefined) => `${r.method()} ${r.url()} (${r.resourceType()}, ${at === undefined ? "?" : Date.now() - at} ms)`;
  page.on("request", (r) => inFlight.set(r, Date.now()));
  page.on("requestfinished", (r) => inFlight.delete(r));
  page.on("requestfailed", (r) => {
    failed.push(`${describe(r, inFlight.get(r))}: ${r.failure()?.errorText ?? "failed"}`);
    if (failed.length > 10) failed.shift();
    inFlight.delete(r);
  });
  return { pending: () => [...inFlight].map(([r, at]) => describe(r, at)), failed: () => [...failed] };
}

/**
 * Why a page did not load or hydrate, as far as the journey can tell: its network (above), its console errors, the
 * state of its start-up (lib/deferred-scripts.tsx, entry.client.tsx) and what the servers logged about the requests
 * involved, or their last lines.
 */
async function explainStuckPage(page: Page, requests: ReturnType<typeof trackRequests>, consoleErrors: string[]): Promise<string> {
  const startup = await page
    .evaluate(() => ({
      url: location.href,
      readyState: document.readyState,
      routerContext: "__reactRouterContext" in window,
      routeModules: "__reactRouterRouteModules" in window,
      liveModuleScripts: document.querySelectorAll("script[data-live-module]").length,
      inertModuleScripts: document.querySelectorAll('script[type="text/x-deferred-module"]').length,
    }))
    .then((s) => JSON.stringify(s))
    .catch((e: unknown) => `(page state unreadable: ${String(e).split("\n")[0]})`);
  const pathOf = (described: string) => {
    try {
      return new URL(described.split(" ")[1]).pathname;
    } catch {
      return null;
    }
  };
  const involved = [...requests.pending(), ...requests.failed()].map(pathOf).filter((p): p is string => !!p);
  const port = Number(new URL(baseUrl()).port);
  const log = serverLogTail(port, 4000).split("\n");
  // Each with how many lines before the log's end it was written: a request the server answered for this page is
  // near the end, one it answered for an earlier page is far from it, one it never saw is not there.
  const about = log.flatMap((line, i) => (involved.some((p) => line.includes(` ${p} `)) ? [`[${i - log.length}] ${line}`] : []));
  return [
    `in flight: ${requests.pending().join("; ") || "none"}`,
    `failed: ${requests.failed().join("; ") || "none"}`,
    `console errors: ${consoleErrors.slice(-5).join(" | ") || "none"}`,
    `start-up: ${startup}`,
    `server log about them: ${about.slice(-10).join("\n") || "nothing"}`,
    `server log (last lines):\n${log.slice(-15).join("\n")}`,
  ].join("\n");
}

/** How long a failed journey's page gets to describe itself (a stuck page may not answer at all). */
const EXPLAIN_MS = 5_000;

/**
 * Any other wait of the journey that runs out of time (a locator, a poll, the test's own timeout) gets the same
 * explanation as a navigation, printed beside the failure: what was in flight, what failed, what the server logged.
 * A page opened outside a test (beforeAll) has no test to hook.
 */
function explainTimeoutsOf(page: Page, requests: ReturnType<typeof trackRequests>, consoleErrors: string[]) {
  try {
    onTestFailed(async ({ task }) => {
      const message = String(task.result?.errors?.[0]?.message ?? "");
      // A navigation's own error already carries it.
      if (!E2E_RETRY_ON.test(message) || message.includes("\nin flight: ") || page.isClosed()) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const unreadable = new Promise<string>((done) => (timer = setTimeout(() => done(`(no explanation within ${EXPLAIN_MS} ms)`), EXPLAIN_MS)));
      const explained = await Promise.race([explainStuckPage(page, requests, consoleErrors), unreadable]).finally(() => clearTimeout(timer));
      console.error(`[e2e] "${task.name}" ran out of time on ${page.url()}:\n${explained}`);
    });
  } catch {
    // Not inside a test.
  }
}

/**
 * goto and reload resolve only once the page is hydrated: hydration waits for first paint, and under load a click
 * right after `networkidle` could reach a server-rendered button before React attached its handler.
 *
 * `networkidle` (no request for 500 ms) is waited for after `load`, for at most QUIET_MS: on the busy CI machine a
 * navigation twice spent its whole 30 s waiting for it although the page had loaded. The journey then goes on (its
 * own assertions wait for what they need) and the requests still in flight are printed. A navigation that does not
 * even load still fails, naming them.
 */
function waitForHydrationOnNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForLoadState = page.waitForLoadState.bind(page);
  const requests = trackRequests(page);
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text().split("\n")[0]);
  });
  page.on("pageerror", (e) => consoleErrors.push(String(e).split("\n")[0]));
  const quiet = async () => {
    await waitForLoadState("networkidle", { timeout: QUIET_MS }).catch((e) => {
      if (!/Timeout/i.test(String(e))) throw e;
      console.warn(`[e2e] network not idle ${QUIET_MS} ms after load of ${page.url()}; in flight: ${requests.pending().join("; ") || "none"}`);
    });
  };
  const navigate = async <T>(go: () => Promise<T>, options?: { waitUntil?: string }): Promise<T> => {
    const named = async (e: Error): Promise<never> => {
      e.message += `\n${await explainStuckPage(page, requests, consoleErrors)}`;
      throw e;
    };
    const res = await go().catch(named);
    if (options?.waitUntil === "networkidle") await quiet();
    await hydrated(page).catch(named);
    return res;
  };
  const loadFirst = <O extends { waitUntil?: string }>(options?: O) => (options?.waitUntil === "networkidle" ? { ...options, waitUntil: "load" as const } : options);
  explainTimeoutsOf(page, requests, consoleErrors);
  page.goto = (url, options) => navigate(() => goto(url, loadFirst(options)), options);
  page.reload = (options) => navigate(() => reload(loadFirst(options)), options);
  page.waitForLoadState = (state, options) => (state === "networkidle" && !options?.timeout ? quiet() : waitForLoadState(state, options));
}

/**
 * Content-Security-Policy violations seen by any page of this test file. The Worker sends a CSP with every page
 * (workers/lib/security-headers.ts); a page that breaks it logs "Refused to …" and loses that script or style, so
 * each file ends by asserting there were none.
 */
const cspViolations: string[] = [];

function recordCspViolations(context: BrowserContext) {
  context.on("page", (page) => {
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(`${page.url()}: ${m.text()}`);
    });
  });
}

afterAll(() => {
  expect(cspViolations, "CSP violations").toEqual([]);
  // Anything that arrived after the last test's own check.
  expect(hydrationWarnings, "React hydration warnings").toEqual([]);
});

/** A new browser context whose pages record toasts (see `toast`) and hydrate before goto/reload resolve. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...CHINA_USER, ...options });
  await recordToasts(context);
  recordCspViolations(context);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitForHydrationOnNavigation(page);
    return page;
  };
  return context;
}

/** Console errors, page errors and hydration warnings of `page`, collected as they come. */
function trackProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || /hydrat/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  return problems;
}

export async function openPage(browser: Browser, path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<TrackedPage> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const problems = trackProblems(page);
  await page.goto(baseUrl() + path, { waitUntil: "networkidle" });
  return { page, context, problems };
}

/** A context logged in as `user` through the API (a visitor for null) and a tracked page that has opened nothing yet. */
export async function session(browser: Browser, user: { userName: string; password: string } | null): Promise<TrackedPage> {
  const context = await newContext(browser);
  if (user) await apiLogin(context, user);
  const page = await context.newPage();
  return { page, context, problems: trackProblems(page) };
}

/** The API's answer envelope. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Call our API with the context's cookies: GET without a body, POST (JSON) with one. */
export async function contextApi<T = unknown>(context: BrowserContext, path: string, body?: unknown): Promise<Envelope<T>> {
  const headers = { code: "energy-evaluation" };
  const res = body === undefined ? await context.request.get(baseUrl() + path, { headers }) : await context.request.post(baseUrl() + path, { data: body, headers });
  return (await res.json()) as Envelope<T>;
}

/** Demo users (db/seed/accounts.ts). No journey changes their credentials: e2e files share one database per run. */
export const DEMO_USERS = {
  demo: { userName: "demo", password: "Demo1234" },
  zhangsan: { userName: "zhangsan", password: "Energy2024" },
  lisi: { userName: "lisi", password: "Lisi@2024" },
} as const;

/** Log a user in through the API inside a browser context: the session cookie then serves its pages. */
export async function apiLogin(context: BrowserContext, user: { userName: string; password: string }): Promise<{ userId: number; name: string }> {
  const res = await context.request.post(`${baseUrl()}/api/user/login`, {
    data: { type: 1, userName: user.userName, password: user.password },
    headers: { code: "energy-evaluation" },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { userId: number; name: string } };
  if (body.code !== 10000) throw new Error(`login ${user.userName}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A desktop page of a logged-in user, opened at path. */
export async function userPage(
  browser: Browser,
  user: { userName: string; password: string },
  path: string,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<TrackedPage> {
  const context = await newContext(browser, options);
  await apiLogin(context, user);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(baseUrl() + path, { waitUntil: "networkidle" });
  return { page, context, problems };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Opens a path of the server under test and waits until the network is idle. */
export const visit = (page: Page, path: string) => page.goto(baseUrl() + path, { waitUntil: "networkidle" });

/** Console problems that are not the product's: a missing favicon and failed resource loads the test provoked. */
export const realProblems = (problems: string[]) => problems.filter((x) => !/favicon|Failed to load resource/.test(x));

/** Every finite animation on the page has run to its end (a dialog opened, a notice slid in): a state to wait on. */
export function animationsSettled(page: Page, timeout = 10_000) {
  return page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout, polling: 100 },
  );
}

/** axe-core on the current page; returns serious and critical violations only. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // The resting state is what is checked: a pointer left on the button just clicked put it in its hover colour,
  // whose contrast then depended on how far the transition had run.
  await page.mouse.move(0, 0);
  // Colour contrast is only meaningful once the deferred stylesheets have applied and dialogs finished fading in:
  // under load axe otherwise caught a button mid-animation or before its CSS (white text on white).
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every((l) => l.sheet !== null) &&
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000, polling: 100 },
  );
  // Evaluated through the DevTools protocol rather than added as an inline <script>: the page's CSP (rightly)
  // refuses inline scripts without its nonce.
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async () => {
    // @ts-expect-error -- injected above
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return result.violations.map((v: AxeViolation) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** The header badge count, read from the user menu's screen-reader text "，N 条未读消息" / "，暂无未读消息". */
export async function headerCount(page: Page): Promise<number> {
  const text = await page.locator("a.user-menu .visually-hidden").textContent();
  if (text?.includes("暂无未读消息")) return 0;
  const m = text?.match(/(\d+) 条未读消息/);
  if (!m) throw new Error(`no badge text: ${text}`);
  return Number(m[1]);
}

/**
 * Resolves once the page's UserChannel socket has sent its init text, i.e. it is open and the Durable Object
 * holds it (pushes go to every held socket). Set up before the navigation that opens the socket.
 */
export function channelReady(page: Page, timeout = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the message socket did not open")), timeout);
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/websocket/")) return;
      ws.on("framesent", (frame) => {
        if (frame.payload !== "init") return;
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/** A fresh account registered through the API (phone code read from the dev outbox), with its credentials. */
export async function registerFresh(context: BrowserContext, prefix = "p", password = "Rights#2026") {
  const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  const user = { userName: `${prefix}${suffix}`, password, phone: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}` };
  const headers = { code: "energy-evaluation" };
  const sent = await context.request.post(`${baseUrl()}/api/user/sms`, { data: { phone: user.phone, type: 1 }, headers });
  if (((await sent.json()) as { code: number }).code !== 10000) throw new Error(`sms for ${user.phone} refused`);
  const code = await latestCode(context, user.phone, 1);
  const reg = await context.request.post(`${baseUrl()}/api/user/register`, { data: { ...user, authCode: code }, headers });
  const msg = ((await reg.json()) as { msg: string }).msg;
  if (msg !== "注册成功，请重新登录") throw new Error(`register ${user.userName}: ${msg}`);
  return user;
}

/** The newest SMS code of a type sent to a phone (the local SMS outbox). */
export async function latestCode(context: BrowserContext, phone: string, type: number): Promise<string> {
  const res = await context.request.get(`${baseUrl()}/api/dev/sms-outbox?phone=${phone}`);
  const body = (await res.json()) as { data: { code: string; type: number }[] };
  const entry = body.data.find((e) => e.type === type);
  if (!entry) throw new Error(`no type ${type} code for ${phone}`);
  return entry.code;
}

/**
 * Wait for a locator; when the wait times out, fail with what the journey can tell about why: `explain()` (the state
 * the page waited on, read from the API) and the last lines the servers wrote. For waits on server-side work (a
 * report rendered by the queue) that are rare to fail and hard to reproduce.
 */
export async function waitOrExplain(locator: Locator, timeout: number, explain: () => Promise<string>): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (e) {
    const state = await explain().catch((x: unknown) => `(could not read the state: ${String(x)})`);
    const port = Number(new URL(baseUrl()).port);
    throw new Error(`${(e as Error).message}\n---- state\n${state}\n---- server log (last lines)\n${serverLogTail(port)}`);
  }
}
