// Assessment cards (survey types) for the landing page and workbench, read from D1.
import { asc, eq } from "drizzle-orm";
import { surveyTypes } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { cardOf } from "../../cards";
import type { CardView } from "../../contract/portal";

export async function listCards({ db }: { db: Db }): Promise<CardView[]> {
  const rows = await db.select().from(surveyTypes).orderBy(asc(surveyTypes.sortOrder), asc(surveyTypes.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    surveyName: r.surveyName,
    surveyDescription: r.surveyDescription,
    iconUrl: r.iconUrl,
    count: r.reportCount,
    explain: r.explainPath,
    // Open as findOpenCard counts it: enabled and known to the card registry (an engine and a report model).
    enabled: r.enabled === 1 && cardOf(r.code) !== null,
    detailPath: r.detailPath,
  }));
}

/** The id of the card with this code (the detail pages' 立即评估 button), or null. */
export async function cardIdForCode({ db, code }: { db: Db; code: string }): Promise<number | null> {
  const [row] = await db.select({ id: surveyTypes.id }).from(surveyTypes).where(eq(surveyTypes.code, code)).limit(1);
  return row?.id ?? null;
}
