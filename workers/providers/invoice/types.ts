// The e-invoice provider interface (issue 25): what the console asks of an e-invoice platform (乐企/百望/航信 and
// the like) so that a request can be issued automatically later. Today: `manual` (operators upload the file they
// issued on the tax bureau's platform) and `dev` (a sample PDF, local only). docs/payments.md "发票".
import type { InvoiceFileType, InvoiceTitleInput } from "../../contract/invoice";

/** The buyer's fields come from the one title schema (workers/contract/invoice.ts). */
export interface InvoiceIssueInput extends InvoiceTitleInput {
  /** Our request id, sent as the platform's serial number (流水号) so a retry never issues twice. */
  requestId: number;
  orderSn: string;
  /** The goods line: the report's product name. */
  itemName: string;
  /** Amount including tax, fen. */
  amountFen: number;
  now: number;
}

export interface IssuedInvoice {
  /** 发票号码 (20 digits for a 数电发票). */
  invoiceNo: string;
  fileType: InvoiceFileType;
  bytes: Uint8Array;
}

export interface InvoiceProvider {
  /** Recorded as the request's issued_via. */
  readonly name: string;
  issue(input: InvoiceIssueInput): Promise<IssuedInvoice>;
}
