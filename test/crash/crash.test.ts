// The crash test (issue 26 "Done when"): the local server (`npm start`'s startServer, its own port and state) is
// SIGKILLed as a process group at chosen moments — right after generate, mid-render, mid-export, mid-broadcast — and
// started again; every acknowledged job must reach a terminal state within 5 minutes (short leases and cron period
// through JOB_LEASE_MS / cronIntervalMs), nothing acknowledged is lost, and the user can generate again afterwards.
// Needs `npm run build` first (the server serves build/). Port: CRASH_PORT (default 8796).
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, ensureDevVars, persistArgs, root, seed, startServer, wrangler } from "../../scripts/lib/local.mjs";
import { api, createFilledSurvey, loginDemo, manyMotors } from "../../bench/reports.mjs";
import { motorAnswers } from "../unit/engines/answers-fixtures";

const PORT = Number(process.env.CRASH_PORT ?? 8796);
const persist = path.join(root, `node_modules/.cache/crash-state-${PORT}`);
const LEASE_MS = 5000;
const CRON_MS = 2000;
const TERMINAL_WITHIN_MS = 5 * 60_000;
/** Extra active users so "all" goes through push jobs (more than 500 receivers). */
const EXTRA_USERS = 1200;

type Server = { url: string; kill(): void; stop(): void };
let server: Server | null = null;

const start = async (): Promise<Server> =>
  (server = await startServer({ port: PORT, persistTo: persist, quiet: true, cronIntervalMs: CRON_MS, vars: { JOB_LEASE_MS: String(LEASE_MS) } }));

function crash() {
  server?.kill();
  server = null;
}

function sql<T>(query: string): T[] {
  const out = wrangler(["d1", "execute", "DB", "--local", ...persistArgs(persist), "--json", "--command", query], { quiet: true }).toString();
  return JSON.parse(out)[0].results as T[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(500);
  }
}

async function login(url: string, userName: string, password: string): Promise<string> {
  const body = await api(url, "/api/user/login", { type: 1, userName, password });
  if (body.code !== 10000) throw new Error(`login ${userName}: ${body.msg}`);
  return body.data.token;
}

describe("crash test", { timeout: 15 * 60_000 }, () => {
  beforeAll(async () => {
    rmSync(persist, { recursive: true, force: true });
    ensureDevVars();
    applyMigrations(persist, true);
    await seed(persist, true);
    sql(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${EXTRA_USERS})
      INSERT INTO users (user_name, status, is_admin, is_default, created_at, updated_at) SELECT 'crash_' || i, 1, 0, 0, 0, 0 FROM n`);
  });
  afterAll(() => server?.stop());

  it("every acknowledged job reaches a terminal state after SIGKILLs, and the user can generate again", async () => {
    let { url } = await start();
    const token = await loginDemo(url);
    const small = await createFilledSurvey(url, token, 1, motorAnswers(), "崩溃测试一");
    const big = await createFilledSurvey(url, token, 1, manyMotors(motorAnswers(), 60), "崩溃测试二");

    // 1. Killed right after generate was acknowledged.
    expect((await api(url, "/api/surveyInfo/generate", { id: small }, token)).code).toBe(10000);
    crash();

    // 2. Killed mid-render: the big survey's job is claimed (running) and rendering.
    ({ url } = await start());
    expect((await api(url, "/api/surveyInfo/generate", { id: big }, token)).code).toBe(10000);
    await until("the big report's job runs", () => sql<{ n: number }>(`SELECT COUNT(*) AS n FROM jobs WHERE kind = 'report' AND subject_id = '${big}' AND state = 'running'`)[0]!.n > 0, 60_000);
    crash();

    // 3. Killed mid-export.
    ({ url } = await start());
    const exp = await api(url, "/api/account/export", {}, token);
    expect(exp.code).toBe(10000);
    await sleep(300);
    crash();

    // 4. Killed mid-broadcast: the send to everyone was acknowledged, its push jobs were just queued.
    ({ url } = await start());
    const admin = await login(url, "admin", "Admin@2024");
    const sent = await api(url, "/api/admin/content/messages/send", { audience: "all", title: "崩溃测试", content: "系统消息推送中断测试。" }, admin);
    expect(sent.code).toBe(10000);
    const receivers: number = sent.data.receivers;
    expect(receivers).toBeGreaterThan(EXTRA_USERS);
    crash();

    // Restart: the start-up sweep and the crons must bring every job to an end.
    ({ url } = await start());
    const t0 = Date.now();
    await until(
      "every job terminal",
      () => sql<{ n: number }>(`SELECT COUNT(*) AS n FROM jobs WHERE state IN ('queued', 'running')`)[0]!.n === 0,
      TERMINAL_WITHIN_MS,
    );
    const recoveredMs = Date.now() - t0;
    console.log(JSON.stringify({ crash: "recovered", ms: recoveredMs, jobs: sql(`SELECT kind, state, COUNT(*) AS n, MAX(attempts) AS attempts FROM jobs GROUP BY kind, state`) }));

    // Nothing acknowledged is lost: both surveys ended (1 or 3, never stuck at 0/2) …
    const token2 = await loginDemo(url);
    for (const id of [small, big]) {
      const q = await api(url, "/api/surveyInfo/queryPdf", { id }, token2);
      expect([1, 3]).toContain(q.data.disposeStatus);
    }
    // … the export has its row and ended ready or failed …
    const exports = sql<{ status: string }>(`SELECT status FROM data_exports WHERE id = '${exp.data.id}'`);
    expect(["ready", "failed"]).toContain(exports[0]!.status);
    // … and every receiver of the broadcast has the message, its push jobs covering them all.
    const stored = sql<{ n: number }>(`SELECT COUNT(*) AS n FROM qa_messages WHERE kind = 'system' AND content = '【崩溃测试】系统消息推送中断测试。'`)[0]!.n;
    expect(stored).toBe(receivers);
    const pushJobs = sql<{ n: number; done: number }>(`SELECT COUNT(*) AS n, SUM(state = 'done') AS done FROM jobs WHERE kind = 'push'`)[0]!;
    expect(pushJobs.n).toBe(Math.ceil(receivers / 500));

    // The user can retry: generate both again and get reports.
    for (const id of [small, big]) {
      expect((await api(url, "/api/surveyInfo/generate", { id }, token2)).code).toBe(10000);
    }
    await until(
      "the regenerated reports are ready",
      async () => {
        const states = await Promise.all([small, big].map(async (id) => (await api(url, "/api/surveyInfo/queryPdf", { id }, token2)).data.disposeStatus));
        if (states.includes(3)) throw new Error(`a regenerated report failed: ${states}`);
        return states.every((s) => s === 1);
      },
      TERMINAL_WITHIN_MS,
    );
  });
});
