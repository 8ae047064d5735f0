// Robot assistant calls (spec 1 §7, spec 2 §7) under /common/aiServicer/: public, no token needed.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { robotAnswerPayload, robotAskPayload, robotListQuery } from "../contract/qa-personal";
import { robotAnswer, robotAsk, robotQuestionList, robotSettings } from "../services/qa-personal/robot";

export const robotApi = new Hono<AppEnv>()
  .get("/question/queryList", validate("query", robotListQuery), async (c) => ok(c, await robotQuestionList({ db: c.get("db"), queName: c.req.valid("query").queName })))
  .post("/answer/getByQuestionId", validate("json", robotAnswerPayload), async (c) => ok(c, await robotAnswer({ db: c.get("db"), questionId: c.req.valid("json").questionId })))
  /** Free text: the best keyword match, or the not-understood reply with a suggested action. */
  .post("/answer/match", validate("json", robotAskPayload), async (c) => ok(c, await robotAsk({ db: c.get("db"), text: c.req.valid("json").text })))
  .get("/settings", async (c) => ok(c, await robotSettings({ db: c.get("db") })));
