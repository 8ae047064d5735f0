// Shared steps for the personal-centre API tests: users old enough to skip the new-account caps, posting helpers,
// and a websocket listener on a user's UserChannel.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { call, callJson, makeUser } from "../support/api";
import { getDb } from "../../workers/lib/db";
import { qaAnswers, qaComments, qaQuestions, qaReplies } from "../../db/schema";

const DAY = 86_400_000;
export const veteran = (overrides: Parameters<typeof makeUser>[0] = {}) => makeUser({ createdAt: Date.now() - 30 * DAY, ...overrides });
export const qa = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });
export const qaGet = <T = unknown>(path: string, token?: string) => callJson<T>(`/api/qa/${path}`, { token });

/** Move a user's posts back in time so the posting intervals (30 s / 10 s) do not block the next step. */
export async function age(userId: number) {
  const db = getDb(env.DB);
  const past = Date.now() - 120_000;
  await db.update(qaQuestions).set({ createdAt: past }).where(eq(qaQuestions.publisherId, userId));
  await db.update(qaAnswers).set({ createdAt: past }).where(eq(qaAnswers.publisherId, userId));
  await db.update(qaComments).set({ createdAt: past }).where(eq(qaComments.publisherId, userId));
  await db.update(qaReplies).set({ createdAt: past }).where(eq(qaReplies.publisherId, userId));
}

export async function ask(token: string, userId: number, title: string, extra: Record<string, unknown> = {}) {
  const res = await qa<{ id: number }>("question/add", { questionTitle: title, ...extra }, token);
  if (res.code !== 10000) throw new Error(`question/add: ${res.msg}`);
  await age(userId);
  return res.data.id;
}

export async function answer(token: string, userId: number, questionId: number, text: string, isAnonymous = 0) {
  const res = await qa<{ id: number }>("answer/add", { questionId, answerContent: `<p>${text}</p>`, isAnonymous }, token);
  if (res.code !== 10000) throw new Error(`answer/add: ${res.msg}`);
  await age(userId);
  return res.data.id;
}

/** Open a user's channel and collect the numbers pushed to it. */
export async function listen(userId: number, token: string) {
  const res = await call(`/websocket/${userId}`, { headers: { Upgrade: "websocket" }, token });
  const ws = res.webSocket!;
  const received: number[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  ws.addEventListener("message", (e) => {
    received.push(Number(e.data));
    for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
  });
  ws.accept();
  ws.send("init");
  return {
    received,
    /** Resolve once at least n numbers arrived (or fail after 3 s). */
    until(n: number) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`only ${received.length} of ${n} pushes: ${received.join(",")}`)), 3000);
        waiters.push({ n, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
    close: () => ws.close(),
  };
}
