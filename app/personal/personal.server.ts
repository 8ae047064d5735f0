// Loader plumbing for the personal centre and other users' pages: the viewer, the db and the statistics header,
// all in-process (no HTTP hop to our own API).
import type { AppLoadContext } from "react-router";
import { basicProfile, userStatistics } from "../../workers/services/qa-personal/users";
import { unreadMessageCount } from "../../workers/services/messaging/counts";
import type { Db } from "../../workers/lib/db";
import { intParam, orNotFound, qaLoaderContext } from "../qa/qa.server";
import { PERSONAL_PAGE_SIZE, PERSONAL_PAGE_SIZES } from "../../workers/contract/qa-personal-constants";

/** The Q&A loader context plus the request URL. */
export async function personalContext(request: Request, context: AppLoadContext) {
  const { ctx, db, viewer } = await qaLoaderContext(request, context);
  return { ctx, db, viewer, url: new URL(request.url) };
}

/** The statistics header of the personal centre (the viewer's own numbers and profile). */
export async function personalHeader(db: Db, userId: number) {
  const [stats, profile] = await Promise.all([userStatistics({ db, viewerId: userId, userId }), basicProfile({ db, viewerId: userId, userId })]);
  return { stats, profile };
}

export { intParam, orNotFound } from "../qa/qa.server";

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

/**
 * Loader of a personal-centre page: the statistics header, the unread count and what `read` loads for the viewer
 * (in parallel, with ?page=&size= parsed). Visitors get nulls (the shell shows the login prompt).
 */
export async function personalPageData<T>(
  request: Request,
  context: AppLoadContext,
  read: (db: Db, userId: number, url: URL, paging: { pageNo: number; pageSize: number }) => Promise<T>,
) {
  const { db, viewer, url } = await personalContext(request, context);
  if (!viewer) return { header: null, unread: 0, data: null };
  const [header, unread, data] = await Promise.all([personalHeader(db, viewer.userId), unreadMessageCount({ db, userId: viewer.userId }), read(db, viewer.userId, url, pageParams(url))]);
  return { header, unread, data };
}

/** Loader of /personal/question and /personal/answer: one page of the viewer's own items filtered by ?status=. */
export async function ownStatusListData<P>(
  request: Request,
  context: AppLoadContext,
  statuses: readonly number[],
  read: (db: Db, userId: number, status: number | null, pageNo: number, pageSize: number) => Promise<P>,
) {
  const status = statusParam(new URL(request.url), statuses);
  const { header, unread, data } = await personalPageData(request, context, (db, me, _url, { pageNo, pageSize }) => read(db, me, status, pageNo, pageSize));
  return { header, unread, page: data, status: header ? status : null };
}

/**
 * Loader of the other user's pages (/otherUser/list, /otherUser/userList): ?userId= (404 without); for a logged-in
 * viewer the profile, the statistics and what `read` loads for the page (in parallel); a visitor gets only
 * `redirectTo` for the login prompt (spec 2 §6: profiles need login).
 */
export async function otherUserData<R>(
  request: Request,
  context: AppLoadContext,
  visitorRedirect: (userId: number) => string,
  read: (db: Db, me: number, userId: number, paging: { pageNo: number; pageSize: number }) => Promise<R>,
) {
  const { db, viewer, url } = await personalContext(request, context);
  const userId = intParam(url, "userId", 0);
  if (!userId) throw new Response("Not Found", { status: 404 });
  if (!viewer) return { profile: null, stats: null, data: null, redirectTo: visitorRedirect(userId) };
  const me = viewer.userId;
  const profile = await orNotFound(basicProfile({ db, viewerId: me, userId }));
  const [stats, data] = await Promise.all([userStatistics({ db, viewerId: me, userId }), read(db, me, userId, pageParams(url))]);
  return { profile, stats, data, redirectTo: "" };
}
