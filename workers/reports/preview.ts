// The web preview (issue 6): the stored figures of the survey's latest report, for its owner, so the result
// can be seen before paying for the PDF.
import { fail } from "../lib/errors";
import type { Db } from "../lib/db";
import { d1, ownSurvey } from "../services/workbench";
import type { ReportFigures } from "./figures";
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
  const survey = await ownSurvey(db, userId, surveyId);
  const row = await d1(db)
    .prepare("SELECT figures_json, report_no, generated_at, page_count, file_size, render_ms FROM report_results WHERE survey_id = ?")
    .bind(survey.id)
    .first<{ figures_json: string; report_no: string; generated_at: number; page_count: number; file_size: number; render_ms: number }>();
  if (!row) throw fail(REPORT_NOT_READY);
  return {
    surveyId: survey.id,
    figures: JSON.parse(row.figures_json) as ReportFigures,
    reportNo: row.report_no,
    generatedAt: row.generated_at,
    pageCount: row.page_count,
    fileSize: row.file_size,
    renderMs: row.render_ms,
    stale: survey.dispose_status !== 1,
  };
}
