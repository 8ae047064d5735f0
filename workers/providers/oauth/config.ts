// App credentials for QQ and WeChat: real ones from env (QQ_APP_ID/QQ_APP_KEY, WECHAT_APP_ID/WECHAT_APP_SECRET);
// in dev mode fixed local ones that the dev server accepts.
import { opt } from "../../lib/env";

export function devOauthApp(env: Env) {
  return {
    qq: { appId: opt(env, "QQ_APP_ID") ?? "dev-qq-app", appKey: opt(env, "QQ_APP_KEY") ?? "dev-qq-app-key" },
    wechat: { appId: opt(env, "WECHAT_APP_ID") ?? "dev-wechat-app", appSecret: opt(env, "WECHAT_APP_SECRET") ?? "dev-wechat-app-secret" },
  };
}

/** Where the local entry mounts the dev OAuth server. */
export const DEV_OAUTH_PREFIX = "/auth/dev-oauth";
