// Long tasks of one page load at 4× CPU throttling (issue 23 item 4), from a Chrome performance trace: each main-thread
// task over 50 ms with what ran inside it (script evaluation of which chunk, function calls, style/layout, parsing).
// Sum of (task − 50 ms) after first paint is what Lighthouse counts as total blocking time; it is far less noisy than
// the score. Usage: node bench/long-tasks.mjs <baseUrl> <route> [token] [--profile]   (prints JSON).
// --profile also samples V8's CPU profiler and lists, per long task, the functions its JS time went to (self time,
// and the outermost page function on each sampled stack: which component or module was running).
import { chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function longTasks(baseUrl, route, token, { profile = false } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ locale: "zh-CN", timezoneId: "Asia/Shanghai", viewport: { width: 412, height: 823 }, isMobile: true });
    if (token) await context.addCookies([{ name: "token", value: token, url: baseUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing", "loading", ...(profile ? ["disabled-by-default-v8.cpu_profiler"] : [])] });
    await page.goto(baseUrl + route, { waitUntil: "load" });
    await page.waitForTimeout(4000); // deferred scripts, hydration and idle work
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    return summarise(events, profile);
  } finally {
    await browser.close();
  }
}

function summarise(events, profile) {
  const main = events.find((e) => e.name === "TracingStartedInBrowser")?.args?.data?.frames?.find((f) => !f.parent);
  const rendererPid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")?.pid;
  const mainTid = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === rendererPid)?.tid;
  const onMain = events.filter((e) => e.pid === rendererPid && e.tid === mainTid && e.ph === "X");
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && (!main || e.args?.frame === main.frame))?.ts;
  const tasks = onMain.filter((e) => e.name === "RunTask" && e.dur > 50_000).sort((a, b) => a.ts - b.ts);
  const navStart = events.find((e) => e.name === "navigationStart" && e.pid === rendererPid)?.ts ?? tasks[0]?.ts ?? 0;
  const samples = profile ? cpuSamples(events, rendererPid, mainTid) : null;
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
    const row = { start_ms: Math.round((t.ts - navStart) / 1000), dur_ms: Math.round(t.dur / 1000), after_fcp: fcp ? t.ts >= fcp : null, inside: Object.fromEntries(top) };
    if (samples) Object.assign(row, jsInside(samples, t.ts, t.ts + t.dur));
    return row;
  });
  const blocking = (xs) => Math.round(xs.reduce((s, t) => s + Math.max(0, t.dur_ms - 50), 0));
  return { fcp_ms: fcp ? Math.round((fcp - navStart) / 1000) : null, long_tasks: out.length, blocking_sum_ms: blocking(out), blocking_after_fcp_ms: blocking(out.filter((t) => t.after_fcp !== false)), tasks: out };
}

/** CPU samples of the renderer's main thread: [{ ts, stack: [leaf … root] }] on the trace clock. */
function cpuSamples(events, pid, tid) {
  const nodes = new Map();
  const out = [];
  const profiles = events.filter((e) => e.name === "Profile" && e.pid === pid);
  for (const p of profiles) {
    let ts = p.args?.data?.startTime ?? p.ts;
    for (const c of events.filter((e) => e.name === "ProfileChunk" && e.pid === pid && e.id === p.id)) {
      const d = c.args?.data?.cpuProfile ?? {};
      for (const n of d.nodes ?? []) nodes.set(n.id, n);
      const deltas = c.args?.data?.timeDeltas ?? [];
      (d.samples ?? []).forEach((id, i) => {
        ts += deltas[i] ?? 0;
        out.push({ ts, id });
      });
    }
  }
  void tid; // the profiler samples the isolate's main thread only
  const stack = (id) => {
    const s = [];
    for (let n = nodes.get(id); n; n = nodes.get(n.parent)) s.push(n.callFrame);
    return s;
  };
  return out.map((x, i) => ({ ts: x.ts, dur: (out[i + 1]?.ts ?? x.ts) - x.ts, stack: stack(x.id) }));
}

/** Self time per function and, per stack, the deepest frame of a page chunk under React's work loop. */
function jsInside(samples, from, to) {
  const self = {};
  const add = (m, k, d) => (m[k] = (m[k] ?? 0) + d / 1000);
  for (const s of samples) {
    if (s.ts < from || s.ts >= to || !s.stack.length) continue;
    const f = s.stack[0];
    if (["(idle)", "(program)", "(root)"].includes(f.functionName)) continue;
    add(self, frame(f), s.dur);
  }
  const round = (m) => Object.fromEntries(Object.entries(m).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  return { js_self: round(self) };
}

const frame = (f) => `${f.functionName || "(anon)"} ${short(f.url ?? "")}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}`;

const short = (url) => url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "");

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const [baseUrl, route, token] = args;
  console.log(JSON.stringify(await longTasks(baseUrl, route, token, { profile: process.argv.includes("--profile") }), null, 1));
}
