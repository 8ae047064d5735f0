// Rows → the invoice shapes on the wire, and the file route of an issued invoice.
import type { invoiceRequests } from "../../../db/schema";
import type { OrderInvoiceView } from "../../contract/invoice";

export type InvoiceRequestRow = typeof invoiceRequests.$inferSelect;

/** The owner-only (and operator) download of an issued invoice: GET /files/invoice/<id>. */
export const invoiceFileUrl = (requestId: number) => `/files/invoice/${requestId}`;
/** R2 key of an issued invoice file: unguessable, never derived from the request id. */
export const invoiceObjectKey = (fileName: string) => `invoices/${fileName}`;

export function orderInvoiceView(r: InvoiceRequestRow): OrderInvoiceView {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    buyerName: r.buyerName,
    rejectReason: r.rejectReason,
    invoiceNo: r.invoiceNo,
    downloadUrl: r.status === "issued" && r.fileKey ? invoiceFileUrl(r.id) : null,
    createdAt: r.createdAt,
  };
}
