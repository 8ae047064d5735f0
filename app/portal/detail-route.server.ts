// Shared loader for the three detail pages: the card id for the evaluate button, from the portal service.
import { getDb } from "../../workers/lib/db";
import { cardIdForCode } from "../../workers/services/portal/cards";

/** The loader of a detail route: its content key and the card id used by 立即评估. */
export function detailLoader(code: "motor" | "stenter" | "electricity") {
  return async ({ context }: { context: { cloudflare: { env: Env } } }) => ({
    code,
    cardId: await cardIdForCode(getDb(context.cloudflare.env.DB), code),
  });
}
