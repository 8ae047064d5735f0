// Loader plumbing of the /admin pages: the viewer must hold the admin role, checked in every loader (Remix runs
// child loaders in parallel with the layout's, so the layout's check alone would not guard a child's data).
import { redirect, type AppLoadContext } from "react-router";
import { getDb } from "../../workers/lib/db";
import { isAdminUser } from "../../workers/services/operators/access";
import { ADMIN_MSG } from "../../workers/contract/admin-constants";
import { getViewer } from "../lib/viewer.server";
import { loginHref } from "../lib/platform-menu";

export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const viewer = await getViewer(request, env);
  const url = new URL(request.url);
  if (!viewer) throw redirect(loginHref(url.pathname + url.search));
  const db = getDb(env.DB);
  if (!(await isAdminUser({ db, userId: viewer.userId }))) throw new Response(ADMIN_MSG.notAdmin, { status: 403, statusText: "Forbidden" });
  return { db, env, adminId: viewer.userId, url };
}

/** ?page= as a positive integer (1 otherwise). */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("page"));
  return Number.isInteger(n) && n > 0 ? n : 1;
}
