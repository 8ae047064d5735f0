// /workbench/plant loader data, in-process: the plant summary of one of the caller's enterprises.
import { getDb } from "../../../workers/lib/db";
import { AppError } from "../../../workers/lib/errors";
import { plantSummarySchema } from "../../../workers/contract/plant";
import { plantSummary, type PlantSummaryView } from "../../../workers/services/plant";

export type PlantPageData = PlantSummaryView & { error: string | null };

/** ?company= picks the enterprise (validated with the API's schema); a refusal becomes a message on the page. */
export async function loadPlantPage(env: Env, userId: number, request: Request): Promise<PlantPageData> {
  const raw = new URL(request.url).searchParams.get("company");
  const parsed = plantSummarySchema.safeParse({ company: raw ?? undefined });
  const ctx = { db: getDb(env.DB), env, now: Date.now() };
  if (!parsed.success) return { ...(await plantSummary(ctx, userId)), error: parsed.error.issues[0]?.message ?? null };
  try {
    return { ...(await plantSummary(ctx, userId, parsed.data.company || undefined)), error: null };
  } catch (e) {
    if (e instanceof AppError) return { ...(await plantSummary(ctx, userId)), error: e.message };
    throw e;
  }
}
