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

export const api = new Hono<AppEnv>();

api.use("*", requestContext, refuseCrossSite, actorMiddleware);
api.onError(onApiError);
api.notFound(onApiNotFound);

api.route("/api/notLogin", notLoginApi);
api.route("/api/surveyInfo/type", surveyTypeApi);
api.route("/api/surveyInfo", surveyApi);
api.route("/api/plant", plantApi);
api.route("/files/survey", surveyFilesApi);
api.route("/api/surveyInfo/reportPreview", reportPreviewApi);
api.route("/files/report", reportFilesApi);
api.route("/api/execl/survey", excelApi);
api.route("/files/execl", excelFilesApi);
api.route("/websocket", websocketApi);
api.route("/api/qa/report", reportApi);
api.route("/api/qa", qaApi);
api.route("/api/qa", qaPersonalApi);
api.route("/api/admin", adminApi);
api.route("/common/aiServicer", robotApi);
api.route("/common/picture", pictureApi);
api.route("/files/qa", qaFilesApi);
api.route("/api/user", userApi);
api.route("/api/account", accountRightsApi);
api.route("/common/industry/type", industryApi);
api.route("/common/dict", dictApi);
api.route("/files/avatar", avatarFilesApi);
api.route("/auth/oauth", oauthRenderApi);
api.route("/auth/wenku", wenkuOauthApi);
api.route("/api/wenku", wenkuPageApi);
api.route("/api/product", productApi);
api.route("/api/order", orderApi);
api.route("/api/pay", payApi);
api.route("/api/coupon", couponApi);
api.route("/api/orders", myOrdersApi);
api.route("/api/invoice", invoiceApi);
api.route("/files/invoice", invoiceFilesApi);
// The dev stand-ins (SMS outbox, Alipay gateway, OAuth server) are mounted by the local entries only: dev-standins.ts.

export const API_PREFIXES = ["/api/", "/common/", "/auth/", "/websocket/", "/files/"] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname.startsWith(p));
}
