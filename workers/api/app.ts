// The typed Hono app: every /api, /common, /auth, /websocket and /files request enters here.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorMiddleware, requestContext } from "./middleware";
import { refuseCrossSite } from "./csrf";
import { onApiError, onApiNotFound } from "./errors";
import { notLoginApi, surveyTypeApi } from "./portal";
import { websocketApi } from "./websocket";
import { qaApi } from "./qa";
import { qaPersonalApi } from "./qa-personal";
import { adminApi, reportApi } from "./admin";
import { robotApi } from "./robot";
import { pictureApi, qaFilesApi } from "./picture";
import { userApi } from "./user";
import { accountRightsApi } from "./account-rights";
import { avatarFilesApi, dictApi, industryApi } from "./accounts-common";
import { oauthRenderApi } from "./oauth";
import { wenkuOauthApi, wenkuPageApi } from "./wenku";
import { surveyApi, surveyFilesApi } from "./survey";
import { reportFilesApi, reportPreviewApi } from "./report";
import { excelApi, excelFilesApi } from "./excel";
import { couponApi, orderApi, payApi, productApi } from "./payment";
import { invoiceApi, invoiceFilesApi, myOrdersApi } from "./invoice";
import { plantApi } from "./plant";

/**
 * The app, its routes chained so `typeof api` carries every route's path, input and answer: the browser's typed
 * client (`app/lib/api-client.ts`, `hc<Api>`) imports that type only, so a changed route or payload breaks the build.
 */
export const api = new Hono<AppEnv>()
  .use("*", requestContext, refuseCrossSite, actorMiddleware)
  .route("/api/notLogin", notLoginApi)
  .route("/api/surveyInfo/type", surveyTypeApi)
  .route("/api/surveyInfo", surveyApi)
  .route("/api/plant", plantApi)
  .route("/files/survey", surveyFilesApi)
  .route("/api/surveyInfo/reportPreview", reportPreviewApi)
  .route("/files/report", reportFilesApi)
  .route("/api/execl/survey", excelApi)
  .route("/files/execl", excelFilesApi)
  .route("/websocket", websocketApi)
  .route("/api/qa/report", reportApi)
  .route("/api/qa", qaApi)
  .route("/api/qa", qaPersonalApi)
  .route("/api/admin", adminApi)
  .route("/common/aiServicer", robotApi)
  .route("/common/picture", pictureApi)
  .route("/files/qa", qaFilesApi)
  .route("/api/user", userApi)
  .route("/api/account", accountRightsApi)
  .route("/common/industry/type", industryApi)
  .route("/common/dict", dictApi)
  .route("/files/avatar", avatarFilesApi)
  .route("/auth/oauth", oauthRenderApi)
  .route("/auth/wenku", wenkuOauthApi)
  .route("/api/wenku", wenkuPageApi)
  .route("/api/product", productApi)
  .route("/api/order", orderApi)
  .route("/api/pay", payApi)
  .route("/api/coupon", couponApi)
  .route("/api/orders", myOrdersApi)
  .route("/api/invoice", invoiceApi)
  .route("/files/invoice", invoiceFilesApi);
api.onError(onApiError);
api.notFound(onApiNotFound);

export type Api = typeof api;
// The dev stand-ins (SMS outbox, Alipay gateway, OAuth server) are mounted by the local entries only: dev-standins.ts.

export const API_PREFIXES = ["/api/", "/common/", "/auth/", "/websocket/", "/files/"] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname.startsWith(p));
}
