// Bench: Q&A search latency over 100,000 generated questions, measured inside workerd (Miniflare from
// node_modules, local D1 persisted under .wrangler/bench/qa-search). Times the real service call
// (pageQuery: FTS5 match + bm25 + list shaping). Exports run(); `node bench/qa-search.mjs` prints JSON.
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { readFileSync, readdirSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PERSIST = path.join(ROOT, ".wrangler/bench/qa-search");
const TOTAL = 100_000;
const CHUNK = 5_000;
const QUERIES = ["电机", "节能", "空压机", "余热回收", "变频", "锅炉 排烟", "峰谷电价", "碳排放", "VFD", "泄漏检测", "变频器节能改造", "如何降低电费", "电费太高了怎么办"];
const ROUNDS = 20;

// D1 allows 100 bound parameters per statement, so rows go in groups of 12 (8 columns each).
// The bench Worker: generates rows with the production tokeniser and times the production search call.
const ENTRY = `
import { getDb } from "./workers/lib/db";
import { pageQuery } from "./workers/services/qa/questions";
import { indexText } from "./workers/services/qa/search-tokens";
import { hotScore } from "./workers/services/qa/hot";

const EQUIP = ["电机","空压机","水泵","风机","锅炉","变压器","冷却塔","定型机","注塑机","导热油炉","冷水机组","LED灯","光伏组件","储能柜","蒸汽管网","换热器","热泵","干燥机","窑炉","电梯","照明系统","循环水系统","真空泵","烘干机","染缸"];
const TOPIC = ["节能改造","能效提升","余热回收","变频调速","泄漏检测","峰谷电价","碳排放核算","运行优化","维护保养","选型计算","功率因数","需量控制","保温修复","冷凝水回收","群控系统","负载率","谐波治理","排烟温度","比功率","投资回收期"];
const FORM = ["怎么做","多久能回本","效果如何","有哪些注意事项","需要多少投资","有没有案例","值不值得","如何评估","常见问题有哪些","怎么计算"];
const WORDS = ["车间","工厂","班组","设备","厂长","电费","天然气","蒸汽","热水","压力","温度","流量","效率","成本","预算","补贴","标准","测试","数据","监测","报告","方案","供应商","合同","夏季","冬季","夜班","白班","产量","质量","安全","环保","排放","管理","考核","培训","计量","仪表","阀门","管道","控制柜","传感器","软件","平台","屋顶","仓库","宿舍","食堂","办公楼","纺织","化工","食品","机械","电子","印染","造纸","水泥","钢铁","铝材"];

function rng(seed) { let s = seed >>> 0; return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296); }
const pick = (r, a) => a[Math.floor(r() * a.length)];

function question(i) {
  const r = rng(i * 2654435761);
  const title = pick(r, EQUIP) + pick(r, TOPIC) + pick(r, FORM) + (r() < 0.3 ? "（" + pick(r, WORDS) + "）" : "");
  const body = Array.from({ length: 3 + Math.floor(r() * 4) }, () =>
    "我们" + pick(r, WORDS) + "的" + pick(r, EQUIP) + pick(r, WORDS) + "，想了解" + pick(r, TOPIC) + "和" + pick(r, WORDS) + pick(r, WORDS) + "。").join("");
  return { title, body };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/count") {
      const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM qa_questions").first();
      return Response.json({ n: row.n });
    }
    if (url.pathname === "/generate") {
      const from = Number(url.searchParams.get("from"));
      const count = Number(url.searchParams.get("count"));
      const now = Date.now();
      const stmts = [];
      for (let i = from; i < from + count; i += 12) {
        const rows = [];
        const fts = [];
        for (let k = i; k < Math.min(i + 12, from + count); k++) {
          const q = question(k);
          const created = now - (k % 1000) * 3600000;
          rows.push([k, q.title, q.body, k % 3 === 0 ? 0 : 1, k % 50, hotScore({ viewCount: k % 50, answerCount: 0, praiseCount: 0, createdAt: created }), created]);
          fts.push([k, indexText(q.title), indexText(q.body)]);
        }
        stmts.push(env.DB.prepare("INSERT INTO qa_questions (id, publisher_id, title, description, status, view_count, hot_score, created_at, updated_at) VALUES " +
          rows.map(() => "(?, 1, ?, ?, ?, ?, ?, ?, ?)").join(", ")).bind(...rows.flatMap((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[6]])));
        stmts.push(env.DB.prepare("INSERT INTO qa_search (rowid, title, body) VALUES " + fts.map(() => "(?, ?, ?)").join(", ")).bind(...fts.flat()));
      }
      for (let s = 0; s < stmts.length; s += 100) await env.DB.batch(stmts.slice(s, s + 100));
      return Response.json({ ok: true });
    }
    if (url.pathname === "/search") {
      const queries = JSON.parse(url.searchParams.get("q"));
      const rounds = Number(url.searchParams.get("rounds"));
      const db = getDb(env.DB);
      const samples = [];
      const totals = {};
      for (const q of queries) await pageQuery(db, q, 1, 10); // warm-up
      for (let r = 0; r < rounds; r++) {
        for (const q of queries) {
          const t0 = performance.now();
          const page = await pageQuery(db, q, 1 + (r % 3), 10);
          samples.push(performance.now() - t0);
          totals[q] = page.total;
        }
      }
      return Response.json({ samples, totals });
    }
    return new Response("not found", { status: 404 });
  },
};
`;

function migrationStatements() {
  const dir = path.join(ROOT, "migrations");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), "utf8").split("--> statement-breakpoint"))
    .map((s) => s.trim())
    .filter((s) => s && !/^(--[^\n]*\n?)*$/.test(s));
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

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
  });
  try {
    const d1 = await mf.getD1Database("DB");
    const hasTables = await d1.prepare("SELECT name FROM sqlite_master WHERE name = 'qa_questions'").first();
    if (!hasTables) {
      for (const s of migrationStatements()) await d1.prepare(s).run();
      await d1.prepare("INSERT INTO users (id, user_name, name, created_at, updated_at) VALUES (1, 'bench', '压测用户', 0, 0)").run();
    }
    let { n } = await (await mf.dispatchFetch("http://bench/count")).json();
    while (n < TOTAL) {
      const res = await mf.dispatchFetch(`http://bench/generate?from=${n + 1}&count=${Math.min(CHUNK, TOTAL - n)}`);
      if (!res.ok) throw new Error(await res.text());
      n = (await (await mf.dispatchFetch("http://bench/count")).json()).n;
    }
    const res = await mf.dispatchFetch(`http://bench/search?rounds=${ROUNDS}&q=${encodeURIComponent(JSON.stringify(QUERIES))}`);
    const { samples, totals } = await res.json();
    const sorted = [...samples].sort((a, b) => a - b);
    const r2 = (x) => Math.round(x * 100) / 100;
    return {
      search100k: {
        median_ms: r2(quantile(sorted, 0.5)),
        p95_ms: r2(quantile(sorted, 0.95)),
        max_ms: r2(sorted[sorted.length - 1]),
        samples: samples.length,
        questions: n,
        matches: totals,
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
