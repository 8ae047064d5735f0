// Long tasks of one page load at 4× CPU throttling (issue 23 item 4), from a Chrome performance trace: each main-thread
// task over 50 ms with what ran inside it (script evaluation of which chunk, function calls, style/layout, parsing).
// Sum of (task − 50 ms) after first paint is what Lighthouse counts as total blocking time; it is far less noisy than
// the score. Usage: node bench/long-tasks.mjs <baseUrl> <route> [token]   (prints JSON).
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function longTasks(baseUrl, route, token) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ locale: "zh-CN", timezoneId: "Asia/Shanghai", viewport: { width: 412, height: 823 }, isMobile: true });
    if (token) await context.addCookies([{ name: "token", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading"] });
    await page.goto(baseUrl + route, { waitUntil: "load" });
    await page.waitForTimeout(4000); // deferred scripts, hydration and idle work
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    return summarise(events);
  } finally {
    await browser.close();
  }
}

function summarise(events) {
  const main = events.find((e) => e.name === "TracingStartedInBrowser")?.args?.data?.frames?.find((f) => !f.parent);
  const rendererPid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")?.pid;
  const mainTid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === rendererPid)?.tid;
  const onMain = events.filter((e) => e.pid === rendererPid && e.tid === mainTid && e.ph === "X");
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && (!main || e.args?.frame === main.frame))?.ts;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur > 50_000).sort((a, b) => a.ts - b.ts);
  const navStart = events.find((e) => e.name === "navigationStart" && e.pid === rendererPid)?.ts ?? tasks[0]?.ts ?? 0;
  const out = tasks.map((t) => {
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    const kinds = {};
    for (const e of inside) {
      const d = e.args?.data ?? {};
      let key = null;
      if (e.name === "EvaluateScript" || e.name === "v8.evaluateModule") key = `eval ${short(d.url ?? e.args?.url ?? "")}`;
      else if (e.name === "FunctionCall") key = `call ${short(d.url ?? "")}:${d.functionName ?? ""}`;
      else if (["UpdateLayoutTree", "Layout", "ParseHTML", "ParseAuthorStyleSheet", "Paint", "v8.compileModule", "TimerFire", "FireIdleCallback", "EventDispatch"].includes(e.name)) key = e.name;
      if (key) kinds[key] = Math.round(((kinds[key] ?? 0) + e.dur / 1000) * 10) / 10;
    }
    const top = Object.entries(kinds).sort((a, b) => b[1] - a[1]).slice(0, 6);
    return { start_ms: Math.round((t.ts - navStart) / 1000), dur_ms: Math.round(t.dur / 1000), after_fcp: fcp ? t.ts >= fcp : null, inside: Object.fromEntries(top) };
  });
  const blocking = (xs) => Math.round(xs.reduce((s, t) => s + Math.max(0, t.dur_ms - 50), 0));
  return { fcp_ms: fcp ? Math.round((fcp - navStart) / 1000) : null, long_tasks: out.length, blocking_sum_ms: blocking(out), blocking_after_fcp_ms: blocking(out.filter((t) => t.after_fcp !== false)), tasks: out };
}

const short = (url) => url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "");

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, route, token] = process.argv.slice(2);
  console.log(JSON.stringify(await longTasks(baseUrl, route, token), null, 1));
}
