// JavaScript each page loads, read from the built client (no server needed): the React Router manifest lists, per
// route, its module and the chunks it imports at load (lazy `import()` chunks are not there: they load on use). A
// page's first load = the entry + the root route + that route, each file once, gzip level 9. Used by the bench
// (`npm run bench -- routejs`) and by test/unit/platform/route-js.test.ts, which bounds the bytes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../scripts/lib/local.mjs";

const CLIENT = path.join(root, "build/client");

/** The manifest React Router's build wrote (window.__reactRouterManifest = {...}). */
export function clientManifest() {
  const dir = path.join(CLIENT, "assets");
  if (!existsSync(dir)) throw new Error("no build/client: run npm run build first");
  const file = readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("no React Router manifest in build/client/assets");
  const src = readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1));
}

/** gzip bytes of JS loaded at first load of each route id (e.g. "routes/homePage"), with its file list. */
export function routeJsBytes(manifest = clientManifest()) {
  const gz = new Map();
  const size = (p) => {
    if (!gz.has(p)) gz.set(p, gzipSync(readFileSync(path.join(CLIENT, p)), { level: 9 }).length);
    return gz.get(p);
  };
  const base = [manifest.url, manifest.entry.module, ...manifest.entry.imports, manifest.routes.root.module, ...(manifest.routes.root.imports ?? [])];
  const out = {};
  for (const [id, r] of Object.entries(manifest.routes)) {
    if (id === "root" || !r.module) continue;
    const files = [...new Set([...base, r.module, ...(r.imports ?? [])].filter(Boolean))];
    out[id] = { gzip: files.reduce((n, f) => n + size(f), 0), files: files.length };
  }
  return out;
}

/** Issue 23's budgets, gzip KiB at first load. */
export const ROUTE_JS_BUDGET_KIB = { public: 200, workbench: 300 };
export const BUDGETED_PUBLIC_ROUTES = ["routes/homePage", "routes/login", "routes/about", "routes/electricDetail", "routes/machineDetail", "routes/costDetail", "routes/energySavingQA._index", "routes/energySavingQA.details"];

/** The bench's view: each budgeted route's KiB against its budget. */
export function run() {
  const bytes = routeJsBytes();
  const kib = (n) => Math.round((n / 1024) * 10) / 10;
  const out = {};
  for (const id of [...BUDGETED_PUBLIC_ROUTES, "routes/workbench"]) {
    const budget = id === "routes/workbench" ? ROUTE_JS_BUDGET_KIB.workbench : ROUTE_JS_BUDGET_KIB.public;
    out[id] = { gzip_kib: kib(bytes[id].gzip), budget_kib: budget, within_budget: kib(bytes[id].gzip) <= budget };
  }
  return out;
}
