// Builds the WeChat Pay client for a request: api.mch.weixin.qq.com (live) or the in-Worker dev gateway (local).
import { WechatPayClient, type Fetch } from "./client";
import { isWechatDevGateway, wechatPayConfig } from "./config";
import { devFetcher } from "../dev-fetchers";

export { WechatPayClient, WechatPayError, signedHeadersOf, type WechatPayConfig, type SignedHeaders, type RefundResult } from "./client";
export { wechatPayConfig, isWechatDevGateway, wechatNotifyUrl, wechatRefundNotifyUrl, WECHAT_DEV_PREFIX } from "./config";
export { isPaidState, type Transaction, type Refund } from "./protocol";

/** null when WeChat Pay is not configured for this environment. */
export function wechatPayClient(env: Env, origin: string, fetcher?: Fetch): WechatPayClient | null {
  const config = wechatPayConfig(env, origin);
  if (!config) return null;
  return new WechatPayClient(config, fetcher ?? (isWechatDevGateway(env) ? (r) => devFetcher("wechatpay", env)(r) : (r) => fetch(r)));
}
