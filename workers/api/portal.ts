// Card lists for visitors and logged-in users (spec 1 §7 landing calls).
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { ok } from "../lib/envelope";
import { listCards } from "../services/portal/cards";
import { requireActor } from "./middleware";

export const notLoginApi = new Hono<AppEnv>().post("/list", async (c) => ok(c, await listCards({ db: c.get("db") })));

export const surveyTypeApi = new Hono<AppEnv>().post("/list", requireActor, async (c) =>
  ok(c, await listCards({ db: c.get("db") })),
);
