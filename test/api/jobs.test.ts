// Jobs in D1 (issue 26 items 1, 3, 4; docs/decisions/162-jobs-in-d1.md): the lease and its fencing, the sweeper's
// re-send, the final failure the user and the operator both see, the retries, the dead-letter record, generate on a
// survey whose job died, exports that a dead job no longer blocks, and queue sends within the platform's limits.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callJson, makeUser } from "../support/api";
import { filledSurvey } from "../support/survey-fixtures";
import { adminGet, adminPost, makeAdmin } from "./admin.helpers";
import worker from "./worker-entry";
import { getDb } from "../../workers/lib/db";
import { dataExports, jobs, qaMessages, surveys } from "../../db/schema";
import { CODE } from "../../workers/lib/codes";
import { JOB_ERROR, JOB_MSG, type JobFailureView } from "../../workers/contract/jobs";
import type { ReportFailureView } from "../../workers/contract/admin-constants";
import { RIGHTS_MSG, EXPORT_DAILY_MAX } from "../../workers/contract/account-rights";
import { DISPOSE_STATUS, WB_MSG } from "../../workers/contract/workbench";
import { REPORT_MSG } from "../../workers/reports/messages";
import { JOB_MAX_ATTEMPTS, claimJob, enqueueJob, finishJob, getJob, jobTiming, renewLease } from "../../workers/services/jobs/store";
import { QUEUE_BATCH_MAX_BYTES, QUEUE_BATCH_MAX_MESSAGES, messageBytes, sendSplit, splitForQueue } from "../../workers/services/jobs/wake";
import { generateReport } from "../../workers/services/workbench/generate";
import { queueReport } from "../../workers/services/workbench/publication";
import { requestExport } from "../../workers/services/accounts/data-export";
import { sweepJobs, DIRECT_AFTER_WAKEUPS } from "../../workers/jobs/sweeper";
import { runJob } from "../../workers/jobs/runner";
import { DEAD_LETTER_QUEUE, type QueueJob } from "../../workers/jobs/queue";
import type { ExportView } from "../../workers/contract/account-rights";

const db = () => getDb(env.DB);
const timing = jobTiming({ env });

/** The env with a queue that records wake-ups and enforces the platform's limits, so nothing runs behind the test. */
function quietEnv(): { env: Env; sent: { kind: string; jobId: number }[]; batches: number[] } {
  const sent: { kind: string; jobId: number }[] = [];
  const batches: number[] = [];
  const REPORT_QUEUE = {
    send: async (body: { kind: string; jobId: number }) => void sent.push(body),
    sendBatch: async (batch: { body: { kind: string; jobId: number } }[]) => {
      const bytes = batch.reduce((n, m) => n + messageBytes(m.body), 0);
      if (batch.length > QUEUE_BATCH_MAX_MESSAGES || bytes > QUEUE_BATCH_MAX_BYTES) throw new Error(`sendBatch over the limits: ${batch.length} messages, ${bytes} bytes`);
      batches.push(batch.length);
      sent.push(...batch.map((m) => m.body));
    },
  };
  return { env: { ...env, REPORT_QUEUE } as unknown as Env, sent, batches };
}

const expireLease = (id: number) => db().update(jobs).set({ leaseUntil: Date.now() - 1 }).where(eq(jobs.id, id));
const surveyRow = async (id: number) => (await db().select().from(surveys).where(eq(surveys.id, id)).get())!;
const subjectJob = async (kind: string, subject: string | number) =>
  (await db().select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.subjectId, String(subject)))).orderBy(jobs.id).all()).at(-1)!;

/** A survey queued with its job (as generate does) and no wake-up. */
async function queuedSurvey() {
  const owner = await makeUser();
  const id = await filledSurvey(owner.token, "motor");
  const jobId = (await queueReport({ db: db(), surveyId: id, now: Date.now(), timing }))!;
  return { owner, id, jobId };
}

describe("the lease", () => {
  it("fences a worker whose lease expired: a second claim takes the job over, the first can no longer renew or finish", async () => {
    const subject = `lease-${Math.random()}`;
    const id = await enqueueJob({ db: db(), kind: "push", subjectId: subject, now: Date.now(), timing });
    const first = (await claimJob({ db: db(), id, now: Date.now(), timing }))!;
    expect(first).toMatchObject({ state: "running", attempts: 1 });
    // Held under a live lease: nobody else may claim it (a duplicate wake-up does nothing).
    expect(await claimJob({ db: db(), id, now: Date.now(), timing })).toBeNull();
    expect(await renewLease({ db: db(), job: first, now: Date.now(), timing })).toBe(true);
    await expireLease(id);
    const second = (await claimJob({ db: db(), id, now: Date.now(), timing }))!;
    expect(second.attempts).toBe(2);
    expect(await renewLease({ db: db(), job: first, now: Date.now(), timing })).toBe(false);
    expect(await finishJob({ db: db(), job: first, now: Date.now() })).toBe(false);
    expect(await finishJob({ db: db(), job: second, now: Date.now() })).toBe(true);
    expect(await getJob({ db: db(), id })).toMatchObject({ state: "done", attempts: 2 });
  });

  it("one live job per subject: queueing again resets it instead of adding another", async () => {
    const subject = `one-${Math.random()}`;
    const a = await enqueueJob({ db: db(), kind: "push", subjectId: subject, now: Date.now(), timing });
    await claimJob({ db: db(), id: a, now: Date.now(), timing });
    const b = await enqueueJob({ db: db(), kind: "push", subjectId: subject, now: Date.now(), timing });
    expect(b).toBe(a);
    expect(await getJob({ db: db(), id: a })).toMatchObject({ state: "queued", attempts: 0 });
  });
});

describe("the sweeper", () => {
  it("re-sends a queued job whose wake-up was lost, and after a few lost wake-ups runs it itself", async () => {
    const { id, jobId } = await queuedSurvey();
    await db().update(surveys).set({ isDelete: 1 }).where(eq(surveys.id, id));
    await expireLease(jobId);
    const quiet = quietEnv();
    await sweepJobs({ env: quiet.env, db: db(), now: Date.now() });
    expect(quiet.sent).toContainEqual({ kind: "report", jobId });
    const after = (await getJob({ db: db(), id: jobId }))!;
    expect(after).toMatchObject({ state: "queued", wakeups: 1, attempts: 0 });
    expect(after.leaseUntil).toBeGreaterThan(Date.now());
    // The wake-ups keep getting lost (a stalled local broker): the sweeper stops trusting the queue.
    await db().update(jobs).set({ wakeups: DIRECT_AFTER_WAKEUPS, leaseUntil: Date.now() - 1 }).where(eq(jobs.id, jobId));
    await db().update(surveys).set({ disposeStatus: DISPOSE_STATUS.NONE }).where(eq(surveys.id, id));
    await sweepJobs({ env: quiet.env, db: db(), now: Date.now() });
    // It ran (the survey was no longer queued, so the job had nothing to do) and is done.
    expect(await getJob({ db: db(), id: jobId })).toMatchObject({ state: "done", attempts: 1 });
  });

  it("re-queues a job whose worker died, and fails it after the last attempt: the user and the operator see it, both can retry", async () => {
    const { owner, id, jobId } = await queuedSurvey();
    const admin = await makeAdmin();
    const quiet = quietEnv();
    // Attempt 1 claimed, then the worker dies (its lease runs out without a finish).
    await claimJob({ db: db(), id: jobId, now: Date.now(), timing });
    await db().update(surveys).set({ disposeStatus: DISPOSE_STATUS.GENERATING }).where(eq(surveys.id, id));
    await expireLease(jobId);
    await sweepJobs({ env: quiet.env, db: db(), now: Date.now() });
    expect(await getJob({ db: db(), id: jobId })).toMatchObject({ state: "queued", attempts: 1, lastError: JOB_ERROR.leaseExpired });
    expect(quiet.sent).toContainEqual({ kind: "report", jobId });
    // Attempts 2 and 3 die the same way.
    for (let i = 2; i <= JOB_MAX_ATTEMPTS; i++) {
      expect(await claimJob({ db: db(), id: jobId, now: Date.now(), timing })).not.toBeNull();
      await expireLease(jobId);
    }
    await sweepJobs({ env: quiet.env, db: db(), now: Date.now() });
    const failed = (await getJob({ db: db(), id: jobId }))!;
    expect(failed.state).toBe("failed");
    expect(failed.lastError).toContain(JOB_ERROR.finalLease);
    // The user: the survey failed with its reason (the workbench shows it, and stops polling).
    expect(await surveyRow(id)).toMatchObject({ disposeStatus: DISPOSE_STATUS.FAILED, failReason: REPORT_MSG.failed });
    const info = await callJson<{ status: number; failReason: string }>("/api/surveyInfo/info", { token: owner.token, json: { id } });
    expect(info.data).toMatchObject({ status: DISPOSE_STATUS.FAILED, failReason: REPORT_MSG.failed });
    // The operator: listed in /admin's failures.
    const list = await adminGet<ReportFailureView[]>("report-failures", admin.token);
    expect(list.data.find((f) => f.surveyId === id)).toMatchObject({ reason: REPORT_MSG.failed });
    // The user's own retry: generate queues a fresh job (the failed row stays as the record).
    await generateReport({ db: db(), env: quiet.env, now: Date.now(), userId: owner.user.id, surveyId: id });
    const again = await subjectJob("report", id);
    expect(again).toMatchObject({ state: "queued", attempts: 0 });
    expect(again.id).not.toBe(jobId);
    expect(quiet.sent).toContainEqual({ kind: "report", jobId: again.id });
    // That one fails too; the operator's retry queues it again (through the real queue from here on).
    await db().update(surveys).set({ disposeStatus: DISPOSE_STATUS.FAILED }).where(eq(surveys.id, id));
    await db().update(jobs).set({ state: "failed" }).where(eq(jobs.id, again.id));
    expect((await adminPost("report-failures/retry", { surveyId: id }, admin.token)).code).toBe(CODE.OK);
    const third = await subjectJob("report", id);
    expect(third.id).not.toBe(again.id);
    expect(third.attempts).toBeLessThanOrEqual(1);
  });
});

describe("generate on a survey whose job died", () => {
  it("refuses while the job's lease is live and starts it again once the lease expired", async () => {
    const { owner, id, jobId } = await queuedSurvey();
    const quiet = quietEnv();
    const ctx = () => ({ db: db(), env: quiet.env, now: Date.now() });
    await claimJob({ db: db(), id: jobId, now: Date.now(), timing });
    await db().update(surveys).set({ disposeStatus: DISPOSE_STATUS.GENERATING }).where(eq(surveys.id, id));
    await expect(generateReport({ ...ctx(), userId: owner.user.id, surveyId: id })).rejects.toMatchObject({ message: WB_MSG.generating });
    await expireLease(jobId);
    expect(await generateReport({ ...ctx(), userId: owner.user.id, surveyId: id })).toEqual({ id, disposeStatus: DISPOSE_STATUS.QUEUED });
    expect(await getJob({ db: db(), id: jobId })).toMatchObject({ state: "queued", attempts: 0 });
    expect(quiet.sent).toContainEqual({ kind: "report", jobId });
  });

  it("a survey left queued with no job at all (a crash between the two) restarts too", async () => {
    const owner = await makeUser();
    const id = await filledSurvey(owner.token, "motor");
    await db().update(surveys).set({ disposeStatus: DISPOSE_STATUS.QUEUED }).where(eq(surveys.id, id));
    const quiet = quietEnv();
    expect((await generateReport({ db: db(), env: quiet.env, now: Date.now(), userId: owner.user.id, surveyId: id })).disposeStatus).toBe(DISPOSE_STATUS.QUEUED);
    expect(await subjectJob("report", id)).toMatchObject({ state: "queued" });
  });
});

describe("the dead-letter queue", () => {
  it("records the failure on the job and tells the subject", async () => {
    const { id, jobId } = await queuedSurvey();
    await expireLease(jobId);
    const batch = createMessageBatch(DEAD_LETTER_QUEUE, [{ id: "dl1", timestamp: new Date(), attempts: 1, body: { kind: "report", jobId } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<QueueJob>, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["dl1"]);
    const job = (await getJob({ db: db(), id: jobId }))!;
    expect(job.state).toBe("failed");
    expect(job.lastError).toContain(JOB_ERROR.deadLetter);
    expect(await surveyRow(id)).toMatchObject({ disposeStatus: DISPOSE_STATUS.FAILED, failReason: REPORT_MSG.failed });
  });

  it("a dead letter for a job held under a live lease only notes it", async () => {
    const subject = `dl-${Math.random()}`;
    const jobId = await enqueueJob({ db: db(), kind: "push", subjectId: subject, now: Date.now(), timing });
    await claimJob({ db: db(), id: jobId, now: Date.now(), timing });
    const batch = createMessageBatch(DEAD_LETTER_QUEUE, [{ id: "dl2", timestamp: new Date(), attempts: 4, body: { kind: "push", jobId } }]);
    await worker.queue(batch as MessageBatch<QueueJob>, env);
    expect(await getJob({ db: db(), id: jobId })).toMatchObject({ state: "running", lastError: `${JOB_ERROR.deadLetter}（4 次投递）` });
  });
});

describe("data exports as jobs", () => {
  it("a stuck export neither blocks a new request nor counts against the daily limit", async () => {
    const { user } = await makeUser();
    const quiet = quietEnv();
    const first = await requestExport({ env: quiet.env, db: db(), userId: user.id });
    await expect(requestExport({ env: quiet.env, db: db(), userId: user.id })).rejects.toMatchObject({ message: RIGHTS_MSG.exportRunning });
    // The worker died mid-build: its lease ran out.
    const job = await subjectJob("export", first.id);
    await claimJob({ db: db(), id: job.id, now: Date.now(), timing });
    await db().update(dataExports).set({ status: "building" }).where(eq(dataExports.id, first.id));
    await expireLease(job.id);
    // Three more requests succeed: the stuck one was superseded (failed) and does not count.
    for (let i = 0; i < EXPORT_DAILY_MAX; i++) {
      const next = await requestExport({ env: quiet.env, db: db(), userId: user.id });
      await db().update(dataExports).set({ status: "ready", expiresAt: Date.now() + 60_000 }).where(eq(dataExports.id, next.id));
    }
    expect((await db().select().from(dataExports).where(eq(dataExports.id, first.id)).get())!).toMatchObject({ status: "failed", failReason: JOB_ERROR.superseded });
    expect((await getJob({ db: db(), id: job.id }))!.state).toBe("failed");
    await expect(requestExport({ env: quiet.env, db: db(), userId: user.id })).rejects.toMatchObject({ message: RIGHTS_MSG.exportDailyLimit });
  });

  it("an export that fails for good tells the user by system message; the operator sees it and retries it", async () => {
    const { user, token } = await makeUser();
    const admin = await makeAdmin();
    const quiet = quietEnv();
    const view: ExportView = await requestExport({ env: quiet.env, db: db(), userId: user.id });
    const job = await subjectJob("export", view.id);
    for (let i = 1; i <= JOB_MAX_ATTEMPTS; i++) {
      await claimJob({ db: db(), id: job.id, now: Date.now(), timing });
      await expireLease(job.id);
    }
    await sweepJobs({ env: quiet.env, db: db(), now: Date.now() });
    expect((await db().select().from(dataExports).where(eq(dataExports.id, view.id)).get())!.status).toBe("failed");
    const messages = await db().select().from(qaMessages).where(and(eq(qaMessages.receiverId, user.id), eq(qaMessages.kind, "system"))).all();
    expect(messages.map((m) => m.content)).toContain(RIGHTS_MSG.exportFailed);
    const overview = await callJson<{ exports: ExportView[] }>("/api/account/overview", { token });
    expect(overview.data.exports.find((e) => e.id === view.id)?.status).toBe("failed");
    // /admin: listed with the user and the reason; the retry puts export and job back in the queue.
    const list = await adminGet<JobFailureView[]>("job-failures", admin.token);
    const row = list.data.find((j) => j.id === job.id)!;
    expect(row).toMatchObject({ kind: "export", kindText: "个人数据导出", userId: user.id });
    expect(row.lastError).toContain(JOB_ERROR.finalLease);
    expect(await adminPost("job-failures/retry", { jobId: job.id }, admin.token)).toMatchObject({ code: CODE.OK, msg: JOB_MSG.retried });
    expect(await getJob({ db: db(), id: job.id })).toMatchObject({ state: "queued", attempts: 0 });
    expect((await db().select().from(dataExports).where(eq(dataExports.id, view.id)).get())!.status).toBe("queued");
    expect(await adminPost("job-failures/retry", { jobId: job.id }, admin.token)).toMatchObject({ code: CODE.FAIL, msg: JOB_MSG.retryInvalid });
    // The retried job really runs (here, or already through the real queue's wake-up): the zip is built.
    expect(["done", "skipped"]).toContain(await runJob(quiet.env, job.id));
    for (let i = 0; i < 300 && (await getJob({ db: db(), id: job.id }))!.state !== "done"; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await getJob({ db: db(), id: job.id })).toMatchObject({ state: "done" });
    expect((await db().select().from(dataExports).where(eq(dataExports.id, view.id)).get())!.status).toBe("ready");
  });
});

describe("queue sends within the platform's limits", () => {
  it("splits by count and by bytes, and refuses a message over 128 KB", async () => {
    const small = Array.from({ length: 250 }, (_, i) => ({ kind: "push", jobId: i }));
    expect(splitForQueue(small).map((g) => g.length)).toEqual([100, 100, 50]);
    const big = Array.from({ length: 10 }, () => ({ kind: "x", pad: "a".repeat(60_000) }));
    const groups = splitForQueue(big);
    expect(groups.every((g) => g.reduce((n, b) => n + messageBytes(b), 0) <= QUEUE_BATCH_MAX_BYTES)).toBe(true);
    expect(groups.map((g) => g.length)).toEqual([4, 4, 2]);
    expect(() => splitForQueue([{ pad: "a".repeat(130_000) }])).toThrow(/exceeds/);
    const quiet = quietEnv();
    await sendSplit(quiet.env.REPORT_QUEUE, small);
    expect(quiet.batches).toEqual([100, 100, 50]);
  });
});
