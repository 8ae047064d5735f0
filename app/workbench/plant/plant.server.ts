// /workbench/plant loader data, in-process: the plant summary of one of the caller's enterprises.
import { getDb } from "../../../workers/lib/db";
import { AppError } from "../../../workers/lib/errors";
import { plantSummarySchema } from "../../../workers/contract/plant";
import { latestPlantReport, plantSummary, type PlantSummaryView } from "../../../workers/services/plant";
import type { PlantReportView } from "../../../workers/contract/plant";

/** `report`: the newest PDF request of the enterprise shown (its status and download link). */
export type PlantPageData = PlantSummaryView & { error: string | null; report: PlantReportView | null };

/** ?company= picks the enterprise (validated with the API's schema); a refusal becomes a message on the page. */
export async function loadPlantPage(env: Env, userId: number, request: Request): Promise<PlantPageData> {
  const raw = new URL(request.url).searchParams.get("company");
  const parsed = plantSummarySchema.safeParse({ company: raw ?? undefined });
  const db = getDb(env.DB);
  const ctx = { db, env, now: Date.now() };
  const withReport = async (view: PlantSummaryView, error: string | null): Promise<PlantPageData> => ({
    ...view,
    error,
    report: view.company ? await latestPlantReport({ db, userId, company: view.company }) : null,
  });
  if (!parsed.success) return withReport(await plantSummary({ ...ctx, userId }), parsed.error.issues[0]?.message ?? null);
  try {
    return await withReport(await plantSummary({ ...ctx, userId, requested: parsed.data.company || undefined }), null);
  } catch (e) {
    if (e instanceof AppError) return withReport(await plantSummary({ ...ctx, userId }), e.message);
    throw e;
  }
}
