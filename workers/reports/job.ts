// The "report" queue job (spec 3 §3–4): 0 → 2, answers → engine → PDF → R2 → report_results, then 1 with the
// file URL; a data problem ends in 3 with its message at once, anything else is retried by the consumer with
// backoff and ends in 3 (报告生成失败，请稍后重试) on the last attempt. Answers edited while the job ran
// (answers_updated_at moved) send the survey back to the queue instead of publishing a stale report.
import type { QueueJob } from "../jobs/queue";
import { getDb } from "../lib/db";
import { randomId } from "../lib/ids";
import { d1, type SurveyRow } from "../services/workbench";
import { ReportInputError, buildReport } from "./build";
import { REPORT_FAILED_MSG, REPORT_MAX_ATTEMPTS, reportFileUrl, reportObjectKey } from "./files";

export interface ReportJob extends QueueJob {
  kind: "report";
  surveyId: number;
}

function log(event: string, fields: Record<string, unknown>) {
  console.log(JSON.stringify({ event, ...fields }));
}

async function markFailed(db: D1Database, surveyId: number, reason: string) {
  await db.prepare("UPDATE surveys SET dispose_status = 3, fail_reason = ? WHERE id = ? AND dispose_status = 2").bind(reason, surveyId).run();
}

export async function handleReportJob(job: QueueJob, env: Env, attempts: number): Promise<void> {
  const surveyId = Number(job.surveyId);
  if (!Number.isInteger(surveyId) || surveyId <= 0) {
    log("report_bad_job", { job });
    return;
  }
  const db = getDb(env.DB);
  const client = d1(db);
  // Claim the survey: queued (0), or generating (2) when this is a retry. Anything else (deleted survey,
  // already finished) makes this message obsolete.
  const survey = await client
    .prepare("UPDATE surveys SET dispose_status = 2 WHERE id = ? AND dispose_status IN (0, 2) RETURNING *")
    .bind(surveyId)
    .first<SurveyRow>();
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
    await env.FILES.put(reportObjectKey(fileKey), pdf.bytes, { httpMetadata: { contentType: "application/pdf" } });
    uploadedKey = fileKey;
    const previous = await client.prepare("SELECT file_key FROM report_results WHERE survey_id = ?").bind(surveyId).first<{ file_key: string }>();
    const now = Date.now();
    // One transaction; every statement re-checks that the answers are still the ones this report used.
    const still = "EXISTS (SELECT 1 FROM surveys WHERE id = ?1 AND dispose_status = 2 AND answers_updated_at = ?2)";
    const [, , published] = await client.batch([
      client
        .prepare(
          `INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at)
           SELECT ?1, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11 WHERE ${still}
           ON CONFLICT (survey_id) DO UPDATE SET user_id = excluded.user_id, card = excluded.card, figures_json = excluded.figures_json,
             report_no = excluded.report_no, file_key = excluded.file_key, file_size = excluded.file_size, render_ms = excluded.render_ms,
             page_count = excluded.page_count, generated_at = excluded.generated_at`,
        )
        .bind(surveyId, survey.answers_updated_at, survey.user_id, card, JSON.stringify(doc.figures), doc.figures.reportNo, fileKey, pdf.bytes.length, pdf.renderMs, pdf.pages, now),
      client.prepare(`UPDATE survey_types SET report_count = report_count + 1 WHERE id = ?3 AND ${still}`).bind(surveyId, survey.answers_updated_at, survey.type_id),
      client
        .prepare(`UPDATE surveys SET dispose_status = 1, file_url = ?3, fail_reason = NULL WHERE id = ?1 AND dispose_status = 2 AND answers_updated_at = ?2`)
        .bind(surveyId, survey.answers_updated_at, reportFileUrl(fileKey)),
    ]);
    if (!published.meta.changes) {
      // Edited (or deleted) while rendering: drop this PDF; an edited survey goes back to the queue.
      await env.FILES.delete(reportObjectKey(fileKey));
      const requeued = await client.prepare("UPDATE surveys SET dispose_status = 0 WHERE id = ? AND dispose_status = 2").bind(surveyId).run();
      if (requeued.meta.changes) await env.REPORT_QUEUE.send({ kind: "report", surveyId } satisfies ReportJob);
      log("report_stale", { surveyId, requeued: requeued.meta.changes > 0 });
      return;
    }
    if (previous && previous.file_key !== fileKey) await env.FILES.delete(reportObjectKey(previous.file_key));
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
    if (uploadedKey) await env.FILES.delete(reportObjectKey(uploadedKey)).catch(() => undefined);
    if (e instanceof ReportInputError) {
      await markFailed(client, surveyId, e.message);
      log("report_invalid", { surveyId, reason: e.message });
      return;
    }
    log("report_error", { surveyId, attempts, error: String(e), stack: e instanceof Error ? e.stack?.split("\n").slice(0, 4).join(" | ") : undefined });
    if (attempts < REPORT_MAX_ATTEMPTS) throw e;
    await markFailed(client, surveyId, REPORT_FAILED_MSG);
  }
}
