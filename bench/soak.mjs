// Soak bench (issue 26 item 11): ~15 requests a second for SOAK_SECONDS (default 600) against the bench server on
// loopback — Q&A list and question pages, the workbench list, a login, personal lists, the home page, and every
// NEW_USER_EVERY-th slot a new user (SMS code from the dev outbox, register, log in, add a survey, open it and the
// workbench list), so maps keyed by user or survey would grow with them — sampling the workerd RSS every 10 s.
// Passes when our memory after warm-up (SOAK_WARMUP_SECONDS, 4 minutes) stays within 5 % of its warm value.
// `node --experimental-websocket bench/run.mjs soak` (the flag lets Node 20 read the Worker's V8 heap through its
// inspector; `npm run bench -- soak` works without it, RSS only; SOAK_SECONDS=120 for a shortened run).
// SOAK_MODE=read|write|mixed picks the traffic (see MODE); rss_slope_last_half_mib_per_min tells a plateau from a leak
// (run e.g. SOAK_SECONDS=1200 without the e2e lock, and note the machine load).
// The control: local workerd keeps ~15 KB of native memory per request whatever the Worker does (a one-line Worker
// in Miniflare, inspector on or off, grows ~10 MiB a minute at 15 req/s; docs/decisions/165-soak-measures-our-memory.md).
// So a one-line Worker gets the same requests in its own workerd, and the verdict is on our growth net of it, and on
// the isolate's live V8 heap (used size after a full collection, once a minute).
// Bounded: a fixed rate, a fixed duration.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { Miniflare } from "miniflare";
import { loginDemo, workerdPids } from "./reports.mjs";

const RATE = Number(process.env.SOAK_RATE ?? 15);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
// SOAK_MODE separates causes of native growth: "read" sends only reads (no new users, no logins: the D1 file and its
// SQLite page cache stay the same size), "write" sends a new user every other request, "mixed" (default) the usual mix,
// "bare" only GET /healthz (no D1, no render: the control that shows what the local runtime itself keeps per request).
const MODE = process.env.SOAK_MODE ?? "mixed";
if (!["read", "write", "mixed", "bare"].includes(MODE)) throw new Error(`SOAK_MODE must be read, write, mixed or bare, not ${MODE}`);
const SAMPLE_MS = 10_000;
/** Every LIVE_EVERY-th sample forces a full collection first and records the heap's live size. */
const LIVE_EVERY = 6;
/** Warm-up (s): at 15 req/s the isolate's heap settles after ~4 minutes (JIT, bounded caches filling). */
const WARMUP_S = Number(process.env.SOAK_WARMUP_SECONDS ?? Math.min(240, SECONDS / 2));
/** One slot in this many is a new user's first visit (at 15/s: a new user every 4 s, 150 in 10 minutes). */
const NEW_USER_EVERY = 60;

const rssMib = (pid) => {
  try {
    return Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 102.4) / 10;
  } catch {
    return 0;
  }
};

/**
 * wrangler dev runs two workerd processes: its proxy (a Durable Object that listens on the dev port and forwards
 * every request; it does not exist in production) and the one running our Worker. Told apart by the listening
 * socket: the proxy's is the dev port, the Worker's a random one.
 */
function roles(pids, port) {
  const cmd = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  };
  const proxy = pids.filter((pid) => cmd(pid).includes(`entry=127.0.0.1:${port} `));
  return { worker: pids.filter((pid) => !proxy.includes(pid)), proxy };
}

/** Ports a process listens on (127.0.0.1), from its socket inodes and /proc/net/tcp. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[3] === "0A" && inodes.has(f[9]))
    .map((f) => parseInt(f[1].split(":")[1], 16));
}

/**
 * The Worker isolate's V8 heap, read through workerd's inspector (wrangler starts it on a random port of the
 * Worker's process): RSS also holds the local runtime's own native memory (D1's SQLite, the cache, HTTP buffers),
 * so the heap says whether our code is what grows. Null when no inspector answers.
 */
export async function workerHeap(pids) {
  for (const pid of pids) {
    for (const port of listeningPorts(pid)) {
      try {
        const list = await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2000) })).json();
        const target = list.find((t) => String(t.id).startsWith("core:user:"));
        if (target) return { usage: (opts) => heapUsage(target.webSocketDebuggerUrl, opts), census: () => heapCensus(target.webSocketDebuggerUrl) };
      } catch {
        // not the inspector
      }
    }
  }
  return null;
}

/**
 * The isolate's heap: used and reserved size, and with `gc` the live size (used after a full collection). V8 lets
 * its heap grow lazily while memory is plentiful, so only the live size tells retained objects from garbage not yet
 * collected (a write soak's reserved size grew 151 → 163 MiB while the live size stayed at 53-54 MiB).
 */
function heapUsage(url, { gc = false } = {}) {
  return inspectorSession(url, gc ? 20_000 : 5000, (send, m, done) => {
    if (!m) return gc ? send(1, "HeapProfiler.collectGarbage") : send(2, "Runtime.getHeapUsage");
    if (m.id === 1) return send(2, "Runtime.getHeapUsage");
    if (m.id !== 2) return;
    const r = m.result;
    const mib = (bytes) => Math.round(bytes / 104857.6) / 10;
    done(r ? { used: mib(r.usedSize), total: mib(r.totalSize), ...(gc ? { live: mib(r.usedSize) } : {}) } : null);
  });
}

/**
 * What the isolate's live heap holds, by kind and constructor ("object:Map", "closure:render", "(string)"): count
 * and bytes, from a heap snapshot taken after a full collection. Two censuses, at the end of warm-up and at the
 * end, name whatever grew in between (the "find what grows": a map keyed by user shows as its entries).
 */
function heapCensus(url) {
  const chunks = [];
  // A snapshot stops the isolate for seconds, and more on a busy machine.
  return inspectorSession(url, 180_000, (send, m, done) => {
    // workerd answers a snapshot request only once the profiler is enabled.
    if (!m) return send(1, "HeapProfiler.enable");
    if (m.method === "HeapProfiler.addHeapSnapshotChunk") return void chunks.push(m.params.chunk);
    if (m.id === 1) return send(2, "HeapProfiler.collectGarbage");
    if (m.id === 2) return send(3, "HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    if (m.id === 3) done(chunks.length ? tally(JSON.parse(chunks.join(""))) : null);
  });
}

/**
 * One inspector session: `step(send, message, done)` is called once on open (message null) and then with every
 * message; resolves with what it passes to done, or null on an error, a close or the timeout.
 */
function inspectorSession(url, timeoutMs, step) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    let settled = false;
    // Once: closing the socket fires onclose, which calls done again.
    const done = (v) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        ws.close();
      } catch {
        // already closed
      }
      resolve(v);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    const send = (id, method, params = {}) => ws.send(JSON.stringify({ id, method, params }));
    ws.onopen = () => step(send, null, done);
    ws.onmessage = (e) => step(send, JSON.parse(String(e.data)), done);
    ws.onerror = () => done(null);
    ws.onclose = () => done(null);
  });
}

function tally(snapshot) {
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const byKind = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const key = type.includes("string") ? "(string)" : `${type}:${String(snapshot.strings[snapshot.nodes[i + nameAt]]).slice(0, 60)}`;
    const entry = byKind.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snapshot.nodes[i + sizeAt];
    byKind.set(key, entry);
  }
  return byKind;
}

/** The kinds that grew most between two censuses, in bytes. */
export function censusGrowth(before, after, top = 10) {
  if (!before || !after) return null;
  const rows = [...after].map(([kind, a]) => {
    const b = before.get(kind) ?? { count: 0, bytes: 0 };
    return { kind, count: a.count - b.count, bytes: a.bytes - b.bytes };
  });
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  return { total_bytes: total, top: rows.sort((x, y) => y.bytes - x.bytes).slice(0, top) };
}

/** Least-squares slope of rss_mib against t_s, in MiB a minute (null under 3 samples). */
export function slopePerMin(samples) {
  if (samples.length < 3) return null;
  const mt = samples.reduce((a, s) => a + s.t_s, 0) / samples.length;
  const mr = samples.reduce((a, s) => a + s.rss_mib, 0) / samples.length;
  const cov = samples.reduce((a, s) => a + (s.t_s - mt) * (s.rss_mib - mr), 0);
  const vt = samples.reduce((a, s) => a + (s.t_s - mt) ** 2, 0);
  return vt ? Math.round((cov / vt) * 60 * 100) / 100 : null;
}

/** A one-line Worker in its own workerd (Miniflare: no bindings, no inspector, no proxy), and that process's pid. */
async function startControl() {
  const before = new Set(childWorkerds());
  const mf = new Miniflare({ modules: true, script: `export default { fetch() { return new Response("ok"); } };`, port: 0 });
  const url = await mf.ready;
  const pid = childWorkerds().find((p) => !before.has(p));
  if (!pid) throw new Error("the control's workerd process was not found");
  return { url: String(url), pid, stop: () => mf.dispose() };
}

function childWorkerds() {
  let out = "";
  try {
    out = execFileSync("pgrep", ["-P", String(process.pid)], { encoding: "utf8" });
  } catch {
    return []; // pgrep exits 1 when there is no child
  }
  return out
    .split("\n")
    .filter(Boolean)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd");
      } catch {
        return false;
      }
    });
}

export async function run({ baseUrl }) {
  const port = Number(new URL(baseUrl).port);
  const pids = workerdPids(port);
  if (!pids.length) throw new Error(`no workerd process for port ${port}`);
  const { worker, proxy } = roles(pids, port);
  if (!worker.length) throw new Error(`no workerd process running the Worker for port ${port}`);
  const token = await loginDemo(baseUrl);
  const json = (p, body, t) =>
    fetch(`${baseUrl}${p}`, { method: "POST", headers: { "content-type": "application/json", code: "energy-evaluation", ...(t ? { token: t } : {}) }, body: JSON.stringify(body ?? {}) });
  const page = (p, t) => fetch(`${baseUrl}${p}`, t ? { headers: { cookie: `token=${t}` } } : {});
  const tag = Date.now().toString(36).slice(-5);
  let users = 0;
  /** A new user's first visit: register (SMS code from the local outbox), log in, add a survey and open it. */
  const newUser = async () => {
    const k = users++;
    const phone = `139${String(Date.now() % 1e4).padStart(4, "0")}${String(k).padStart(4, "0")}`;
    // Each its own address (miniflare keeps a CF-Connecting-IP the client sent): the per-IP SMS limit (20 an hour)
    // is not what this bench measures.
    const ip = { "cf-connecting-ip": `10.77.${(k >> 8) & 255}.${k & 255}` };
    const sms = await fetch(`${baseUrl}/api/user/sms`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...ip }, body: `phone=${phone}&type=1` });
    if ((await sms.json()).code !== 10000) return false;
    const outbox = await (await fetch(`${baseUrl}/api/dev/sms-outbox?phone=${phone}`)).json();
    const authCode = outbox.data?.[0]?.code;
    const userName = `soak${tag}${k}`;
    const reg = await (await json("/api/user/register", { userName, password: "Soak1234", phone, authCode })).json();
    if (reg.code !== 10000) return false;
    const login = await (await json("/api/user/login", { type: 1, userName, password: "Soak1234" })).json();
    const t = login.data?.token;
    if (!t) return false;
    const added = await (await json("/api/surveyInfo/addInfo", { type: 1 }, t)).json();
    if (added.code !== 10000) return false;
    const opened = await (await json("/api/surveyInfo/info", { id: added.data.id }, t)).json();
    const list = await (await json("/api/surveyInfo/list", { type: 1 }, t)).json();
    await (await page("/workbench", t)).arrayBuffer();
    return opened.code === 10000 && list.code === 10000;
  };
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
  // Node 20 needs --experimental-websocket for WebSocket (Node 22 has it): without it the heap is not sampled.
  const heap = typeof WebSocket === "function" ? await workerHeap(worker) : null;
  const control = await startControl();
  let controlErrors = 0;
  const samples = [];
  let errors = 0;
  /** Failed reads by "path status": an error must be explainable. */
  const errorsBy = {};
  const errorSamples = [];
  let newUserErrors = 0;
  let sent = 0;
  const started = Date.now();
  const sum = (ps) => Math.round(ps.reduce((a, pid) => a + rssMib(pid), 0) * 10) / 10;
  // One inspector session at a time: a heap sample waits while a snapshot is taken, and the other way round.
  let inspector = Promise.resolve();
  const withInspector = (f) => (inspector = inspector.then(f, f));
  const census = () => withInspector(() => heap.census());
  const sample = async () => {
    const s = { t_s: Math.round((Date.now() - started) / 1000), rss_mib: sum(worker), proxy_rss_mib: sum(proxy), control_rss_mib: rssMib(control.pid) };
    samples.push(s);
    // The live size once a minute: a full collection each time would perturb the run more than it tells.
    const gc = samples.length % LIVE_EVERY === 1;
    const h = heap && (await withInspector(() => heap.usage({ gc })));
    if (h) Object.assign(s, { heap_used_mib: h.used, heap_total_mib: h.total }, h.live === undefined ? {} : { heap_live_mib: h.live });
  };
  await sample();
  const timer = setInterval(sample, SAMPLE_MS);
  const inFlight = new Set();
  let censusAtWarm = null;
  try {
    const interval = 1000 / RATE;
    for (let next = Date.now(); Date.now() - started < SECONDS * 1000; next += interval) {
      // Not awaited: the requests keep their rate while the snapshot is taken.
      if (heap && !censusAtWarm && Date.now() - started >= WARMUP_S * 1000) censusAtWarm = census();
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Never more than RATE requests outstanding: a slow server slows the soak instead of piling requests up.
      if (inFlight.size >= RATE) await Promise.race(inFlight);
      const slot = n++;
      const writes = MODE === "write" ? slot % 2 === 1 : MODE === "mixed" && slot % NEW_USER_EVERY === NEW_USER_EVERY - 1;
      // The last entry (login) writes a session row.
      const reads = MODE === "bare" ? [() => page("/healthz")] : MODE === "read" ? mix.slice(0, -1) : mix;
      const req = (writes ? newUser().then((ok) => void (ok || (errors++, newUserErrors++))) : reads[slot % reads.length]().then(async (res) => {
          const body = await res.text();
          if (!res.ok) {
            errors++;
            const key = `${new URL(res.url).pathname} ${res.status}`;
            errorsBy[key] = (errorsBy[key] ?? 0) + 1;
            if (errorSamples.length < 5) errorSamples.push(`${key} ${res.headers.get("server") ?? ""} ${body.slice(0, 200)}`);
          }
        }))
        .catch((e) => {
          errors++;
          const key = `network ${e?.cause?.code ?? e?.name ?? "error"}`;
          errorsBy[key] = (errorsBy[key] ?? 0) + 1;
        })
        .finally(() => inFlight.delete(req));
      inFlight.add(req);
      // The control gets a request in every slot too (not waited for: it answers in a millisecond).
      fetch(control.url).then((r) => r.arrayBuffer(), () => void controlErrors++);
      sent++;
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(timer);
  }
  await sample();
  await control.stop();
  const growthByKind = heap && censusAtWarm ? censusGrowth(await censusAtWarm, await census()) : null;
  const warm = samples.filter((s) => s.t_s >= WARMUP_S);
  const warmRss = warm[0]?.rss_mib ?? samples[0].rss_mib;
  const maxAfter = Math.max(...warm.map((s) => s.rss_mib));
  const growth = (maxAfter - warmRss) / warmRss;
  const controlWarm = warm[0]?.control_rss_mib ?? samples[0].control_rss_mib;
  const controlMax = Math.max(...warm.map((s) => s.control_rss_mib));
  // Ours minus what the one-line Worker grew by over the same requests: the part our code can be blamed for.
  const netGrowth = (maxAfter - warmRss - (controlMax - controlWarm)) / warmRss;
  const proxyWarm = warm[0]?.proxy_rss_mib ?? samples[0].proxy_rss_mib;
  // The heap's live size (after a full collection): did the Worker's own objects grow after warm-up?
  const heapWarm = warm.find((s) => s.heap_live_mib)?.heap_live_mib ?? null;
  const heapMax = heapWarm === null ? null : Math.max(...warm.map((s) => s.heap_live_mib ?? 0));
  const reservedWarm = warm.find((s) => s.heap_total_mib)?.heap_total_mib ?? null;
  const reservedMax = reservedWarm === null ? null : Math.max(...warm.map((s) => s.heap_total_mib ?? 0));
  return {
    mode: MODE,
    // Least-squares slope of RSS over the second half of the run: near 0 means a plateau, not a leak.
    rss_slope_last_half_mib_per_min: slopePerMin(samples.filter((s) => s.t_s >= SECONDS / 2)),
    measured: "RSS of the workerd process running the Worker (wrangler's proxy workerd apart, proxy_*)",
    seconds: SECONDS,
    warmup_s: WARMUP_S,
    rate_per_s: RATE,
    requests: sent,
    new_users: users,
    errors,
    errors_by: errorsBy,
    error_samples: errorSamples,
    new_user_errors: newUserErrors,
    rss_start_mib: samples[0].rss_mib,
    rss_after_warmup_mib: warmRss,
    rss_max_after_warmup_mib: maxAfter,
    rss_end_mib: samples.at(-1).rss_mib,
    growth_after_warmup_pct: Math.round(growth * 1000) / 10,
    growth_net_of_runtime_pct: Math.round(netGrowth * 1000) / 10,
    // Two verdicts, kept apart (docs/decisions/165): what our code holds (the isolate's live heap, whose growth is
    // named by kind below), and the whole workerd process net of the control, whose excess is the local runtime's
    // (tcmalloc keeps freed memory; Miniflare's D1/cache/R2/asset simulators are isolates in the same process).
    our_heap_within_5_pct: heapWarm === null ? null : (heapMax - heapWarm) / heapWarm <= 0.05,
    process_rss_net_within_5_pct: netGrowth <= 0.05,
    heap_live_after_warmup_mib: heapWarm,
    heap_live_max_after_warmup_mib: heapMax,
    heap_growth_after_warmup_pct: heapWarm === null ? null : Math.round(((heapMax - heapWarm) / heapWarm) * 1000) / 10,
    // What the live heap gained between the end of warm-up and the end, by kind (heap snapshots).
    heap_growth_by_kind: growthByKind,
    // Reserved size, for the record: V8 grows it lazily (not a verdict).
    heap_total_after_warmup_mib: reservedWarm,
    heap_total_max_after_warmup_mib: reservedMax,
    proxy_rss_start_mib: samples[0].proxy_rss_mib,
    proxy_rss_after_warmup_mib: proxyWarm,
    proxy_rss_end_mib: samples.at(-1).proxy_rss_mib,
    control: {
      measured: "RSS of a one-line Worker's workerd (Miniflare) given the same requests: the local runtime's own growth",
      rss_after_warmup_mib: controlWarm,
      rss_max_after_warmup_mib: controlMax,
      rss_slope_last_half_mib_per_min: slopePerMin(samples.filter((s) => s.t_s >= SECONDS / 2).map((s) => ({ t_s: s.t_s, rss_mib: s.control_rss_mib }))),
      errors: controlErrors,
    },
    samples,
  };
}
