// Browser fixtures: Debian chromium through playwright-core, console-error capture, axe-core checks.
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { inject } from "vitest";

const require = createRequire(import.meta.url);
export const baseUrl = () => inject("baseUrl");

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
};

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
}

export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, page errors and React hydration warnings seen so far. */
  problems: string[];
}

export async function openPage(browser: Browser, path: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "zh-CN", ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" || /hydrat/i.test(text)) problems.push(text);
  });
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

/** axe-core on the current page; returns serious and critical violations only. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error -- injected above
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return result.violations.map((v: AxeViolation) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}
