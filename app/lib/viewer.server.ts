// Who is looking at a page: the session behind the token cookie, resolved in-process (no HTTP hop to the API).
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { getDb } from "../../workers/lib/db";
import { readCookie, TOKEN_COOKIE } from "../../workers/lib/cookies";
import { resolveSession } from "../../workers/services/accounts/sessions";
import { unreadMessageCount } from "../../workers/services/qa-personal/messages";
import { avatarUrl, type Viewer } from "./viewer";

export async function getViewer(request: Request, env: Env): Promise<Viewer | null> {
  const token = readCookie(request.headers.get("cookie"), TOKEN_COOKIE);
  if (!token) return null;
  const db = getDb(env.DB);
  const session = await resolveSession(db, env.JWT_SECRET, token);
  if (!session.actor) return null;
  const user = await db.query.users.findFirst({
    where: eq(users.id, session.actor.userId),
    columns: { id: true, userName: true, name: true, filePath: true, phone: true },
  });
  if (!user) return null;
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name || user.userName,
    avatarUrl: avatarUrl(user.filePath),
    hasPhone: Boolean(user.phone),
    messageCount: await unreadMessageCount(db, user.id),
  };
}
