// Saved invoice titles (抬头 presets) per user: list, add, update, delete; every call filtered by the caller.
import { and, count, desc, eq } from "drizzle-orm";
import { invoiceTitles } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { INVOICE_MSG, INVOICE_TITLES_MAX, type InvoiceTitleInput, type InvoiceTitleView } from "../../contract/invoice";

type TitleRow = typeof invoiceTitles.$inferSelect;

export function titleView(r: TitleRow): InvoiceTitleView {
  return { id: r.id, kind: r.kind, buyerName: r.buyerName, taxId: r.taxId, address: r.address, phone: r.phone, bankName: r.bankName, bankAccount: r.bankAccount, email: r.email };
}

export async function listTitles({ db, userId }: { db: Db; userId: number }): Promise<InvoiceTitleView[]> {
  const rows = await db.select().from(invoiceTitles).where(eq(invoiceTitles.userId, userId)).orderBy(desc(invoiceTitles.updatedAt), desc(invoiceTitles.id)).limit(INVOICE_TITLES_MAX).all();
  return rows.map(titleView);
}

/**
 * The statement that adds or updates a preset (for the request's batch too); checks ownership and the cap first.
 * Wrapped in an object: a drizzle builder is thenable, so an async function returning it bare would run it.
 */
export async function titleStatement({ db, userId, id, title, now }: { db: Db; userId: number; id: number | null | undefined; title: InvoiceTitleInput; now: number }) {
  if (id) {
    const own = await db.select({ id: invoiceTitles.id }).from(invoiceTitles).where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId))).get();
    if (!own) throw notFound(INVOICE_MSG.titleMissing);
    return { statement: db.update(invoiceTitles).set({ ...title, updatedAt: now }).where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId))).returning() };
  }
  const [n] = await db.select({ n: count() }).from(invoiceTitles).where(eq(invoiceTitles.userId, userId));
  if ((n?.n ?? 0) >= INVOICE_TITLES_MAX) throw fail(INVOICE_MSG.titlesFull);
  return { statement: db.insert(invoiceTitles).values({ ...title, userId, createdAt: now, updatedAt: now }).returning() };
}

export async function saveTitle({ db, userId, id, title, now }: { db: Db; userId: number; id: number | null | undefined; title: InvoiceTitleInput; now: number }): Promise<InvoiceTitleView> {
  const [row] = await (await titleStatement({ db, userId, id, title, now })).statement;
  if (!row) throw notFound(INVOICE_MSG.titleMissing);
  return titleView(row);
}

export async function deleteTitle({ db, userId, id }: { db: Db; userId: number; id: number }): Promise<void> {
  const gone = await db.delete(invoiceTitles).where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId))).returning({ id: invoiceTitles.id });
  if (!gone.length) throw notFound(INVOICE_MSG.titleMissing);
}
