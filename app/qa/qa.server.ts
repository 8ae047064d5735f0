// Loader plumbing for the Q&A pages: the in-process service context (no HTTP hop), the viewer, and
// service errors mapped to HTTP responses (a missing or hidden question is a 404 page).
import type { AppLoadContext } from "react-router";
import { getDb } from "../../workers/lib/db";
import { AppError } from "../../workers/lib/errors";
import { CODE } from "../../workers/lib/codes";
import type { QaCtx } from "../../workers/services/qa/context";
import type { Db } from "../../workers/lib/db";
import { answerViews, readableAnswer } from "../../workers/services/qa/answers";
import { favoriteOfAnswer } from "../../workers/services/qa-personal/favorites";
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

/**
 * The detail page's favourites variant (`collection=<answerId>`, linked from /personal/collection): the viewer's
 * favourite of an answer to this question, with the answer itself. null when the viewer has not favourited it,
 * it belongs to another question, or it can no longer be read (the page then renders its normal variant).
 */
export async function favoriteVariant(db: Db, viewerId: number, questionId: number, answerId: number) {
  const favorite = await favoriteOfAnswer({ db, userId: viewerId, answerId });
  if (!favorite) return null;
  const row = await readableAnswer({ db, viewerId, id: answerId }).catch((e) => {
    if (e instanceof AppError && e.code === CODE.NOT_FOUND) return null;
    throw e;
  });
  if (!row || row.questionId !== questionId) return null;
  const [answer] = await answerViews({ db, viewerId, rows: [row] });
  return { ...favorite, answer };
}
