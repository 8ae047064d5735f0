// The plant summary of one of the caller's enterprises (issue 22 item 9): the caller's surveys outside the recycle
// bin grouped by 企业名称, the newest survey of each card read as generate reads it (answers of hidden blocks
// blanked, the imported load curve), then workers/cards/plant.ts. Only the caller's own surveys are ever read.
import { and, desc, eq } from "drizzle-orm";
import { surveyAnswers, surveyDefQuestions, surveys } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { PLANT_MSG } from "../../contract/plant";
import { plantSummaryOf, type PlantSummary, type PlantSurvey } from "../../cards/plant";
import { cardExtras, collectAnswers, findOpenCard, type WbCtx } from "../workbench";

/** The newest surveys considered (a bound on the work of one request; older ones are listed as not read). */
export const PLANT_MAX_SURVEYS = 200;

export interface PlantCompany {
  name: string;
  surveyCount: number;
  updatedAt: number;
}

export interface PlantSkipped {
  surveyId: number;
  title: string;
  reason: string;
}

export interface PlantSummaryView {
  /** The caller's enterprises, most recently changed first. */
  companies: PlantCompany[];
  /** Surveys without a 企业名称 (not part of any enterprise). */
  unnamedCount: number;
  company: string | null;
  summary: PlantSummary | null;
  /** Surveys of the enterprise not read (an older survey of the same card, a card not open). */
  skipped: PlantSkipped[];
}

interface SurveyHead {
  id: number;
  typeId: number;
  title: string;
  updatedAt: number;
  company: string;
}

/** The caller's surveys outside the recycle bin, newest first, with the 企业名称 answer of each. */
async function surveyHeads(db: Db, userId: number): Promise<SurveyHead[]> {
  const rows = await db
    .select({ id: surveys.id, typeId: surveys.typeId, title: surveys.evaluationTitle, updatedAt: surveys.updatedAt, company: surveyAnswers.optionContent })
    .from(surveys)
    .leftJoin(surveyDefQuestions, and(eq(surveyDefQuestions.typeId, surveys.typeId), eq(surveyDefQuestions.key, "company_name")))
    .leftJoin(surveyAnswers, and(eq(surveyAnswers.surveyId, surveys.id), eq(surveyAnswers.questionId, surveyDefQuestions.id), eq(surveyAnswers.indexNo, 0)))
    .where(and(eq(surveys.userId, userId), eq(surveys.isDelete, 0)))
    .orderBy(desc(surveys.updatedAt), desc(surveys.id))
    .limit(PLANT_MAX_SURVEYS);
  return rows.map((r) => ({ ...r, company: (r.company ?? "").trim() }));
}

export async function plantSummary({ userId, requested, ...ctx }: WbCtx & { userId: number; requested?: string }): Promise<PlantSummaryView> {
  const heads = await surveyHeads(ctx.db, userId);
  const groups = new Map<string, SurveyHead[]>();
  let unnamedCount = 0;
  for (const h of heads) {
    if (!h.company) {
      unnamedCount++;
      continue;
    }
    const list = groups.get(h.company) ?? [];
    list.push(h);
    groups.set(h.company, list);
  }
  const companies = [...groups].map(([name, list]) => ({ name, surveyCount: list.length, updatedAt: list[0]!.updatedAt }));
  const company = requested ? requested.trim() : (companies[0]?.name ?? null);
  if (requested && !groups.has(company!)) throw fail(PLANT_MSG.companyNotFound);
  if (!company) return { companies, unnamedCount, company: null, summary: null, skipped: [] };
  const skipped: PlantSkipped[] = [];
  const picked: PlantSurvey[] = [];
  const seenTypes = new Set<number>();
  for (const h of groups.get(company)!) {
    if (seenTypes.has(h.typeId)) {
      skipped.push({ surveyId: h.id, title: h.title, reason: "同一卡片只计最近修改的一份调查表" });
      continue;
    }
    seenTypes.add(h.typeId);
    const open = await findOpenCard({ db: ctx.db, typeId: h.typeId });
    if (!open) {
      skipped.push({ surveyId: h.id, title: h.title, reason: "该评估卡片暂未开通" });
      continue;
    }
    const { answers } = await collectAnswers({ ...ctx, def: open.def, surveyId: h.id });
    picked.push({ surveyId: h.id, title: h.title, cardCode: open.card.code, answers, extras: await cardExtras({ env: ctx.env, open, surveyId: h.id }) });
  }
  return { companies, unnamedCount, company, summary: plantSummaryOf(company, picked), skipped };
}
