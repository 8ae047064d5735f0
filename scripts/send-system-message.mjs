#!/usr/bin/env node
// Operator tool for automation: send a system message (消息通知 → 系统) to one user or to everyone, through the running
// Worker so the receivers' open pages get the new count live over their UserChannel websocket. A thin client of the
// console's service (services/admin/system-messages.ts, over services/messaging/system.ts): the send is chunked, audited and listed at /admin/messages.
// Operators normally send from the console, /admin/messages (docs/admin.md "System messages").
//
//   node scripts/send-system-message.mjs --to 12 --text "平台将于今晚 22:00 维护"
//   node scripts/send-system-message.mjs --to all --text "新功能上线" --url https://example.com
//
// Auth: the x-ops-token header must equal the Worker's OPS_TOKEN secret (≥ 24 characters). Locally put
// OPS_TOKEN=… into .dev.vars before `npm start`; in production `wrangler secret put OPS_TOKEN`. The token is read
// from --token, the OPS_TOKEN environment variable, or .dev.vars (in that order). Endpoint and rules: docs/qa-personal.md.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) continue;
    const key = a.slice(2);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) out[key] = true;
    else {
      out[key] = next;
      i++;
    }
  }
  return out;
}

function tokenFromDevVars() {
  const file = path.join(root, ".dev.vars");
  if (!existsSync(file)) return undefined;
  const m = readFileSync(file, "utf8").match(/^OPS_TOKEN=(.+)$/m);
  return m ? m[1].trim().replace(/^"(.*)"$/, "$1") : undefined;
}

function usage(msg) {
  if (msg) console.error(msg);
  console.error('usage: node scripts/send-system-message.mjs --to <userId|all> --text "<message>" [--url http://127.0.0.1:8787] [--token <OPS_TOKEN>]');
  process.exit(2);
}

const opts = args(process.argv.slice(2));
if (opts.help) usage();
const to = opts.to === "all" ? "all" : Number(opts.to);
if (to !== "all" && !(Number.isInteger(to) && to > 0)) usage("--to must be a user id or all");
const text = typeof opts.text === "string" ? opts.text.trim() : "";
if (!text) usage("--text is required");
const url = (typeof opts.url === "string" ? opts.url : process.env.APP_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
const token = (typeof opts.token === "string" ? opts.token : undefined) ?? process.env.OPS_TOKEN ?? tokenFromDevVars();
if (!token) usage("no OPS_TOKEN: pass --token, set OPS_TOKEN, or add OPS_TOKEN=… to .dev.vars (and restart the server)");

let res;
try {
  res = await fetch(`${url}/api/qa/admin/systemMessage/send`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ops-token": token, code: "energy-evaluation" },
    body: JSON.stringify({ to, content: text }),
    signal: AbortSignal.timeout(30_000),
  });
} catch (e) {
  console.error(`cannot reach ${url}: ${e.message}`);
  process.exit(1);
}
const body = await res.json().catch(() => null);
if (!body || body.code !== 10000) {
  console.error(`refused (${res.status}): ${body ? `${body.code} ${body.msg}` : "not JSON"}${body?.code === 10004 ? " — wrong or missing OPS_TOKEN on the server?" : ""}`);
  process.exit(1);
}
console.log(`sent to ${body.data.receivers} user(s)`);
