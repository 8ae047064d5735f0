// Who is looking at a page (the Remix root loader): the session behind a token and the few user fields the
// page chrome shows, with the unread message count for the header badge.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { unreadMessageCount } from "../messaging/counts";
import { resolveSession } from "./sessions";

export interface PageViewer {
  userId: number;
  userName: string;
  name: string;
  filePath: string | null;
  hasPhone: boolean;
  messageCount: number;
}

/** The signed-in user for a token, or null (no token, expired or revoked session, deleted user). */
export async function pageViewer({ db, jwtSecret, token }: { db: Db; jwtSecret: string; token: string | null }): Promise<PageViewer | null> {
  if (!token) return null;
  const session = await resolveSession({ db, secret: jwtSecret, token });
  if (!session.actor) return null;
  const [user] = await db
    .select({ id: users.id, userName: users.userName, name: users.name, filePath: users.filePath, phone: users.phone })
    .from(users)
    .where(eq(users.id, session.actor.userId))
    .limit(1);
  if (!user) return null;
  return {
    userId: user.id,
    userName: user.userName,
    name: user.name || user.userName,
    filePath: user.filePath,
    hasPhone: Boolean(user.phone),
    messageCount: await unreadMessageCount({ db, userId: user.id }),
  };
}
