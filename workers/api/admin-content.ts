// Operator console, content part (issue 17, docs/admin.md): the robot's knowledge base and system messages, under
// /api/admin/content/ (mounted in ./admin.ts, so requireActor + requireAdmin and ADMIN_ROUTES cover every route).
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { ADMIN_MSG } from "../contract/admin-constants";
import {
  robotDeletePayload,
  robotEnablePayload,
  robotEntryPayload,
  robotListQuery,
  robotTryPayload,
  robotUpdatePayload,
  systemSendListQuery,
  systemSendPayload,
  userResolveQuery,
} from "../contract/admin-content";
import { qaCtx } from "./qa";
import { addRobotEntry, deleteRobotEntry, robotEntries, setRobotEnabled, tryRobot, updateRobotEntry } from "../services/admin/robot-kb";
import { resolveUser, sendConsoleMessage, sentMessagesPage } from "../services/admin/system-messages";

export const adminContentApi = new Hono<AppEnv>()
  // ---- robot knowledge base ----
  .get("/robot", validate("query", robotListQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(c, await robotEntries(c.get("db"), q.q, q.pageNo));
  })
  .post("/robot/add", validate("json", robotEntryPayload), async (c) => ok(c, await addRobotEntry(c.get("db"), actorOf(c).userId, c.req.valid("json"), Date.now()), ADMIN_MSG.robotSaved))
  .post("/robot/update", validate("json", robotUpdatePayload), async (c) => {
    const { id, ...input } = c.req.valid("json");
    return ok(c, await updateRobotEntry(c.get("db"), actorOf(c).userId, id, input, Date.now()), ADMIN_MSG.robotSaved);
  })
  .post("/robot/enable", validate("json", robotEnablePayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await setRobotEnabled(c.get("db"), actorOf(c).userId, b.id, b.enabled, Date.now()), ADMIN_MSG.robotSaved);
  })
  .post("/robot/delete", validate("json", robotDeletePayload), async (c) => {
    await deleteRobotEntry(c.get("db"), actorOf(c).userId, c.req.valid("json").id, Date.now());
    return ok(c, null, ADMIN_MSG.robotDeleted);
  })
  .post("/robot/try", validate("json", robotTryPayload), async (c) => ok(c, await tryRobot(c.get("db"), c.req.valid("json").text)))
  // ---- system messages ----
  .get("/messages", validate("query", systemSendListQuery), async (c) => ok(c, await sentMessagesPage(c.get("db"), c.req.valid("query").pageNo)))
  .get("/messages/resolve", validate("query", userResolveQuery), async (c) => ok(c, await resolveUser(c.get("db"), c.req.valid("query").who)))
  .post("/messages/send", validate("json", systemSendPayload), async (c) => {
    return ok(c, await sendConsoleMessage(qaCtx(c), actorOf(c).userId, c.req.valid("json")), ADMIN_MSG.messageSent);
  });
