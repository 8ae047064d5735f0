// Other requests while a report renders (issue 26 item 2): a page view must not queue behind a PDF. A 100-motor
// motor survey (BENCH_MOTORS) is generated RENDER_P99_RUNS times (default 3); while each render is under way,
// visitors' requests — the home page, the card list API, a logged-in workbench list — leave every 100 ms (open loop:
// a request does not wait for the previous one), and the latencies of those requests (not the render's) give
// p50/p95/p99/max. The same requests one after another with no render running are the baseline. Run: `BENCH_PORT=8831 npm run bench -- render-p99`.
import { importTs } from "../scripts/lib/local.mjs";
import { api, createFilledSurvey, loginDemo, manyMotors, BENCH_MOTORS } from "./reports.mjs";

const RUNS = Number(process.env.RENDER_P99_RUNS ?? 3);
/** Requests in the baseline (no render). */
const BASELINE = 60;
/** Gap between requests (ms): a steady trickle of visitors, not a load test. */
const GAP_MS = 100;
/** Requests waiting at once, at most (bounds the work if the server stalls). */
const MAX_IN_FLIGHT = 200;

const pct = (sorted, p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10 : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function summary(ms, errors) {
  const s = [...ms].sort((a, b) => a - b);
  return { requests: s.length, p50_ms: pct(s, 50), p95_ms: pct(s, 95), p99_ms: pct(s, 99), max_ms: pct(s, 100), errors };
}

/** The visitor's requests, in turn; each resolves to [ms, ok]. */
function visitor(baseUrl, token) {
  const requests = [
    () => fetch(`${baseUrl}/homePage`).then(async (r) => (await r.arrayBuffer(), r.ok)),
    () => api(baseUrl, "/api/notLogin/list", { page: 1, size: 10 }).then((b) => b.code === 10000),
    () => api(baseUrl, "/api/surveyInfo/list", { type: 1 }, token).then((b) => b.code === 10000),
  ];
  let i = 0;
  return async () => {
    const t0 = performance.now();
    const ok = await requests[i++ % requests.length]().catch(() => false);
    return [performance.now() - t0, ok];
  };
}

export async function run({ baseUrl }) {
  const { motorAnswers } = await importTs("test/unit/engines/answers-fixtures.ts");
  const token = await loginDemo(baseUrl);
  const id = await createFilledSurvey(baseUrl, token, 1, manyMotors(motorAnswers(), BENCH_MOTORS), "渲染并发基准");
  const next = visitor(baseUrl, token);
  // Warm the pages and the render path once (first render loads fonts and compiles the renderer).
  for (let i = 0; i < 6; i++) await next();
  const warm = await api(baseUrl, "/api/surveyInfo/generate", { id }, token);
  if (warm.code !== 10000) throw new Error(`generate: ${warm.msg}`);
  const status = async () => (await api(baseUrl, "/api/surveyInfo/queryPdf", { id }, token)).data?.disposeStatus;
  const waitReady = async () => {
    for (const t0 = Date.now(); ; await sleep(200)) {
      const s = await status();
      if (s === 1) return;
      if (s === 3) throw new Error("report failed");
      if (Date.now() - t0 > 300_000) throw new Error("report not ready in 300 s");
    }
  };
  await waitReady();

  const base = [];
  let baseErrors = 0;
  for (let i = 0; i < BASELINE; i++) {
    const [ms, ok] = await next();
    base.push(ms);
    if (!ok) baseErrors++;
    await sleep(GAP_MS);
  }

  // Open loop: a request leaves every GAP_MS whether or not the previous ones answered (visitors do not wait for each
  // other), so a blocked isolate shows in every request that arrives while it is blocked, not in one.
  const during = [];
  let errors = 0;
  const renderMs = [];
  for (let r = 0; r < RUNS; r++) {
    const gen = await api(baseUrl, "/api/surveyInfo/generate", { id }, token);
    if (gen.code !== 10000) throw new Error(`generate: ${gen.msg}`);
    const t0 = Date.now();
    let done = false;
    const poll = waitReady().finally(() => (done = true));
    const inFlight = new Set();
    while (!done) {
      if (inFlight.size < MAX_IN_FLIGHT) {
        const p = next().then(([ms, ok]) => {
          during.push(ms);
          if (!ok) errors++;
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      await sleep(GAP_MS);
    }
    await poll;
    await Promise.all(inFlight);
    renderMs.push(Date.now() - t0);
  }
  const preview = await api(baseUrl, "/api/surveyInfo/reportPreview", { id }, token);
  return {
    what: `${BENCH_MOTORS}-motor report generated ${RUNS}×; visitors' requests (home page, card list API, workbench list API), one leaving every ${GAP_MS} ms (open loop) while it renders`,
    baseline: summary(base, baseErrors),
    during_render: summary(during, errors),
    generate_to_ready_ms: renderMs,
    pdf_render_ms: preview.data?.renderMs ?? null,
    target_p99_ms: 500,
  };
}
