// Which WeChat Pay to talk to, from env: WECHAT_PAY=dev (the in-Worker dev gateway, APP_ENV=local only) | live.
// Ids and keys (docs/payments.md "微信支付"): WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_MCH_SERIAL,
// WECHATPAY_MCH_PRIVATE_KEY (secret), WECHATPAY_PUBLIC_KEY + WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_APIV3_KEY (secret).
// Dev gateway: WECHATPAY_DEV_GATEWAY_PRIVATE_KEY (its signing key; WECHATPAY_PUBLIC_KEY is its public half) and
// WECHATPAY_DEV_MCH_PUBLIC_KEY (the merchant key "uploaded" to it). scripts/lib/local.mjs writes them into .dev.vars.
import { opt } from "../../lib/env";
import { LIVE_BASE } from "./protocol";
import type { WechatPayConfig } from "./client";

export const WECHAT_DEV_PREFIX = "/api/dev/wechatpay";
/** The dev gateway's merchant ids when none are configured (fixed, like the dev Alipay app). */
export const DEV_MCHID = "1900000109";
export const DEV_APPID = "wxd678efh567hg6787";
export const DEV_MCH_SERIAL = "DEV5F1A0C3B9E2D4A6C8E0F1A3B5C7D9E1F3A5C7";
export const DEV_PUBLIC_KEY_ID = "PUB_KEY_ID_0119000001092026112700000000000001";

export type WechatPayKind = "dev" | "live";

export function wechatPayKind(env: Env): WechatPayKind | null {
  const kind = (opt(env, "WECHAT_PAY") ?? "dev").toLowerCase();
  return kind === "dev" || kind === "live" ? kind : null;
}

export const isWechatDevGateway = (env: Env) => wechatPayKind(env) === "dev" && env.APP_ENV === "local";

/** The configured merchant settings, or null when WeChat Pay is not set up (the API answers 微信支付暂未开通). */
export function wechatPayConfig(env: Env, origin: string): WechatPayConfig | null {
  const kind = wechatPayKind(env);
  if (!kind) return null;
  const merchantPrivateKey = opt(env, "WECHATPAY_MCH_PRIVATE_KEY");
  const platformPublicKey = opt(env, "WECHATPAY_PUBLIC_KEY");
  const apiV3Key = opt(env, "WECHATPAY_APIV3_KEY");
  if (!merchantPrivateKey || !platformPublicKey || !apiV3Key) return null;
  if (kind === "dev") {
    // Fail closed: a production Worker left on WECHAT_PAY=dev has no WeChat Pay at all.
    if (env.APP_ENV !== "local") return null;
    return {
      base: `${origin}${WECHAT_DEV_PREFIX}`,
      mchid: opt(env, "WECHATPAY_MCHID") ?? DEV_MCHID,
      appid: opt(env, "WECHATPAY_APPID") ?? DEV_APPID,
      merchantSerial: opt(env, "WECHATPAY_MCH_SERIAL") ?? DEV_MCH_SERIAL,
      platformKeyId: opt(env, "WECHATPAY_PUBLIC_KEY_ID") ?? DEV_PUBLIC_KEY_ID,
      merchantPrivateKey,
      platformPublicKey,
      apiV3Key,
    };
  }
  const mchid = opt(env, "WECHATPAY_MCHID");
  const appid = opt(env, "WECHATPAY_APPID");
  const merchantSerial = opt(env, "WECHATPAY_MCH_SERIAL");
  const platformKeyId = opt(env, "WECHATPAY_PUBLIC_KEY_ID");
  if (!mchid || !appid || !merchantSerial || !platformKeyId) return null;
  return { base: LIVE_BASE, mchid, appid, merchantSerial, platformKeyId, merchantPrivateKey, platformPublicKey, apiV3Key };
}

/** Where WeChat Pay posts payment notifies: WECHATPAY_NOTIFY_URL (public https, no query) or this origin. */
export function wechatNotifyUrl(env: Env, origin: string): string {
  return opt(env, "WECHATPAY_NOTIFY_URL") ?? `${origin}/api/pay/wechat/notify`;
}

/** Where refund results are posted (the refund notify). */
export function wechatRefundNotifyUrl(env: Env, origin: string): string {
  return opt(env, "WECHATPAY_REFUND_NOTIFY_URL") ?? `${origin}/api/pay/wechat/refund-notify`;
}
