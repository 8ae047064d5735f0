// The crash test (issue 26 "Done when"): the local server (`npm start`'s startServer: wrangler dev, the real queue
// consumer, the real sweeper driven by the local cron) is SIGKILLed as a process group at chosen moments — right after
// generate was acknowledged, around a payment notify, mid-render, mid-export, mid-broadcast — and started again. Every
// acknowledged job must reach a terminal state within 5 minutes, nothing acknowledged is lost (reports, the export,
// the paid order with its notify log, every broadcast message), and the user can generate again afterwards.
//
// The app and the renderer Worker (two wrangler dev process groups) die together.
//
// Lean on a loaded 2-core machine: the seeded state is a copy of the cached template (scripts/lib/local.mjs
// prepareState; the browser step made it in `npm test`), the database is read with the sqlite3 CLI (milliseconds; a
// `wrangler d1 execute` starts a workerd each time), and the lease (JOB_LEASE_MS) and cron period are short. (A
// prebuilt bundle served with --no-bundle would save the bundling at each start, but loses wrangler's
// --test-scheduled endpoint, so the crons could not run.) The servers' output goes to node_modules/.cache/crash-<port>.log.
// Needs a build (`npm test` builds first; `npm run test:crash` builds). Port: CRASH_PORT (default 8796).
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { d1File, ensureDevVars, prepareState, root, startServer } from "../../scripts/lib/local.mjs";
import { api, createFilledSurvey, loginDemo, manyMotors } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";

const PORT = Number(process.env.CRASH_PORT ?? 8796);
const persist = path.join(root, `node_modules/.cache/crash-state-${PORT}`);
/** The servers' own output, kept for a failure's post-mortem. */
const serverLog = path.join(root, `node_modules/.cache/crash-${PORT}.log`);
/** Long enough that a busy machine renews it in time (a lease lost mid-render costs an attempt), short enough to recover fast. */
const LEASE_MS = 15_000;
const CRON_MS = 3000;
const TERMINAL_WITHIN_MS = 5 * 60_000;
/** Extra active users so "all" goes through push jobs (more than 500 receivers). */
const EXTRA_USERS = 1200;
const MOTORS = 60;

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server | null = null;
const log = (fields: Record<string, unknown>) => console.log(JSON.stringify({ crash: true, ...fields }));
const t0 = Date.now();

async function start(): Promise<string> {
  server = await startServer({ port: PORT, persistTo: persist, quiet: true, cronIntervalMs: CRON_MS, vars: { JOB_LEASE_MS: String(LEASE_MS) } });
  log({ event: "started", startMs: server.startMs, atS: Math.round((Date.now() - t0) / 1000) });
  return server.url;
}

function keepOutput() {
  if (server) appendFileSync(serverLog, `${server.output()}\n---- server ended at ${Math.round((Date.now() - t0) / 1000)} s\n`);
}

function crash(moment: string) {
  server?.kill();
  keepOutput();
  server = null;
  log({ event: "killed", moment, atS: Math.round((Date.now() - t0) / 1000) });
}

/** Read the local D1 with the sqlite3 CLI (read-only, beside the running workerd: the file is in WAL mode). */
function sql<T>(query: string): T[] {
  for (let attempt = 0; ; attempt++) {
    try {
      const out = execFileSync("sqlite3", ["-readonly", "-json", d1File(persist), query], { stdio: ["ignore", "pipe", "pipe"] }).toString().trim();
      return out ? (JSON.parse(out) as T[]) : [];
    } catch (e) {
      // SQLITE_BUSY while workerd checkpoints: read again.
      if (attempt >= 20) throw e;
      execFileSync("sleep", ["0.1"]);
    }
  }
}
const count = (query: string) => sql<{ n: number }>(query)[0]!.n;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 250) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

async function login(url: string, userName: string, password: string): Promise<string> {
  const body = await api(url, "/api/user/login", { type: 1, userName, password });
  if (body.code !== 10000) throw new Error(`login ${userName}: ${body.msg}`);
  return body.data.token;
}

/** The dev Alipay cashier's 确认付款 form for an order (scripts/lib/dev-pay.mjs does the same, waiting for the answer). */
async function cashierForm(url: string, token: string, surveyId: number) {
  const order = await api(url, "/api/pay/pc/order/add", { productId: 1, subProductId: surveyId, batchId: null }, token);
  if (order.code !== 10000) throw new Error(`order/add: ${order.msg}`);
  const pay = await api(url, "/api/pay/pc/pay", { orderSn: order.data.orderSn, payChannel: "alipay", batchId: null }, token);
  if (pay.code !== 10000) throw new Error(`pay: ${pay.msg}`);
  const named: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">" };
  const unescape = (s: string) => s.replace(/&(?:#(\d+)|(quot|amp|lt|gt));/g, (_m, n, name) => (n ? String.fromCharCode(Number(n)) : named[name]!));
  const fields = new URLSearchParams();
  for (const m of (pay.data.form as string).matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields.set(unescape(m[1]!), unescape(m[2]!));
  return { orderSn: order.data.orderSn as string, fields };
}

describe("crash test", () => {
  beforeAll(async () => {
    ensureDevVars();
    mkdirSync(path.dirname(serverLog), { recursive: true });
    writeFileSync(serverLog, "");
    await prepareState(persist, true);
    // Before the server starts: nothing else has the database open.
    execFileSync("sqlite3", [
      d1File(persist),
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EXTRA_USERS})
       INSERT INTO users (user_name, status, is_admin, is_default, created_at, updated_at) SELECT 'crash_' || i, 1, 0, 0, 0, 0 FROM n`,
    ]);
    log({ event: "setup", atS: Math.round((Date.now() - t0) / 1000) });
  });
  afterAll(() => {
    server?.stop();
    keepOutput();
    rmSync(persist, { recursive: true, force: true });
  });

  it("every acknowledged job reaches a terminal state after SIGKILLs, nothing acknowledged is lost, and the user can generate again", async () => {
    let url = await start();
    const token = await loginDemo(url);
    const small = await createFilledSurvey(url, token, 1, motorAnswers(), "崩溃测试一");
    const big = await createFilledSurvey(url, token, 1, manyMotors(motorAnswers(), MOTORS), "崩溃测试二");
    const paid = await createFilledSurvey(url, token, 1, motorAnswers(), "崩溃测试三");
    // An order needs a generated report: the third survey's report is made before the first kill.
    expect((await api(url, "/api/surveyInfo/generate", { id: paid }, token)).code).toBe(10000);
    await until("the report to pay for is ready", async () => (await api(url, "/api/surveyInfo/queryPdf", { id: paid }, token)).data.disposeStatus === 1, 180_000, 500);

    // 1. Killed right after generate was acknowledged, and 2. around a payment notify: the dev gateway records the
    //    trade, then delivers the notify in-process; the kill lands as soon as the trade row exists (before, while or
    //    just after the notify is applied). The paying order's clock starts here, so the cron's query (after 2
    //    minutes of paying) runs while the other scenarios go on.
    expect((await api(url, "/api/surveyInfo/generate", { id: small }, token)).code).toBe(10000);
    const { orderSn, fields } = await cashierForm(url, token, paid);
    const paying = fetch(`${url}/api/dev/alipay/cashier/pay`, { method: "POST", body: fields, redirect: "manual" }).catch(() => null);
    await until("the dev gateway records the trade", () => count(`SELECT COUNT(*) AS n FROM alipay_dev_trades WHERE out_trade_no = '${orderSn}'`) > 0, 60_000, 20);
    crash("after generate + around a payment notify");
    await paying;

    // 3. Killed mid-render: the big survey's job is claimed and has been rendering for a moment.
    url = await start();
    expect((await api(url, "/api/surveyInfo/generate", { id: big }, token)).code).toBe(10000);
    await until("the big report's job runs", () => count(`SELECT COUNT(*) AS n FROM jobs WHERE kind = 'report' AND subject_id = '${big}' AND state = 'running'`) > 0, 120_000);
    await sleep(1500);
    crash("mid-render");

    // 4. Killed mid-export: its job is claimed.
    url = await start();
    const exp = await api(url, "/api/account/export", {}, token);
    expect(exp.code).toBe(10000);
    await until("the export job runs", () => count(`SELECT COUNT(*) AS n FROM jobs WHERE kind = 'export' AND subject_id = '${exp.data.id}' AND state <> 'queued'`) > 0, 120_000, 50);
    crash("mid-export");

    // 5. Killed mid-broadcast: the send to everyone was acknowledged (messages stored, push jobs queued) and its
    //    pushes have started.
    url = await start();
    const admin = await login(url, "admin", "Admin@2024");
    const sent = await api(url, "/api/admin/content/messages/send", { audience: "all", title: "崩溃测试", content: "系统消息推送中断测试。" }, admin);
    expect(sent.code).toBe(10000);
    const receivers: number = sent.data.receivers;
    expect(receivers).toBeGreaterThan(EXTRA_USERS);
    await until("a push job starts", () => count(`SELECT COUNT(*) AS n FROM jobs WHERE kind = 'push' AND state <> 'queued'`) > 0, 120_000, 50);
    const pushesAtKill = sql<{ state: string; n: number }>(`SELECT state, COUNT(*) AS n FROM jobs WHERE kind = 'push' GROUP BY state`);
    crash("mid-broadcast");
    log({ event: "pushes at kill", pushesAtKill });

    // Restart: the start-up sweep, the crons and the queue must bring every job to an end.
    url = await start();
    const recoveryStart = Date.now();
    await until("every job terminal", () => count(`SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'running')`) === 0, TERMINAL_WITHIN_MS, 1000);
    log({ event: "recovered", ms: Date.now() - recoveryStart, jobs: sql(`SELECT kind, state, COUNT(*) AS n, MAX(attempts) AS attempts FROM jobs GROUP BY kind, state`) });

    // Nothing acknowledged is lost: both reports ended (ready or failed with a reason, never stuck at 0/2) …
    const token2 = await loginDemo(url);
    for (const id of [small, big]) {
      const q = await api(url, "/api/surveyInfo/queryPdf", { id }, token2);
      expect([1, 3], `survey ${id}`).toContain(q.data.disposeStatus);
      if (q.data.disposeStatus === 3) expect(q.data.failReason).toBeTruthy();
    }
    // … the export ended ready or failed, and a failed one does not count against the day …
    const exportRow = sql<{ status: string }>(`SELECT status FROM data_exports WHERE id = '${exp.data.id}'`)[0]!;
    expect(["ready", "failed"]).toContain(exportRow.status);
    // … every receiver of the broadcast has the message, its push jobs covering them all …
    expect(count(`SELECT COUNT(*) AS n FROM qa_messages WHERE kind = 'system' AND content = '【崩溃测试】系统消息推送中断测试。'`)).toBe(receivers);
    expect(count(`SELECT COUNT(*) AS n FROM jobs WHERE kind = 'push'`)).toBe(Math.ceil(receivers / 500));
    // … and the payment Alipay took is applied (by the notify, or by the cron's query after 2 minutes of paying)
    //    with its log row in the same batch.
    await until(
      "the paid order is applied",
      () => sql<{ status: string }>(`SELECT status FROM pay_orders WHERE order_sn = '${orderSn}'`)[0]?.status === "SUCCESS",
      TERMINAL_WITHIN_MS,
      1000,
    );
    const payment = sql<{ source: string }>(`SELECT p.source FROM pay_payments p JOIN pay_orders o ON o.id = p.order_id WHERE o.order_sn = '${orderSn}'`);
    expect(payment).toHaveLength(1);
    if (payment[0]!.source === "notify") {
      expect(count(`SELECT COUNT(*) AS n FROM pay_notifications WHERE out_trade_no = '${orderSn}' AND outcome = 'applied'`)).toBe(1);
    }
    log({ event: "payment", source: payment[0]!.source });

    // The user can retry: an export again (a failed one does not block), and generate both reports again.
    expect((await api(url, "/api/account/export", {}, token2)).code).toBe(10000);
    for (const id of [small, big]) expect((await api(url, "/api/surveyInfo/generate", { id }, token2)).code).toBe(10000);
    await until(
      "the regenerated reports are ready",
      async () => {
        const states = await Promise.all([small, big].map(async (id) => (await api(url, "/api/surveyInfo/queryPdf", { id }, token2)).data.disposeStatus));
        if (states.includes(3)) throw new Error(`a regenerated report failed: ${states}`);
        return states.every((s) => s === 1);
      },
      TERMINAL_WITHIN_MS,
      1000,
    );
    log({ event: "done", atS: Math.round((Date.now() - t0) / 1000) });
  });
});
