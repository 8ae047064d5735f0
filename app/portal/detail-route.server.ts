// Shared loader for the three detail pages: the card id for the evaluate button comes from D1.
import { eq } from "drizzle-orm";
import { surveyTypes } from "../../db/schema";
import { getDb } from "../../workers/lib/db";

export async function cardIdForCode(env: Env, code: string): Promise<number | null> {
  const row = await getDb(env.DB).query.surveyTypes.findFirst({ where: eq(surveyTypes.code, code), columns: { id: true } });
  return row?.id ?? null;
}

/** The loader of a detail route: its content key and the card id used by 立即评估. */
export function detailLoader(code: "motor" | "stenter" | "electricity") {
  return async ({ context }: { context: { cloudflare: { env: Env } } }) => ({
    code,
    cardId: await cardIdForCode(context.cloudflare.env, code),
  });
}
