// 我的订单 and 发票 (issue 25, docs/payments.md "发票"): the caller's orders (GET /api/orders/mine), invoice titles and
// requests (/api/invoice/*), the issued file (GET /files/invoice/<id>, owner or operator only), and the operator's
// queue (/api/admin/invoice/*, mounted by admin.ts behind requireActor + requireAdmin). Thin: validate → service.
import { Hono } from "hono";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { parseOrThrow, validate } from "../lib/validation";
import { fail } from "../lib/errors";
import { formWithFile, uploadLimit } from "./uploads";
import {
  INVOICE_FILE_MAX_BYTES,
  INVOICE_MSG,
  invoiceIdSchema,
  invoiceQueueQuery,
  invoiceRejectSchema,
  invoiceRequestSchema,
  invoiceUploadFields,
  myOrdersQuery,
  redLetterDoneSchema,
  titleIdSchema,
  titleSaveSchema,
} from "../contract/invoice";
import { myOrders } from "../services/invoice/orders";
import { deleteTitle, listTitles, saveTitle } from "../services/invoice/titles";
import { readInvoiceFile, requestInvoice } from "../services/invoice/requests";
import { invoiceQueue, issueByProvider, issueByUpload, markRedLetterDone, rejectRequest, type InvoiceCtx } from "../services/invoice/operator";

const invoiceCtx = (c: { get: (k: "db") => InvoiceCtx["db"]; env: Env }): InvoiceCtx => ({ db: c.get("db"), env: c.env, now: Date.now() });

export const myOrdersApi = new Hono<AppEnv>().get("/mine", requireActor, validate("query", myOrdersQuery), async (c) => {
  const q = c.req.valid("query");
  return ok(c, await myOrders({ db: c.get("db"), userId: actorOf(c).userId, pageNo: q.pageNo, pageSize: q.pageSize, now: Date.now() }));
});

export const invoiceApi = new Hono<AppEnv>()
  .use("*", requireActor)
  .get("/titles", async (c) => ok(c, await listTitles({ db: c.get("db"), userId: actorOf(c).userId })))
  .post("/titles/save", validate("json", titleSaveSchema), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await saveTitle({ db: c.get("db"), userId: actorOf(c).userId, id: b.id, title: b.title, now: Date.now() }), INVOICE_MSG.titleSaved);
  })
  .post("/titles/delete", validate("json", titleIdSchema), async (c) => {
    await deleteTitle({ db: c.get("db"), userId: actorOf(c).userId, id: c.req.valid("json").id });
    return ok(c, null, INVOICE_MSG.titleDeleted);
  })
  .post("/request", validate("json", invoiceRequestSchema), async (c) => ok(c, await requestInvoice({ db: c.get("db"), userId: actorOf(c).userId, input: c.req.valid("json"), now: Date.now() }), INVOICE_MSG.requested));

export const invoiceFilesApi = new Hono<AppEnv>().get("/:id{[0-9]{1,12}}", async (c) => {
  const file = await readInvoiceFile({ db: c.get("db"), env: c.env, userId: c.get("actor")?.userId ?? null, requestId: Number(c.req.param("id")) });
  if (!file) return c.text("Not found", 404);
  const headers = new Headers();
  headers.set("content-type", file.mime);
  // Always a download (an XML or PDF never renders in our origin), named after the order.
  headers.set("content-disposition", `attachment; filename="invoice-${file.orderSn.replace(/[^\w-]/g, "")}.${file.type}"`);
  headers.set("etag", file.object.httpEtag);
  headers.set("cache-control", "private, no-store");
  headers.set("x-content-type-options", "nosniff");
  return new Response(file.object.body, { headers });
});

export const adminInvoiceApi = new Hono<AppEnv>()
  .get("/queue", validate("query", invoiceQueueQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(c, await invoiceQueue({ ...invoiceCtx(c), state: q.state, pageNo: q.pageNo }));
  })
  .post("/issue", validate("json", invoiceIdSchema), async (c) => ok(c, await issueByProvider({ ...invoiceCtx(c), adminId: actorOf(c).userId, id: c.req.valid("json").id }), INVOICE_MSG.issued))
  .post("/upload", uploadLimit(INVOICE_FILE_MAX_BYTES, INVOICE_MSG.fileTooLarge, "fail"), async (c) => {
    const { form, file } = await formWithFile(c, INVOICE_MSG.fileMissing);
    const fields = parseOrThrow(invoiceUploadFields, { id: form.get("id"), invoiceNo: form.get("invoiceNo") ?? undefined });
    if (file.size === 0) throw fail(INVOICE_MSG.fileMissing);
    if (file.size > INVOICE_FILE_MAX_BYTES) throw fail(INVOICE_MSG.fileTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return ok(c, await issueByUpload({ ...invoiceCtx(c), adminId: actorOf(c).userId, id: fields.id, bytes, invoiceNo: fields.invoiceNo }), INVOICE_MSG.issued);
  })
  .post("/reject", validate("json", invoiceRejectSchema), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await rejectRequest({ ...invoiceCtx(c), adminId: actorOf(c).userId, id: b.id, reason: b.reason }), INVOICE_MSG.rejected);
  })
  .post("/red-letter/done", validate("json", redLetterDoneSchema), async (c) => {
    const b = c.req.valid("json");
    return ok(c, await markRedLetterDone({ ...invoiceCtx(c), adminId: actorOf(c).userId, id: b.id, note: b.note }), INVOICE_MSG.redLetterDone);
  });
