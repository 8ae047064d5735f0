// The plant summary as a signable PDF (issue 22): the request (row + "plant" job in one batch), the row's status
// machine the job moves (queued → building → ready | failed, each a compare-and-set), the page's view of the newest
// request of an enterprise and the owner-only download. Rendering is the job's (workers/reports/plant-job.ts).
import { and, desc, eq, inArray } from "drizzle-orm";
import { plantReports } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { JOB_KIND } from "../../contract/jobs";
import {
  PLANT_REPORT_MSG,
  PLANT_REPORT_STATUS,
  PLANT_REPORT_STATUS_TEXT,
  plantReportPath,
  type PlantReportStatus,
  type PlantReportView,
} from "../../contract/plant";
import { enqueueJobStatement, jobTiming, liveJob } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { plantSummary } from "./summary";

export type PlantReportRow = typeof plantReports.$inferSelect;

const { QUEUED, BUILDING, READY, FAILED } = PLANT_REPORT_STATUS;
const PENDING: PlantReportStatus[] = [QUEUED, BUILDING];

/** R2 key of a plant PDF: under the owner, named by the row's random id. */
export const plantReportObjectKey = (userId: number, id: string) => `plant-reports/${userId}/${id}.pdf`;

export function plantReportView(row: PlantReportRow): PlantReportView {
  const status = row.status as PlantReportStatus;
  return {
    id: row.id,
    company: row.company,
    status,
    statusText: PLANT_REPORT_STATUS_TEXT[status] ?? row.status,
    reportNo: row.reportNo,
    createdAt: row.createdAt,
    readyAt: row.readyAt,
    pageCount: row.pageCount,
    failReason: row.failReason,
    downloadUrl: status === READY && row.fileKey ? plantReportPath(row.id) : null,
  };
}

async function newestRow(db: Db, userId: number, company: string): Promise<PlantReportRow | null> {
  const row = await db
    .select()
    .from(plantReports)
    .where(and(eq(plantReports.userId, userId), eq(plantReports.company, company)))
    .orderBy(desc(plantReports.createdAt))
    .limit(1)
    .get();
  return row ?? null;
}

/** The caller's newest PDF request for the enterprise (null when none). */
export async function latestPlantReport({ db, userId, company }: { db: Db; userId: number; company: string }): Promise<PlantReportView | null> {
  const row = await newestRow(db, userId, company.trim());
  return row ? plantReportView(row) : null;
}

/**
 * Ask for the enterprise's plant summary as a PDF. The enterprise must be the caller's (the same read as the page,
 * which also refuses an enterprise with nothing to print); one pending request per enterprise unless its job died.
 * The row and its job are written in one batch; the queue message only wakes a worker.
 */
export async function requestPlantReport({ db, env, now, userId, company }: { db: Db; env: Env; now: number; userId: number; company: string }): Promise<PlantReportView> {
  const name = company.trim();
  const view = await plantSummary({ db, env, now, userId, requested: name });
  if (!view.summary || view.summary.balance.carriers.length === 0) throw fail(PLANT_REPORT_MSG.nothingToPrint);
  const previous = await newestRow(db, userId, name);
  if (previous && PENDING.includes(previous.status as PlantReportStatus) && (await liveJob({ db, kind: JOB_KIND.PLANT, subjectId: previous.id, now }))) throw fail(PLANT_REPORT_MSG.running);
  const id = randomId(16);
  const [, job] = await db.batch([
    db.insert(plantReports).values({ id, userId, company: name, status: QUEUED, createdAt: now }),
    enqueueJobStatement({ db, kind: JOB_KIND.PLANT, subjectId: id, now, timing: jobTiming({ env }) }),
  ]);
  await wakeJobs({ env, list: [{ id: job[0]!.id, kind: JOB_KIND.PLANT }] });
  return plantReportView((await db.select().from(plantReports).where(eq(plantReports.id, id)).get())!);
}

/** queued (first claim) or building (a retry) → building; null when the request is gone or finished. */
export async function claimPlantReport({ db, id }: { db: Db; id: string }): Promise<PlantReportRow | null> {
  const [row] = await db
    .update(plantReports)
    .set({ status: BUILDING })
    .where(and(eq(plantReports.id, id), inArray(plantReports.status, PENDING)))
    .returning();
  return row ?? null;
}

export interface PublishedPlantReport {
  summaryJson: string;
  reportNo: string;
  fileKey: string;
  fileSize: number;
  pageCount: number;
  renderMs: number;
  readyAt: number;
}

/** building → ready with the file and the summary it prints; false when the row left building meanwhile. */
export async function publishPlantReport({ db, id, report }: { db: Db; id: string; report: PublishedPlantReport }): Promise<boolean> {
  const rows = await db
    .update(plantReports)
    .set({ status: READY, failReason: null, ...report })
    .where(and(eq(plantReports.id, id), eq(plantReports.status, BUILDING)))
    .returning({ id: plantReports.id });
  return rows.length > 0;
}

/** The job failed for good: the page shows the reason (a data problem's own message, else the generic one). */
export async function failPlantReport({ db, id, reason }: { db: Db; id: string; reason: string | null }): Promise<void> {
  await db
    .update(plantReports)
    .set({ status: FAILED, failReason: (reason ?? PLANT_REPORT_MSG.failed).slice(0, 300) })
    .where(and(eq(plantReports.id, id), inArray(plantReports.status, PENDING)));
}

/** The PDF for its owner while ready; null for anyone else, unknown ids or a file not there. */
export async function readPlantReportFile({ db, env, userId, id }: { db: Db; env: Env; userId: number; id: string }): Promise<{ object: R2ObjectBody; row: PlantReportRow } | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const row = await db
    .select()
    .from(plantReports)
    .where(and(eq(plantReports.id, id), eq(plantReports.userId, userId)))
    .get();
  if (!row || row.status !== READY || !row.fileKey) return null;
  const object = await env.FILES.get(row.fileKey);
  return object ? { object, row } : null;
}
