// Shared loader for the card detail pages (/electricDetail, /machineDetail, /costDetail): the card's content and
// URL from its folder through the card registry (workers/cards/<card>/detail.ts), and the card id for 立即评估 from
// the portal service. Read here, on the server, so the pages' text is not in the browser bundle.
import { cardDetailOf, type CardCode } from "../../workers/cards";
import { getDb } from "../../workers/lib/db";
import { cardIdForCode } from "../../workers/services/portal/cards";

/** The loader of a detail route. */
export function detailLoader(code: CardCode) {
  return async ({ context }: { context: { cloudflare: { env: Env } } }) => {
    const page = cardDetailOf(code);
    if (!page) throw new Response(null, { status: 404 });
    return { ...page, cardId: await cardIdForCode({ db: getDb(context.cloudflare.env.DB), code }) };
  };
}

export type DetailData = Awaited<ReturnType<ReturnType<typeof detailLoader>>>;
