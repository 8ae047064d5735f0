// Workbench loader data, in-process: the selected card and one page of the caller's survey tree and recycle bin
// (?page= applies to the folder shown, ?q= searches both), read on the server like /api/surveyInfo/page.
import { readCookie } from "../../workers/lib/cookies";
import { getDb } from "../../workers/lib/db";
import type { Db } from "../../workers/lib/db";
import { findOpenCard, lastUsedCardId, pageSurveys, type OpenCard } from "../../workers/services/workbench";
import { listCards } from "../../workers/services/portal/cards";
import type { WorkbenchData } from "./Workbench";

export const SURVEY_TYPE_COOKIE = "surveyType";

/**
 * The card to open: ?type=, else the surveyType cookie, else the card of the caller's most recently changed survey,
 * else the first open card. A bookmark of /workbench (no ?type=) opens a workbench rather than a login page; a type
 * that is not open falls through to the next choice. Null only when no card is open at all.
 */
export async function loadWorkbench(env: Env, userId: number, request: Request): Promise<{ data: WorkbenchData } | null> {
  const url = new URL(request.url);
  const db = getDb(env.DB);
  const open = await firstOpen(db, [url.searchParams.get("type"), readCookie(request.headers.get("cookie"), SURVEY_TYPE_COOKIE)]) ?? (await fallbackCard(db, userId));
  if (!open) return null;
  const { def } = open;
  const typeId = def.typeId;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = Math.min(Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)), 100_000);
  const inTrash = url.searchParams.get("bin") === "trash";
  const [tree, trash, allTrash] = await Promise.all([
    pageSurveys({ db, userId, input: { type: typeId, isDelete: 0, condition: q, pageNum: inTrash ? 1 : page } }),
    pageSurveys({ db, userId, input: { type: typeId, isDelete: 1, condition: q, pageNum: inTrash ? page : 1 } }),
    // The bin's size for its label and 清空回收站, whatever the search.
    q ? pageSurveys({ db, userId, input: { type: typeId, isDelete: 1, pageSize: 1 } }) : null,
  ]);
  return { data: { card: { id: typeId, surveyName: def.typeName }, tree, trash, trashCount: (allTrash ?? trash).total, q } };
}

async function firstOpen(db: Db, raws: (string | null | undefined)[]): Promise<OpenCard | null> {
  for (const raw of raws) {
    const typeId = Number(raw);
    if (!raw || !Number.isInteger(typeId) || typeId <= 0) continue;
    const open = await findOpenCard({ db, typeId });
    if (open) return open;
  }
  return null;
}

/** The card the user last worked on, else the first open card in the landing page's order. */
async function fallbackCard(db: Db, userId: number): Promise<OpenCard | null> {
  const last = await lastUsedCardId({ db, userId });
  const candidates = [...(last ? [last] : []), ...(await listCards({ db })).filter((c) => c.enabled).map((c) => c.id)];
  return firstOpen(db, candidates.map(String));
}
