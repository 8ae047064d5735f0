// Loader plumbing for the Q&A pages: the in-process service context (no HTTP hop), the viewer, and
// service errors mapped to HTTP responses (a missing or hidden question is a 404 page).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/lib/db";
import { AppError } from "../../workers/lib/errors";
import { CODE } from "../../workers/lib/codes";
import type { QaCtx } from "../../workers/services/qa/context";
import { getViewer } from "../lib/viewer.server";

export async function qaLoaderContext(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const viewer = await getViewer(request, env);
  const waitUntil = context.cloudflare.ctx?.waitUntil?.bind(context.cloudflare.ctx);
  const ctx: QaCtx = { db, env, now: Date.now(), defer: waitUntil ? (p) => waitUntil(p) : undefined };
  return { ctx, db, viewer, viewerId: viewer?.userId ?? null };
}

/** Run a service call; a "not found" from the service becomes a 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof AppError && e.code === CODE.NOT_FOUND) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}

/** A positive integer query parameter, or the fallback. */
export function intParam(url: URL, name: string, fallback: number): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
