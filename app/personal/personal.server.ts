// Loader plumbing for the personal centre and other users' pages: the viewer, the db and the statistics header,
// all in-process (no HTTP hop to our own API).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getDb } from "../../workers/lib/db";
import { AppError } from "../../workers/lib/errors";
import { CODE } from "../../workers/lib/codes";
import type { QaCtx } from "../../workers/services/qa/context";
import { basicProfile, userStatistics } from "../../workers/services/qa-personal/users";
import { getViewer } from "../lib/viewer.server";
import { PERSONAL_PAGE_SIZE, PERSONAL_PAGE_SIZES } from "../../workers/contract/qa-personal-constants";

export async function personalContext(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const db = getDb(env.DB);
  const viewer = await getViewer(request, env);
  const waitUntil = context.cloudflare.ctx?.waitUntil?.bind(context.cloudflare.ctx);
  const ctx: QaCtx = { db, env, now: Date.now(), defer: waitUntil ? (p) => waitUntil(p) : undefined };
  return { ctx, db, viewer, url: new URL(request.url) };
}

/** The statistics header of the personal centre (the viewer's own numbers and profile). */
export async function personalHeader(db: ReturnType<typeof getDb>, userId: number) {
  const [stats, profile] = await Promise.all([userStatistics(db, userId, userId), basicProfile(db, userId, userId)]);
  return { stats, profile };
}

/** Run a service call; a "not found" becomes a 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof AppError && e.code === CODE.NOT_FOUND) throw new Response("Not Found", { status: 404 });
    throw e;
  }
}

export function intParam(url: URL, name: string, fallback: number): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Page and size from ?page=&size= (size one of 10/20/50/100). */
export function pageParams(url: URL, fallbackSize = PERSONAL_PAGE_SIZE) {
  const size = intParam(url, "size", fallbackSize);
  return { pageNo: intParam(url, "page", 1), pageSize: (PERSONAL_PAGE_SIZES as readonly number[]).includes(size) ? size : fallbackSize };
}

/** A status filter from ?status= limited to the allowed values; null = all. */
export function statusParam(url: URL, allowed: readonly number[]): number | null {
  const raw = url.searchParams.get("status");
  if (raw === null || raw === "") return null;
  const n = Number(raw);
  return allowed.includes(n) ? n : null;
}
