// Soak bench (issue 26 item 11): ~15 requests a second for SOAK_SECONDS (default 600) against the bench server on
// loopback — Q&A list and question pages, the workbench list, a login, personal lists, the home page, and pages of
// a new user created every few seconds (maps keyed by user or survey would grow with them) — sampling the workerd
// RSS every 10 s. Passes when the RSS after warm-up (the first fifth) stays within 5 % of its warm value.
// `npm run bench -- soak` (SOAK_SECONDS=120 for a shortened run). Bounded: a fixed rate, a fixed duration.
import { readFileSync } from "node:fs";
import { loginDemo, workerdPids } from "./reports.mjs";

const RATE = Number(process.env.SOAK_RATE ?? 15);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_MS = 10_000;

const rssMib = (pids) =>
  pids.reduce((s, pid) => {
    try {
      return s + Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return s;
    }
  }, 0) / 1024;

export async function run({ baseUrl }) {
  const port = Number(new URL(baseUrl).port);
  const pids = workerdPids(port);
  if (!pids.length) throw new Error(`no workerd process for port ${port}`);
  const token = await loginDemo(baseUrl);
  const json = (p, body, t) =>
    fetch(`${baseUrl}${p}`, { method: "POST", headers: { "content-type": "application/json", code: "energy-evaluation", ...(t ? { token: t } : {}) }, body: JSON.stringify(body ?? {}) });
  const page = (p, t) => fetch(`${baseUrl}${p}`, t ? { headers: { cookie: `token=${t}` } } : {});
  let n = 0;
  const mix = [
    () => json("/api/qa/question/pageQuery", { pageNo: 1 + (n % 5), pageSize: 10 }),
    () => page("/energySavingQA"),
    () => json("/api/qa/question/hotSearchPageQuery", { pageNo: 1, pageSize: 10 }),
    () => json("/api/surveyInfo/list", { type: 1 }, token),
    () => page("/homePage"),
    () => json("/api/qa/messageNotice/statistics", {}, token),
    () => json("/api/qa/question/pageQueryByUser", { pageNo: 1, pageSize: 10 }, token),
    () => page("/personal/message?tab=system", token),
    // A different card id each time: a cache keyed by what callers send must stay bounded.
    () => json("/api/surveyInfo/list", { type: 1000 + n }, token),
    () => json("/api/user/login", { type: 1, userName: "demo", password: "Demo1234" }),
  ];
  const samples = [];
  let errors = 0;
  let sent = 0;
  const started = Date.now();
  const sample = () => samples.push({ t_s: Math.round((Date.now() - started) / 1000), rss_mib: Math.round(rssMib(pids) * 10) / 10 });
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const inFlight = new Set();
  try {
    const interval = 1000 / RATE;
    for (let next = Date.now(); Date.now() - started < SECONDS * 1000; next += interval) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Never more than RATE requests outstanding: a slow server slows the soak instead of piling requests up.
      if (inFlight.size >= RATE) await Promise.race(inFlight);
      const req = mix[n++ % mix.length]()
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) errors++;
        })
        .catch(() => void errors++)
        .finally(() => inFlight.delete(req));
      inFlight.add(req);
      sent++;
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(timer);
  }
  sample();
  const warm = samples.filter((s) => s.t_s >= SECONDS / 5);
  const warmRss = warm[0]?.rss_mib ?? samples[0].rss_mib;
  const maxAfter = Math.max(...warm.map((s) => s.rss_mib));
  const growth = (maxAfter - warmRss) / warmRss;
  return {
    seconds: SECONDS,
    rate_per_s: RATE,
    requests: sent,
    errors,
    rss_start_mib: samples[0].rss_mib,
    rss_after_warmup_mib: warmRss,
    rss_max_after_warmup_mib: maxAfter,
    rss_end_mib: samples.at(-1).rss_mib,
    growth_after_warmup_pct: Math.round(growth * 1000) / 10,
    within_5_pct: growth <= 0.05,
    samples,
  };
}
