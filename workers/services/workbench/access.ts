// Ownership and state checks every workbench call goes through, and the shared "answers changed" statement.
import { and, eq, sql } from "drizzle-orm";
import { surveyRepeats, surveys } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { DISPOSE_STATUS, WB_MSG } from "../../contract/workbench";
import type { DefMold } from "./definitions";

export type SurveyRow = typeof surveys.$inferSelect;

export interface WbCtx {
  db: Db;
  env: Env;
  now: number;
}

/** The caller's survey; anyone else's (or a missing one) is "not found", so nothing leaks. */
export async function ownSurvey({ db, userId, surveyId }: { db: Db; userId: number; surveyId: number }): Promise<SurveyRow> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.userId, userId)))
    .limit(1);
  if (!row) throw notFound(WB_MSG.notFound);
  return row;
}

/** The caller's survey, outside the recycle bin (trash is read-only). */
export async function writableSurvey({ db, userId, surveyId }: { db: Db; userId: number; surveyId: number }): Promise<SurveyRow> {
  const row = await ownSurvey({ db, userId, surveyId });
  if (row.isDelete === 1) throw fail(WB_MSG.readOnly);
  return row;
}

/**
 * The status a survey takes when its answers change: an existing report (READY) or a failed one (FAILED) goes
 * back to NONE, since it no longer matches the answers. A queued or running job keeps its status; it compares
 * answers_updated_at with its own snapshot.
 */
export const statusAfterAnswerChange = sql`CASE WHEN ${surveys.disposeStatus} IN (${DISPOSE_STATUS.READY}, ${DISPOSE_STATUS.FAILED}) THEN ${DISPOSE_STATUS.NONE} ELSE ${surveys.disposeStatus} END`;

/** The same rule for a status already read. */
export function statusAfterAnswerChangeOf(status: number): number {
  return status === DISPOSE_STATUS.READY || status === DISPOSE_STATUS.FAILED ? DISPOSE_STATUS.NONE : status;
}

/** Marks answers changed: bumps the timestamps and applies statusAfterAnswerChange (for db.batch). */
export function touchAnswersStatement({ db, surveyId, now }: { db: Db; surveyId: number; now: number }) {
  return db.update(surveys).set({ updatedAt: now, answersUpdatedAt: now, disposeStatus: statusAfterAnswerChange }).where(eq(surveys.id, surveyId));
}

/** Repeats of a section (1 when never changed; sections filled once always have 1). */
export async function repeatSize({ db, surveyId, mold }: { db: Db; surveyId: number; mold: DefMold }): Promise<number> {
  if (mold.multiple !== 1) return 1;
  const [row] = await db
    .select({ size: surveyRepeats.size })
    .from(surveyRepeats)
    .where(and(eq(surveyRepeats.surveyId, surveyId), eq(surveyRepeats.moldId, mold.id)))
    .limit(1);
  return row?.size ?? 1;
}

/** Set a repeatable section's number of repeats (for db.batch). */
export function repeatSizeStatement({ db, surveyId, moldId, size }: { db: Db; surveyId: number; moldId: number; size: number }) {
  return db
    .insert(surveyRepeats)
    .values({ surveyId, moldId, size })
    .onConflictDoUpdate({ target: [surveyRepeats.surveyId, surveyRepeats.moldId], set: { size } });
}
