// The "plant" job (issue 22): an enterprise's plant summary as a signable PDF. Claim the request, read the
// enterprise's surveys exactly as /workbench/plant does (services/plant/summary.ts), build the plant document,
// render it (in the renderer Worker when bound), store it in R2 and publish the row with the summary it printed
// (summary_json: every printed figure comes from it). A data problem (the enterprise's surveys gone, nothing to
// print) fails at once with its message; anything else is thrown and the runner retries it with backoff.
import { getDb } from "../lib/db";
import { AppError } from "../lib/errors";
import { PLANT_REPORT_MSG } from "../contract/plant";
import { PermanentJobError } from "../services/jobs/store";
import { claimPlantReport, plantReportObjectKey, plantSummary, publishPlantReport } from "../services/plant";
import { plantReportDoc, plantReportNumber } from "./plant-model";
import { renderPlantReport } from "./remote-render";

export async function runPlantReportJob(env: Env, id: string, heartbeat: () => Promise<void> = async () => undefined): Promise<void> {
  const db = getDb(env.DB);
  const row = await claimPlantReport({ db, id });
  if (!row) return;
  const now = Date.now();
  let view;
  try {
    view = await plantSummary({ db, env, now, userId: row.userId, requested: row.company });
  } catch (e) {
    // The enterprise has no surveys any more (renamed or deleted since the request).
    if (e instanceof AppError) throw new PermanentJobError(e.message);
    throw e;
  }
  if (!view.summary || view.summary.balance.carriers.length === 0) throw new PermanentJobError(PLANT_REPORT_MSG.nothingToPrint);
  const reportNo = plantReportNumber(now);
  const doc = plantReportDoc(view, { reportNo, generatedAt: now });
  await heartbeat();
  const pdf = await renderPlantReport(env, doc);
  await heartbeat();
  const fileKey = plantReportObjectKey(row.userId, row.id);
  await env.FILES.put(fileKey, pdf.bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { owner: String(row.userId) } });
  const published = await publishPlantReport({ db, id: row.id, report: {
    summaryJson: JSON.stringify(view),
    reportNo,
    fileKey,
    fileSize: pdf.bytes.length,
    pageCount: pdf.pages,
    renderMs: pdf.renderMs,
    readyAt: Date.now(),
  } });
  // The row left "building" meanwhile (the account was deleted: the row went with it): drop the file.
  if (!published) await env.FILES.delete(fileKey);
  console.log(JSON.stringify({ event: "plant_report_ready", id, published, pages: pdf.pages, renderMs: pdf.renderMs, bytes: pdf.bytes.length }));
}
