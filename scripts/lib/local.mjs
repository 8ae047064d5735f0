// Local platform steps shared by `npm start`, the browser tests and the bench: secrets, migrations, seed, wrangler dev.
import { spawn, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { generateKeyPairSync, randomBytes } from "node:crypto";
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

export function applyMigrations(persistTo, quiet = false) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], { quiet });
}

/** Load a TypeScript module from Node by bundling it with esbuild into node_modules/.cache. */
export async function importTs(entry) {
  const dir = path.join(root, "node_modules/.cache/ts-import");
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${path.basename(entry).replace(/\W/g, "_")}-${Date.now()}.mjs`);
  await build({ entryPoints: [path.join(root, entry)], bundle: true, platform: "node", format: "esm", outfile, packages: "external", logLevel: "error", jsx: "automatic" });
  return import(outfile);
}

/** Seed demo data idempotently: the same statements the tests use, as one SQL file. */
export async function seed(persistTo, quiet = false) {
  const { renderSeedSql } = await importTs("db/seed/apply.ts");
  const sql = await renderSeedSql();
  const file = path.join(root, ".wrangler/seed.sql");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, sql);
  wrangler(["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(persistTo)], { quiet });
  putReportFonts(persistTo, quiet);
}

/** Report fonts (workers/reports/fonts.ts): the Noto Sans SC TTFs into local R2, where the report job loads them. */
export const REPORT_FONTS = [
  ["fonts/NotoSansSC-Regular.ttf", "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf"],
  ["fonts/NotoSansSC-Bold.ttf", "node_modules/@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf"],
];

export function putReportFonts(persistTo, quiet = false) {
  for (const [key, file] of REPORT_FONTS) {
    wrangler(["r2", "object", "put", `energy-files/${key}`, "--local", "--file", path.join(root, file), "--content-type", "font/ttf", ...persistArgs(persistTo)], { quiet });
  }
}

/**
 * Start wrangler dev; resolves once the server answers, with a stop() to end it. The wrangler.toml crons run on their
 * schedule as in production (scripts/lib/local-cron.mjs; `crons: false` turns them off, `cronIntervalMs` or
 * LOCAL_CRON_INTERVAL_MS replaces the schedule with a fixed period). `vars` are passed as --var (e.g. JOB_LEASE_MS).
 * @param {{ port?: number, persistTo?: string, quiet?: boolean, extraArgs?: string[], crons?: boolean, cronIntervalMs?: number, vars?: Record<string, string> }} [options]
 */
export async function startServer({ port = 8787, persistTo = undefined, quiet = false, extraArgs = [], crons = true, cronIntervalMs = undefined, vars = {} } = {}) {
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    process.execPath,
    [wranglerBin, "dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false", "--test-scheduled", ...varArgs, ...persistArgs(persistTo), ...extraArgs],
    { cwd: root, env: offlineEnv, stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "inherit", "inherit"], detached: true },
  );
  let output = "";
  if (quiet) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
  }
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/notLogin/list`, { method: "POST" });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) {
      process.kill(-child.pid, "SIGTERM");
      throw new Error(`wrangler dev did not start in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const interval = cronIntervalMs ?? (Number(process.env.LOCAL_CRON_INTERVAL_MS) || undefined);
  const cron = crons ? startLocalCron({ url, root, intervalMs: interval, log: quiet ? (line) => (output += `${line}\n`) : () => undefined }) : { stop() {} };
  return {
    url,
    pid: child.pid,
    startMs: Date.now() - started,
    output: () => output,
    stop: () => {
      cron.stop();
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
    /** SIGKILL the server's whole process group (the crash test); the cron driver stops with it. */
    kill: () => {
      cron.stop();
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}
