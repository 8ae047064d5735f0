// Plant summary (全厂能源平衡, issue 22 item 9) under /api/plant: login required, the caller's own surveys only.
// Thin: validate → service → envelope.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { plantSummarySchema } from "../contract/plant";
import { plantSummary } from "../services/plant";

export const plantApi = new Hono<AppEnv>()
  .use("*", requireActor)
  .post("/summary", validate("json", plantSummarySchema), async (c) =>
    ok(c, await plantSummary({ db: c.get("db"), env: c.env, now: Date.now() }, actorOf(c).userId, c.req.valid("json").company)),
  );
