// Surveys: list, create, content (info), title, recycle bin (move, restore, delete permanently, 7-day purge).
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { DAY } from "../../lib/time";
import {
  TRASH_RETENTION_DAYS,
  WB_MSG,
  disposeStatusText,
  type AnswerView,
  type MoldView,
  type PageView,
  type PdfInfo,
  type SurveyInfo,
  type SurveyListItem,
} from "../../contract/workbench";
import { d1, ownSurvey, writableSurvey, type SurveyRow, type WbCtx } from "./access";
import { getDefinition, type Definition } from "./definitions";
import { deleteObjects } from "./images";
import { loadCurveKey } from "../../reports/load-curve";
import { reportObjectKey } from "../../reports/keys";

function listItem(row: SurveyRow, typeName: string): SurveyListItem {
  return {
    id: row.id,
    evaluationTitle: row.evaluation_title,
    disposeStatus: row.dispose_status,
    disposeStatusStr: disposeStatusText(row.dispose_status),
    fileUrl: row.dispose_status === 1 ? row.file_url : null,
    isDelete: row.is_delete === 1 ? 1 : 0,
    isChild: 1,
    typeId: row.type_id,
    typeName,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

async function usableDefinition(db: Db, typeId: number): Promise<Definition> {
  const def = await getDefinition(db, typeId);
  if (!def || !def.enabled) throw fail(WB_MSG.cardDisabled);
  return def;
}

/** The caller's surveys of a card: the tree (isDelete 0) or the recycle bin (1), newest first. */
export async function listSurveys(db: Db, userId: number, input: { type: number; condition?: string; isDelete?: number }): Promise<SurveyListItem[]> {
  const def = await getDefinition(db, input.type);
  const typeName = def?.typeName ?? "";
  const condition = (input.condition ?? "").trim();
  const trash = input.isDelete === 1 ? 1 : 0;
  let sqlText = "SELECT * FROM surveys WHERE user_id = ? AND type_id = ? AND is_delete = ?";
  const params: (string | number)[] = [userId, input.type, trash];
  if (condition) {
    sqlText += " AND evaluation_title LIKE ? ESCAPE '\\'";
    params.push(`%${condition.replace(/[\\%_]/g, (c) => "\\" + c)}%`);
  }
  sqlText += trash ? " ORDER BY deleted_at DESC, id DESC" : " ORDER BY updated_at DESC, id DESC";
  const rows = await d1(db).prepare(sqlText).bind(...params).all<SurveyRow>();
  return rows.results.map((r) => listItem(r, typeName));
}

export async function createSurvey(ctx: WbCtx, userId: number, typeId: number): Promise<{ id: number }> {
  await usableDefinition(ctx.db, typeId);
  const row = await d1(ctx.db)
    .prepare(
      "INSERT INTO surveys (user_id, type_id, evaluation_title, dispose_status, is_delete, created_at, updated_at, answers_updated_at) VALUES (?1, ?2, '', -1, 0, ?3, ?3, ?3) RETURNING id",
    )
    .bind(userId, typeId, ctx.now)
    .first<{ id: number }>();
  return { id: row!.id };
}

interface AnswerRow {
  id: number;
  question_id: number;
  index_no: number;
  option_content: string;
  answer_option_id: number | null;
  answer_pic_id: string;
}

/** Survey content (spec 3 §3): pages of input/select/image sections with one answer per repeat. */
export async function surveyInfo(db: Db, userId: number, surveyId: number): Promise<SurveyInfo> {
  const survey = await ownSurvey(db, userId, surveyId);
  const def = await getDefinition(db, survey.type_id);
  if (!def) throw fail(WB_MSG.cardDisabled);
  const client = d1(db);
  const [repeats, answers] = await client.batch([
    client.prepare("SELECT mold_id, size FROM survey_repeats WHERE survey_id = ?").bind(survey.id),
    client.prepare("SELECT id, question_id, index_no, option_content, answer_option_id, answer_pic_id FROM survey_answers WHERE survey_id = ?").bind(survey.id),
  ]);
  const sizes = new Map((repeats.results as { mold_id: number; size: number }[]).map((r) => [r.mold_id, r.size]));
  const byQuestion = new Map<number, Map<number, AnswerRow>>();
  for (const a of answers.results as unknown as AnswerRow[]) {
    let m = byQuestion.get(a.question_id);
    if (!m) byQuestion.set(a.question_id, (m = new Map()));
    m.set(a.index_no, a);
  }
  const pageList: PageView[] = def.pages.map((page) => {
    const view: PageView = { id: page.id, pageName: page.pageName, input: [], select: [], image: [] };
    for (const mold of page.molds) {
      const size = mold.multiple === 1 ? (sizes.get(mold.id) ?? 1) : 1;
      const moldView: MoldView = {
        id: mold.id,
        key: mold.key,
        moldName: mold.moldName,
        kind: mold.kind,
        multiple: mold.multiple,
        size,
        groups: mold.groups.map((g) => ({
          moldName: g.moldName,
          questions: g.questions.map((q) => {
            const stored = byQuestion.get(q.id);
            const answerList: AnswerView[] = [];
            for (let i = 0; i < size; i++) {
              const a = stored?.get(i);
              answerList.push({
                id: a?.id ?? null,
                answerId: q.id,
                answerOptionId: a?.answer_option_id ?? null,
                optionContent: a?.option_content ?? "",
                answerPicId: a?.answer_pic_id ?? "",
                indexNo: i,
              });
            }
            return {
              id: q.id,
              key: q.key,
              questionName: q.questionName,
              questionType: q.questionType,
              requiredFlag: q.requiredFlag,
              annotation: q.annotation,
              optionList: q.options.map((o) => ({ id: o.id, optionName: o.optionName, key: o.key })),
              imageSize: q.imageSize,
              valueKind: q.valueKind,
              unit: q.unit,
              answerList,
            };
          }),
        })),
      };
      view[mold.kind].push(moldView);
    }
    return view;
  });
  return {
    id: survey.id,
    title: survey.evaluation_title,
    typeId: survey.type_id,
    typeName: def.typeName,
    status: survey.dispose_status,
    isDelete: survey.is_delete === 1 ? 1 : 0,
    fileUrl: survey.dispose_status === 1 ? survey.file_url : null,
    failReason: survey.fail_reason,
    updatedAt: survey.updated_at,
    pageList,
  };
}

export async function saveTitle(ctx: WbCtx, userId: number, surveyId: number, title: string) {
  await writableSurvey(ctx.db, userId, surveyId);
  await d1(ctx.db).prepare("UPDATE surveys SET evaluation_title = ?, updated_at = ? WHERE id = ?").bind(title.trim(), ctx.now, surveyId).run();
}

/** All ids must be the caller's surveys in the given bin state; otherwise nothing changes. */
async function ownedIds(db: Db, userId: number, ids: number[], isDelete: 0 | 1): Promise<number[] | null> {
  const unique = [...new Set(ids)];
  const rows = await d1(db)
    .prepare(`SELECT id FROM surveys WHERE user_id = ? AND is_delete = ? AND id IN (SELECT value FROM json_each(?))`)
    .bind(userId, isDelete, JSON.stringify(unique))
    .all<{ id: number }>();
  return rows.results.length === unique.length ? unique : null;
}

export async function moveToTrash(ctx: WbCtx, userId: number, ids: number[]) {
  const owned = await ownedIds(ctx.db, userId, ids, 0);
  if (!owned) throw fail(WB_MSG.notFound);
  await d1(ctx.db)
    .prepare("UPDATE surveys SET is_delete = 1, deleted_at = ?1, updated_at = ?1 WHERE user_id = ?2 AND id IN (SELECT value FROM json_each(?3))")
    .bind(ctx.now, userId, JSON.stringify(owned))
    .run();
}

export async function restoreSurveys(ctx: WbCtx, userId: number, ids: number[]) {
  const owned = await ownedIds(ctx.db, userId, ids, 1);
  if (!owned) throw fail(WB_MSG.restoreFailed);
  await d1(ctx.db)
    .prepare("UPDATE surveys SET is_delete = 0, deleted_at = NULL, updated_at = ?1 WHERE user_id = ?2 AND id IN (SELECT value FROM json_each(?3))")
    .bind(ctx.now, userId, JSON.stringify(owned))
    .run();
}

/** Remove surveys with their answers, repeats and images (R2 first: a failed DB step is retried later). */
export async function removeSurveys(ctx: Pick<WbCtx, "db" | "env">, ids: number[]) {
  if (!ids.length) return;
  const client = d1(ctx.db);
  const list = JSON.stringify(ids);
  const [images, reports] = await client.batch<{ key: string }>([
    client.prepare("SELECT key FROM survey_images WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
    client.prepare("SELECT file_key AS key FROM report_results WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
  ]);
  await deleteObjects(ctx.env, images.results.map((r) => r.key));
  // The survey's private files go with it: report PDFs and imported load data.
  const files = [...reports.results.map((r) => reportObjectKey(r.key)), ...ids.map(loadCurveKey)];
  for (let i = 0; i < files.length; i += 1000) await ctx.env.FILES.delete(files.slice(i, i + 1000));
  await client.batch([
    client.prepare("DELETE FROM report_results WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
    client.prepare("DELETE FROM survey_answers WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
    client.prepare("DELETE FROM survey_repeats WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
    client.prepare("DELETE FROM survey_images WHERE survey_id IN (SELECT value FROM json_each(?))").bind(list),
    client.prepare("DELETE FROM surveys WHERE id IN (SELECT value FROM json_each(?))").bind(list),
  ]);
}

/** Delete permanently: only surveys already in the caller's recycle bin. */
export async function purgeSurveys(ctx: WbCtx, userId: number, ids: number[]) {
  const owned = await ownedIds(ctx.db, userId, ids, 1);
  if (!owned) throw fail(WB_MSG.purgeFailed);
  await removeSurveys(ctx, owned);
}

/** Scheduled job: purge surveys that have been in the recycle bin for more than 7 days. */
export async function purgeExpiredTrash(ctx: Pick<WbCtx, "db" | "env" | "now">): Promise<number> {
  const cutoff = ctx.now - TRASH_RETENTION_DAYS * DAY;
  let total = 0;
  // Chunks keep each run's statements small; loop until nothing is left.
  for (;;) {
    const rows = await d1(ctx.db)
      .prepare("SELECT id FROM surveys WHERE is_delete = 1 AND deleted_at < ? ORDER BY deleted_at LIMIT 100")
      .bind(cutoff)
      .all<{ id: number }>();
    const ids = rows.results.map((r) => r.id);
    if (!ids.length) return total;
    await removeSurveys(ctx, ids);
    total += ids.length;
  }
}

/** Report file info for the owner (fileUrl null until a report exists). */
export async function pdfInfo(db: Db, userId: number, surveyId: number): Promise<PdfInfo> {
  const s = await ownSurvey(db, userId, surveyId);
  return {
    id: s.id,
    fileUrl: s.dispose_status === 1 ? s.file_url : null,
    evaluationTitle: s.evaluation_title,
    disposeStatus: s.dispose_status,
    failReason: s.fail_reason,
  };
}
