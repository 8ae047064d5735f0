// The operator's invoice queue (issue 25, docs/admin.md "发票"): requests by state with the order and amounts beside
// each, issuing by upload (the file typed by its content) or through the configured provider, rejecting with a
// reason, and the red-letter invoices owed after refunds. Every decision is one batch with its audit row and the
// buyer's system message (live badge after it).
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { invoiceRedLetters, invoiceRequests, payOrders, qaMessages, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { invoiceFileTypeOf } from "./file-type";
import { yuanOf } from "../../contract/payment";
import { ADMIN_PAGE_SIZE } from "../../contract/admin-constants";
import {
  INVOICE_ACTION,
  INVOICE_FILE_MIME,
  INVOICE_MSG,
  invoiceIssuedNotice,
  invoiceRejectedNotice,
  type InvoiceQueueItem,
  type InvoiceQueueState,
  type InvoiceQueueView,
  type RedLetterItem,
} from "../../contract/invoice";
import { invoiceProvider, invoiceProviderName, type IssuedInvoice } from "../../providers/invoice";
import { pushMessageCount } from "../messaging/channel";
import { auditStatement } from "../operators/audit";
import { invoiceFileUrl, invoiceObjectKey } from "./views";

export interface InvoiceCtx {
  db: Db;
  env: Env;
  now: number;
}

const refundedSql = sql<number>`(SELECT COALESCE(SUM(pr.amount_fen), 0) FROM pay_refunds pr WHERE pr.order_id = ${payOrders.id} AND pr.status = 'success')`;

export async function invoiceQueue({ state, pageNo, pageSize = ADMIN_PAGE_SIZE, ...ctx }: InvoiceCtx & { state: InvoiceQueueState; pageNo: number; pageSize?: number }): Promise<InvoiceQueueView> {
  const { db } = ctx;
  const [[pending], [owed]] = await db.batch([
    db.select({ n: count() }).from(invoiceRequests).where(eq(invoiceRequests.status, "pending")),
    db.select({ n: count() }).from(invoiceRedLetters).where(eq(invoiceRedLetters.status, "needed")),
  ]);
  const base = { state, pageNo, pageSize, pendingCount: pending?.n ?? 0, redLetterCount: owed?.n ?? 0, provider: invoiceProviderName(ctx.env) };
  if (state === "redLetter") {
    const [rows, total] = await Promise.all([
      db
        .select({ l: invoiceRedLetters, orderSn: payOrders.orderSn, buyerName: invoiceRequests.buyerName, taxId: invoiceRequests.taxId, invoiceNo: invoiceRequests.invoiceNo })
        .from(invoiceRedLetters)
        .innerJoin(invoiceRequests, eq(invoiceRequests.id, invoiceRedLetters.requestId))
        .innerJoin(payOrders, eq(payOrders.id, invoiceRedLetters.orderId))
        .orderBy(desc(sql`${invoiceRedLetters.status} = 'needed'`), desc(invoiceRedLetters.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
      db.select({ n: count() }).from(invoiceRedLetters),
    ]);
    const list = rows.map(
      ({ l, orderSn, buyerName, taxId, invoiceNo }): RedLetterItem => ({
        id: l.id,
        requestId: l.requestId,
        orderSn,
        buyerName,
        taxId,
        invoiceNo,
        amount: yuanOf(l.amountFen),
        status: l.status,
        note: l.note,
        createdAt: l.createdAt,
        doneAt: l.doneAt,
      }),
    );
    return { ...base, list, total: total[0]?.n ?? 0 };
  }
  const [rows, total] = await Promise.all([
    db
      .select({ r: invoiceRequests, orderSn: payOrders.orderSn, orderStatus: payOrders.status, productName: payOrders.productName, payFen: payOrders.payAmountFen, refundedFen: refundedSql, userName: users.userName })
      .from(invoiceRequests)
      .innerJoin(payOrders, eq(payOrders.id, invoiceRequests.orderId))
      .innerJoin(users, eq(users.id, invoiceRequests.userId))
      .where(eq(invoiceRequests.status, state))
      // The queue is worked oldest first; decided requests read newest first.
      .orderBy(state === "pending" ? asc(invoiceRequests.createdAt) : desc(invoiceRequests.decidedAt), asc(invoiceRequests.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(invoiceRequests).where(eq(invoiceRequests.status, state)),
  ]);
  const list = rows.map(
    ({ r, orderSn, orderStatus, productName, payFen, refundedFen, userName }): InvoiceQueueItem => ({
      id: r.id,
      orderSn,
      orderStatus,
      productName,
      userId: r.userId,
      userName,
      kind: r.kind,
      buyerName: r.buyerName,
      taxId: r.taxId,
      address: r.address,
      phone: r.phone,
      bankName: r.bankName,
      bankAccount: r.bankAccount,
      email: r.email,
      payAmount: yuanOf(payFen),
      refunded: yuanOf(refundedFen),
      invoiceAmount: yuanOf(Math.max(0, payFen - refundedFen)),
      status: r.status,
      rejectReason: r.rejectReason,
      invoiceNo: r.invoiceNo,
      issuedVia: r.issuedVia,
      downloadUrl: r.status === "issued" && r.fileKey ? invoiceFileUrl(r.id) : null,
      createdAt: r.createdAt,
      decidedAt: r.decidedAt,
    }),
  );
  return { ...base, list, total: total[0]?.n ?? 0 };
}

/** The buyer's system message about the decision (消息通知 → 系统). */
const messageStatement = (ctx: InvoiceCtx, userId: number, content: string) =>
  ctx.db.insert(qaMessages).values({ receiverId: userId, kind: "system", actorId: null, content, isRead: 0, createdAt: ctx.now }).returning({ id: qaMessages.id });

/**
 * Two operators deciding the same request at once both pass the pending check; the guarded update lets one win. The
 * loser's batch still wrote its message: take it back so the buyer reads one (its audit row stays, as an attempt).
 */
async function undoMessage(ctx: InvoiceCtx, inserted: { id: number }[]) {
  if (inserted[0]) await ctx.db.delete(qaMessages).where(eq(qaMessages.id, inserted[0].id));
}

/** A pending request with its order, and what is invoiceable now (paid − refunded); refused otherwise. */
async function pendingRequest(db: Db, id: number) {
  const row = await db
    .select({ r: invoiceRequests, orderSn: payOrders.orderSn, orderStatus: payOrders.status, productName: payOrders.productName, payFen: payOrders.payAmountFen, refundedFen: refundedSql })
    .from(invoiceRequests)
    .innerJoin(payOrders, eq(payOrders.id, invoiceRequests.orderId))
    .where(eq(invoiceRequests.id, id))
    .get();
  if (!row) throw notFound(INVOICE_MSG.requestMissing);
  if (row.r.status !== "pending") throw fail(INVOICE_MSG.notPending);
  return row;
}

async function issue(ctx: InvoiceCtx, adminId: number, id: number, file: IssuedInvoice, via: string) {
  const req = await pendingRequest(ctx.db, id);
  const amountFen = req.payFen - req.refundedFen;
  if (req.orderStatus !== "SUCCESS" || amountFen <= 0) throw fail(INVOICE_MSG.refunded);
  const fileKey = `${randomId()}.${file.fileType}`;
  await ctx.env.FILES.put(invoiceObjectKey(fileKey), file.bytes, { httpMetadata: { contentType: INVOICE_FILE_MIME[file.fileType] } });
  const after = { status: "issued", fileType: file.fileType, fileSize: file.bytes.length, invoiceNo: file.invoiceNo, via, amount: yuanOf(amountFen) };
  const [done, message] = await ctx.db.batch([
    ctx.db
      .update(invoiceRequests)
      .set({ status: "issued", fileKey, fileType: file.fileType, fileSize: file.bytes.length, invoiceNo: file.invoiceNo, issuedVia: via, operatorId: adminId, decidedAt: ctx.now })
      .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.status, "pending"))),
    messageStatement(ctx, req.r.userId, invoiceIssuedNotice(req.orderSn, req.r.kind)),
    auditStatement({ db: ctx.db, entry: { actorId: adminId, action: INVOICE_ACTION.ISSUE, targetType: "invoice", targetId: id, before: { status: "pending", orderSn: req.orderSn }, after }, now: ctx.now }),
  ]);
  if (done.meta.changes !== 1) {
    await Promise.all([ctx.env.FILES.delete(invoiceObjectKey(fileKey)), undoMessage(ctx, message)]);
    throw fail(INVOICE_MSG.notPending);
  }
  await pushMessageCount({ env: ctx.env, userId: req.r.userId, delta: 1 });
  return { id, invoiceNo: file.invoiceNo, downloadUrl: invoiceFileUrl(id) };
}

/** The operator uploads the invoice issued elsewhere: PDF, OFD or XML by content, at most INVOICE_FILE_MAX_BYTES. */
export async function issueByUpload({ adminId, id, bytes, invoiceNo, ...ctx }: InvoiceCtx & { adminId: number; id: number; bytes: Uint8Array; invoiceNo: string | null }) {
  const fileType = invoiceFileTypeOf(bytes);
  if (!fileType) throw fail(INVOICE_MSG.fileType);
  return issue(ctx, adminId, id, { fileType, bytes, invoiceNo: invoiceNo ?? "" }, "upload");
}

/** Issue through the configured provider (the dev sample locally; manual = refused, upload instead). */
export async function issueByProvider({ adminId, id, ...ctx }: InvoiceCtx & { adminId: number; id: number }) {
  const provider = invoiceProvider(ctx.env);
  if (!provider) throw fail(INVOICE_MSG.providerManual);
  const req = await pendingRequest(ctx.db, id);
  const amountFen = req.payFen - req.refundedFen;
  if (req.orderStatus !== "SUCCESS" || amountFen <= 0) throw fail(INVOICE_MSG.refunded);
  let issued: IssuedInvoice;
  try {
    issued = await provider.issue({ ...req.r, requestId: id, orderSn: req.orderSn, itemName: req.productName, amountFen, now: ctx.now });
  } catch (e) {
    console.error(JSON.stringify({ event: "invoice-provider-failed", provider: provider.name, requestId: id, error: String(e) }));
    throw fail(INVOICE_MSG.providerFailed);
  }
  // A provider's file is held to the same content check as an upload.
  if (invoiceFileTypeOf(issued.bytes) !== issued.fileType) throw fail(INVOICE_MSG.providerFailed);
  return issue(ctx, adminId, id, issued, provider.name);
}

export async function rejectRequest({ adminId, id, reason, ...ctx }: InvoiceCtx & { adminId: number; id: number; reason: string }) {
  const req = await pendingRequest(ctx.db, id);
  const [done, message] = await ctx.db.batch([
    ctx.db.update(invoiceRequests).set({ status: "rejected", rejectReason: reason, operatorId: adminId, decidedAt: ctx.now }).where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.status, "pending"))),
    messageStatement(ctx, req.r.userId, invoiceRejectedNotice(req.orderSn, reason)),
    auditStatement({ db: ctx.db, entry: { actorId: adminId, action: INVOICE_ACTION.REJECT, targetType: "invoice", targetId: id, before: { status: "pending", orderSn: req.orderSn }, after: { status: "rejected" }, reason }, now: ctx.now }),
  ]);
  if (done.meta.changes !== 1) {
    await undoMessage(ctx, message);
    throw fail(INVOICE_MSG.notPending);
  }
  await pushMessageCount({ env: ctx.env, userId: req.r.userId, delta: 1 });
  return { id };
}

export async function markRedLetterDone({ adminId, id, note, ...ctx }: InvoiceCtx & { adminId: number; id: number; note: string | undefined }) {
  const row = await ctx.db.select().from(invoiceRedLetters).where(eq(invoiceRedLetters.id, id)).get();
  if (!row) throw notFound(INVOICE_MSG.redLetterMissing);
  if (row.status !== "needed") throw fail(INVOICE_MSG.notPending);
  const [done] = await ctx.db.batch([
    ctx.db.update(invoiceRedLetters).set({ status: "done", note: note || null, operatorId: adminId, doneAt: ctx.now }).where(and(eq(invoiceRedLetters.id, id), eq(invoiceRedLetters.status, "needed"))),
    auditStatement({ db: ctx.db, entry: { actorId: adminId, action: INVOICE_ACTION.RED_LETTER_DONE, targetType: "invoice", targetId: row.requestId, before: { redLetter: id, status: "needed" }, after: { redLetter: id, status: "done" }, reason: note ?? null }, now: ctx.now }),
  ]);
  if (done.meta.changes !== 1) throw fail(INVOICE_MSG.notPending);
  return { id };
}
