// Helpers for API tests inside workerd: call the Worker like a browser would and read the envelope.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { getDb } from "../../workers/lib/db";
import { users } from "../../db/schema";
import { createSession } from "../../workers/services/accounts/sessions";

export const BASE = "http://localhost";

export interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A request's options plus the session token, a JSON body, the client IP and a cookie header. */
export type CallInit = RequestInit & { token?: string; json?: unknown; ip?: string; cookie?: string };

export function call(path: string, init: CallInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("code", "energy-evaluation");
  if (init.ip) headers.set("cf-connecting-ip", init.ip);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.token) headers.set("token", init.token);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(new Request(`${BASE}${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: init.redirect }));
}

export async function callJson<T = unknown>(path: string, init: CallInit = {}): Promise<Env<T>> {
  return readEnvelope<T>(await call(path, init));
}

/** The response's envelope; a non-JSON body fails the test with its start. */
export async function readEnvelope<T = unknown>(res: Response): Promise<Env<T>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Env<T>;
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
}

// Each test module counts up from its own random start, so two users made by one module never share a phone or
// user name (a fresh random number per user collided once in CI: ~1,000 users drawn from 1e6 numbers), and two
// modules sharing storage would have to start within a few hundred of each other out of 9e7.
let counter = Math.floor(Math.random() * 9e7);
/** Insert a user directly and open a session for it; returns its id and token. */
export async function makeUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const db = getDb(env.DB);
  const n = ++counter;
  const now = Date.now();
  const [row] = await db
    .insert(users)
    .values({ userName: `u${n}`, name: `用户${n}`, phone: `139${String(n).padStart(8, "0").slice(-8)}`, createdAt: now, updatedAt: now, ...overrides })
    .returning();
  const session = await createSession({ db, secret: env.JWT_SECRET, userId: row.id });
  return { user: row, token: session.token, sessionId: session.sessionId };
}
