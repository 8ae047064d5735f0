// Operator console, commerce (issue 17, docs/admin.md "Cards, coupons, orders and refunds"): mounted under
// /api/admin/commerce by workers/api/admin.ts, so requireActor + requireAdmin run first and ADMIN_ROUTES lists these.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { COMMERCE_MSG, batchQuery, cardUpdatePayload, couponIssuePayload, orderListQuery, orderSnQuery, reconcileQuery, refundPayload } from "../contract/admin-commerce";
import { adminCards, batchCoupons, couponBatchList, issueCoupons, updateCard } from "../services/admin/commerce";
import { chinaToday, orderDetail, queryAlipay, queryWechat, reconciliation, refundFromConsole, searchOrders } from "../services/admin/orders";
import type { PayCtx } from "../services/payment";

const payCtx = (c: { get: (k: "db") => PayCtx["db"]; env: Env; req: { url: string } }): PayCtx => ({ db: c.get("db"), env: c.env, now: Date.now(), origin: new URL(c.req.url).origin });

export const adminCommerceApi = new Hono<AppEnv>()
  // ---- cards and prices ----
  .get("/cards", async (c) => ok(c, await adminCards({ db: c.get("db") })))
  .post("/cards/update", validate("json", cardUpdatePayload), async (c) => ok(c, await updateCard({ db: c.get("db"), actorId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() }), COMMERCE_MSG.cardSaved))
  // ---- coupon batches ----
  .get("/coupons", async (c) => ok(c, await couponBatchList({ db: c.get("db"), now: Date.now() })))
  .get("/coupons/batch", validate("query", batchQuery), async (c) => ok(c, await batchCoupons({ db: c.get("db"), batchId: c.req.valid("query").id, now: Date.now() })))
  .post("/coupons/issue", validate("json", couponIssuePayload), async (c) => ok(c, await issueCoupons({ db: c.get("db"), actorId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() }), COMMERCE_MSG.issued))
  // ---- orders ----
  .get("/orders", validate("query", orderListQuery), async (c) => ok(c, await searchOrders({ db: c.get("db"), q: c.req.valid("query") })))
  .get("/orders/detail", validate("query", orderSnQuery), async (c) => ok(c, await orderDetail({ db: c.get("db"), orderSn: c.req.valid("query").orderSn })))
  .post("/orders/alipay-query", validate("json", orderSnQuery), async (c) => ok(c, await queryAlipay({ ...payCtx(c), actorId: actorOf(c).userId, orderSn: c.req.valid("json").orderSn })))
  .post("/orders/wechat-query", validate("json", orderSnQuery), async (c) => ok(c, await queryWechat({ ...payCtx(c), actorId: actorOf(c).userId, orderSn: c.req.valid("json").orderSn })))
  .post("/orders/refund", validate("json", refundPayload), async (c) => {
    const res = await refundFromConsole({ ...payCtx(c), actorId: actorOf(c).userId, input: c.req.valid("json") });
    return ok(c, res, res.fresh ? COMMERCE_MSG.refunded : COMMERCE_MSG.refundDone);
  })
  .get("/reconciliation", validate("query", reconcileQuery), async (c) => ok(c, await reconciliation({ db: c.get("db"), day: c.req.valid("query").day ?? chinaToday(Date.now()) })));
