// The "report" job (spec 3 §3–4): renders and stores. The status machine (claim, publish, fail, requeue) is
// services/workbench/publication.ts, the job's row, lease and retries workers/jobs/runner.ts; here: answers →
// engine → PDF → R2, then publish with the file URL. A data problem fails at once with its message
// (PermanentJobError); anything else is thrown, and the runner retries it with backoff and ends the survey FAILED
// (报告生成失败，请稍后重试) after the last attempt. Answers edited while the job ran (answers_updated_at moved)
// send the survey back to the queue ("again") instead of publishing a stale report.
import { getDb } from "../lib/db";
import { randomId } from "../lib/ids";
import { claimReport, currentReportFileKey, publishReport, requeueReport } from "../services/workbench/publication";
import { PermanentJobError } from "../services/jobs/store";
import { ReportInputError, buildReport } from "./build";
import { reportFileUrl, reportObjectKey, reportObjectKeys, trackerFileKey } from "./files";
import { XLSX_MIME } from "../contract/spreadsheet";
import { renderReport } from "./remote-render";

function log(event: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ event, ...fields }));
}

/** What the runner hands the job: the survey, and a heartbeat that renews the lease between stages. */
export interface ReportJobInput {
  surveyId: number;
  attempts: number;
  heartbeat?: () => Promise<void>;
}

/** "again" when the answers changed while rendering (the survey is queued again); otherwise done. */
export async function handleReportJob(env: Env, { surveyId, attempts, heartbeat = async () => undefined }: ReportJobInput): Promise<"again" | void> {
  const db = getDb(env.DB);
  const survey = await claimReport({ db, surveyId });
  if (!survey) {
    log("report_obsolete", { surveyId });
    return;
  }
  const started = Date.now();
  let uploadedKey: string | null = null;
  try {
    const { doc, card } = await buildReport(db, env, survey, started);
    const modelMs = Date.now() - started;
    await heartbeat();
    // In the renderer Worker when bound (workers/renderer/): this isolate keeps serving requests meanwhile.
    const pdf = await renderReport(env, doc);
    await heartbeat();
    const fileKey = `${randomId(16)}.pdf`;
    uploadedKey = fileKey;
    // The measures tracker (the roll-up as a styled xlsx) goes beside the PDF, under the same key.
    const { trackerXlsx } = await import("./tracker");
    await Promise.all([
      env.FILES.put(reportObjectKey(fileKey), pdf.bytes, { httpMetadata: { contentType: "application/pdf" } }),
      env.FILES.put(reportObjectKey(trackerFileKey(fileKey)), await trackerXlsx(doc), { httpMetadata: { contentType: XLSX_MIME } }),
    ]);
    const previous = await currentReportFileKey({ db, surveyId });
    const published = await publishReport({ db, claimed: survey, report: {
        card,
        figuresJson: JSON.stringify(doc.figures),
        reportNo: doc.figures.reportNo,
        fileKey,
        fileSize: pdf.bytes.length,
        renderMs: pdf.renderMs,
        pageCount: pdf.pages,
        generatedAt: Date.now(),
      }, fileUrl: reportFileUrl(fileKey) });
    if (!published) {
      // Edited (or deleted) while rendering: drop this PDF; an edited survey goes back to the queue.
      await env.FILES.delete(reportObjectKeys(fileKey));
      const requeued = await requeueReport({ db, surveyId });
      log("report_stale", { surveyId, requeued });
      return requeued ? "again" : undefined;
    }
    if (previous && previous !== fileKey) await env.FILES.delete(reportObjectKeys(previous));
    log("report_ready", {
      surveyId,
      card,
      attempts,
      totalMs: Date.now() - started,
      modelMs,
      fontMs: pdf.fontMs,
      renderMs: pdf.renderMs,
      pages: pdf.pages,
      bytes: pdf.bytes.length,
    });
  } catch (e) {
    if (uploadedKey) await env.FILES.delete(reportObjectKeys(uploadedKey)).catch(() => undefined);
    if (e instanceof ReportInputError) {
      log("report_invalid", { surveyId, reason: e.message });
      throw new PermanentJobError(e.message);
    }
    log("report_error", { surveyId, attempts, error: String(e), stack: e instanceof Error ? e.stack?.split("\n").slice(0, 4).join(" | ") : undefined });
    throw e;
  }
}
