// The local stand-ins for services outside the machine, mounted in one place by the local entries
// (workers/index.local.ts for `npm start` and the browser tests, test/api/worker-entry.ts for the API tests): the
// dev SMS outbox (/api/dev), the dev Alipay gateway (/api/dev/alipay), the dev WeChat Pay gateway (/api/dev/wechatpay) and the dev QQ/WeChat OAuth server
// (/auth/dev-oauth), plus the in-process fetchers the provider clients use in dev mode. The production entry
// (workers/index.ts) never imports this file, so none of it is in the deployed bundle. Even when mounted, every path
// is "not found" outside APP_ENV=local, and each stand-in also checks its own provider switch.
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./types";
import { isLocal } from "../lib/env";
import { onApiNotFound } from "./errors";
import { devApi } from "./dev";
import { DEV_GATEWAY_PREFIX } from "../providers/alipay/config";
import { createDevAlipayGateway, devGatewayFetch } from "../providers/alipay/dev-gateway";
import { DEV_OAUTH_PREFIX } from "../providers/oauth/config";
import { devOauthFetch, devOauthServer } from "../providers/oauth/dev-server";
import { registerDevFetchers } from "../providers/dev-fetchers";
import { WECHAT_DEV_PREFIX } from "../providers/wechatpay/config";
import { createDevWechatPayGateway, devWechatPayFetch } from "../providers/wechatpay/dev-gateway";

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocal(c.env)) return onApiNotFound(c);
  await next();
};

let mounted = false;

export function mountDevStandins(api: Hono<AppEnv>) {
  if (mounted) return;
  mounted = true;
  // The WeChat Pay gateway sends the refund notify while answering the refund call, so its in-process instance also
  // needs the app's fetch to deliver it.
  const dispatch = (request: Request, env: Env) => Promise.resolve(api.fetch(request, env));
  registerDevFetchers({ oauth: devOauthFetch, alipay: devGatewayFetch, wechatpay: devWechatPayFetch(dispatch) });
  api.use("/api/dev/*", localOnly);
  api.use(`${DEV_OAUTH_PREFIX}/*`, localOnly);
  api.route(DEV_OAUTH_PREFIX, devOauthServer as unknown as Hono<AppEnv>);
  api.route("/api/dev", devApi);
  // The dev gateway delivers notifies to this app in-process; it gets the app's fetch instead of importing it.
  api.route(DEV_GATEWAY_PREFIX, createDevAlipayGateway(dispatch) as unknown as Hono<AppEnv>);
  api.route(WECHAT_DEV_PREFIX, createDevWechatPayGateway(dispatch) as unknown as Hono<AppEnv>);
}
