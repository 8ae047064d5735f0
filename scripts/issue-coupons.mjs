#!/usr/bin/env node
// Operator script: issue a coupon batch to users (docs/payments.md "Issuing coupons").
//   node scripts/issue-coupons.mjs --code SPRING-50 --name 春季报告抵用券 --amount 50 --phones 13800000001,13800000002
// Options: --users 1,2 | --all-users, --product <cardId> (default: every report), --per-user N (default 1),
// --expires YYYY-MM-DD (Beijing end of day), --persist-to DIR (local state dir), --remote --yes (production D1).
// Local by default. Re-running with the same --code adds coupons to the existing batch (its name and amount stay).
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { offlineEnv, persistArgs, root } from "./lib/local.mjs";

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const arg = (name) => (flag(name) ? argv[argv.indexOf(name) + 1] : undefined);
function die(msg) {
  console.error(`issue-coupons: ${msg}`);
  process.exit(2);
}

const code = arg("--code");
const name = arg("--name");
const amount = arg("--amount");
const product = arg("--product");
const perUser = Number(arg("--per-user") ?? 1);
const expires = arg("--expires");
const remote = flag("--remote");
if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code)) die("--code must be 1–40 letters, digits, _ or -");
if (!name || name.length > 40) die("--name is required (at most 40 characters)");
// Spec 3 §9 price format: at most 8 integer digits and 1 decimal.
if (!amount || !/^\d{1,8}(\.\d)?$/.test(amount) || Number(amount) <= 0) die("--amount must be a positive yuan amount with at most 1 decimal");
if (product !== undefined && !/^\d+$/.test(product)) die("--product must be a card id");
if (!Number.isInteger(perUser) || perUser < 1 || perUser > 100) die("--per-user must be 1–100");
let expiresAt = "NULL";
if (expires !== undefined) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expires);
  if (!m) die("--expires must be YYYY-MM-DD");
  expiresAt = String(Date.UTC(+m[1], +m[2] - 1, +m[3] + 1) - 8 * 3600_000);
}
const phones = arg("--phones")?.split(",").map((s) => s.trim()).filter(Boolean);
const users = arg("--users")?.split(",").map((s) => s.trim()).filter(Boolean);
const all = flag("--all-users");
if ([phones, users, all || undefined].filter(Boolean).length !== 1) die("give exactly one of --phones, --users, --all-users");
if (phones && !phones.every((p) => /^1\d{10}$/.test(p))) die("--phones must be 11-digit mobile numbers");
if (users && !users.every((u) => /^\d+$/.test(u))) die("--users must be numeric ids");

const [i, d = "0"] = amount.split(".");
const amountFen = Number(i) * 100 + Number(d) * 10;
const q = (s) => `'${s.replace(/'/g, "''")}'`;
const now = Date.now();
const who = phones ? `u.phone IN (${phones.map(q).join(", ")})` : users ? `u.id IN (${users.join(", ")})` : "u.status = 1";
const sql = [
  `INSERT INTO coupon_batches (code, coupon_name, amount_fen, product_id, expires_at, created_at) VALUES (${q(code)}, ${q(name)}, ${amountFen}, ${product ?? "NULL"}, ${expiresAt}, ${now}) ON CONFLICT (code) DO NOTHING;`,
  ...Array.from({ length: perUser }, () => `INSERT INTO user_coupons (batch_id, user_id, status, created_at) SELECT b.id, u.id, 0, ${now} FROM coupon_batches b, users u WHERE b.code = ${q(code)} AND ${who};`),
].join("\n");

const file = path.join(root, ".wrangler/issue-coupons.sql");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, sql + "\n");
const wranglerBin = path.join(root, "node_modules/wrangler/bin/wrangler.js");
// Remote runs need the Cloudflare API (credentials from the operator's environment); local runs stay offline.
const env = remote ? process.env : offlineEnv;
const where = remote ? ["--remote"] : ["--local", ...persistArgs(arg("--persist-to"))];
const run = (extra) => execFileSync(process.execPath, [wranglerBin, "d1", "execute", "DB", ...where, ...extra], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] }).toString();
if (remote && !flag("--yes")) die("--remote writes to the production database: add --yes to confirm");
run(["--file", file]);
const summary = run(["--json", "--command", `SELECT b.id AS batchId, b.coupon_name AS name, b.amount_fen / 100.0 AS amount, COUNT(uc.id) AS issued, SUM(uc.status = 0) AS unused FROM coupon_batches b LEFT JOIN user_coupons uc ON uc.batch_id = b.id WHERE b.code = ${q(code)} GROUP BY b.id`]);
const rows = JSON.parse(summary.slice(summary.indexOf("[")))[0]?.results ?? [];
console.log(JSON.stringify(rows[0] ?? { error: "batch not found" }));
