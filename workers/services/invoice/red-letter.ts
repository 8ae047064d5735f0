// What a refund means for invoices (issue 25): called inside the refund's own batch (services/payment/refund.ts),
// after the order's status update, so it sees the order as the refund left it. An issued invoice owes a red-letter
// (红字) invoice for the refunded amount: one invoice_red_letters row per refund (unique refund_id), listed to the
// operator under 待开红字 in /admin/invoices. A request not yet issued is cancelled once the order is fully refunded.
import { sql } from "drizzle-orm";
import { invoiceRedLetters, invoiceRequests } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { invoiceCancelledReason } from "../../contract/invoice";

export function invoiceRefundStatements({ db, orderId, refundId, amountFen, now }: { db: Db; orderId: number; refundId: number; amountFen: number; now: number }): DbStatement[] {
  // Column order of invoice_red_letters: id, request_id, order_id, refund_id, amount_fen, status, note, operator_id,
  // created_at, done_at. INSERT … SELECT: a row only when the order has an issued invoice.
  const owed = sql`SELECT NULL, r.id, r.order_id, ${refundId}, ${amountFen}, 'needed', NULL, NULL, ${now}, NULL
    FROM invoice_requests r WHERE r.order_id = ${orderId} AND r.status = 'issued'`;
  return [
    db.insert(invoiceRedLetters).select(owed).onConflictDoNothing(),
    db
      .update(invoiceRequests)
      .set({ status: "cancelled", rejectReason: invoiceCancelledReason, decidedAt: now })
      .where(sql`${invoiceRequests.orderId} = ${orderId} AND ${invoiceRequests.status} = 'pending' AND EXISTS (SELECT 1 FROM pay_orders o WHERE o.id = ${orderId} AND o.status = 'REFUNDED')`),
  ];
}
