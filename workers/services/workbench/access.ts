// Ownership and state checks every workbench call goes through; the raw D1 client for hot paths.
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { WB_MSG } from "../../contract/workbench";
import type { DefMold } from "./definitions";

export interface SurveyRow {
  id: number;
  user_id: number;
  type_id: number;
  evaluation_title: string;
  dispose_status: number;
  file_url: string | null;
  fail_reason: string | null;
  is_delete: number;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
  answers_updated_at: number;
}

export interface WbCtx {
  db: Db;
  env: Env;
  now: number;
}

/** The D1 client under drizzle, for statements drizzle's batch cannot bind. */
export function d1(db: Db): D1Database {
  return (db as unknown as { $client: D1Database }).$client;
}

/** The caller's survey; anyone else's (or a missing one) is "not found", so nothing leaks. */
export async function ownSurvey(db: Db, userId: number, surveyId: number): Promise<SurveyRow> {
  const row = await d1(db).prepare("SELECT * FROM surveys WHERE id = ? AND user_id = ?").bind(surveyId, userId).first<SurveyRow>();
  if (!row) throw notFound(WB_MSG.notFound);
  return row;
}

/** The caller's survey, outside the recycle bin (trash is read-only). */
export async function writableSurvey(db: Db, userId: number, surveyId: number): Promise<SurveyRow> {
  const row = await ownSurvey(db, userId, surveyId);
  if (row.is_delete === 1) throw fail(WB_MSG.readOnly);
  return row;
}

/**
 * SQL that marks answers changed: bumps the timestamps and turns an existing report (1) or a failed one (3)
 * back into "not generated" (-1), since it no longer matches the answers. A queued or running job keeps its
 * status; it compares answers_updated_at with its own snapshot.
 */
export function touchAnswersStatement(db: Db, surveyId: number, now: number): D1PreparedStatement {
  return d1(db)
    .prepare(
      "UPDATE surveys SET updated_at = ?1, answers_updated_at = ?1, dispose_status = CASE WHEN dispose_status IN (1, 3) THEN -1 ELSE dispose_status END WHERE id = ?2",
    )
    .bind(now, surveyId);
}

/** Repeats of a section (1 when never changed; sections filled once always have 1). */
export async function repeatSize(db: Db, surveyId: number, mold: DefMold): Promise<number> {
  if (mold.multiple !== 1) return 1;
  const row = await d1(db).prepare("SELECT size FROM survey_repeats WHERE survey_id = ? AND mold_id = ?").bind(surveyId, mold.id).first<{ size: number }>();
  return row?.size ?? 1;
}

