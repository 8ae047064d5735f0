// Failed-login counting per account and per IP over a 15-minute sliding window.
import { and, count, eq, gt, lt } from "drizzle-orm";
import { authFailures } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { rateLimited } from "../../lib/errors";
import {
  LOGIN_LOCKED_ACCOUNT_MSG,
  LOGIN_LOCKED_IP_MSG,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MS,
} from "./limits";

/** The failure counter of a known user: the same whichever name or phone was typed. */
export const accountKey = (userId: number) => `id:${userId}`;

export interface LoginSubject {
  /** Normalised account key: the user's (`accountKey`) once known, else the lower-case text typed or the phone. */
  account: string;
  ip: string;
}

async function failures(db: Db, scope: "account" | "ip", key: string, now: number) {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.createdAt, now - LOGIN_WINDOW_MS)));
  return row?.n ?? 0;
}

/** Refuse before checking credentials when either the account or the IP has too many recent failures. */
export async function assertLoginAllowed({ db, s, now = Date.now() }: { db: Db; s: LoginSubject; now?: number }) {
  if ((await failures(db, "ip", s.ip, now)) >= LOGIN_MAX_FAILURES_PER_IP) throw rateLimited(LOGIN_LOCKED_IP_MSG);
  if ((await failures(db, "account", s.account, now)) >= LOGIN_MAX_FAILURES_PER_ACCOUNT) throw rateLimited(LOGIN_LOCKED_ACCOUNT_MSG);
}

export async function recordLoginFailure({ db, s, now = Date.now() }: { db: Db; s: LoginSubject; now?: number }) {
  await db.insert(authFailures).values([
    { scope: "account", key: s.account, createdAt: now },
    { scope: "ip", key: s.ip, createdAt: now },
  ]);
}

/** A successful login clears the account's failures (the IP's stay, so spraying many accounts is still bounded). */
export async function clearAccountFailures({ db, account }: { db: Db; account: string }) {
  await db.delete(authFailures).where(and(eq(authFailures.scope, "account"), eq(authFailures.key, account)));
}

export async function purgeOldFailures({ db, now = Date.now() }: { db: Db; now?: number }) {
  const gone = await db.delete(authFailures).where(lt(authFailures.createdAt, now - LOGIN_WINDOW_MS)).returning({ id: authFailures.id });
  return gone.length;
}
