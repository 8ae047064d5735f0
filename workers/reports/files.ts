// Report files: R2 keys, the URL the workbench opens (fileUrl), the download check and constants shared by
// the job and the API. The download check is one function so the payment issue can extend it.
import { and, eq } from "drizzle-orm";
import { reportResults, surveys } from "../../db/schema";
import type { Db } from "../lib/db";
import { reportObjectKey, reportObjectKeys, trackerFileKey } from "../services/workbench/report-keys";
import { hasPaidReport } from "../services/payment/gating";
import { REPORT_MSG } from "./messages";

export const REPORT_FILES_PREFIX = "/files/report/";
export const REPORT_FAILED_MSG = REPORT_MSG.failed;
/** 32 hex characters + .pdf (the report) or .xlsx (its measures tracker), as the job names them. */
export const REPORT_FILE_KEY = /^[0-9a-f]{32}\.(pdf|xlsx)$/;

export { reportObjectKey, reportObjectKeys, trackerFileKey };
export const reportFileUrl = (fileKey: string) => `${REPORT_FILES_PREFIX}${fileKey}`;

/**
 * May this user download the survey's report PDF? Only its owner, and only after a SUCCESS order for the survey
 * (or with the privileged phone of spec 3 §6, REPORT_FREE_PHONE). The web preview of the figures stays free.
 */
export async function canDownloadReport(db: Db, env: Env, userId: number | null, surveyId: number): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.userId, userId)))
    .limit(1);
  return !!row && (await hasPaidReport({ db, env, userId, surveyId }));
}

/** The report's PDF or tracker for a file key, or null when the key is unknown or the user may not download it. */
export async function readReportFile(db: Db, env: Env, userId: number | null, fileKey: string): Promise<{ object: R2ObjectBody; surveyId: number } | null> {
  if (!REPORT_FILE_KEY.test(fileKey)) return null;
  const pdfKey = fileKey.replace(/\.xlsx$/, ".pdf");
  const [row] = await db.select({ surveyId: reportResults.surveyId }).from(reportResults).where(eq(reportResults.fileKey, pdfKey)).limit(1);
  if (!row || !(await canDownloadReport(db, env, userId, row.surveyId))) return null;
  const object = await env.FILES.get(reportObjectKey(fileKey));
  return object ? { object, surveyId: row.surveyId } : null;
}
