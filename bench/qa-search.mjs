// Bench: Q&A search at 100,000 questions. A Miniflare D1 persisted under .wrangler/bench/qa-search holds the seeded
// questions (db/seed/qa, ids 1–42, the relevance set's answers) plus 100,000 generated questions that are newer and
// share the frequent words (equipment names, 节能, 电费, topic words in their bodies) but are about other things
// (buying, installing, repairing equipment), so they never answer the relevance set's queries. Measures, inside
// workerd and over HTTP (the real /api/qa/question/pageQuery route): the index rebuild (the production chunked
// rebuild), the relevance set (success@5, MRR), search latency side by side with a LIKE scan on the same rows.
// Exports run(); `node bench/qa-search.mjs` prints JSON.
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PERSIST = path.join(ROOT, ".wrangler/bench/qa-search-v2");
const TOTAL = 100_000;
/** Generated ids start above the seed's. */
const FIRST_ID = 1001;
const CHUNK = 5_000;
/** Speed queries: single frequent words (each in a fifth of the rows or more) and natural phrases. */
const WORD_QUERIES = ["电机", "节能", "空压机", "余热回收", "变频", "锅炉 排烟", "峰谷电价", "碳排放", "VFD", "泄漏检测"];
const ROUNDS = 5;
/** Files whose change means the index must be rebuilt (tokens, index layout). */
const INDEX_SOURCES = ["workers/services/qa/search-tokens.ts", "workers/services/qa/search-index.ts", "migrations"];

const ENTRY = `
import { Hono } from "hono";
import { getDb } from "./workers/lib/db";
import { pageQuery } from "./workers/services/qa/questions";
import { rebuildSearchIndex } from "./workers/services/qa/search-index";
import { recountVisibleQuestions } from "./workers/services/qa/counters";
import { hotScore } from "./workers/services/qa/hot";
import { qaStatements } from "./db/seed/qa";
import { qaApi } from "./workers/api/qa";
import { requestContext, actorMiddleware } from "./workers/api/middleware";
import { onApiError, onApiNotFound } from "./workers/api/errors";
import { scoreRelevance, RELEVANCE_QUERIES } from "./test/relevance/score";
import { matchExpression, minShouldMatch, queryTerms } from "./workers/services/qa/query";
import { searchVocabulary } from "./workers/services/qa/synonyms";
import { COUNT_CAP } from "./workers/services/qa/search";
import { POOL_SIZE, rankedMatchesSql, refreshTitlePools } from "./workers/services/qa/search-pools";

const EQUIP = ["电机","空压机","水泵","风机","锅炉","变压器","冷却塔","定型机","注塑机","导热油炉","冷水机组","LED灯","光伏组件","储能柜","蒸汽管网","换热器","热泵","干燥机","窑炉","电梯","照明系统","循环水系统","真空泵","烘干机","染缸","变频器","中央空调","疏水阀"];
const TOPIC = ["节能改造","能效提升","余热回收","变频调速","泄漏检测","峰谷电价","碳排放核算","运行优化","维护保养","选型计算","功率因数","需量控制","保温修复","冷凝水回收","群控系统","负载率","谐波治理","排烟温度","比功率","投资回收期","电费"];
// Off-topic aspects: the generated questions are about these, never about saving energy.
const ASPECT = ["采购招标","安装位置","维修报价","品牌推荐","售后服务","噪音投诉","验收流程","巡检记录","备品备件","操作培训","铭牌丢失","搬迁运输","保险理赔","外观喷漆","二手转让","租赁合同","操作规程","防护罩","地脚螺栓","质保期","发货时间","说明书","配件型号","颜色","包装"];
const FORM = ["怎么办","找谁","要多久","有什么讲究","多少钱","有没有推荐","合理吗","正常吗","怎么处理","需要什么手续"];
const WORDS = ["车间","工厂","班组","设备","厂长","电费","天然气","蒸汽","热水","压力","温度","流量","效率","成本","预算","补贴","标准","测试","数据","监测","报告","方案","供应商","合同","夏季","冬季","夜班","白班","产量","质量","安全","环保","排放","管理","考核","培训","计量","仪表","阀门","管道","控制柜","传感器","软件","平台","屋顶","仓库","宿舍","食堂","办公楼","纺织","化工","食品","机械","电子","印染","造纸","水泥","钢铁","铝材","节能"];

const r2 = (x) => Math.round(x * 100) / 100;
function rng(seed) { let s = seed >>> 0; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296); }
const pick = (r, a) => a[Math.floor(r() * a.length)];

function question(i) {
  const r = rng(i * 2654435761);
  const title = pick(r, EQUIP) + pick(r, ASPECT) + pick(r, FORM) + (r() < 0.3 ? "（" + pick(r, WORDS) + "）" : "");
  const body = Array.from({ length: 3 + Math.floor(r() * 4) }, () =>
    "我们" + pick(r, WORDS) + "的" + pick(r, EQUIP) + pick(r, WORDS) + "，以前了解过" + pick(r, TOPIC) + "和" + pick(r, WORDS) + pick(r, WORDS) + "。").join("");
  return { title, body };
}

// The first page's newest matches and capped count from one walk (search.ts newestRowsCounted, without the list's joins).
const SQL_COUNT = "WITH m AS (SELECT rowid AS m_id FROM qa_search WHERE qa_search MATCH ?1 ORDER BY rowid DESC LIMIT " + COUNT_CAP + ") SELECT m_id, (SELECT COUNT(*) FROM m) AS n FROM m ORDER BY m_id DESC LIMIT 10";
// The pools as the search ranks them (the title pool ranked live: what a stored pool, decision 178, saves for a
// frequent word).
const SQL_TITLE_POOL = rankedMatchesSql("qa_search_title", "?1", POOL_SIZE);
const SQL_ANSWERS_POOL = rankedMatchesSql("qa_search_answers", "?1", POOL_SIZE);

const likeScan = (env, q) => env.DB.prepare(
  "SELECT id FROM qa_questions WHERE status IN (0, 1) AND (title LIKE ?1 OR description LIKE ?1) ORDER BY id DESC LIMIT 10",
).bind("%" + q + "%").all();

/**
 * A D1 binding that records each round trip (a statement alone or a batch) and its time, passed through to the real
 * one: how many round trips one search makes and how much of its time is D1's (the rest is JS in the isolate).
 */
function tracedD1(real, log) {
  const timed = (kind, n, fn) => async (...a) => {
    const t0 = performance.now();
    try { return await fn(...a); } finally { log.push({ kind, n, ms: performance.now() - t0 }); }
  };
  const wrap = (stmt) => ({
    __real: stmt,
    bind: (...p) => wrap(stmt.bind(...p)),
    all: timed("all", 1, () => stmt.all()),
    raw: timed("raw", 1, (o) => stmt.raw(o)),
    run: timed("run", 1, () => stmt.run()),
    first: timed("first", 1, (c) => stmt.first(c)),
  });
  return {
    prepare: (q) => wrap(real.prepare(q)),
    batch: (list) => timed("batch", list.length, () => real.batch(list.map((s) => s.__real ?? s)))(),
    exec: (q) => real.exec(q),
  };
}

const http = new Hono();
http.use("*", requestContext, actorMiddleware);
http.onError(onApiError);
http.notFound(onApiNotFound);
http.route("/api/qa", qaApi);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) return http.fetch(request, env, ctx);
    const db = getDb(env.DB);
    if (url.pathname === "/count") {
      const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM qa_questions WHERE id >= ?").bind(${FIRST_ID}).first();
      return Response.json({ n: row.n });
    }
    if (url.pathname === "/seed") {
      const stmts = (await qaStatements()).map((s) => env.DB.prepare(s.sql).bind(...s.params));
      for (let s = 0; s < stmts.length; s += 100) await env.DB.batch(stmts.slice(s, s + 100));
      return Response.json({ ok: true });
    }
    if (url.pathname === "/generate") {
      const from = Number(url.searchParams.get("from"));
      const count = Number(url.searchParams.get("count"));
      const now = Date.now();
      const stmts = [];
      // D1 allows 100 bound parameters per statement: 12 rows of 8 columns.
      for (let i = from; i < from + count; i += 12) {
        const rows = [];
        for (let k = i; k < Math.min(i + 12, from + count); k++) {
          const q = question(k);
          const created = now - (k % 1000) * 3600000;
          rows.push([k, q.title, q.body, k % 3 === 0 ? 0 : 1, k % 50, hotScore({ viewCount: k % 50, answerCount: 0, praiseCount: 0, createdAt: created }), created]);
        }
        stmts.push(env.DB.prepare("INSERT INTO qa_questions (id, publisher_id, title, description, status, view_count, hot_score, created_at, updated_at) VALUES " +
          rows.map(() => "(?, 1000, ?, ?, ?, ?, ?, ?, ?)").join(", ")).bind(...rows.flatMap((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[6]])));
      }
      for (let s = 0; s < stmts.length; s += 100) await env.DB.batch(stmts.slice(s, s + 100));
      return Response.json({ ok: true });
    }
    if (url.pathname === "/reindex") {
      const t0 = Date.now();
      const indexed = await rebuildSearchIndex({ db });
      await recountVisibleQuestions({ db });
      return Response.json({ indexed, ms: Date.now() - t0 });
    }
    if (url.pathname === "/relevance") {
      const score = await scoreRelevance(async (q) => (await pageQuery({ db, searchContent: q, pageNo: 1, pageSize: 10 })).questionList.map((x) => x.id));
      return Response.json(score);
    }
    // The stored title pools (search-pools.ts): the cron's refresh, timed, or none (the search then ranks every match).
    if (url.pathname === "/pools") {
      const t0 = Date.now();
      if (url.searchParams.get("clear")) {
        await env.DB.prepare("DELETE FROM qa_search_title_pools").run();
        return Response.json({ stored: 0 });
      }
      const stored = await refreshTitlePools({ db });
      return Response.json({ stored, refresh_ms: Date.now() - t0 });
    }
    if (url.pathname === "/search") {
      const queries = JSON.parse(url.searchParams.get("q"));
      const rounds = Number(url.searchParams.get("rounds"));
      const withLike = url.searchParams.get("like") === "1";
      const fts = [];
      const like = [];
      const totals = {};
      const perQuery = {};
      if (url.searchParams.get("warm") === "1") for (const q of queries) { await pageQuery({ db, searchContent: q, pageNo: 1, pageSize: 10 }); await likeScan(env, q); }
      for (let r = 0; r < rounds; r++) {
        for (const q of queries) {
          let t0 = performance.now();
          const page = await pageQuery({ db, searchContent: q, pageNo: 1, pageSize: 10 });
          fts.push(performance.now() - t0);
          (perQuery[q] ??= []).push(performance.now() - t0);
          totals[q] = page.totalText;
          // The LIKE scan once per query (it is the slow side of the comparison; more rounds add only minutes).
          if (r === 0 && withLike) {
            t0 = performance.now();
            await likeScan(env, q);
            like.push(performance.now() - t0);
          }
        }
      }
      return Response.json({ fts, like, totals, perQuery });
    }
    // Each statement of the search's first round trip timed alone (median of rounds), with its query plan: where
    // a query's time goes. Raw SQL written as search.ts's builders produce it.
    if (url.pathname === "/parts") {
      const queries = JSON.parse(url.searchParams.get("q"));
      const rounds = Number(url.searchParams.get("rounds"));
      const vocab = await searchVocabulary({ db });
      const out = {};
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      for (const q of queries) {
        const terms = queryTerms(q, vocab.groups, vocab.dict);
        const k = minShouldMatch(terms.length);
        const expr = matchExpression(terms, k);
        if (!expr) continue;
        const looser = matchExpression(terms, Math.max(1, Math.min(k, terms.length) - 1));
        const parts = {
          newest_and_count: [SQL_COUNT, expr],
          title_pool: [SQL_TITLE_POOL, expr],
          answers_pool: [SQL_ANSWERS_POOL, looser],
        };
        const row = {};
        for (const [name, [text, e]] of Object.entries(parts)) {
          const t = [];
          let result;
          for (let r = 0; r < rounds; r++) {
            const t0 = performance.now();
            result = await env.DB.prepare(text).bind(e).all();
            t.push(performance.now() - t0);
          }
          row[name] = Math.round(median(t) * 100) / 100;
          if (name === "newest_and_count") row.matches = result.results[0]?.n ?? 0;
        }
        out[q] = row;
      }
      return Response.json(out);
    }
    // One search per query through a traced D1: its round trips (statements in each) and D1 time vs total time.
    if (url.pathname === "/trace") {
      const queries = JSON.parse(url.searchParams.get("q"));
      const rounds = Number(url.searchParams.get("rounds"));
      const out = {};
      for (const q of queries) {
        const runs = [];
        for (let r = 0; r < rounds; r++) {
          const log = [];
          const tdb = getDb(tracedD1(env.DB, log));
          const t0 = performance.now();
          await pageQuery({ db: tdb, searchContent: q, pageNo: 1, pageSize: 10 });
          runs.push({ total: performance.now() - t0, log });
        }
        runs.sort((a, b) => a.total - b.total);
        const mid = runs[Math.floor(runs.length / 2)];
        const d1 = mid.log.reduce((s, e) => s + e.ms, 0);
        out[q] = { total_ms: r2(mid.total), d1_ms: r2(d1), js_ms: r2(mid.total - d1), round_trips: mid.log.map((e) => (e.kind === "batch" ? "batch" + e.n : e.kind) + ":" + r2(e.ms)) };
      }
      return Response.json(out);
    }
    if (url.pathname === "/queries") return Response.json(RELEVANCE_QUERIES.map((x) => x.q));
    // The LIKE scan over HTTP (same socket, one request at a time): the baseline beside the real search route. It
    // returns only ids (no list shaping), so it flatters LIKE.
    if (url.pathname === "/like") {
      const { results } = await likeScan(env, url.searchParams.get("q"));
      return Response.json({ ids: results.map((r) => r.id) });
    }
    return new Response("not found", { status: 404 });
  },
};
`;

/** Each migration file by name with its statements (a persisted bench database gets the ones it lacks). */
function migrations() {
  const dir = path.join(ROOT, "migrations");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({
      name: f,
      statements: readFileSync(path.join(dir, f), "utf8")
        .split("--> statement-breakpoint")
        .map((s) => s.trim())
        .filter((s) => s && !/^(--[^\n]*\n?)*$/.test(s)),
    }));
}

/** A digest of the files the index depends on: a change triggers the (timed) rebuild. */
function indexVersion() {
  const h = createHash("sha256");
  for (const rel of INDEX_SOURCES) {
    const p = path.join(ROOT, rel);
    let files = [p];
    try {
      files = readdirSync(p).filter((f) => f.endsWith(".sql")).sort().map((f) => path.join(p, f));
    } catch {
      /* a file */
    }
    for (const f of files) {
      try {
        h.update(readFileSync(f));
      } catch {
        /* optional */
      }
    }
  }
  return h.digest("hex").slice(0, 16);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const r2 = (x) => Math.round(x * 100) / 100;
const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  return { median_ms: r2(quantile(s, 0.5)), p95_ms: r2(quantile(s, 0.95)), max_ms: r2(s[s.length - 1]), samples: s.length };
};

export async function run() {
  mkdirSync(PERSIST, { recursive: true });
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: ROOT, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
  const mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0].text,
    compatibilityDate: "2025-09-01",
    compatibilityFlags: ["nodejs_compat"],
    d1Databases: { DB: "qa-search-bench" },
    d1Persist: path.join(PERSIST, "d1"),
    bindings: { JWT_SECRET: "bench-only-jwt-secret-0123456789abcdef0123456789", APP_ENV: "local" },
    host: "127.0.0.1",
    port: 0,
    // The route logs one JSON line per request; the bench prints only its result.
    handleRuntimeStdio: () => {},
  });
  try {
    const base = await mf.ready;
    const d1 = await mf.getD1Database("DB");
    const call = async (p) => {
      const res = await mf.dispatchFetch(`http://bench${p}`);
      if (!res.ok) throw new Error(`${p}: ${await res.text()}`);
      return res.json();
    };
    await d1.prepare("CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT)").run();
    const hasTables = await d1.prepare("SELECT name FROM sqlite_master WHERE name = 'qa_questions'").first();
    for (const m of migrations()) {
      const key = `migration:${m.name}`;
      // A database made before migrations were recorded holds every migration up to 0013.
      const done = (await d1.prepare("SELECT 1 FROM bench_meta WHERE key = ?").bind(key).first()) || (hasTables && m.name < "0014");
      if (!done) for (const st of m.statements) await d1.prepare(st).run();
      await d1.prepare("INSERT OR IGNORE INTO bench_meta (key, value) VALUES (?, '1')").bind(key).run();
    }
    await call("/seed");
    let { n } = await call("/count");
    const generateStart = Date.now();
    while (n < TOTAL) {
      await call(`/generate?from=${FIRST_ID + n}&count=${Math.min(CHUNK, TOTAL - n)}`);
      n = (await call("/count")).n;
    }
    const generatedMs = Date.now() - generateStart;
    const version = indexVersion();
    const meta = await d1.prepare("SELECT value FROM bench_meta WHERE key = 'index'").first();
    let reindex = { skipped: "index up to date (rebuilt when the tokeniser, search-index.ts or a migration changes)" };
    if (meta?.value !== version) {
      reindex = await call("/reindex");
      await d1.prepare("INSERT INTO bench_meta (key, value) VALUES ('index', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").bind(version).run();
    }
    const relevance = await call("/relevance");
    const phrases = await call("/queries");
    const queries = [...WORD_QUERIES, ...phrases];
    // Each round twice: without the stored title pools (every title pool ranked live) and with them as the cron keeps
    // them, in alternating order, so the machine's drift during the run weighs on both alike (decision 178).
    const inService = { fts: [], like: [], totals: {}, perQuery: {} };
    const withoutPools = { fts: [], like: [], totals: {}, perQuery: {} };
    const merge = (into, r) => {
      into.fts.push(...r.fts);
      into.like.push(...r.like);
      Object.assign(into.totals, r.totals);
      for (const [q, t] of Object.entries(r.perQuery)) (into.perQuery[q] ??= []).push(...t);
    };
    const q = encodeURIComponent(JSON.stringify(queries));
    let pools = null;
    for (let r = 0; r < ROUNDS; r++) {
      const runWithout = async () => {
        await call("/pools?clear=1");
        merge(withoutPools, await call(`/search?rounds=1&warm=${r === 0 ? 1 : 0}&like=0&q=${q}`));
      };
      const runWith = async () => {
        pools = await call("/pools");
        merge(inService, await call(`/search?rounds=1&warm=0&like=${r === 0 ? 1 : 0}&q=${q}`));
      };
      if (r % 2 === 0) { await runWithout(); await runWith(); } else { await runWith(); await runWithout(); }
    }
    if (ROUNDS % 2 === 0) pools = await call("/pools");
    // Over HTTP: the real route (validation, envelope, list shaping) on a loopback socket, one request at a time.
    const overHttp = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of queries) {
        const t0 = performance.now();
        const res = await fetch(new URL("/api/qa/question/pageQuery", base), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ searchContent: q, pageNo: 1, pageSize: 10 }),
        });
        const body = await res.json();
        overHttp.push(performance.now() - t0);
        if (body.code !== 10000) throw new Error(`HTTP search ${q}: ${JSON.stringify(body)}`);
      }
    }
    // The LIKE scan over HTTP, one round per query (it is slow; more rounds add only minutes).
    const likeHttp = [];
    for (const q of queries) {
      const t0 = performance.now();
      const res = await fetch(new URL(`/like?q=${encodeURIComponent(q)}`, base));
      await res.json();
      likeHttp.push(performance.now() - t0);
    }
    const slowest = Object.entries(inService.perQuery)
      .map(([q, t]) => [q, stats(t).median_ms])
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10);
    // Where the time goes: the first round trip's statements alone, for the word queries and the slowest ones.
    const partQueries = [...new Set([...WORD_QUERIES, ...slowest.map(([q]) => q)])];
    const parts = await call(`/parts?rounds=${ROUNDS}&q=${encodeURIComponent(JSON.stringify(partQueries))}`);
    const trace = await call(`/trace?rounds=${ROUNDS}&q=${encodeURIComponent(JSON.stringify(queries))}`);
    const traced = Object.values(trace);
    const service = stats(inService.fts);
    // Each query's fastest of its rounds, then the spread over the queries: the search's own cost with less of the
    // shared machine's contention in it (a busy neighbour slows some rounds, rarely all five).
    const serviceBest = stats(Object.values(inService.perQuery).map((t) => Math.min(...t)));
    const serviceLike = stats(inService.like);
    const httpFts = stats(overHttp);
    const httpLike = stats(likeHttp);
    return {
      search100k: {
        // p95 in ms, FTS search beside a LIKE '%…%' scan on the same rows (targets: HTTP ≤ 50, service ≤ 10).
        p95_side_by_side: { service: { fts: service.p95_ms, like: serviceLike.p95_ms }, http: { fts: httpFts.p95_ms, like: httpLike.p95_ms } },
        questions: n + 42,
        // The machine's 1/5/15-minute load average at the end: timings on a shared machine are upper bounds.
        load_average: loadavg().map((x) => Math.round(x * 100) / 100),
        generated_in_ms: generatedMs,
        reindex,
        relevance: { queries: relevance.queries, successAt5: relevance.successAt5, mrr: relevance.mrr, misses: relevance.misses.map((m) => `${m.q} → ${m.rank || "—"}`) },
        service_fts: service,
        // The same searches with every title pool ranked live (no stored pools; decision 178), and the cron's refresh.
        title_pools: {
          ...pools,
          service_fts_without: stats(withoutPools.fts),
          service_fts_without_best_of_rounds: stats(Object.values(withoutPools.perQuery).map((t) => Math.min(...t))),
          // Each single word's median without → with the stored pools.
          word_median_ms: Object.fromEntries(WORD_QUERIES.map((q) => [q, `${stats(withoutPools.perQuery[q]).median_ms} → ${stats(inService.perQuery[q]).median_ms}`])),
        },
        service_fts_best_of_rounds: serviceBest,
        service_like: serviceLike,
        http_fts: httpFts,
        http_like: httpLike,
        queries: queries.length,
        matches: Object.fromEntries(WORD_QUERIES.map((q) => [q, inService.totals[q]])),
        // The ten slowest queries in the service by their median (where to look next; their round trips in by_query).
        slowest_service: slowest,
        // Per search (median run of each query): round trips, D1 time and the rest (JS) — where a search's time goes.
        round_trips: {
          per_search: stats(traced.map((t) => t.round_trips.length)),
          d1_ms: stats(traced.map((t) => t.d1_ms)),
          js_ms: stats(traced.map((t) => t.js_ms)),
          by_query: trace,
        },
        // Median ms of each statement of the first round trip alone, per word query and slowest query, with its match count.
        statement_ms: parts,
      },
    };
  } finally {
    await mf.dispose();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run().then((r) => console.log(JSON.stringify(r, null, 2)), (e) => {
    console.error(e);
    process.exit(1);
  });
}
