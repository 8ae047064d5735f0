// Reports: the web preview of a generated report's figures (POST /api/surveyInfo/reportPreview, owner only)
// and the files at /files/report/<key>.pdf and the measures tracker beside it at <key>.xlsx (canDownloadReport: the
// owner after a SUCCESS order, or the privileged phone).
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { surveyIdSchema } from "../contract/workbench";
import { reportPreview } from "../reports/preview";
import { readReportFile } from "../reports/files";
import { XLSX_MIME } from "../contract/spreadsheet";

export const reportPreviewApi = new Hono<AppEnv>()
  .use("*", requireActor)
  .post("/", validate("json", surveyIdSchema), async (c) => ok(c, await reportPreview(c.get("db"), actorOf(c).userId, c.req.valid("json").id)));

export const reportFilesApi = new Hono<AppEnv>().get("/:key", async (c) => {
  const key = c.req.param("key");
  const file = await readReportFile(c.get("db"), c.env, c.get("actor")?.userId ?? null, key);
  if (!file) return c.text("Not found", 404);
  const { object } = file;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  const tracker = key.endsWith(".xlsx");
  headers.set("content-type", tracker ? XLSX_MIME : "application/pdf");
  headers.set("content-disposition", tracker ? `attachment; filename="measures.xlsx"` : `inline; filename="report.pdf"`);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "private, no-store");
  headers.set("x-content-type-options", "nosniff");
  return new Response(object.body, { headers });
});
