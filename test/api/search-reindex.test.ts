// The Q&A search index rebuilt in production as a chunked job (issue 24): bounded chunks from a saved cursor, a run
// that dies resumes after its last chunk (each question counted once), the operator starts it in /admin (audited,
// one at a time) and the queue runs it to the end; the seeded synonym groups carry the list's date, not 1970.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../workers/lib/db";
import { adminAuditLog, jobProgress, qaQuestions, qaSynonyms } from "../../db/schema";
import { JOB_KIND, REINDEX_MSG, type ReindexStatus } from "../../workers/contract/jobs";
import type { QuestionPage } from "../../workers/contract/qa";
import { claimJob, enqueueJob, finishJob, getJob, jobTiming } from "../../workers/services/jobs/store";
import { REINDEX_SUBJECT, runReindexJob } from "../../workers/services/qa/reindex-job";
import { startReindex } from "../../workers/services/admin/search-reindex";
import { callJson, makeUser } from "../support/api";
import { adminGet, adminPost, makeAdmin } from "./admin.helpers";

vi.setConfig({ testTimeout: 90_000 });

const db = () => getDb(env.DB);
const timing = jobTiming({ env });
const noBeat = async () => undefined;

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())!.n;
}
const visible = () => count("SELECT COUNT(*) AS n FROM qa_questions WHERE status IN (0, 1)");
const indexed = () => count("SELECT COUNT(*) AS n FROM qa_search");
const titleIndexed = () => count("SELECT COUNT(*) AS n FROM qa_search_title");
/** The index as migration 0017 left it in production: empty. */
const wipeIndex = () => env.DB.batch([env.DB.prepare("DELETE FROM qa_search"), env.DB.prepare("DELETE FROM qa_search_title")]);
const search = (searchContent: string) => callJson<QuestionPage>("/api/qa/question/pageQuery", { method: "POST", json: { searchContent, pageNo: 1, pageSize: 10 } });

/** Questions beside the seed (some hidden ones, which the rebuild must leave out), so the rebuild spans many chunks. */
async function moreQuestions(n: number) {
  const { user } = await makeUser();
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    publisherId: user.id,
    title: `重建索引测试问题第${i}号：余热锅炉给水泵变频改造`,
    description: "用于检验分块重建。",
    status: i % 7 === 3 ? 2 : 0,
    createdAt: now,
    updatedAt: now,
  }));
  // Five rows a statement: D1 binds at most 100 parameters.
  for (let i = 0; i < rows.length; i += 5) await db().insert(qaQuestions).values(rows.slice(i, i + 5));
}

describe("search index rebuild job", () => {
  it("runs bounded chunks from its cursor, resumes after a crash without counting a chunk twice, and indexes every visible question", async () => {
    await moreQuestions(70);
    await wipeIndex();
    const total = await visible();
    expect(total).toBeGreaterThan(60);
    expect((await search("余热锅炉给水泵变频改造")).data.total).toBe(0);

    const jobId = await enqueueJob({ db: db(), kind: JOB_KIND.REINDEX, subjectId: REINDEX_SUBJECT, now: Date.now(), timing });
    const sizes = { chunk: 10, chunksPerRun: 2 };
    const job = (await claimJob({ db: db(), id: jobId, now: Date.now(), timing }))!;
    // One run: two chunks of ten questions, then it asks to be queued again.
    expect(await runReindexJob({ db: db(), job, heartbeat: noBeat, sizes })).toBe("again");
    const ids = (await db().select({ id: qaQuestions.id }).from(qaQuestions).orderBy(qaQuestions.id).all()).map((r) => r.id);
    const after1 = (await db().select().from(jobProgress).where(eq(jobProgress.jobId, jobId)).get())!;
    expect(after1.cursor).toBe(ids[19]);
    expect(await indexed()).toBeLessThanOrEqual(20);

    // The isolate dies after the next chunk is written (the heartbeat is where the run would have gone on).
    const dying = async () => {
      throw new Error("isolate killed");
    };
    await expect(runReindexJob({ db: db(), job, heartbeat: dying, sizes })).rejects.toThrow("isolate killed");
    const after2 = (await db().select().from(jobProgress).where(eq(jobProgress.jobId, jobId)).get())!;
    expect(after2.cursor).toBe(ids[29]);

    // The lease passes; the job is claimed again (the sweeper's or a wake-up's claim) and resumes after chunk 3.
    const reclaimed = (await claimJob({ db: db(), id: jobId, now: Date.now() + timing.leaseMs + 1, timing }))!;
    expect(reclaimed.attempts).toBe(2);
    let runs = 0;
    while ((await runReindexJob({ db: db(), job: reclaimed, heartbeat: noBeat, sizes })) === "again") {
      runs++;
      expect(runs).toBeLessThan(50);
    }
    const done = (await db().select().from(jobProgress).where(eq(jobProgress.jobId, jobId)).get())!;
    expect(done.finishedAt).not.toBeNull();
    expect(await finishJob({ db: db(), job: reclaimed, now: Date.now() })).toBe(true);
    // Every visible question once: counted once per chunk although chunk 3 ran in the dying run.
    expect(done.done).toBe(total);
    expect(await indexed()).toBe(total);
    expect(await titleIndexed()).toBe(total);
    expect((await search("余热锅炉给水泵变频改造")).data.total).toBe(60);
    // A stale worker's late progress cannot pull the cursor back.
    await runReindexJob({ db: db(), job, heartbeat: noBeat, sizes: { chunk: 10, chunksPerRun: 1 } });
    expect((await db().select().from(jobProgress).where(eq(jobProgress.jobId, jobId)).get())!.cursor).toBe(done.cursor);
  });

  it("the operator starts it in /admin (audited, one at a time) and the queue runs it to the end", async () => {
    const admin = await makeAdmin();
    await wipeIndex();
    const total = await visible();
    expect((await adminGet("search/reindex", (await makeUser()).token)).code).not.toBe(10000);

    const started = await adminPost<ReindexStatus>("search/reindex", {}, admin.token);
    expect(started).toMatchObject({ code: 10000, msg: REINDEX_MSG.started });
    expect(started.data.jobId).toBeGreaterThan(0);
    const audit = await db().select().from(adminAuditLog).where(and(eq(adminAuditLog.actorId, admin.user.id), eq(adminAuditLog.action, "search.reindex"))).all();
    expect(audit).toHaveLength(1);

    // The queue consumer runs it (a hang-only bound).
    let status: ReindexStatus | null = null;
    for (let i = 0; i < 300; i++) {
      status = (await adminGet<ReindexStatus | null>("search/reindex", admin.token)).data;
      if (status?.state === "done") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toMatchObject({ jobId: started.data.jobId, state: "done", indexed: total });
    expect(status!.finishedAt).not.toBeNull();
    expect(await indexed()).toBe(total);
  });

  it("refuses a second start while one runs, in Chinese", async () => {
    const admin = await makeAdmin();
    // A queue that only records, so the first job stays queued under its wake-up deadline.
    const quiet = { ...env, REPORT_QUEUE: { send: async () => undefined, sendBatch: async () => undefined } } as unknown as Env;
    const first = await startReindex({ db: db(), env: quiet, actorId: admin.user.id, now: Date.now() });
    expect((await getJob({ db: db(), id: first.jobId }))!.state).toBe("queued");
    await expect(startReindex({ db: db(), env: quiet, actorId: admin.user.id, now: Date.now() })).rejects.toMatchObject({ message: REINDEX_MSG.running });
    expect((await adminPost("search/reindex", {}, admin.token))).toMatchObject({ code: 10001, msg: REINDEX_MSG.running });
  });

  it("seeded synonym groups carry the date the list was written, not 1970-01-01", async () => {
    const rows = await db().select().from(qaSynonyms).all();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.updatedAt === Date.UTC(2026, 10, 27, 2, 0, 0))).toBe(true);
  });
});
