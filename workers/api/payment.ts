// Payment service (spec 3 §7) under /api/product, /api/order, /api/pay and /api/coupon, Alipay's async notify at
// /api/pay/alipay/notify and WeChat Pay's Native order and notifies at /api/pay/wechat/*. Thin: validate → service → envelope (the notify answers Alipay's plain text).
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { validate } from "../lib/validation";
import { forbidden } from "../lib/errors";
import {
  MERCHANT_ID,
  PAY_MSG,
  couponCountQuerySchema,
  orderAddSchema,
  orderSnSchema,
  paySchema,
  productQuerySchema,
  subProductParamSchema,
  userCouponsQuerySchema,
  wechatNativeSchema,
  zeroPurchaseSchema,
} from "../contract/payment";
import {
  couponCount,
  createOrder,
  handleNotify,
  listUserCoupons,
  orderOfSurvey,
  productView,
  startAlipay,
  startWechat,
  handleWechatNotify,
  handleWechatRefundNotify,
  syncOrder,
  zeroDollarPurchase,
  type PayCtx,
} from "../services/payment";
import { gatewayParams } from "../providers/alipay/protocol";
import { signedHeadersOf } from "../providers/wechatpay";

const ctxOf = (c: Context<AppEnv>): PayCtx => ({ db: c.get("db"), env: c.env, now: Date.now(), origin: new URL(c.req.url).origin });

/** The spec's client sends its userId; it must be the caller's own. */
function ownUserId(c: Context<AppEnv>, claimed: number | undefined) {
  const { userId } = actorOf(c);
  if (claimed !== undefined && claimed !== userId) throw forbidden(PAY_MSG.notYours);
  return userId;
}

export const productApi = new Hono<AppEnv>().post("/getByMerchantAndProduct", validate("json", productQuerySchema), async (c) => {
  const p = c.req.valid("json");
  return ok(c, await productView({ ...ctxOf(c), userId: c.get("actor")?.userId ?? null, merchantId: p.merchantId ?? MERCHANT_ID, productId: p.productId, surveyId: p.subProductId }));
});

const addOrder = validate("json", orderAddSchema);

export const orderApi = new Hono<AppEnv>()
  .post("/add", requireActor, addOrder, async (c) => {
    const p = c.req.valid("json");
    return ok(c, await createOrder({ ...ctxOf(c), userId: actorOf(c).userId, input: { claimedUserId: p.userId, merchantId: p.merchantId, productId: p.productId, subProductId: p.subProductId, batchId: p.batchId } }));
  })
  .get("/getBySubProduct/:id", requireActor, validate("param", subProductParamSchema), async (c) =>
    ok(c, await orderOfSurvey({ ...ctxOf(c), userId: actorOf(c).userId, surveyId: c.req.valid("param").id })),
  );

export const payApi = new Hono<AppEnv>()
  .post("/pc/order/add", requireActor, addOrder, async (c) => {
    const p = c.req.valid("json");
    return ok(c, await createOrder({ ...ctxOf(c), userId: actorOf(c).userId, input: { claimedUserId: p.userId, merchantId: p.merchantId, productId: p.productId, subProductId: p.subProductId, batchId: p.batchId } }));
  })
  .post("/pc/pay", requireActor, validate("json", paySchema), async (c) => {
    const p = c.req.valid("json");
    return ok(c, await startAlipay({ ...ctxOf(c), userId: actorOf(c).userId, input: { orderSn: p.orderSn, batchId: p.batchId } }));
  })
  .post("/pc/order/query", requireActor, validate("json", orderSnSchema), async (c) => ok(c, await syncOrder({ ...ctxOf(c), userId: actorOf(c).userId, orderSn: c.req.valid("json").orderSn })))
  .post("/pc/zeroDollarPurchase", requireActor, validate("form", zeroPurchaseSchema), async (c) => {
    const p = c.req.valid("form");
    return ok(c, await zeroDollarPurchase({ ...ctxOf(c), userId: actorOf(c).userId, input: { claimedUserId: p.userId, orderId: p.orderId, orderSn: p.orderSn, batchId: p.batchId } }), PAY_MSG.paid);
  })
  .post("/wechat/native", requireActor, validate("json", wechatNativeSchema), async (c) => {
    const p = c.req.valid("json");
    return ok(c, await startWechat({ ...ctxOf(c), userId: actorOf(c).userId, input: { orderSn: p.orderSn, batchId: p.batchId } }));
  })
  // WeChat Pay's server calls these; no session. 204 without a body stops its retries; 4xx/5xx {"code":"FAIL"} asks again.
  .post("/wechat/notify", async (c) => {
    const r = await handleWechatNotify({ ...ctxOf(c), headers: signedHeadersOf(c.req.raw.headers), body: await c.req.text() });
    return r.body ? c.json(r.body, r.status as 400 | 401 | 500) : c.body(null, 204);
  })
  .post("/wechat/refund-notify", async (c) => {
    const r = await handleWechatRefundNotify({ ...ctxOf(c), headers: signedHeadersOf(c.req.raw.headers), body: await c.req.text() });
    return r.body ? c.json(r.body, r.status as 400 | 401 | 500) : c.body(null, 204);
  })
  // Alipay's server calls this; no session. Plain "success" stops its retries (anything else asks for another).
  .post("/alipay/notify", async (c) => {
    let params: Record<string, string>;
    try {
      params = await gatewayParams(c.req.raw);
    } catch {
      return c.text("failure");
    }
    const result = await handleNotify({ ...ctxOf(c), params });
    return c.text(result.answer);
  });

export const couponApi = new Hono<AppEnv>()
  .use("*", requireActor)
  .get("/selectUserCoupons", validate("query", userCouponsQuerySchema), async (c) => {
    const p = c.req.valid("query");
    return ok(c, await listUserCoupons({ db: c.get("db"), userId: ownUserId(c, p.userId), productId: p.productId, now: Date.now() }));
  })
  .get("/getUserCouponCountByBatchId", validate("query", couponCountQuerySchema), async (c) => {
    const p = c.req.valid("query");
    return ok(c, await couponCount({ db: c.get("db"), userId: ownUserId(c, p.userId), batchId: p.batchId, now: Date.now() }));
  });
