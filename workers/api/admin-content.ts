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
    return ok(c, await robotEntries({ db: c.get("db"), q: q.q, pageNo: q.pageNo }));
  })
  .post("/robot/add", validate("json", robotEntryPayload), async (c) => ok(c, await addRobotEntry({ db: c.get("db"), actorId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() }), ADMIN_MSG.robotSaved))
  .post("/robot/update", validate("json", robotUpdatePayload), async (c) => {
    const { id, ...input } = c.req.valid("json");
    return ok(c, await updateRobotEntry({ db: c.get("db"), actorId: actorOf(c).userId, id, input, now: Date.now() }), ADMIN_MSG.robotSaved);
  })
  .post("/robot/enable", validate("json", robotEnablePayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await setRobotEnabled({ db: c.get("db"), actorId: actorOf(c).userId, id: b.id, enabled: b.enabled, now: Date.now() }), ADMIN_MSG.robotSaved);
  })
  .post("/robot/delete", validate("json", robotDeletePayload), async (c) => {
    await deleteRobotEntry({ db: c.get("db"), actorId: actorOf(c).userId, id: c.req.valid("json").id, now: Date.now() });
    return ok(c, null, ADMIN_MSG.robotDeleted);
  })
  .post("/robot/try", validate("json", robotTryPayload), async (c) => ok(c, await tryRobot({ db: c.get("db"), text: c.req.valid("json").text })))
  // ---- system messages ----
  .get("/messages", validate("query", systemSendListQuery), async (c) => ok(c, await sentMessagesPage({ db: c.get("db"), pageNo: c.req.valid("query").pageNo })))
  .get("/messages/resolve", validate("query", userResolveQuery), async (c) => ok(c, await resolveUser({ db: c.get("db"), who: c.req.valid("query").who })))
  .post("/messages/send", validate("json", systemSendPayload), async (c) => {
    return ok(c, await sendConsoleMessage({ ...qaCtx(c), actorId: actorOf(c).userId, input: c.req.valid("json") }), ADMIN_MSG.messageSent);
  });
