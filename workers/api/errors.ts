// The single error handler: every failure becomes the envelope, never a stack trace.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../lib/errors";
import { envelope } from "../lib/envelope";
import { CODE, MSG } from "../lib/codes";
import type { AppEnv } from "./types";

export function onApiError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    return c.json(envelope(err.code, err.message, err.data), err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const msg = status === 413 ? "上传内容过大" : status === 404 ? MSG.notFound : MSG.badRequest;
    return c.json(envelope(status === 404 ? CODE.NOT_FOUND : CODE.FAIL, msg, null), status);
  }
  console.error(JSON.stringify({ rid: c.get("requestId"), error: String(err?.message ?? err), stack: err?.stack }));
  return c.json(envelope(CODE.SERVER_ERROR, MSG.serverError, null), 500);
}

export function onApiNotFound(c: Context<AppEnv>) {
  return c.json(envelope(CODE.NOT_FOUND, MSG.notFound, null), 404);
}
