// Surveys: list, create, content (info), title, recycle bin (move, restore, delete permanently, 7-day purge).
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { reportResults, surveyAnswers, surveyImages, surveyRepeats, surveys } from "../../../db/schema";
import { inJsonList, type Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { DAY } from "../../lib/time";
import {
  DISPOSE_STATUS,
  TRASH_RETENTION_DAYS,
  WB_MSG,
  disposeStatusText,
  type AnswerView,
  type MoldView,
  type PageView,
  type PdfInfo,
  type SurveyInfo,
  type SurveyListItem,
  type SurveyPage,
  SURVEY_LIST_MAX,
  SURVEY_PAGE_SIZE,
} from "../../contract/workbench";
import { ownSurvey, writableSurvey, type SurveyRow, type WbCtx } from "./access";
import { openCard } from "./cards";
import { getDefinition } from "./definitions";
import { deleteObjects } from "./images";
import { readStoredAnswers, type StoredAnswer } from "./answers";
import { loadCurveKey } from "./load-curve";
import { reportObjectKeys } from "./report-keys";

function listItem(row: SurveyRow, typeName: string): SurveyListItem {
  return {
    id: row.id,
    evaluationTitle: row.evaluationTitle,
    disposeStatus: row.disposeStatus,
    disposeStatusStr: disposeStatusText(row.disposeStatus),
    fileUrl: row.disposeStatus === DISPOSE_STATUS.READY ? row.fileUrl : null,
    isDelete: row.isDelete === 1 ? 1 : 0,
    isChild: 1,
    typeId: row.typeId,
    typeName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    deletedAt: row.deletedAt,
  };
}

interface ListQuery {
  type: number;
  condition?: string;
  isDelete?: number;
}

/**
 * One page of the caller's surveys of a card, the tree (isDelete 0, last changed first) or the recycle bin (1, last
 * deleted first), with the total that matches. Each statement is a range of the caller's own rows in an index that
 * holds the order (surveys_user_type_idx, surveys_user_type_deleted_idx), stopping at the page: the list costs the
 * same at 20 surveys and at 20,000. The search is a substring of the title within those rows.
 */
export async function pageSurveys({ db, userId, input }: { db: Db; userId: number; input: ListQuery & { pageNum?: number; pageSize?: number } }): Promise<SurveyPage> {
  const pageNum = input.pageNum ?? 1;
  const pageSize = input.pageSize ?? SURVEY_PAGE_SIZE;
  const trash = input.isDelete === 1 ? 1 : 0;
  const condition = (input.condition ?? "").trim();
  const pattern = `%${condition.replace(/[\\%_]/g, (c) => "\\" + c)}%`;
  const where = and(
    eq(surveys.userId, userId),
    eq(surveys.typeId, input.type),
    eq(surveys.isDelete, trash),
    condition ? sql`${surveys.evaluationTitle} LIKE ${pattern} ESCAPE '\\'` : undefined,
  );
  const order = trash ? [desc(surveys.deletedAt), desc(surveys.id)] : [desc(surveys.updatedAt), desc(surveys.id)];
  const [def, [rows, counted]] = await Promise.all([
    getDefinition({ db, typeId: input.type }),
    db.batch([
      db.select().from(surveys).where(where).orderBy(...order).limit(pageSize).offset((pageNum - 1) * pageSize),
      db.select({ n: sql<number>`count(*)` }).from(surveys).where(where),
    ]),
  ]);
  const total = counted[0]?.n ?? 0;
  // A page past the end (its last row was just deleted, or a stale link) serves the last page instead.
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (!rows.length && pageNum > last) return pageSurveys({ db, userId, input: { ...input, pageNum: last, pageSize } });
  const typeName = def?.typeName ?? "";
  return { list: rows.map((r) => listItem(r, typeName)), total, pageNum, pageSize };
}

/** The spec's array call (/api/surveyInfo/list): the first SURVEY_LIST_MAX rows of the tree or the recycle bin. */
export async function listSurveys({ db, userId, input }: { db: Db; userId: number; input: ListQuery }): Promise<SurveyListItem[]> {
  return (await pageSurveys({ db, userId, input: { ...input, pageNum: 1, pageSize: SURVEY_LIST_MAX } })).list;
}

export async function createSurvey({ userId, typeId, ...ctx }: WbCtx & { userId: number; typeId: number }): Promise<{ id: number }> {
  await openCard({ db: ctx.db, typeId });
  const [row] = await ctx.db
    .insert(surveys)
    .values({
      userId,
      typeId,
      evaluationTitle: "",
      disposeStatus: DISPOSE_STATUS.NONE,
      isDelete: 0,
      createdAt: ctx.now,
      updatedAt: ctx.now,
      answersUpdatedAt: ctx.now,
    })
    .returning({ id: surveys.id });
  return { id: row!.id };
}


/** Survey content (spec 3 §3): pages of input/select/image sections with one answer per repeat. */
export async function surveyInfo({ db, userId, surveyId }: { db: Db; userId: number; surveyId: number }): Promise<SurveyInfo> {
  const survey = await ownSurvey({ db, userId, surveyId });
  const def = await getDefinition({ db, typeId: survey.typeId });
  if (!def) throw fail(WB_MSG.cardDisabled);
  const { sizes, answers } = await readStoredAnswers({ db, surveyId: survey.id });
  const byQuestion = new Map<number, Map<number, StoredAnswer>>();
  for (const a of answers) {
    let m = byQuestion.get(a.questionId);
    if (!m) byQuestion.set(a.questionId, (m = new Map()));
    m.set(a.indexNo, a);
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
        checks: mold.checks ?? [],
        groups: mold.groups.map((g) => ({
          moldName: g.moldName,
          showWhen: g.showWhen ?? null,
          questions: g.questions.map((q) => {
            const stored = byQuestion.get(q.id);
            const answerList: AnswerView[] = [];
            for (let i = 0; i < size; i++) {
              const a = stored?.get(i);
              answerList.push({
                id: a?.id ?? null,
                answerId: q.id,
                answerOptionId: a?.answerOptionId ?? null,
                optionContent: a?.optionContent ?? "",
                answerPicId: a?.answerPicId ?? "",
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
              rule: q.rule ?? null,
              showWhen: q.showWhen ?? null,
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
    title: survey.evaluationTitle,
    typeId: survey.typeId,
    typeName: def.typeName,
    status: survey.disposeStatus,
    isDelete: survey.isDelete === 1 ? 1 : 0,
    fileUrl: survey.disposeStatus === DISPOSE_STATUS.READY ? survey.fileUrl : null,
    failReason: survey.failReason,
    updatedAt: survey.updatedAt,
    pageList,
  };
}

export async function saveTitle({ userId, surveyId, title, ...ctx }: WbCtx & { userId: number; surveyId: number; title: string }) {
  await writableSurvey({ db: ctx.db, userId, surveyId });
  await ctx.db.update(surveys).set({ evaluationTitle: title.trim(), updatedAt: ctx.now }).where(eq(surveys.id, surveyId));
}

/** All ids must be the caller's surveys in the given bin state; otherwise nothing changes. */
async function ownedIds(db: Db, userId: number, ids: number[], isDelete: 0 | 1): Promise<number[] | null> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.userId, userId), eq(surveys.isDelete, isDelete), inJsonList(surveys.id, unique)));
  return rows.length === unique.length ? unique : null;
}

async function setBinState(ctx: WbCtx, userId: number, ids: number[], state: Pick<SurveyRow, "isDelete" | "deletedAt">) {
  await ctx.db
    .update(surveys)
    .set({ ...state, updatedAt: ctx.now })
    .where(and(eq(surveys.userId, userId), inJsonList(surveys.id, ids)));
}

export async function moveToTrash({ userId, ids, ...ctx }: WbCtx & { userId: number; ids: number[] }) {
  const owned = await ownedIds(ctx.db, userId, ids, 0);
  if (!owned) throw fail(WB_MSG.notFound);
  await setBinState(ctx, userId, owned, { isDelete: 1, deletedAt: ctx.now });
}

export async function restoreSurveys({ userId, ids, ...ctx }: WbCtx & { userId: number; ids: number[] }) {
  const owned = await ownedIds(ctx.db, userId, ids, 1);
  if (!owned) throw fail(WB_MSG.restoreFailed);
  await setBinState(ctx, userId, owned, { isDelete: 0, deletedAt: null });
}

/** Remove surveys with their answers, repeats and images (R2 first: a failed DB step is retried later). */
export async function removeSurveys({ ids, ...ctx }: (Pick<WbCtx, "db" | "env">) & { ids: number[] }) {
  if (!ids.length) return;
  const { db } = ctx;
  const [images, reports] = await db.batch([
    db.select({ key: surveyImages.key }).from(surveyImages).where(inJsonList(surveyImages.surveyId, ids)),
    db.select({ key: reportResults.fileKey }).from(reportResults).where(inJsonList(reportResults.surveyId, ids)),
  ]);
  await deleteObjects({ env: ctx.env, keys: images.map((r) => r.key) });
  // The survey's private files go with it: report PDFs and imported load data.
  const files = [...reports.flatMap((r) => reportObjectKeys(r.key)), ...ids.map(loadCurveKey)];
  for (let i = 0; i < files.length; i += 1000) await ctx.env.FILES.delete(files.slice(i, i + 1000));
  await db.batch([
    db.delete(reportResults).where(inJsonList(reportResults.surveyId, ids)),
    db.delete(surveyAnswers).where(inJsonList(surveyAnswers.surveyId, ids)),
    db.delete(surveyRepeats).where(inJsonList(surveyRepeats.surveyId, ids)),
    db.delete(surveyImages).where(inJsonList(surveyImages.surveyId, ids)),
    db.delete(surveys).where(inJsonList(surveys.id, ids)),
  ]);
}

/** Delete permanently: only surveys already in the caller's recycle bin. */
export async function purgeSurveys({ userId, ids, ...ctx }: WbCtx & { userId: number; ids: number[] }) {
  const owned = await ownedIds(ctx.db, userId, ids, 1);
  if (!owned) throw fail(WB_MSG.purgeFailed);
  await removeSurveys({ ...ctx, ids: owned });
}

/**
 * 清空回收站: every survey in the caller's recycle bin for a card, in chunks of 100 (one chunk's files and rows go
 * together). The bin may be longer than any page the browser has seen, so the server reads the ids itself.
 */
export async function emptyTrash({ userId, typeId, ...ctx }: WbCtx & { userId: number; typeId: number }): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.userId, userId), eq(surveys.typeId, typeId), eq(surveys.isDelete, 1)))
      .limit(100);
    if (!rows.length) return total;
    await removeSurveys({ ...ctx, ids: rows.map((r) => r.id) });
    total += rows.length;
  }
}

/** Scheduled job: purge surveys that have been in the recycle bin for more than 7 days. */
export async function purgeExpiredTrash(ctx: Pick<WbCtx, "db" | "env" | "now">): Promise<number> {
  const cutoff = ctx.now - TRASH_RETENTION_DAYS * DAY;
  let total = 0;
  // Chunks keep each run's statements small; loop until nothing is left.
  for (;;) {
    const rows = await ctx.db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.isDelete, 1), lt(surveys.deletedAt, cutoff)))
      .orderBy(asc(surveys.deletedAt))
      .limit(100);
    const ids = rows.map((r) => r.id);
    if (!ids.length) return total;
    await removeSurveys({ ...ctx, ids });
    total += ids.length;
  }
}

/** Report file info for the owner (fileUrl null until a report exists). */
export async function pdfInfo({ db, userId, surveyId }: { db: Db; userId: number; surveyId: number }): Promise<PdfInfo> {
  const s = await ownSurvey({ db, userId, surveyId });
  return {
    id: s.id,
    fileUrl: s.disposeStatus === DISPOSE_STATUS.READY ? s.fileUrl : null,
    evaluationTitle: s.evaluationTitle,
    disposeStatus: s.disposeStatus,
    failReason: s.failReason,
  };
}
