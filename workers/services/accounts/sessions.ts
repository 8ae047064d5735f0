// Login sessions: a row per login so logout and password change revoke tokens at once.
import { and, eq, isNull, lt, or, isNotNull } from "drizzle-orm";
import { sessions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { randomId } from "../../lib/ids";
import { SESSION_TTL_MS, signSessionToken, verifySessionToken } from "../../lib/token";
import { CODE } from "../../lib/codes";

export interface Actor {
  userId: number;
  sessionId: string;
}

export type SessionResolution =
  | { actor: Actor }
  | { actor: null; problem: null }
  | { actor: null; problem: typeof CODE.SESSION_EXPIRED | typeof CODE.SESSION_REVOKED | typeof CODE.TOKEN_INVALID };

export async function createSession({ db, secret, userId, meta = {}, now = Date.now() }: { db: Db; secret: string | undefined; userId: number; meta?: { userAgent?: string | null; ip?: string | null }; now?: number }
) {
  const id = randomId(18);
  const expiresAt = now + SESSION_TTL_MS;
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  const token = await signSessionToken(secret, { sid: id, uid: userId }, expiresAt);
  return { token, sessionId: id, expiresAt };
}

/** Resolve a token to its actor; a problem code tells why it was refused (spec 1 §4 expiry codes). */
export async function resolveSession({ db, secret, token, now = Date.now() }: { db: Db; secret: string | undefined; token: string | null | undefined; now?: number }
): Promise<SessionResolution> {
  if (!token) return { actor: null, problem: null };
  const check = await verifySessionToken(secret, token);
  if (!check.ok) {
    return { actor: null, problem: check.reason === "expired" ? CODE.SESSION_EXPIRED : CODE.TOKEN_INVALID };
  }
  const row = await db.query.sessions.findFirst({ where: eq(sessions.id, check.claims.sid) });
  if (!row || row.userId !== check.claims.uid) return { actor: null, problem: CODE.TOKEN_INVALID };
  if (row.revokedAt) return { actor: null, problem: CODE.SESSION_REVOKED };
  if (row.expiresAt <= now) return { actor: null, problem: CODE.SESSION_EXPIRED };
  return { actor: { userId: row.userId, sessionId: row.id } };
}

export async function revokeSession({ db, sessionId, now = Date.now() }: { db: Db; sessionId: string; now?: number }) {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Password change and similar: every session of the user stops working. */
export async function revokeAllSessions({ db, userId, now = Date.now() }: { db: Db; userId: number; now?: number }) {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Cron job: drop sessions that expired or were revoked more than a day ago. */
export async function purgeStaleSessions({ db, now = Date.now() }: { db: Db; now?: number }) {
  const cutoff = now - SESSION_TTL_MS;
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))))
    .returning({ id: sessions.id });
  return deleted.length;
}
