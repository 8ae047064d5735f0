// Local platform steps shared by `npm start`, the browser tests and the bench: secrets, migrations, seed, wrangler dev.
import { spawn, execFileSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setPriority, tmpdir } from "node:os";
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { startLocalCron } from "./local-cron.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Offline hygiene (ARCHITECTURE.md "Local and CI"): no telemetry, no Cloudflare API calls, no banner. */
export const offlineEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  NODE_ENV: "production",
  CI: process.env.CI ?? "",
};

const wranglerBin = path.join(root, "node_modules/wrangler/bin/wrangler.js");

export function wrangler(args, opts = {}) {
  return execFileSync(process.execPath, [wranglerBin, ...args], { cwd: root, env: offlineEnv, stdio: opts.quiet ? "pipe" : "inherit" });
}

/** `wrangler(args)` without blocking, so independent CLI runs (each starts its own workerd) overlap. */
export function wranglerAsync(args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wranglerBin, ...args], { cwd: root, env: offlineEnv, stdio: opts.quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`wrangler ${args.slice(0, 3).join(" ")} failed (${code}):\n${output}`))));
  });
}

/**
 * Local secrets live in .dev.vars (git-ignored): a random JWT secret, and for the Alipay dev gateway two RSA-2048
 * key pairs made on first start (the app's, whose public half the gateway verifies requests with, and the
 * gateway's, whose public half the app verifies notifies with). docs/payments.md explains them.
 */
export function ensureDevVars() {
  const file = path.join(root, ".dev.vars");
  let current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const add = (line) => (current += (current && !current.endsWith("\n") ? "\n" : "") + line + "\n");
  if (!/^JWT_SECRET=.{32,}$/m.test(current)) add(`JWT_SECRET=${randomBytes(32).toString("hex")}`);
  const rsaPair = () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return [privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"), publicKey.export({ type: "spki", format: "der" }).toString("base64")];
  };
  if (!/^ALIPAY_APP_PRIVATE_KEY=/m.test(current)) {
    const [appPrivate, appPublic] = rsaPair();
    const [gatewayPrivate, gatewayPublic] = rsaPair();
    add(`ALIPAY_APP_PRIVATE_KEY=${appPrivate}`);
    add(`ALIPAY_PUBLIC_KEY=${gatewayPublic}`);
    add(`ALIPAY_DEV_GATEWAY_PRIVATE_KEY=${gatewayPrivate}`);
    add(`ALIPAY_DEV_APP_PUBLIC_KEY=${appPublic}`);
  }
  // WeChat Pay dev gateway (docs/payments.md "微信支付"): the merchant's pair, the gateway's pair, an APIv3 key.
  if (!/^WECHATPAY_MCH_PRIVATE_KEY=/m.test(current)) {
    const [merchantPrivate, merchantPublic] = rsaPair();
    const [gatewayPrivate, gatewayPublic] = rsaPair();
    add(`WECHATPAY_MCH_PRIVATE_KEY=${merchantPrivate}`);
    add(`WECHATPAY_PUBLIC_KEY=${gatewayPublic}`);
    add(`WECHATPAY_DEV_GATEWAY_PRIVATE_KEY=${gatewayPrivate}`);
    add(`WECHATPAY_DEV_MCH_PUBLIC_KEY=${merchantPublic}`);
    add(`WECHATPAY_APIV3_KEY=${randomBytes(16).toString("hex")}`);
  }
  writeFileSync(file, current);
}

export function persistArgs(persistTo) {
  return persistTo ? ["--persist-to", persistTo] : [];
}

const migrationArgs = (persistTo) => ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)];

export function applyMigrations(persistTo, quiet = false) {
  wrangler(migrationArgs(persistTo), { quiet });
}

/** Load a TypeScript module from Node by bundling it with esbuild into node_modules/.cache. */
export async function importTs(entry) {
  const dir = path.join(root, "node_modules/.cache/ts-import");
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${path.basename(entry).replace(/\W/g, "_")}-${Date.now()}.mjs`);
  await build({ entryPoints: [path.join(root, entry)], bundle: true, platform: "node", format: "esm", outfile, packages: "external", logLevel: "error", jsx: "automatic" });
  return import(outfile);
}

/** Seed demo data idempotently: the same statements the tests use, as one SQL file (the fonts too: `withFonts`). */
export async function seed(persistTo, quiet = false, sql = undefined, withFonts = true) {
  if (sql === undefined) sql = await (await importTs("db/seed/apply.ts")).renderSeedSql();
  // One file per call: parallel preparations (the e2e setup beside a bench) never read each other's half-written file.
  const file = path.join(root, `.wrangler/seed-${process.pid}-${randomBytes(4).toString("hex")}.sql`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sql);
  try {
    await wranglerAsync(["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(persistTo)], { quiet });
  } finally {
    rmSync(file, { force: true });
  }
  if (withFonts) await putReportFonts(persistTo, quiet);
}

/**
 * Migrations, seed and fonts into `persistTo` (idempotent, so also brings an existing state up to date). Each step is
 * a wrangler CLI run that starts its own workerd (seconds each on a 2-core machine), so the two independent chains
 * overlap: the database (D1), beside the fonts (R2: one bulk put per state dir, the app's and the renderer's).
 */
export async function buildState(persistTo, quiet = false, seedSql = undefined) {
  await Promise.all([buildDatabase(persistTo, quiet, seedSql), putReportFonts(persistTo, quiet)]);
}

async function buildDatabase(persistTo, quiet, seedSql) {
  if (existsSync(path.join(persistTo ?? path.join(root, ".wrangler/state"), "v3/d1"))) {
    await wranglerAsync(migrationArgs(persistTo), { quiet });
    await seed(persistTo, quiet, seedSql, false);
    return;
  }
  // A new database: `d1 migrations apply` would start one workerd per migration file (two dozen starts); the same
  // statements in one `d1 execute` run are one start. freshDatabaseSql keeps wrangler's bookkeeping, so a later
  // `migrations apply` sees every file as applied.
  if (seedSql === undefined) seedSql = await (await importTs("db/seed/apply.ts")).renderSeedSql();
  await seed(persistTo, quiet, freshDatabaseSql(seedSql), false);
}

/**
 * Every migration then the seed, as one SQL text, with the rows `wrangler d1 migrations apply` writes: its
 * d1_migrations table (the statement wrangler 4 runs, verbatim) and one row per file, each inserted right after the
 * file's own statements, as wrangler does.
 */
export function freshDatabaseSql(seedSql) {
  const dir = path.join(root, "migrations");
  const parts = [
    `CREATE TABLE IF NOT EXISTS d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
  ];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    parts.push(readFileSync(path.join(dir, file), "utf8"), `INSERT INTO d1_migrations (name) values ('${file}');`);
  }
  parts.push(seedSql);
  return parts.join("\n");
}

/** What a local state is made of (migrations, seed, fonts, wrangler, the renderer's config), hashed; with the seed SQL. */
export async function stateKey() {
  const { renderSeedSql } = await importTs("db/seed/apply.ts");
  const hash = createHash("sha256");
  const migrations = path.join(root, "migrations");
  for (const f of readdirSync(migrations).filter((f) => f.endsWith(".sql")).sort()) hash.update(f).update(readFileSync(path.join(migrations, f)));
  const seedSql = await renderSeedSql();
  hash.update(seedSql);
  for (const [key, file] of REPORT_FONTS) hash.update(key).update(String(statSync(path.join(root, file)).size));
  hash.update(JSON.parse(readFileSync(path.join(root, "node_modules/wrangler/package.json"), "utf8")).version);
  hash.update(readFileSync(RENDERER_CONFIG));
  return { key: hash.digest("hex").slice(0, 24), seedSql };
}

/**
 * Migrations + seed + fonts into a fresh `persistTo`, through a cached template: the first call builds the state with
 * wrangler (several wrangler processes, each starting workerd: minutes on a loaded 2-core machine) and keeps a copy
 * in node_modules/.cache/local-state/<key>; later calls with the same migrations, seed and wrangler copy it (well under
 * a second). The key hashes everything the state is made of, so a new migration or seed row builds a new template.
 * Used by the browser tests' setup, the crash test, the bench and a first `npm start`, so they prepare the seeded
 * state once. `state` is a `stateKey()` result the caller already has.
 */
export async function prepareState(persistTo, quiet = false, state = undefined) {
  const { key, seedSql } = state ?? (await stateKey());
  const templates = path.join(root, "node_modules/.cache/local-state");
  const template = path.join(templates, key);
  rmSync(persistTo, { recursive: true, force: true });
  if (!existsSync(path.join(template, "READY"))) {
    await buildState(persistTo, quiet, seedSql);
    // A half-written template (a killed run) never gets READY and is rebuilt; older templates are dropped.
    const partial = `${template}.partial-${process.pid}`;
    cpSync(persistTo, partial, { recursive: true });
    writeFileSync(path.join(partial, "READY"), "");
    rmSync(template, { recursive: true, force: true });
    renameSync(partial, template);
    for (const old of readdirSync(templates)) {
      // Another run's template in the making is left alone.
      if (path.join(templates, old) !== template && !old.includes(".partial-")) rmSync(path.join(templates, old), { recursive: true, force: true });
    }
    return;
  }
  cpSync(template, persistTo, { recursive: true });
  rmSync(path.join(persistTo, "READY"), { force: true });
}

/** The local D1 database file under a persist dir (one database in wrangler.toml), for the sqlite3 CLI. */
export function d1File(persistTo) {
  const dir = path.join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 file in ${dir}`);
  return path.join(dir, file);
}

/** Report fonts (workers/reports/fonts.ts): the Noto Sans SC TTFs into local R2, where the report job loads them. */
export const REPORT_FONTS = [
  ["fonts/NotoSansSC-Regular.ttf", "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf"],
  ["fonts/NotoSansSC-Bold.ttf", "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"],
];

export async function putReportFonts(persistTo, quiet = false) {
  // One `r2 bulk put` per state dir (one workerd start each, not one per font).
  const list = path.join(root, `node_modules/.cache/report-fonts-${process.pid}-${randomBytes(4).toString("hex")}.json`);
  mkdirSync(path.dirname(list), { recursive: true });
  writeFileSync(list, JSON.stringify(REPORT_FONTS.map(([key, file]) => ({ key, file: path.join(root, file) }))));
  try {
    // The app's bucket and the renderer's local copy of it (its own state: two workerd processes never share files).
    for (const [config, dir] of [[null, persistTo], [RENDERER_CONFIG, rendererPersist(persistTo)]]) {
      const args = ["r2", "bulk", "put", "energy-files", "--local", "--filename", list, "--content-type", "font/ttf", ...persistArgs(dir)];
      await wranglerAsync(config ? ["--config", config, ...args] : args, { quiet });
    }
  } finally {
    rmSync(list, { force: true });
  }
}

/** The renderer Worker (docs/decisions/163-render-in-its-own-worker.md): its config and its local state dir. */
export const RENDERER_CONFIG = path.join(root, "wrangler.renderer.toml");
export const rendererPersist = (persistTo) => path.join(persistTo ?? path.join(root, ".wrangler/state"), "renderer");

/**
 * The renderer's niceness (docs/decisions/164-renderer-yields-the-cpu.md): locally both Workers share the machine's
 * cores, and a render is seconds of CPU; at a lower priority it takes what page views leave, as its own isolate does
 * in production. RENDERER_NICE=0 turns it off.
 */
const RENDERER_NICE = Number(process.env.RENDERER_NICE ?? 10);

/** Spawn `wrangler dev` in its own process group; its output is collected (and shown unless quiet). */
function spawnWrangler(args, { quiet, env, nice = 0, log = undefined }) {
  const child = spawn(process.execPath, [wranglerBin, "dev", "--ip", "127.0.0.1", "--show-interactive-dev-session=false", ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  // Set before wrangler starts its workerd (seconds later), which inherits it.
  if (nice) setPriority(child.pid, nice);
  const proc = { child, output: "" };
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (d) => {
      proc.output += d;
      if (!quiet) process.stdout.write(d);
      log?.(d);
    });
  }
  return proc;
}

const signal = (child, sig) => {
  try {
    process.kill(-child.pid, sig);
  } catch {
    // already gone
  }
};

/**
 * Start the app's wrangler dev and, beside it, the renderer Worker's (its own workerd process, its own state under
 * `persistTo`/renderer; the two find each other through a dev registry private to this server, so parallel servers
 * never cross). Resolves once the app answers and the renderer is ready, with a stop() to end both. The wrangler.toml
 * crons run on their schedule as in production (scripts/lib/local-cron.mjs; `crons: false` turns them off,
 * `cronIntervalMs` or LOCAL_CRON_INTERVAL_MS replaces the schedule with a fixed period). `vars` are passed as --var
 * (e.g. JOB_LEASE_MS). The app's debugger listens on `inspectorPort`: any free port unless one is asked for (`npm start`
 * asks for 9229), so servers of several benches and test runs never fight over one. `logFile`: both servers' output is
 * also written there as it comes (the renderer's lines marked), so a quiet test run can show what the servers said
 * around a failure (test/e2e/browser.ts serverLogTail).
 * @param {{ port?: number, persistTo?: string, quiet?: boolean, extraArgs?: string[], crons?: boolean, cronIntervalMs?: number, vars?: Record<string, string>, inspectorPort?: number, logFile?: string }} [options]
 */
export async function startServer({ port = 8787, persistTo = undefined, quiet = false, extraArgs = [], crons = true, cronIntervalMs = undefined, vars = {}, inspectorPort = 0, logFile = undefined } = {}) {
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const registry = mkdtempSync(path.join(tmpdir(), "energy-dev-registry-"));
  const env = { ...offlineEnv, WRANGLER_REGISTRY_PATH: registry };
  if (logFile) writeFileSync(logFile, "");
  const logTo = (mark) => (logFile ? (d) => appendFileSync(logFile, mark ? String(d).replace(/^(?=.)/gm, mark) : d) : undefined);
  const renderer = spawnWrangler(["--config", RENDERER_CONFIG, "--port", "0", "--inspector-port", "0", ...persistArgs(rendererPersist(persistTo))], { quiet, env, nice: RENDERER_NICE, log: logTo("[renderer] ") });
  const app = spawnWrangler(["--port", String(port), "--inspector-port", String(inspectorPort), "--test-scheduled", ...varArgs, ...persistArgs(persistTo), ...extraArgs], { quiet, env, log: logTo("") });
  const output = () => `${app.output}\n---- renderer\n${renderer.output}`;
  const killAll = (sig) => {
    signal(app.child, sig);
    signal(renderer.child, sig);
  };
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (let up = false; ; ) {
    for (const [name, proc] of [["wrangler dev", app], ["the renderer's wrangler dev", renderer]]) {
      if (proc.child.exitCode !== null) {
        killAll("SIGTERM");
        throw new Error(`${name} exited early:\n${proc.output}`);
      }
    }
    if (!up) {
      try {
        up = (await fetch(`${url}/api/notLogin/list`, { method: "POST" })).ok;
      } catch {
        // not up yet
      }
    }
    if (up && /Ready on http/.test(renderer.output)) break;
    if (Date.now() - started > 180_000) {
      killAll("SIGTERM");
      throw new Error(`wrangler dev did not start in 180 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const interval = cronIntervalMs ?? (Number(process.env.LOCAL_CRON_INTERVAL_MS) || undefined);
  const cronLog = (line) => {
    if (quiet) app.output += `${line}\n`;
    logTo("")?.(`${line}\n`);
  };
  const cron = crons ? startLocalCron({ url, root, intervalMs: interval, log: cronLog }) : { stop() {} };
  const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r)));
  const end = (sig) => {
    cron.stop();
    killAll(sig);
    rmSync(registry, { recursive: true, force: true });
    // wrangler dev does not always end on SIGTERM (seen under load): SIGKILL whatever is left after 5 s.
    const late = setTimeout(() => killAll("SIGKILL"), sig === "SIGKILL" ? 0 : 5000);
    return Promise.all([exited(app.child), exited(renderer.child)]).then(() => clearTimeout(late));
  };
  return {
    url,
    pid: app.child.pid,
    rendererPid: renderer.child.pid,
    startMs: Date.now() - started,
    output,
    /** SIGTERM both servers' process groups (SIGKILL after 5 s); resolves when both have exited. */
    stop: () => end("SIGTERM"),
    /** SIGKILL both servers' process groups (the crash test); the cron driver stops with them. */
    kill: () => end("SIGKILL"),
  };
}
