// Middleware every API request passes: request id and logging, the db, and the calling actor.
import { createMiddleware } from "hono/factory";
import { getDb } from "../lib/db";
import { randomId } from "../lib/ids";
import { tokenFromRequest } from "../lib/cookies";
import { sessionExpired } from "../lib/errors";
import { CODE } from "../lib/codes";
import { resolveSession } from "../services/accounts/sessions";
import type { AppEnv } from "./types";

export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? randomId(8);
  c.set("requestId", requestId);
  c.set("productCode", c.req.header("code") ?? null);
  c.set("db", getDb(c.env.DB));
  const started = Date.now();
  await next();
  const ms = Date.now() - started;
  // Websocket upgrades (101) carry immutable headers.
  if (c.res.status !== 101) {
    c.header("x-request-id", requestId);
    // Time inside the Worker: lets benches tell our latency from the local dev proxy's, and shows in the
    // browser's network panel. workerd moves Date.now() only across I/O, so it counts D1/R2 waits, not pure CPU.
    c.header("server-timing", `app;dur=${ms}`);
  }
  console.log(JSON.stringify({ rid: requestId, m: c.req.method, p: c.req.path, s: c.res.status, ms, uid: c.get("actor")?.userId ?? null }));
});

/** Resolve the caller; a bad token on a public route still lets the visitor through. */
export const actorMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const resolution = await resolveSession({ db: c.get("db"), secret: c.env.JWT_SECRET, token: tokenFromRequest(c.req.raw) });
  c.set("actor", resolution.actor);
  c.set("tokenProblem", resolution.actor ? null : resolution.problem);
  await next();
});

/** Guard for routes that need a logged-in user; answers with an expiry code the client understands. */
export const requireActor = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("actor")) throw sessionExpired(c.get("tokenProblem") ?? CODE.SESSION_EXPIRED);
  await next();
});

/** The actor of a route behind requireActor. */
export function actorOf(c: { get(key: "actor"): AppEnv["Variables"]["actor"] }) {
  const actor = c.get("actor");
  if (!actor) throw sessionExpired();
  return actor;
}
