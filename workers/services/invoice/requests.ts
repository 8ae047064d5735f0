// The buyer's invoice requests (issue 25): only for the caller's paid, not fully refunded orders with money paid,
// at most one open (pending or issued) request per order (the partial unique index decides a race), optionally
// saving the title as a preset in the same batch. And the issued file, for its owner (or an operator) only.
import { and, eq, sql } from "drizzle-orm";
import { invoiceRequests, payOrders, payRefunds } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { INVOICE_FILE_MIME, INVOICE_MSG, type InvoiceFileType, type InvoiceRequestInput, type OrderInvoiceView } from "../../contract/invoice";
import { isAdminUser } from "../operators/access";
import { titleStatement } from "./titles";
import { invoiceObjectKey, orderInvoiceView } from "./views";

/** Successful refunds of an order, fen. */
export async function refundedFenOf({ db, orderId }: { db: Db; orderId: number }): Promise<number> {
  const row = await db
    .select({ fen: sql<number>`COALESCE(SUM(${payRefunds.amountFen}), 0)` })
    .from(payRefunds)
    .where(and(eq(payRefunds.orderId, orderId), eq(payRefunds.status, "success")))
    .get();
  return row?.fen ?? 0;
}

const openRequestOf = (db: Db, orderId: number) =>
  db.select().from(invoiceRequests).where(and(eq(invoiceRequests.orderId, orderId), sql`${invoiceRequests.status} IN ('pending', 'issued')`)).get();

export async function requestInvoice({ db, userId, input, now }: { db: Db; userId: number; input: InvoiceRequestInput; now: number }): Promise<OrderInvoiceView> {
  // Another user's order reads as missing: nothing tells a caller that the number exists.
  const order = await db.select().from(payOrders).where(and(eq(payOrders.orderSn, input.orderSn), eq(payOrders.userId, userId))).get();
  if (!order) throw notFound(INVOICE_MSG.orderMissing);
  if (order.status === "REFUNDED") throw fail(INVOICE_MSG.refunded);
  if (order.status !== "SUCCESS") throw fail(INVOICE_MSG.notPaid);
  const amountFen = order.payAmountFen - (await refundedFenOf({ db, orderId: order.id }));
  if (amountFen <= 0) throw fail(order.payAmountFen === 0 ? INVOICE_MSG.zeroAmount : INVOICE_MSG.refunded);
  if (await openRequestOf(db, order.id)) throw fail(INVOICE_MSG.alreadyRequested);

  const insert = db
    .insert(invoiceRequests)
    .values({ ...input.title, orderId: order.id, userId, amountFen, status: "pending", createdAt: now })
    .onConflictDoNothing()
    .returning();
  const statements: DbStatement[] = [insert];
  if (input.saveTitle) statements.push((await titleStatement({ db, userId, id: input.titleId, title: input.title, now })).statement);
  const [inserted] = (await db.batch(statements as [typeof insert, ...DbStatement[]])) as [InvoiceRequestRowList, ...unknown[]];
  // Lost a race with a parallel request for the same order: the index let only one in.
  if (!inserted[0]) throw fail(INVOICE_MSG.alreadyRequested);
  return orderInvoiceView(inserted[0]);
}
type InvoiceRequestRowList = (typeof invoiceRequests.$inferSelect)[];

/** The issued file for its owner or an operator; null for anyone else, an unissued request or a missing object. */
export async function readInvoiceFile({ db, env, userId, requestId }: { db: Db; env: Env; userId: number | null; requestId: number }): Promise<{ object: R2ObjectBody; type: InvoiceFileType; mime: string; orderSn: string } | null> {
  if (!userId) return null;
  const row = await db
    .select({ r: invoiceRequests, orderSn: payOrders.orderSn })
    .from(invoiceRequests)
    .innerJoin(payOrders, eq(payOrders.id, invoiceRequests.orderId))
    .where(eq(invoiceRequests.id, requestId))
    .get();
  if (!row || row.r.status !== "issued" || !row.r.fileKey || !row.r.fileType) return null;
  if (row.r.userId !== userId && !(await isAdminUser({ db, userId }))) return null;
  const object = await env.FILES.get(invoiceObjectKey(row.r.fileKey));
  return object ? { object, type: row.r.fileType, mime: INVOICE_FILE_MIME[row.r.fileType], orderSn: row.orderSn } : null;
}
