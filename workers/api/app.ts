// The typed Hono app: every /api, /common, /auth, /websocket and /files request enters here.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorMiddleware, requestContext } from "./middleware";
import { onApiError, onApiNotFound } from "./errors";
import { notLoginApi, surveyTypeApi } from "./portal";
import { websocketApi } from "./websocket";

export const api = new Hono<AppEnv>();

api.use("*", requestContext, actorMiddleware);
api.onError(onApiError);
api.notFound(onApiNotFound);

api.route("/api/notLogin", notLoginApi);
api.route("/api/surveyInfo/type", surveyTypeApi);
api.route("/websocket", websocketApi);

export const API_PREFIXES = ["/api/", "/common/", "/auth/", "/websocket/", "/files/"] as const;

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((p) => pathname.startsWith(p));
}
