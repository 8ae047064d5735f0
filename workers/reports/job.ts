// The "report" queue job (spec 3 §3–4): renders and stores. The status machine (claim, publish, fail, requeue)
// is services/workbench/publication.ts; here: answers → engine → PDF → R2, then publish with the file URL; a
// data problem fails at once with its message, anything else is retried by the consumer with
// backoff and ends FAILED (报告生成失败，请稍后重试) on the last attempt. Answers edited while the job ran
// (answers_updated_at moved) send the survey back to the queue instead of publishing a stale report.
import type { QueueJob } from "../jobs/queue";
import { getDb } from "../lib/db";
import { randomId } from "../lib/ids";
import { claimReport, currentReportFileKey, failReport, publishReport, requeueReport } from "../services/workbench/publication";
import { ReportInputError, buildReport } from "./build";
import { REPORT_FAILED_MSG, REPORT_MAX_ATTEMPTS, reportFileUrl, reportObjectKey, reportObjectKeys, trackerFileKey } from "./files";
import { XLSX_MIME } from "../contract/spreadsheet";

export interface ReportJob extends QueueJob {
  kind: "report";
  surveyId: number;
}

function log(event: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ event, ...fields }));
}

export async function handleReportJob(job: QueueJob, env: Env, attempts: number): Promise<void> {
  const surveyId = Number(job.surveyId);
  if (!Number.isInteger(surveyId) || surveyId <= 0) {
    log("report_bad_job", { job });
    return;
  }
  const db = getDb(env.DB);
  const survey = await claimReport(db, surveyId);
  if (!survey) {
    log("report_obsolete", { surveyId });
    return;
  }
  const started = Date.now();
  let uploadedKey: string | null = null;
  try {
    const { doc, card } = await buildReport(db, env, survey, started);
    const modelMs = Date.now() - started;
    const { renderReportPdf } = await import("./render");
    const pdf = await renderReportPdf(env, doc);
    const fileKey = `${randomId(16)}.pdf`;
    uploadedKey = fileKey;
    // The measures tracker (the roll-up as a styled xlsx) goes beside the PDF, under the same key.
    const { trackerXlsx } = await import("./tracker");
    await Promise.all([
      env.FILES.put(reportObjectKey(fileKey), pdf.bytes, { httpMetadata: { contentType: "application/pdf" } }),
      env.FILES.put(reportObjectKey(trackerFileKey(fileKey)), await trackerXlsx(doc), { httpMetadata: { contentType: XLSX_MIME } }),
    ]);
    const previous = await currentReportFileKey(db, surveyId);
    const published = await publishReport(
      db,
      survey,
      {
        card,
        figuresJson: JSON.stringify(doc.figures),
        reportNo: doc.figures.reportNo,
        fileKey,
        fileSize: pdf.bytes.length,
        renderMs: pdf.renderMs,
        pageCount: pdf.pages,
        generatedAt: Date.now(),
      },
      reportFileUrl(fileKey),
    );
    if (!published) {
      // Edited (or deleted) while rendering: drop this PDF; an edited survey goes back to the queue.
      await env.FILES.delete(reportObjectKeys(fileKey));
      const requeued = await requeueReport(db, surveyId);
      if (requeued) await env.REPORT_QUEUE.send({ kind: "report", surveyId } satisfies ReportJob);
      log("report_stale", { surveyId, requeued });
      return;
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
      await failReport(db, surveyId, e.message);
      log("report_invalid", { surveyId, reason: e.message });
      return;
    }
    log("report_error", { surveyId, attempts, error: String(e), stack: e instanceof Error ? e.stack?.split("\n").slice(0, 4).join(" | ") : undefined });
    if (attempts < REPORT_MAX_ATTEMPTS) throw e;
    await failReport(db, surveyId, REPORT_FAILED_MSG);
  }
}
