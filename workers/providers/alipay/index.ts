// Builds the Alipay client for a request: the real gateway (sandbox/live) or the in-Worker dev gateway (local).
import { AlipayClient, type Fetch } from "./client";
import { alipayConfig, isDevGateway } from "./config";
import { devFetcher } from "../dev-fetchers";

export { AlipayClient, AlipayError, type AlipayConfig, type QueryResult, type RefundResult, type RefundQueryResult } from "./client";
export { alipayConfig, isDevGateway, notifyUrl, returnUrl, DEV_GATEWAY_PREFIX } from "./config";
export { amountOf, fenOf, isPaidStatus, PAID_STATUSES } from "./protocol";

/** null when payment is not configured for this environment. */
export function alipayClient(env: Env, origin: string, fetcher?: Fetch): AlipayClient | null {
  const config = alipayConfig(env, origin);
  if (!config) return null;
  return new AlipayClient(config, fetcher ?? (isDevGateway(env) ? (r) => devFetcher("alipay", env)(r) : (r) => fetch(r)));
}
