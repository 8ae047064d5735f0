// Spreadsheet services (spec 3 §2, §5, §7): template and export workbooks, and the import that creates a survey
// with every answer, its repeats and (electricity card) the load curve in R2. No HTTP types inside.
import { SHEET_MSG, importFileProblem, extensionOf, type ImportPreview, type ImportResult, type ImportSection } from "../contract/spreadsheet";
import { chinaDateTime, chinaDateTimeSeconds } from "../lib/china-time";
import { TITLE_MAX, UNTITLED } from "../contract/workbench";
import { dbBatch } from "../lib/db";
import { fail, invalid } from "../lib/errors";
import { loadCurveKey, readLoadCurve } from "../services/workbench/load-curve";
import { and, eq } from "drizzle-orm";
import { surveys } from "../../db/schema";
import { bulkAnswerStatements, readStoredAnswers } from "../services/workbench/answers";
import { ownSurvey, repeatSizeStatement, touchAnswersStatement, type WbCtx } from "../services/workbench/access";
import { openCard } from "../services/workbench/cards";
import type { Definition } from "../services/workbench/definitions";
import { createSurvey, removeSurveys } from "../services/workbench/surveys";
import type { LoadCurve } from "./layout";
import { buildSurveyBook, type SurveyValues } from "./survey-book";
import { parseSurveyBook, type ParsedSurvey, type SheetSource } from "./survey-import";
import { SheetReadError, XlsxReader, isCfb, isXlsx } from "./xlsx-reader";
import { writeXlsx } from "./xlsx-writer";

async function cardDefinition(ctx: Pick<WbCtx, "db">, typeId: number): Promise<Definition> {
  return (await openCard({ db: ctx.db, typeId })).def;
}

/** File names for Content-Disposition: the title without characters file systems refuse. */
export function fileNameOf(title: string, suffix = ""): string {
  const base = (title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").trim() || UNTITLED).slice(0, 80);
  return `${base}${suffix}.xlsx`;
}

/** The blank template of a card: public, built from the card's definition. */
export async function templateWorkbook(ctx: Pick<WbCtx, "db">, typeId: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const def = await cardDefinition(ctx, typeId);
  return { bytes: await writeXlsx(buildSurveyBook(def)), fileName: fileNameOf(def.typeName, "调查表模板") };
}

/** The caller's survey as a filled workbook that imports back to the same survey (photos excepted). */
export async function exportWorkbook(ctx: Pick<WbCtx, "db" | "env">, userId: number, surveyId: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string }> {
  const survey = await ownSurvey({ db: ctx.db, userId, surveyId });
  const def = await cardDefinition(ctx, survey.typeId);
  const values = await surveyValues(ctx, def, survey.id, survey.evaluationTitle);
  return { bytes: await writeXlsx(buildSurveyBook(def, values)), fileName: fileNameOf(survey.evaluationTitle) };
}

async function surveyValues(ctx: Pick<WbCtx, "db" | "env">, def: Definition, surveyId: number, title: string): Promise<SurveyValues> {
  const { sizes, answers: rows } = await readStoredAnswers({ db: ctx.db, surveyId });
  const answers = new Map<number, Map<number, string>>();
  for (const r of rows) {
    const q = def.questions.get(r.questionId);
    if (!q) continue;
    const value = q.questionType === "select" ? (q.options.find((o) => o.id === r.answerOptionId)?.optionName ?? "") : r.optionContent;
    let m = answers.get(r.questionId);
    if (!m) answers.set(r.questionId, (m = new Map()));
    m.set(r.indexNo, value);
  }
  const values: SurveyValues = { title, answers, sizes };
  const curve = await readLoadCurve({ env: ctx.env as Env, surveyId });
  if (curve?.loadCurveKw?.length && curve.startDate && curve.intervalMinutes) {
    values.load = { kw: [...curve.loadCurveKw], intervalMinutes: curve.intervalMinutes, startDate: curve.startDate };
  }
  return values;
}

/** Open an upload by its content (zip or OLE magic), not its name; xls goes through the legacy reader. */
export async function openWorkbook(bytes: Uint8Array, fileName: string, signal?: AbortSignal): Promise<SheetSource> {
  const ext = extensionOf(fileName);
  try {
    if (isXlsx(bytes)) {
      const reader = await XlsxReader.open(bytes, { signal });
      return { sheets: reader.sheets, date1904: reader.date1904, readRows: (i, onRow, maxColumn) => reader.readRows(reader.sheets[i]!, onRow, maxColumn) };
    }
    if (isCfb(bytes)) {
      // An OLE file named .xlsx is a password-protected workbook.
      if (ext !== "xls") throw fail(SHEET_MSG.encrypted);
      const { openXls } = await import("./xls-reader");
      return openXls(bytes);
    }
  } catch (e) {
    if (e instanceof SheetReadError) throw fail(SHEET_MSG[e.reason]);
    throw e;
  }
  throw invalid(SHEET_MSG.format);
}

/** Import a filled template as a new survey of the card. Validation problems come back all at once in data.problems. */
interface CheckedImport {
  def: Definition;
  parsed: ParsedSurvey;
  title: string;
}

/** Parse and check an uploaded workbook without writing anything: the shared first half of preview and import. */
async function checkImport(ctx: WbCtx, userId: number, typeId: number, file: File, signal?: AbortSignal): Promise<CheckedImport> {
  const problem = importFileProblem(file);
  if (problem) throw invalid(problem);
  const def = await cardDefinition(ctx, typeId);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const source = await openWorkbook(bytes, file.name, signal);
  let parsed;
  try {
    parsed = await parseSurveyBook(source, def);
  } catch (e) {
    if (e instanceof SheetReadError) throw fail(SHEET_MSG[e.reason]);
    throw e;
  }
  if (parsed.cardCode && parsed.cardCode !== def.code) throw fail(SHEET_MSG.wrongCard(def.typeName));
  if (!parsed.sheetsFound) throw fail(SHEET_MSG.noData);
  if (parsed.problems.length) throw fail(parsed.problems[0]!.message, { problems: parsed.problems });
  // The blank template parses cleanly but holds nothing: creating an empty survey from it helps nobody.
  if (!parsed.answers.some((a) => def.questions.has(a.questionId) && a.optionContent.trim() !== "") && !parsed.load) throw fail(SHEET_MSG.empty);
  const base = (parsed.title || file.name.replace(/\.[^.]*$/, "")).trim() || UNTITLED;
  return { def, parsed, title: await distinctTitle(ctx, userId, typeId, base) };
}

/**
 * The name of an imported survey: the workbook's title, or when the user already has a survey of that card by
 * that name, the name with the import time in China time (…（导入 2026-11-25 10:32）) so the two are told apart.
 */
async function distinctTitle(ctx: WbCtx, userId: number, typeId: number, base: string): Promise<string> {
  const taken = async (t: string) =>
    !!(await ctx.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.userId, userId), eq(surveys.typeId, typeId), eq(surveys.evaluationTitle, t), eq(surveys.isDelete, 0)))
      .get());
  const fit = (suffix: string) => `${base.slice(0, TITLE_MAX - suffix.length)}${suffix}`;
  if (!(await taken(fit("")))) return fit("");
  const minute = fit(`（导入 ${chinaDateTime(ctx.now)}）`);
  return (await taken(minute)) ? fit(`（导入 ${chinaDateTimeSeconds(ctx.now)}）`) : minute;
}

/** What an import would create (the wizard's 校验数据 step): nothing is written. */
export async function previewImport(ctx: WbCtx, userId: number, typeId: number, file: File, signal?: AbortSignal): Promise<ImportPreview> {
  const { def, parsed, title } = await checkImport(ctx, userId, typeId, file, signal);
  const sections: ImportSection[] = [];
  for (const page of def.pages) {
    for (const mold of page.molds) {
      const ids = new Set(mold.questions.map((q) => q.id));
      const fields = parsed.answers.filter((a) => ids.has(a.questionId) && a.optionContent.trim() !== "").length;
      if (fields) sections.push({ name: mold.moldName, rows: mold.multiple === 1 ? (parsed.sizes.get(mold.id) ?? 1) : 1, fields });
    }
  }
  return { title, answers: parsed.answers.length, loadPoints: parsed.load?.kw.length ?? 0, sections };
}

export async function importWorkbook(ctx: WbCtx, userId: number, typeId: number, file: File, signal?: AbortSignal): Promise<ImportResult> {
  const { parsed, title } = await checkImport(ctx, userId, typeId, file, signal);
  const { id } = await createSurvey({ ...ctx, userId, typeId });
  try {
    await dbBatch(ctx.db, [
      ctx.db.update(surveys).set({ evaluationTitle: title }).where(eq(surveys.id, id)),
      ...[...parsed.sizes].map(([moldId, size]) => repeatSizeStatement({ db: ctx.db, surveyId: id, moldId, size })),
      ...bulkAnswerStatements({ db: ctx.db, surveyId: id, answers: parsed.answers, now: ctx.now }),
      touchAnswersStatement({ db: ctx.db, surveyId: id, now: ctx.now }),
    ]);
    if (parsed.load) await putLoadCurve(ctx.env, id, userId, parsed.load);
  } catch (e) {
    await ctx.env.FILES.delete(loadCurveKey(id)).catch(() => undefined);
    await removeSurveys({ ...ctx, ids: [id] });
    throw e;
  }
  return { id, title, answers: parsed.answers.length, loadPoints: parsed.load?.kw.length ?? 0 };
}

async function putLoadCurve(env: Env, surveyId: number, userId: number, load: LoadCurve) {
  await env.FILES.put(loadCurveKey(surveyId), JSON.stringify(load), {
    httpMetadata: { contentType: "application/json" },
    customMetadata: { owner: String(userId), survey: String(surveyId) },
  });
}
