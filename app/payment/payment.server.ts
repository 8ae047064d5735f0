// Loader helpers for the payment popup and the Alipay return page, in-process (no HTTP hop to our own API).
import { getDb } from "../../workers/lib/db";
import { alipayConfig } from "../../workers/providers/alipay";
import { tradeResult } from "../../workers/services/payment";

/** The one gateway address the popup may submit a payment form to. */
export function allowedGateway(env: Env, request: Request): string | null {
  const config = alipayConfig(env, new URL(request.url).origin);
  return config ? config.gateway : null;
}

/** The return page's verdict, from our records (and trade.query), never from the parameters alone. */
export async function returnVerdict(env: Env, request: Request, userId: number | null) {
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  return tradeResult({ db: getDb(env.DB), env, now: Date.now(), origin: url.origin, userId, params });
}
