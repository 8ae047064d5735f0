// Operator console, orders (issue 17): search and page through orders, one order's detail (items, coupon, payment,
// every notify received, refunds), the live Alipay trade query, refunds (services/payment/refund.ts) and the daily
// reconciliation of paid orders against verified notifies and refunds, per China day.
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { couponBatches, payNotifications, payOrders, payPayments, payRefunds, userCoupons, users } from "../../../db/schema";
import { inJsonList, type Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { chinaDate } from "../../lib/china-time";
import { yuanOf } from "../../contract/payment";
import {
  COMMERCE_ACTION,
  COMMERCE_MSG,
  COMMERCE_PAGE_SIZE,
  type AdminOrderView,
  type AlipayQueryView,
  type WechatQueryView,
  type NotifyView,
  type OrderDetailView,
  type OrderListInput,
  type ReconcileIssue,
  type ReconcileRow,
  type ReconcileView,
  type RefundInput,
  type RefundResultView,
  type RefundView,
} from "../../contract/admin-commerce";
import { fenOf, isPaidStatus, type AlipayClient } from "../../providers/alipay";
import { isPaidState, type WechatPayClient } from "../../providers/wechatpay";
import { clientOf, orderBySn, wechatClientOf, type OrderRow, type PayCtx } from "../payment/context";
import { reconcile, reconcileWechat } from "../payment/trade";
import { REFUNDABLE_CHANNELS, refundableFen, refundOrder } from "../payment/refund";
import { auditStatement } from "../operators/audit";

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00+08:00`);

/** pay_notifications outcomes that passed verification (signature, app, order, amount, seller). */
const VERIFIED = ["applied", "duplicate", "conflict"];

const refundedSql = sql<number>`(SELECT COALESCE(SUM(r.amount_fen), 0) FROM pay_refunds r WHERE r.order_id = ${payOrders.id} AND r.status = 'success')`;

function orderView(o: typeof payOrders.$inferSelect, u: { name: string | null; phone: string | null }, refundedFen: number): AdminOrderView {
  return {
    id: o.id,
    orderSn: o.orderSn,
    userId: o.userId,
    userName: o.userName,
    name: u.name,
    phone: u.phone,
    productName: o.productName,
    subProductId: o.subProductId,
    status: o.status,
    orderAmount: yuanOf(o.orderAmountFen),
    payAmount: yuanOf(o.payAmountFen),
    refunded: yuanOf(refundedFen),
    payChannel: o.payChannel,
    tradeNo: o.tradeNo,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
  };
}

/** Order numbers are TCC + 20 digits (services/payment/orders.ts): a query that looks like one is an order number. */
const ORDER_SN_PREFIX = /^[A-Za-z]{0,3}\d{4,}$/;
/** The largest code point: `sn >= q AND sn < q || MAX_CHAR` is the prefix range the unique index answers. */
const MAX_CHAR = "\u{10FFFF}";

/**
 * The search box's condition, every branch answered by an index (issue 26 item 10: no LIKE '%…%' scan of a table
 * that grows with users): an order number exactly or by prefix (pay_orders.order_sn, unique), else the account
 * with that phone or user name exactly (users.phone / users.user_name, unique) and its orders (pay_orders_user_sub_idx).
 */
export function orderSearchCondition({ db, text }: { db: Db; text: string }): SQL {
  const q = text.trim();
  const accounts = db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, q), eq(users.userName, q)));
  const byAccount = inArray(payOrders.userId, accounts);
  if (!ORDER_SN_PREFIX.test(q)) return byAccount;
  const sn = q.toUpperCase();
  return or(and(gte(payOrders.orderSn, sn), lt(payOrders.orderSn, sn + MAX_CHAR)), byAccount)!;
}

/** Orders by order number (exact or prefix), phone or user name (exact), status and China-day range (order time), newest first. */
export async function searchOrders({ db, q, pageSize = COMMERCE_PAGE_SIZE }: { db: Db; q: OrderListInput; pageSize?: number }): Promise<{ list: AdminOrderView[]; total: number; pageNo: number; pageSize: number }> {
  const where: SQL[] = [];
  if (q.q) where.push(orderSearchCondition({ db, text: q.q }));
  if (q.status) where.push(eq(payOrders.status, q.status));
  if (q.from) where.push(gte(payOrders.createdAt, dayStart(q.from)));
  if (q.to) where.push(lt(payOrders.createdAt, dayStart(q.to) + DAY_MS));
  const cond = where.length ? and(...where) : undefined;
  const [rows, count] = await db.batch([
    db
      .select({ o: payOrders, name: users.name, phone: users.phone, refunded: refundedSql })
      .from(payOrders)
      .innerJoin(users, eq(users.id, payOrders.userId))
      .where(cond)
      .orderBy(desc(payOrders.createdAt), desc(payOrders.id))
      .limit(pageSize)
      .offset((q.pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(payOrders).innerJoin(users, eq(users.id, payOrders.userId)).where(cond),
  ]);
  return { list: rows.map((r) => orderView(r.o, r, r.refunded)), total: count[0]?.n ?? 0, pageNo: q.pageNo, pageSize };
}

const notifyView = (n: typeof payNotifications.$inferSelect): NotifyView => ({
  id: n.id,
  notifyId: n.notifyId,
  tradeNo: n.tradeNo,
  tradeStatus: n.tradeStatus,
  totalAmount: n.totalAmount,
  outcome: n.outcome,
  receivedAt: n.receivedAt,
});

export async function orderDetail({ db, orderSn }: { db: Db; orderSn: string }): Promise<OrderDetailView> {
  const row = await db
    .select({ o: payOrders, name: users.name, phone: users.phone, couponName: couponBatches.couponName, couponAmountFen: couponBatches.amountFen, couponStatus: userCoupons.status })
    .from(payOrders)
    .innerJoin(users, eq(users.id, payOrders.userId))
    .leftJoin(userCoupons, eq(userCoupons.id, payOrders.userCouponId))
    .leftJoin(couponBatches, eq(couponBatches.id, userCoupons.batchId))
    .where(eq(payOrders.orderSn, orderSn))
    .get();
  if (!row) throw notFound(COMMERCE_MSG.orderMissing);
  const o = row.o;
  const [payment, notifies, refunds] = await db.batch([
    db.select().from(payPayments).where(eq(payPayments.orderId, o.id)),
    db.select().from(payNotifications).where(eq(payNotifications.outTradeNo, o.orderSn)).orderBy(desc(payNotifications.id)),
    db
      .select({ r: payRefunds, actorName: sql<string>`COALESCE(${users.name}, ${users.userName})` })
      .from(payRefunds)
      .leftJoin(users, eq(users.id, payRefunds.actorId))
      .where(eq(payRefunds.orderId, o.id))
      .orderBy(desc(payRefunds.id)),
  ]);
  const refundedFen = refunds.filter((r) => r.r.status === "success").reduce((s, r) => s + r.r.amountFen, 0);
  const pendingFen = refunds.filter((r) => r.r.status === "pending").reduce((s, r) => s + r.r.amountFen, 0);
  const p = payment[0];
  return {
    order: {
      ...orderView(o, row, refundedFen),
      couponName: row.couponName ?? null,
      couponAmount: row.couponAmountFen == null ? null : yuanOf(row.couponAmountFen),
      couponStatus: row.couponStatus ?? null,
      closedAt: o.closedAt,
      alipayRequestedAt: o.alipayRequestedAt,
    },
    payment: p ? { channel: p.channel, tradeNo: p.tradeNo, amount: yuanOf(p.amountFen), source: p.source, buyerId: p.buyerId, paidAt: p.paidAt } : null,
    notifies: notifies.map(notifyView),
    refunds: refunds.map(({ r, actorName }): RefundView => ({
      id: r.id,
      outRequestNo: r.outRequestNo,
      amount: yuanOf(r.amountFen),
      reason: r.reason,
      status: r.status,
      actorName: actorName ?? String(r.actorId),
      refundFee: r.refundFeeFen == null ? null : yuanOf(r.refundFeeFen),
      failReason: r.failReason,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
    })),
    refundable: o.status === "SUCCESS" && REFUNDABLE_CHANNELS.includes(o.payChannel ?? "") ? yuanOf(Math.max(0, o.payAmountFen - refundedFen - pendingFen)) : 0,
  };
}

const ALIPAY_QUERY = { disabled: COMMERCE_MSG.payDisabled, failed: COMMERCE_MSG.queryFailed, event: "admin-alipay-query-failed" };
const WECHAT_QUERY = { disabled: COMMERCE_MSG.wechatDisabled, failed: COMMERCE_MSG.queryFailedWechat, event: "admin-wechat-query-failed" };

/**
 * What 查询支付宝 and 查询微信支付 share before they read the answer: the channel is configured here, the order exists,
 * and the provider answered (a failure is logged and told to the operator in Chinese, never thrown raw).
 */
async function askProvider<C, A>(
  ctx: PayCtx,
  orderSn: string,
  client: C | null,
  say: { disabled: string; failed: string; event: string },
  ask: (client: C, order: OrderRow) => Promise<A>,
): Promise<{ client: C; order: OrderRow; answer: A }> {
  if (!client) throw fail(say.disabled);
  const order = await orderBySn({ db: ctx.db, orderSn });
  if (!order) throw notFound(COMMERCE_MSG.orderMissing);
  try {
    return { client, order, answer: await ask(client, order) };
  } catch (e) {
    console.warn(JSON.stringify({ event: say.event, orderSn, error: String(e) }));
    throw fail(say.failed);
  }
}

/**
 * A payment the provider has that we did not record (lost notify) is applied through the same path as the buyer's
 * own query (`settle`, false when there is none to apply) and audited. Answers whether it was applied and the trade
 * number the order holds afterwards (compared with the provider's by the caller).
 */
async function applyLostPayment(ctx: PayCtx, actorId: number, order: OrderRow, settle: false | (() => Promise<string>), tradeNoThere: string | null) {
  if (!settle || (await settle()) !== "paid") return { applied: false, tradeNo: order.tradeNo };
  const after = await orderBySn({ db: ctx.db, orderSn: order.orderSn });
  const applied = after?.status === "SUCCESS";
  if (applied)
    await auditStatement({ db: ctx.db, entry: { actorId, action: COMMERCE_ACTION.ORDER_SYNC, targetType: "order", targetId: order.orderSn, before: { status: order.status }, after: { status: "SUCCESS", tradeNo: tradeNoThere } }, now: ctx.now });
  return { applied, tradeNo: after?.tradeNo ?? order.tradeNo };
}

/**
 * 查询支付宝: alipay.trade.query through the provider (signed request, verified answer). A payment Alipay has that we
 * did not record (lost notify) is applied through the same path as the user's own query, and audited.
 */
export async function queryAlipay({ actorId, orderSn, client, ...ctx }: PayCtx & { actorId: number; orderSn: string; client?: AlipayClient | null }): Promise<AlipayQueryView> {
  const { client: alipay, order, answer: trade } = await askProvider(ctx, orderSn, client === undefined ? clientOf(ctx) : client, ALIPAY_QUERY, (c, o) => c.query(o.orderSn, ctx.now));
  if (!trade.exists) return { exists: false, tradeStatus: null, tradeNo: null, totalAmount: null, buyerId: null, matches: order.status !== "SUCCESS" || order.payChannel !== "alipay", applied: false };
  const paidThere = isPaidStatus(trade.tradeStatus);
  const lost = paidThere && order.status !== "SUCCESS" && order.status !== "REFUNDED" && fenOf(trade.totalAmount) === order.payAmountFen;
  const { applied, tradeNo } = await applyLostPayment(ctx, actorId, order, lost && (() => reconcile({ ...ctx, client: alipay, order, source: "query" })), trade.tradeNo);
  const ours = applied ? "SUCCESS" : order.status;
  // A fully refunded trade is TRADE_CLOSED at Alipay; a partly refunded one stays TRADE_SUCCESS.
  const matches =
    fenOf(trade.totalAmount) === order.payAmountFen &&
    (ours === "SUCCESS" ? paidThere && trade.tradeNo === tradeNo : ours === "REFUNDED" ? trade.tradeStatus === "TRADE_CLOSED" : !paidThere);
  return { exists: true, tradeStatus: trade.tradeStatus, tradeNo: trade.tradeNo, totalAmount: trade.totalAmount, buyerId: trade.buyerId, matches, applied };
}

/**
 * 查询微信支付: the transaction query through the WeChat Pay client (signed request, verified answer), beside
 * 查询支付宝. A payment WeChat Pay has that we did not record (lost notify) is applied through the same path as the
 * buyer's return and the cron (reconcileWechat), and audited.
 */
export async function queryWechat({ actorId, orderSn, client, ...ctx }: PayCtx & { actorId: number; orderSn: string; client?: WechatPayClient | null }): Promise<WechatQueryView> {
  const { client: wechat, order, answer: q } = await askProvider(ctx, orderSn, client === undefined ? wechatClientOf(ctx) : client, WECHAT_QUERY, (c, o) => c.query(o.orderSn, ctx.now));
  if (!q.exists) return { exists: false, tradeState: null, transactionId: null, totalFen: null, matches: order.status !== "SUCCESS" || order.payChannel !== "wechat", applied: false };
  const t = q.transaction;
  const paidThere = isPaidState(t.trade_state);
  const lost = paidThere && order.status !== "SUCCESS" && order.status !== "REFUNDED" && t.amount?.total === order.payAmountFen;
  const { applied, tradeNo } = await applyLostPayment(ctx, actorId, order, lost && (() => reconcileWechat({ ...ctx, client: wechat, order, source: "query" })), t.transaction_id ?? null);
  const ours = applied ? "SUCCESS" : order.status;
  const total = t.amount?.total ?? null;
  // A refunded trade answers REFUND (partly or fully); an unpaid one NOTPAY/CLOSED.
  const matches =
    total === order.payAmountFen &&
    (ours === "SUCCESS" ? paidThere && t.transaction_id === tradeNo : ours === "REFUNDED" ? t.trade_state === "REFUND" : !paidThere);
  return { exists: true, tradeState: t.trade_state, transactionId: t.transaction_id ?? null, totalFen: total, matches, applied };
}

export async function refundFromConsole({ actorId, input, client, ...ctx }: PayCtx & { actorId: number; input: RefundInput; client?: AlipayClient | null }): Promise<RefundResultView & { fresh: boolean }> {
  const { amount, ...rest } = input;
  const out = await refundOrder({ ...ctx, actorId, input: { ...rest, amountFen: amount }, client });
  const r = out.refund;
  return {
    refund: {
      id: r.id,
      outRequestNo: r.outRequestNo,
      amount: yuanOf(r.amountFen),
      reason: r.reason,
      status: r.status,
      actorName: "",
      refundFee: r.refundFeeFen == null ? null : yuanOf(r.refundFeeFen),
      failReason: r.failReason,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt,
    },
    orderStatus: out.order.status,
    refundable: yuanOf(await refundableFen({ ...ctx, order: out.order })),
    fresh: out.fresh,
  };
}

/** A notify that reports a payment: Alipay's TRADE_SUCCESS/TRADE_FINISHED, WeChat Pay's SUCCESS (refund notifies are not). */
const paidNotify = (n: { channel: string; tradeStatus: string | null }) => (n.channel === "wechat" ? isPaidState(n.tradeStatus ?? undefined) : isPaidStatus(n.tradeStatus));

/**
 * One China day: Alipay and WeChat Pay orders paid that day vs the verified notifies received that day vs refunds finished that
 * day. Mismatches: paid without any verified notify (applied by query/return only), a verified paid notify whose
 * order is not paid, a notify amount that differs from the order's, a second trade for a paid order (conflict),
 * and refused notifies (rejected:…).
 */
export async function reconciliation({ db, day }: { db: Db; day: string }): Promise<ReconcileView> {
  const from = dayStart(day);
  const to = from + DAY_MS;
  const [paid, dayNotifies, refunds] = await db.batch([
    db
      .select({ o: payOrders, source: payPayments.source })
      .from(payOrders)
      .leftJoin(payPayments, eq(payPayments.orderId, payOrders.id))
      .where(and(inArray(payOrders.payChannel, ["alipay", "wechat"]), inArray(payOrders.status, ["SUCCESS", "REFUNDED"]), gte(payOrders.paidAt, from), lt(payOrders.paidAt, to))),
    db.select().from(payNotifications).where(and(gte(payNotifications.receivedAt, from), lt(payNotifications.receivedAt, to))),
    db
      .select({ r: payRefunds, orderSn: payOrders.orderSn })
      .from(payRefunds)
      .innerJoin(payOrders, eq(payOrders.id, payRefunds.orderId))
      .where(and(eq(payRefunds.status, "success"), gte(payRefunds.finishedAt, from), lt(payRefunds.finishedAt, to))),
  ]);
  const sns = [...new Set([...paid.map((p) => p.o.orderSn), ...dayNotifies.map((n) => n.outTradeNo).filter((s): s is string => !!s), ...refunds.map((r) => r.orderSn)])];
  const [orders, allNotifies] = sns.length
    ? await db.batch([
        db.select().from(payOrders).where(inJsonList(payOrders.orderSn, sns)),
        db.select().from(payNotifications).where(inJsonList(payNotifications.outTradeNo, sns)),
      ])
    : [[], []];
  const orderOf = new Map(orders.map((o) => [o.orderSn, o]));
  const paidToday = new Map(paid.map((p) => [p.o.orderSn, p]));
  const refundsBySn = new Map<string, number>();
  for (const r of refunds) refundsBySn.set(r.orderSn, (refundsBySn.get(r.orderSn) ?? 0) + r.r.amountFen);
  const rows: ReconcileRow[] = sns.map((sn) => {
    const o = orderOf.get(sn) ?? null;
    const p = paidToday.get(sn);
    const ns = allNotifies.filter((n) => n.outTradeNo === sn);
    const verifiedPaid = ns.filter((n) => VERIFIED.includes(n.outcome) && paidNotify(n));
    const issues: ReconcileIssue[] = [];
    if (p && verifiedPaid.length === 0) issues.push("paid_without_notify");
    if (verifiedPaid.length > 0 && (!o || (o.status !== "SUCCESS" && o.status !== "REFUNDED"))) issues.push("notify_without_paid_order");
    if (o && ns.some((n) => paidNotify(n) && n.totalAmount !== null && fenOf(n.totalAmount) !== o.payAmountFen)) issues.push("amount_mismatch");
    if (ns.some((n) => n.outcome === "conflict")) issues.push("conflict");
    const todays = ns.filter((n) => n.receivedAt >= from && n.receivedAt < to);
    if (todays.some((n) => n.outcome.startsWith("rejected:") && n.outcome !== "rejected:amount")) issues.push("rejected");
    if (todays.some((n) => n.outcome === "rejected:amount") && !issues.includes("amount_mismatch")) issues.push("amount_mismatch");
    return {
      orderSn: sn,
      orderStatus: o?.status ?? null,
      channel: o?.payChannel === "alipay" || o?.payChannel === "wechat" ? o.payChannel : (ns[0]?.channel ?? null),
      paid: p ? yuanOf(p.o.payAmountFen) : null,
      paidAt: p?.o.paidAt ?? null,
      paySource: p?.source ?? null,
      notifies: ns.map((n) => ({ totalAmount: n.totalAmount, outcome: n.outcome, receivedAt: n.receivedAt })),
      refunded: yuanOf(refundsBySn.get(sn) ?? 0),
      issues,
    };
  });
  rows.sort((a, b) => b.issues.length - a.issues.length || (b.paidAt ?? 0) - (a.paidAt ?? 0));
  const verifiedToday = dayNotifies.filter((n) => VERIFIED.includes(n.outcome) && paidNotify(n));
  // One notify per trade counts (Alipay may deliver the same notify several times).
  const byTrade = new Map(verifiedToday.map((n) => [n.tradeNo ?? `#${n.id}`, n]));
  const paidFen = paid.reduce((s, p) => s + p.o.payAmountFen, 0);
  const refundFen = refunds.reduce((s, r) => s + r.r.amountFen, 0);
  return {
    day,
    paidCount: paid.length,
    paidTotal: yuanOf(paidFen),
    notifyCount: byTrade.size,
    notifyTotal: yuanOf([...byTrade.values()].reduce((s, n) => s + (fenOf(n.totalAmount) ?? 0), 0)),
    refundCount: refunds.length,
    refundTotal: yuanOf(refundFen),
    net: yuanOf(paidFen - refundFen),
    rows,
    mismatches: rows.filter((r) => r.issues.length > 0).length,
  };
}

/** Today in China time (the reconciliation page's default day). */
export const chinaToday = (now: number) => chinaDate(now);
