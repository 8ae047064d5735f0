// Loader helper for the user-centre routes: the summary of the logged-in user, read in-process.
import { redirect } from "react-router";
import { getDb } from "../../workers/lib/db";
import { getUser } from "../../workers/services/accounts/users";
import { getViewer } from "../lib/viewer.server";
import { HOME_PATH } from "../lib/routes";
import type { UserSummary } from "./UserCentre";

export async function loadUserSummary(request: Request, env: Env): Promise<UserSummary> {
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect(HOME_PATH);
  const user = await getUser({ db: getDb(env.DB), userId: viewer.userId });
  return { name: user.name || user.userName, userName: user.userName, phone: user.phone, filePath: user.filePath, company: user.company, whenCreated: user.createdAt };
}
