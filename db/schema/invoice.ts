// Invoices (issue 25, docs/payments.md "发票"): the buyer's saved invoice titles (抬头 presets), invoice requests
// for paid orders (at most one open request per order: a partial unique index) with the issued file in R2, and the
// red-letter (红字) invoices an operator owes after an invoiced order is refunded.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { payOrders } from "./payment";
import { payRefunds } from "./admin-commerce";

/** The buyer fields a 数电发票 carries; shared by presets and requests. */
const buyerColumns = () => ({
  /** normal = 普通发票, special = 增值税专用发票. */
  kind: text("kind").$type<"normal" | "special">().notNull(),
  buyerName: text("buyer_name").notNull(),
  /** 纳税人识别号 (统一社会信用代码), upper case. */
  taxId: text("tax_id").notNull(),
  /** Required for 专票 (the issuer's rule), optional otherwise; "" when not given. */
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  bankName: text("bank_name").notNull().default(""),
  bankAccount: text("bank_account").notNull().default(""),
  /** Where the issued invoice is sent. */
  email: text("email").notNull(),
});

export const invoiceTitles = sqliteTable(
  "invoice_titles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...buyerColumns(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("invoice_titles_user_idx").on(t.userId, t.updatedAt)],
);

/**
 * pending → issued (operator upload or provider) | rejected (with a reason) | cancelled (the order was refunded in
 * full before issue). A rejected or cancelled request frees the order for a new one.
 */
export const invoiceRequests = sqliteTable(
  "invoice_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => payOrders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...buyerColumns(),
    /** What was invoiceable when requested (paid less refunds), fen. */
    amountFen: integer("amount_fen").notNull(),
    status: text("status").$type<"pending" | "issued" | "rejected" | "cancelled">().notNull(),
    rejectReason: text("reject_reason"),
    /** R2 key under invoices/ of the issued file, its type and size. */
    fileKey: text("file_key"),
    fileType: text("file_type").$type<"pdf" | "ofd" | "xml">(),
    fileSize: integer("file_size"),
    /** The invoice number (发票号码), when the operator or provider gives one. */
    invoiceNo: text("invoice_no"),
    /** upload | <provider name>: how it was issued. */
    issuedVia: text("issued_via"),
    operatorId: integer("operator_id").references(() => users.id),
    createdAt: integer("created_at").notNull(),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    index("invoice_requests_user_idx").on(t.userId, t.createdAt),
    index("invoice_requests_status_idx").on(t.status, t.createdAt),
    index("invoice_requests_order_idx").on(t.orderId),
    // One open request per order: a second while one is pending or issued is refused by the database itself.
    uniqueIndex("invoice_requests_one_open_idx").on(t.orderId).where(sql`status IN ('pending', 'issued')`),
  ],
);

/** A red-letter invoice owed because an issued invoice's order was refunded: one row per successful refund. */
export const invoiceRedLetters = sqliteTable(
  "invoice_red_letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: integer("request_id")
      .notNull()
      .references(() => invoiceRequests.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => payOrders.id),
    refundId: integer("refund_id")
      .notNull()
      .unique()
      .references(() => payRefunds.id),
    /** The refunded amount, fen. */
    amountFen: integer("amount_fen").notNull(),
    /** needed → done (the operator issued the red-letter invoice on the tax platform). */
    status: text("status").$type<"needed" | "done">().notNull(),
    note: text("note"),
    operatorId: integer("operator_id").references(() => users.id),
    createdAt: integer("created_at").notNull(),
    doneAt: integer("done_at"),
  },
  (t) => [index("invoice_red_letters_status_idx").on(t.status, t.createdAt)],
);
