// GET /websocket/{userId}: upgrade to that user's UserChannel; only the token's own user may open it.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { userChannel } from "../services/messaging/channel";

export const websocketApi = new Hono<AppEnv>().get("/:userId", async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return c.text("Expected a websocket upgrade", 426);
  }
  const actor = c.get("actor");
  const userId = Number(c.req.param("userId"));
  if (!actor) return c.text("Unauthorized", 401);
  if (!Number.isInteger(userId) || actor.userId !== userId) return c.text("Forbidden", 403);
  return userChannel({ env: c.env, userId }).fetch(c.req.raw);
});
