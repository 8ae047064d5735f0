// `npm run bench`: builds, serves a fresh local copy on a bench port, measures, prints one JSON document.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ensureDevVars, prepareState, root, startServer } from "../scripts/lib/local.mjs";
import { APP_ROUTES, clientJs, JS_BUDGET_KIB, loginToken, renderRatio, workerBundle } from "./platform.mjs";
import { lighthouse } from "./lighthouse.mjs";

const only = process.argv.slice(2);
const want = (k) => only.length === 0 || only.includes(k);
const results = {};

if (!process.argv.includes("--no-build")) execFileSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
ensureDevVars();
// One state dir per bench port: two benches of one worktree must not share a database.
const persistTo = path.join(root, `.wrangler/bench-state-${process.env.BENCH_PORT ?? 8798}`);
await prepareState(persistTo, true);

if (want("bundle")) results.worker_bundle = workerBundle();
// BENCH_PORT: several worktrees may bench on one machine.
// BENCH_VERBOSE=1 shows the Worker's own log (e.g. a report job that fails).
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 8798), persistTo, quiet: !process.env.BENCH_VERBOSE });
// A bench stopped by hand (Ctrl-C, kill, a timeout) takes its servers down with it instead of leaving them running.
for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => void server.stop().finally(() => process.exit(130)));
try {
  results.wrangler_dev_start_ms = server.startMs;
  const tokens = {};
  for (const [route, user] of APP_ROUTES) tokens[route] = await loginToken(server.url, user);
  if (want("clientjs")) {
    // JS per route (issue 23): public pages ≤ 200 KiB, logged-in app pages ≤ 300 KiB.
    results.client_js = await clientJs(server.url);
    for (const [route] of APP_ROUTES) Object.assign(results.client_js, await clientJs(server.url, [route], tokens[route], JS_BUDGET_KIB.app));
  }
  // Anonymous pages against /healthz (≤ 3× each, issue 23); the Q&A pages come from the edge cache after the first view.
  if (want("render")) results.render = await renderRatio(server.url);
  // Lighthouse mobile, median of LIGHTHOUSE_RUNS (3) runs: three public pages and three logged-in ones.
  if (want("lighthouse")) results.lighthouse = await lighthouse(server.url, ["/homePage", "/energySavingQA", "/energySavingQA/details?questionId=1", ...APP_ROUTES.map(([r]) => r)], undefined, tokens);
  // Domain benches: every other bench/*.mjs exporting run(context).
  for (const file of readdirSync(path.join(root, "bench")).sort()) {
    if (!file.endsWith(".mjs") || ["run.mjs", "platform.mjs", "lighthouse.mjs"].includes(file)) continue;
    const key = file.replace(/\.mjs$/, "");
    if (!want(key)) continue;
    const mod = await import(path.join(root, "bench", file));
    if (typeof mod.run === "function") results[key] = await mod.run({ baseUrl: server.url, persistTo });
  }
} finally {
  server.stop();
}
console.log(JSON.stringify(results, null, 2));
