// Workbench loader data, in-process: the selected card and the caller's survey tree and recycle bin.
import { readCookie } from "../../workers/lib/cookies";
import { getDb } from "../../workers/lib/db";
import { findOpenCard, listSurveys } from "../../workers/services/workbench";
import type { WorkbenchData } from "./Workbench";

export const SURVEY_TYPE_COOKIE = "surveyType";

/** The card from ?type= (or the cookie); null when none is chosen or it is not open. */
export async function loadWorkbench(env: Env, userId: number, request: Request): Promise<{ data: WorkbenchData } | null> {
  const url = new URL(request.url);
  const raw = url.searchParams.get("type") ?? readCookie(request.headers.get("cookie"), SURVEY_TYPE_COOKIE);
  const typeId = Number(raw);
  if (!Number.isInteger(typeId) || typeId <= 0) return null;
  const db = getDb(env.DB);
  // Open = seeded, enabled and known to the card registry: the same check as creating a survey or generating.
  const open = await findOpenCard(db, typeId);
  if (!open) return null;
  const { def } = open;
  const [tree, trash] = await Promise.all([
    listSurveys(db, userId, { type: typeId, isDelete: 0 }),
    listSurveys(db, userId, { type: typeId, isDelete: 1 }),
  ]);
  return { data: { card: { id: typeId, surveyName: def.typeName }, tree, trash } };
}
