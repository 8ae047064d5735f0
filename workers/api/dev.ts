// Local-only developer endpoints (APP_ENV=local): the dev SMS outbox read by developers and browser tests.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { ok } from "../lib/envelope";
import { onApiNotFound } from "./errors";
import { readOutbox } from "../services/accounts/sms-codes";

export const devApi = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (c.env.APP_ENV !== "local") return onApiNotFound(c);
    await next();
  })
  .get("/sms-outbox", async (c) => {
    const phone = c.req.query("phone")?.trim() || null;
    const rows = await readOutbox({ db: c.get("db"), phone });
    return ok(
      c,
      rows.map((r) => ({ phone: r.phone, type: r.type, code: r.code, content: r.content, createdAt: r.createdAt })),
    );
  });
