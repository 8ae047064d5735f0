// Who is looking at a page: the session behind the token cookie, resolved in-process by the accounts service
// (no HTTP hop to the API).
import { getDb } from "../../workers/lib/db";
import { readCookie, TOKEN_COOKIE } from "../../workers/lib/cookies";
import { pageViewer } from "../../workers/services/accounts/viewer";
import { avatarUrl, type Viewer } from "./viewer";

export async function getViewer(request: Request, env: Env): Promise<Viewer | null> {
  const token = readCookie(request.headers.get("cookie"), TOKEN_COOKIE);
  const viewer = token ? await pageViewer({ db: getDb(env.DB), jwtSecret: env.JWT_SECRET, token }) : null;
  if (!viewer) return null;
  const { filePath, ...rest } = viewer;
  return { ...rest, avatarUrl: avatarUrl(filePath) };
}
