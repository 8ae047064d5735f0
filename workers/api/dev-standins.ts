// The local stand-ins for services outside the machine, mounted in one place: the dev SMS outbox (/api/dev),
// the dev Alipay gateway (/api/dev/alipay) and the dev QQ/WeChat OAuth server (/auth/dev-oauth). Outside
// APP_ENV=local every one of their paths is "not found" before any stand-in code runs; each stand-in also
// checks its own provider switch (SMS_PROVIDER, ALIPAY_GATEWAY, OAUTH_MODE = dev).
import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "./types";
import { isLocal } from "../lib/env";
import { onApiNotFound } from "./errors";
import { devApi } from "./dev";
import { DEV_GATEWAY_PREFIX, createDevAlipayGateway } from "../providers/alipay";
import { devOauthServer } from "../providers/oauth";

const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLocal(c.env)) return onApiNotFound(c);
  await next();
};

export function mountDevStandins(api: Hono<AppEnv>) {
  api.use("/api/dev/*", localOnly);
  api.use("/auth/dev-oauth/*", localOnly);
  api.route("/auth/dev-oauth", devOauthServer as unknown as Hono<AppEnv>);
  api.route("/api/dev", devApi);
  // The dev gateway delivers notifies to this app in-process; it gets the app's fetch instead of importing it.
  api.route(DEV_GATEWAY_PREFIX, createDevAlipayGateway((request, env) => Promise.resolve(api.fetch(request, env))) as unknown as Hono<AppEnv>);
}
