// The report status machine (spec 3 §3) in one place. Every transition is a compare-and-set on
// surveys.dispose_status, so two clicks, two deliveries of one queue message or an edit during rendering can
// never publish twice or publish a stale report:
//   NONE/READY/FAILED → QUEUED      queueReport (generate; with its job row, docs/decisions/162-jobs-in-d1.md)
//   QUEUED/GENERATING → QUEUED      queueReport with restart (generate after the job's lease expired)
//   QUEUED/GENERATING → GENERATING  claimReport (the job starts, or a retry resumes)
//   GENERATING → READY              publishReport (with its report_results row, only if the answers are unchanged)
//   GENERATING → QUEUED             requeueReport (answers edited while rendering)
//   QUEUED/GENERATING → FAILED      failReport (with the reason shown to the user; the job's last attempt, the sweeper)
// Answer edits move READY/FAILED back to NONE (access.ts statusAfterAnswerChange).
import { and, eq, inArray, sql } from "drizzle-orm";
import { reportResults, surveyTypes, surveys } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { DISPOSE_STATUS, isReportPending } from "../../contract/workbench";
import type { SurveyRow } from "./access";
import { enqueueJobStatement, type JobTiming } from "../jobs/store";
import { JOB_KIND } from "../../contract/jobs";

const { NONE, QUEUED, READY, GENERATING, FAILED } = DISPOSE_STATUS;
export type DisposeStatus = (typeof DISPOSE_STATUS)[keyof typeof DISPOSE_STATUS];

/** A queued or running report: generate refuses to queue another. */
export const isGenerating = isReportPending;

/**
 * NONE/READY/FAILED → QUEUED, with the survey's job queued in the same transaction (the queue message is only a
 * wake-up, sent after). `restart`: the survey is pending but its job's lease expired (the worker died), so
 * QUEUED/GENERATING are accepted too and the job is reset. False when the status moved meanwhile.
 */
export async function queueReport({ db, surveyId, now, timing, restart = false }: { db: Db; surveyId: number; now: number; timing: JobTiming; restart?: boolean }): Promise<number | null> {
  const from = restart ? [QUEUED, GENERATING] : [NONE, READY, FAILED];
  const [queued, job] = await db.batch([
    db
      .update(surveys)
      .set({ disposeStatus: QUEUED, failReason: null, updatedAt: now })
      .where(and(eq(surveys.id, surveyId), inArray(surveys.disposeStatus, from)))
      .returning({ id: surveys.id }),
    // Only when the survey moved: its status is QUEUED, stamped at this instant by the statement above.
    enqueueJobStatement({ db, kind: JOB_KIND.REPORT, subjectId: surveyId, now, timing, onlyIf: sql`EXISTS (SELECT 1 FROM ${surveys} WHERE ${and(eq(surveys.id, surveyId), eq(surveys.disposeStatus, QUEUED), eq(surveys.updatedAt, now))})` }),
  ]);
  if (!queued.length) return null;
  return job[0]?.id ?? null;
}

/**
 * QUEUED (first delivery) or GENERATING (a retry) → GENERATING; the survey as claimed, or null when the message
 * is obsolete (deleted survey, report already finished).
 */
export async function claimReport({ db, surveyId }: { db: Db; surveyId: number }): Promise<SurveyRow | null> {
  const [row] = await db
    .update(surveys)
    .set({ disposeStatus: GENERATING })
    .where(and(eq(surveys.id, surveyId), inArray(surveys.disposeStatus, [QUEUED, GENERATING])))
    .returning();
  return row ?? null;
}

/** What the job produced: the report_results row but for its survey and owner. */
export type RenderedReport = Omit<typeof reportResults.$inferInsert, "surveyId" | "userId">;

/** The file key of the survey's current report, if any (the job deletes it after publishing a new one). */
export async function currentReportFileKey({ db, surveyId }: { db: Db; surveyId: number }): Promise<string | null> {
  const [row] = await db.select({ fileKey: reportResults.fileKey }).from(reportResults).where(eq(reportResults.surveyId, surveyId)).limit(1);
  return row?.fileKey ?? null;
}

/**
 * GENERATING → READY with the report's row and the card's report count, in one transaction whose every
 * statement re-checks that the answers are still the ones the report used. False when they are not (edited
 * or deleted while rendering): nothing was written.
 */
export async function publishReport({ db, claimed, report, fileUrl }: { db: Db; claimed: SurveyRow; report: RenderedReport; fileUrl: string }): Promise<boolean> {
  const unchanged = and(eq(surveys.id, claimed.id), eq(surveys.disposeStatus, GENERATING), eq(surveys.answersUpdatedAt, claimed.answersUpdatedAt));
  const stillUnchanged = sql`EXISTS (SELECT 1 FROM ${surveys} WHERE ${unchanged})`;
  // INSERT … SELECT … WHERE: the guard must sit in the insert itself, so the row is drizzle's `sql` template
  // (column order of report_results) inside a drizzle insert builder, which db.batch can run.
  const row = sql`SELECT ${claimed.id}, ${claimed.userId}, ${report.card}, ${report.figuresJson}, ${report.reportNo}, ${report.fileKey},
    ${report.fileSize}, ${report.renderMs}, ${report.pageCount}, ${report.generatedAt} WHERE ${stillUnchanged}`;
  const [, , published] = await db.batch([
    db
      .insert(reportResults)
      .select(row)
      .onConflictDoUpdate({
        target: reportResults.surveyId,
        set: {
          userId: sql`excluded.user_id`,
          card: sql`excluded.card`,
          figuresJson: sql`excluded.figures_json`,
          reportNo: sql`excluded.report_no`,
          fileKey: sql`excluded.file_key`,
          fileSize: sql`excluded.file_size`,
          renderMs: sql`excluded.render_ms`,
          pageCount: sql`excluded.page_count`,
          generatedAt: sql`excluded.generated_at`,
        },
      }),
    db
      .update(surveyTypes)
      .set({ reportCount: sql`${surveyTypes.reportCount} + 1` })
      .where(and(eq(surveyTypes.id, claimed.typeId), stillUnchanged)),
    db.update(surveys).set({ disposeStatus: READY, fileUrl, failReason: null }).where(unchanged).returning({ id: surveys.id }),
  ]);
  return published.length > 0;
}

/** GENERATING → QUEUED (the answers changed while rendering). False when the survey left GENERATING (deleted…). */
export async function requeueReport({ db, surveyId }: { db: Db; surveyId: number }): Promise<boolean> {
  const rows = await db
    .update(surveys)
    .set({ disposeStatus: QUEUED })
    .where(and(eq(surveys.id, surveyId), eq(surveys.disposeStatus, GENERATING)))
    .returning({ id: surveys.id });
  return rows.length > 0;
}

/** QUEUED/GENERATING → FAILED with the reason the workbench shows (the job failed for good). */
export async function failReport({ db, surveyId, reason, now = Date.now() }: { db: Db; surveyId: number; reason: string; now?: number }): Promise<void> {
  await db
    .update(surveys)
    .set({ disposeStatus: FAILED, failReason: reason, updatedAt: now })
    .where(and(eq(surveys.id, surveyId), inArray(surveys.disposeStatus, [QUEUED, GENERATING])));
}
