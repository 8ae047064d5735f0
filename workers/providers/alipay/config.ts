// Which Alipay to talk to, from env: ALIPAY_GATEWAY=dev (the in-Worker dev gateway, APP_ENV=local only) | sandbox | live.
// Keys and ids: ALIPAY_APP_ID, ALIPAY_SELLER_ID (PID 2088…), ALIPAY_APP_PRIVATE_KEY (secret), ALIPAY_PUBLIC_KEY.
// Dev gateway: ALIPAY_DEV_GATEWAY_PRIVATE_KEY (its signing key; ALIPAY_PUBLIC_KEY is its public half) and
// ALIPAY_DEV_APP_PUBLIC_KEY (the app key "uploaded" to it). scripts/lib/local.mjs writes all four into .dev.vars.
import { opt } from "../../lib/env";
import { LIVE_GATEWAY, SANDBOX_GATEWAY } from "./protocol";
import type { AlipayConfig } from "./client";

export const DEV_GATEWAY_PREFIX = "/api/dev/alipay";
/** The dev gateway's app id and seller PID when none are configured (fixed, like the dev OAuth apps). */
export const DEV_APP_ID = "9021000100000001";
export const DEV_SELLER_ID = "2088000000000001";

export type GatewayKind = "dev" | "sandbox" | "live";

export function gatewayKind(env: Env): GatewayKind | null {
  const kind = (env.ALIPAY_GATEWAY ?? "dev").toLowerCase();
  return kind === "dev" || kind === "sandbox" || kind === "live" ? kind : null;
}

export const isDevGateway = (env: Env) => gatewayKind(env) === "dev" && env.APP_ENV === "local";

/** The configured merchant settings, or null when payment is not set up (the API answers 该功能暂未开通). */
export function alipayConfig(env: Env, origin: string): AlipayConfig | null {
  const kind = gatewayKind(env);
  if (!kind) return null;
  const appPrivateKey = opt(env, "ALIPAY_APP_PRIVATE_KEY");
  const alipayPublicKey = opt(env, "ALIPAY_PUBLIC_KEY");
  if (!appPrivateKey || !alipayPublicKey) return null;
  if (kind === "dev") {
    // The dev gateway never leaves local mode: a production Worker with ALIPAY_GATEWAY=dev has no payment at all.
    if (env.APP_ENV !== "local") return null;
    return {
      gateway: `${origin}${DEV_GATEWAY_PREFIX}/gateway.do`,
      appId: opt(env, "ALIPAY_APP_ID") ?? DEV_APP_ID,
      sellerId: opt(env, "ALIPAY_SELLER_ID") ?? DEV_SELLER_ID,
      appPrivateKey,
      alipayPublicKey,
    };
  }
  const appId = opt(env, "ALIPAY_APP_ID");
  const sellerId = opt(env, "ALIPAY_SELLER_ID");
  if (!appId || !sellerId) return null;
  return { gateway: kind === "live" ? LIVE_GATEWAY : SANDBOX_GATEWAY, appId, sellerId, appPrivateKey, alipayPublicKey };
}

/** Where Alipay posts the async notify: ALIPAY_NOTIFY_URL (a public https address) or this origin. */
export function notifyUrl(env: Env, origin: string): string {
  return opt(env, "ALIPAY_NOTIFY_URL") ?? `${origin}/api/pay/alipay/notify`;
}

export function returnUrl(env: Env, origin: string): string {
  return opt(env, "ALIPAY_RETURN_URL") ?? `${origin}/tradeResult`;
}
