// The web preview (issue 6): the stored figures of the survey's latest report, for its owner, so the result
// can be seen before paying for the PDF.
import { eq } from "drizzle-orm";
import { reportResults } from "../../db/schema";
import { DISPOSE_STATUS } from "../contract/workbench";
import { fail } from "../lib/errors";
import type { Db } from "../lib/db";
import { ownSurvey } from "../services/workbench";
import type { ReportFigures } from "./model/figures";
import { REPORT_MSG } from "./messages";

export interface ReportPreview {
  surveyId: number;
  figures: ReportFigures;
  reportNo: string;
  generatedAt: number;
  pageCount: number;
  fileSize: number;
  renderMs: number;
  /** True when the answers changed after this report (the survey is no longer at status 1). */
  stale: boolean;
}

export const REPORT_NOT_READY = REPORT_MSG.notReady;

export async function reportPreview(db: Db, userId: number, surveyId: number): Promise<ReportPreview> {
  const survey = await ownSurvey({ db, userId, surveyId });
  const [row] = await db.select().from(reportResults).where(eq(reportResults.surveyId, survey.id)).limit(1);
  if (!row) throw fail(REPORT_NOT_READY);
  return {
    surveyId: survey.id,
    figures: JSON.parse(row.figuresJson) as ReportFigures,
    reportNo: row.reportNo,
    generatedAt: row.generatedAt,
    pageCount: row.pageCount,
    fileSize: row.fileSize,
    renderMs: row.renderMs,
    stale: survey.disposeStatus !== DISPOSE_STATUS.READY,
  };
}
