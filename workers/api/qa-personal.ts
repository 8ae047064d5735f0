// Personal centre, other users, messages, favourites, view history and option lists (spec 2 §7), under /api/qa/.
// Everything except the option lists needs a logged-in user (spec 2 §6: messages, favourites and profiles are
// for logged-in users). userId in bodies is accepted for the spec's client and ignored where it would name
// whose private data to read: messages, favourites and history are always the caller's own.
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";
import { requireActor, actorOf } from "./middleware";
import { qaCtx } from "./qa";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { notFound } from "../lib/errors";
import { hexEqual, sha256Hex } from "../lib/crypto";
import {
  PERSONAL_MSG,
  categoryAddPayload,
  categoryDeletePayload,
  categoryPagePayload,
  categoryRenamePayload,
  favoritePagePayload,
  favoriteTogglePayload,
  historyDeletePayload,
  historyPayload,
  markReadPayload,
  messagePagePayload,
  relationPayload,
  type MessageTab,
  systemMessagePayload,
  userContentPayload,
} from "../contract/qa-personal";
import { QA_MSG } from "../contract/qa";
import { answersByUser, basicProfile, fansPage, followsPage, questionsByUser, userStatistics } from "../services/qa-personal/users";
import { messageCounts } from "../services/messaging/counts";
import { markMessagesRead, messagePage } from "../services/qa-personal/messages";
import { sendLoggedMessage } from "../services/admin/system-messages";
import { isAdminUser } from "../services/operators/access";
import { deleteHistory, historyPage } from "../services/qa-personal/history";
import { addCategory, categoryPage, deleteCategory, favoritePage, renameCategory, toggleFavorite } from "../services/qa-personal/favorites";
import { allDomains, regionTree } from "../services/qa-personal/dictionaries";

/** A positive id from a body field, or null when absent/empty/0. */
const idOrNull = (v: unknown) => (typeof v === "number" && v > 0 ? v : null);

function pathId(c: Context<AppEnv>): number {
  const id = Number(c.req.param("id"));
  if (!Number.isInteger(id) || id <= 0) throw notFound(PERSONAL_MSG.userMissing);
  return id;
}

/** Two secrets compared through their SHA-256 digests: constant time, and the lengths do not leak. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([sha256Hex(a), sha256Hex(b)]);
  return hexEqual(x, y);
}

/**
 * Operators only: an active admin user's token (isAdminUser), or the x-ops-token header equal to the OPS_TOKEN
 * secret (at least 24 characters; without it the header path is off). Anyone else gets "not found".
 */
async function isOperator(c: Context<AppEnv>): Promise<boolean> {
  const actor = c.get("actor");
  // The console's own rule (services/operators/access.ts): an admin whose account is active, not a banned or closed one.
  if (actor && (await isAdminUser({ db: c.get("db"), userId: actor.userId }))) return true;
  const secret = (c.env as Env & { OPS_TOKEN?: string }).OPS_TOKEN;
  const given = c.req.header("x-ops-token");
  return !!secret && secret.length >= 24 && !!given && (await sameSecret(secret, given));
}

export const qaPersonalApi = new Hono<AppEnv>()
  // ---- a user's content ----
  .post("/answer/queryPageByUserId", requireActor, validate("json", userContentPayload), async (c) => {
    const b = c.req.valid("json");
    const me = actorOf(c).userId;
    return ok(c, await answersByUser({ db: c.get("db"), viewerId: me, publisherId: idOrNull(b.publisherId) ?? me, status: b.status, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/question/pageQueryByUser", requireActor, validate("json", userContentPayload), async (c) => {
    const b = c.req.valid("json");
    const me = actorOf(c).userId;
    return ok(c, await questionsByUser({ db: c.get("db"), viewerId: me, publisherId: idOrNull(b.publisherId) ?? me, status: b.status, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  // ---- users ----
  .get("/userInfo/:id/statistics", requireActor, async (c) => ok(c, await userStatistics({ db: c.get("db"), viewerId: actorOf(c).userId, userId: pathId(c) })))
  .get("/userInfo/basic/:id", requireActor, async (c) => ok(c, await basicProfile({ db: c.get("db"), viewerId: actorOf(c).userId, userId: pathId(c) })))
  .post("/userInfo/fans/queryPage", requireActor, validate("json", relationPayload), async (c) => {
    const b = c.req.valid("json");
    const me = actorOf(c).userId;
    return ok(c, await fansPage({ db: c.get("db"), viewerId: me, userId: idOrNull(b.userId) ?? me, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/userInfo/follows/queryPage", requireActor, validate("json", relationPayload), async (c) => {
    const b = c.req.valid("json");
    const me = actorOf(c).userId;
    return ok(c, await followsPage({ db: c.get("db"), viewerId: me, userId: idOrNull(b.userId) ?? me, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  // ---- messages (always the caller's own) ----
  .post("/messageNotice/statistics", requireActor, async (c) => ok(c, await messageCounts({ db: c.get("db"), userId: actorOf(c).userId })))
  .post("/messageNotice/updateMessageStatus", requireActor, validate("json", markReadPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await markMessagesRead({ ...qaCtx(c), userId: actorOf(c).userId, ids: b.messageIds }), PERSONAL_MSG.marked);
  })
  .post("/admin/systemMessage/send", validate("json", systemMessagePayload), async (c) => {
    if (!(await isOperator(c))) throw notFound();
    const b = c.req.valid("json");
    // The same logged send as the console's /admin/messages (listed there; actor 0 = the ops token).
    const sent = await sendLoggedMessage({ ...qaCtx(c), actorId: c.get("actor")?.userId ?? 0, input: b.to === "all" ? { audience: "all", title: "", content: b.content } : { audience: "one", userId: b.to, title: "", content: b.content } });
    return ok(c, { receivers: sent.receivers }, PERSONAL_MSG.sent);
  })
  // ---- view history ----
  .post("/common/viewHistory/pageQuery", requireActor, validate("json", historyPayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await historyPage({ db: c.get("db"), userId: actorOf(c).userId, searchContent: b.searchContent, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/common/viewHistory/deleteById", requireActor, validate("json", historyDeletePayload), async (c) => {
    return ok(c, { deleted: await deleteHistory({ db: c.get("db"), userId: actorOf(c).userId, ids: c.req.valid("json").ids }) }, QA_MSG.deleted);
  })
  // ---- favourites ----
  .post("/favorite/category/queryPageByUser", requireActor, validate("json", categoryPagePayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await categoryPage({ db: c.get("db"), userId: actorOf(c).userId, pageNo: b.pageNo, pageSize: b.pageSize }));
  })
  .post("/favorite/category/add", requireActor, validate("json", categoryAddPayload), async (c) => {
    return ok(c, await addCategory({ db: c.get("db"), userId: actorOf(c).userId, name: c.req.valid("json").categoryName, now: Date.now() }), PERSONAL_MSG.categoryCreated);
  })
  .post("/favorite/category/update", requireActor, validate("json", categoryRenamePayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await renameCategory({ db: c.get("db"), userId: actorOf(c).userId, id: b.id, name: b.categoryName }), QA_MSG.modified);
  })
  .post("/favorite/category/deleteById", requireActor, validate("json", categoryDeletePayload), async (c) => {
    return ok(c, await deleteCategory({ db: c.get("db"), userId: actorOf(c).userId, id: c.req.valid("json").id }), QA_MSG.deleted);
  })
  .post("/favorite/content/queryPage", requireActor, validate("json", favoritePagePayload), async (c) => {
    const b = c.req.valid("json");
    const categoryId = typeof b.categoryId === "number" ? b.categoryId : null;
    return ok(c, await favoritePage({ db: c.get("db"), userId: actorOf(c).userId, input: { categoryId, searchContent: b.searchContent, pageNo: b.pageNo, pageSize: b.pageSize } }));
  })
  .post("/favorite/answer/queryPageById", requireActor, validate("json", favoritePagePayload), async (c) => {
    const b = c.req.valid("json");
    const categoryId = typeof b.categoryId === "number" ? b.categoryId : 0;
    return ok(c, await favoritePage({ db: c.get("db"), userId: actorOf(c).userId, input: { categoryId, searchContent: b.searchContent, pageNo: b.pageNo, pageSize: b.pageSize } }));
  })
  .post("/common/favoriteAndUnfavorite", requireActor, validate("json", favoriteTogglePayload), async (c) => {
    const b = c.req.valid("json");
    const state = await toggleFavorite({ ...qaCtx(c), userId: actorOf(c).userId, input: { contentId: b.contentId, actionType: b.actionType, categoryId: idOrNull(b.categoryId) } });
    return ok(c, state, state.isFavorite ? PERSONAL_MSG.favorited : PERSONAL_MSG.unfavorited);
  })
  // ---- option lists (public) ----
  .get("/domain/getAll", async (c) => ok(c, await allDomains({ db: c.get("db") })))
  .get("/location/getAll", async (c) => ok(c, await regionTree({ db: c.get("db") })));

/** The four message tabs (spec 2 §7) are one page query; the path names the tab. */
const MESSAGE_TAB_PATHS: Record<string, MessageTab> = {
  "/question/messagePageQuery": "answer",
  "/common/follow/messagePageQuery": "follow",
  "/common/praise/messagePageQuery": "praise",
  "/common/system/messagePageQuery": "system",
};
for (const [path, tab] of Object.entries(MESSAGE_TAB_PATHS)) {
  qaPersonalApi.post(path, requireActor, validate("json", messagePagePayload), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await messagePage({ db: c.get("db"), userId: actorOf(c).userId, tab, isRead: b.isRead, pageNo: b.pageNo, pageSize: b.pageSize }));
  });
}
