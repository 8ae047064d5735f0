// Spreadsheet calls (spec 3 §7 "execl"): /api/execl/survey/{download,import,export}, and the generated files at
// /files/execl/template/<typeId> (public) and /files/execl/export/<surveyId> (owner only). Thin: validate → service.
import { Hono, type Context } from "hono";
import { formWithFile, uploadLimit } from "./uploads";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { AppError } from "../lib/errors";
import { parseOrThrow, validate } from "../lib/validation";
import {
  EXPORT_FILES_PREFIX,
  IMPORT_MAX_BYTES,
  SHEET_MSG,
  TEMPLATE_FILES_PREFIX,
  XLSX_MIME,
  exportSchema,
  templateSchema,
} from "../contract/spreadsheet";
import { openCard, ownSurvey, type WbCtx } from "../services/workbench";
import { exportWorkbook, importWorkbook, previewImport, templateWorkbook } from "../spreadsheets/service";

const ctxOf = (c: Context<AppEnv>): WbCtx => ({ db: c.get("db"), env: c.env, now: Date.now() });

async function templatePath(c: Context<AppEnv>, type: number) {
  await openCard({ db: c.get("db"), typeId: type });
  return ok(c, `${TEMPLATE_FILES_PREFIX}${type}`, "成功");
}

export const excelApi = new Hono<AppEnv>()
  // Templates are public per card; spec 3 §7 gives `type` (query on GET, body on POST).
  .get("/download", validate("query", templateSchema), (c) => templatePath(c, c.req.valid("query").type))
  .post("/download", async (c) => {
    const body = c.req.header("content-type")?.includes("json") ? await c.req.json().catch(() => ({})) : {};
    return templatePath(c, parseOrThrow(templateSchema, { ...c.req.query(), ...(body as object) }).type);
  })
  .post("/export", requireActor, validate("json", exportSchema), async (c) => {
    const { id } = c.req.valid("json");
    await ownSurvey({ db: c.get("db"), userId: actorOf(c).userId, surveyId: id });
    return ok(c, `${EXPORT_FILES_PREFIX}${id}`, SHEET_MSG.exported);
  })
  .post(
    "/import",
    requireActor,
    uploadLimit(IMPORT_MAX_BYTES, SHEET_MSG.size),
    async (c) => {
      const { form, file } = await formWithFile(c, SHEET_MSG.noFile);
      const { type } = parseOrThrow(templateSchema, { type: form.get("type") ?? c.req.query("type") });
      // preview=1: the wizard's 校验数据 step checks the file and shows what would be imported; nothing is written.
      if (form.get("preview") === "1") return ok(c, await previewImport(ctxOf(c), actorOf(c).userId, type, file, c.req.raw.signal), SHEET_MSG.checked);
      return ok(c, await importWorkbook(ctxOf(c), actorOf(c).userId, type, file, c.req.raw.signal), SHEET_MSG.imported);
    },
  );

function xlsxResponse(bytes: Uint8Array<ArrayBuffer>, fileName: string, cache: string) {
  return new Response(bytes, {
    headers: {
      "content-type": XLSX_MIME,
      "content-disposition": `attachment; filename="survey.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "cache-control": cache,
      "x-content-type-options": "nosniff",
    },
  });
}

/** Files answer real HTTP statuses (a browser tab opens them), never an envelope or a stack. */
export const excelFilesApi = new Hono<AppEnv>()
  .get("/template/:type{[0-9]+}", async (c) => {
    try {
      const { bytes, fileName } = await templateWorkbook({ db: c.get("db") }, Number(c.req.param("type")));
      return xlsxResponse(bytes, fileName, "public, max-age=300");
    } catch (e) {
      if (e instanceof AppError) return c.text("Not found", 404);
      throw e;
    }
  })
  .get("/export/:id{[0-9]+}", async (c) => {
    const userId = c.get("actor")?.userId;
    if (!userId) return c.text("Not found", 404);
    try {
      const { bytes, fileName } = await exportWorkbook({ db: c.get("db"), env: c.env }, userId, Number(c.req.param("id")));
      return xlsxResponse(bytes, fileName, "private, no-store");
    } catch (e) {
      if (e instanceof AppError) return c.text("Not found", 404);
      throw e;
    }
  });
