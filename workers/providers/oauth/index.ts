// Builds the QQ / WeChat client for a request: live endpoints with OAUTH_MODE=live, the in-Worker dev server otherwise.
// In dev mode the client's outbound calls go to the dev server's handlers in-process, never over the network.
import type { OAuthSource } from "../../contract/accounts";
import { opt } from "../../lib/env";
import { DEV_OAUTH_PREFIX, devOauthApp } from "./config";
import { devFetcher } from "../dev-fetchers";
import { QqOAuth } from "./qq";
import { WechatOAuth } from "./wechat";
import type { Fetch, OAuthProvider } from "./types";

export type { OAuthIdentity, OAuthProvider } from "./types";
export { OAuthError } from "./types";

export { DEV_OAUTH_PREFIX } from "./config";

export function isDevOAuth(env: Env) {
  return (env.OAUTH_MODE ?? "dev") === "dev";
}

/** In-process fetch into the dev server (registered by the local entry only). */
function devFetch(env: Env): Fetch {
  return (request) => devFetcher("oauth", env)(request);
}

/** null when the live provider is not configured (the render endpoint answers 该功能暂未开通). */
export function oauthProvider(env: Env, source: OAuthSource, origin: string): OAuthProvider | null {
  if (isDevOAuth(env)) {
    const apps = devOauthApp(env);
    const base = `${origin}${DEV_OAUTH_PREFIX}`;
    return source === "QQ"
      ? new QqOAuth({ appId: apps.qq.appId, appKey: apps.qq.appKey, baseUrl: `${base}/qq` }, devFetch(env))
      : new WechatOAuth({ appId: apps.wechat.appId, appSecret: apps.wechat.appSecret, authorizeBaseUrl: `${base}/wechat`, apiBaseUrl: `${base}/wechat` }, devFetch(env));
  }
  const live: Fetch = (r) => fetch(r);
  if (source === "QQ") {
    const appId = opt(env, "QQ_APP_ID");
    const appKey = opt(env, "QQ_APP_KEY");
    return appId && appKey ? new QqOAuth({ appId, appKey, baseUrl: "https://graph.qq.com" }, live) : null;
  }
  const appId = opt(env, "WECHAT_APP_ID");
  const appSecret = opt(env, "WECHAT_APP_SECRET");
  return appId && appSecret
    ? new WechatOAuth({ appId, appSecret, authorizeBaseUrl: "https://open.weixin.qq.com", apiBaseUrl: "https://api.weixin.qq.com" }, live)
    : null;
}
