// Helpers for the operator-console tests: an admin, Q&A content by distinct users, the admin API.
import { env } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { callJson, makeUser } from "../support/api";
import { getDb } from "../../workers/lib/db";
import { adminAuditLog, users } from "../../db/schema";
import { QA_MSG } from "../../workers/contract/qa";

const DAY = 86_400_000;
/** Accounts older than a day, so the new-account daily caps never interfere. */
export const veteran = () => makeUser({ createdAt: Date.now() - 30 * DAY });

export async function makeAdmin() {
  const admin = await veteran();
  await getDb(env.DB).update(users).set({ isAdmin: 1 }).where(eq(users.id, admin.user.id));
  return admin;
}

export const qa = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });
export const adminGet = <T = unknown>(path: string, token?: string) => callJson<T>(`/api/admin/${path}`, { token });
export const adminPost = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/admin/${path}`, { method: "POST", json, token });

let n = 0;
/** A question by a new user, and an answer to it by another; returns both users and ids. */
export async function questionWithAnswer(answerHtml = "<p>建议先做负荷测试，再按负荷率选择变频改造方案。</p>") {
  const asker = await veteran();
  const author = await veteran();
  const q = await qa<{ id: number }>("question/add", { questionTitle: `水泵变频改造的节电率怎么估算 ${++n}${Math.random().toString(36).slice(2, 6)}`, questionDescription: "" }, asker.token);
  expect(q.msg).toBe(QA_MSG.published);
  const a = await qa<{ id: number; held?: true }>("answer/add", { questionId: q.data.id, answerContent: answerHtml, isAnonymous: 0 }, author.token);
  expect(a.data.id).toBeGreaterThan(0);
  return { asker, author, questionId: q.data.id, answerId: a.data.id, answer: a };
}

/** The newest audit row of an action on a target. */
export async function lastAudit(action: string, targetId: number | string) {
  return getDb(env.DB)
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, String(targetId))))
    .orderBy(desc(adminAuditLog.id))
    .get();
}
