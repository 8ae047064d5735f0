// 我的订单 and 发票 (issue 25) inside workerd: the caller's orders only; invoice requests only for the caller's paid
// orders, one open request per order (parallel requests make one), the taxpayer-ID and 专票 rules of the shared
// schema; title presets owned by their user; the operator uploads a file typed by its content (a renamed PNG, a
// truncated PDF and an OFD without OFD.xml are refused) or issues through the dev provider, or rejects with a
// reason — audited, the buyer messaged and the file downloadable by its owner only; a refund of an invoiced order
// records the red-letter invoice owed, a full refund cancels a pending request.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { call, callJson, makeUser } from "../support/api";
import { addOrder, payAtGateway } from "../support/payment";
import { newSurvey } from "./workbench.helpers";
import { adminPost, lastAudit, makeAdmin } from "./admin.helpers";
import { CODE } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { invoiceRedLetters, invoiceRequests, qaMessages } from "../../db/schema";
import { ADMIN_ROUTES } from "../../workers/api/admin";
import { INVOICE_MSG, invoiceTitleSchema, taxIdProblem, type InvoiceQueueView, type InvoiceTitleView, type MyOrderView, type OrderInvoiceView, type Paged } from "../../workers/contract/invoice";
import { invoiceFileTypeOf } from "../../workers/services/invoice/file-type";
import { samplePdf } from "../../workers/providers/invoice/sample-pdf";
import type { OrderView } from "../../workers/contract/payment";
import { utf8 } from "../../workers/lib/encoding";

const MOTOR = 1;
const db = () => getDb(env.DB);
/** Real unified social credit codes (published company registrations) with valid check digits. */
const TAX_ID = "91350100M000100Y43";
const TAX_ID_2 = "91440300708461136T";

const special = { kind: "special", buyerName: "江苏某某节能科技有限公司", taxId: TAX_ID, address: "南京市鼓楼区中山北路1号", phone: "025-83001234", bankName: "中国银行南京鼓楼支行", bankAccount: "4987 6543 2109 8765", email: "finance@example.com" };
const normal = { kind: "normal", buyerName: "苏州某某制造有限公司", taxId: TAX_ID_2, email: "caiwu@example.com" };

async function readyReport(token: string, userId: number) {
  const id = await newSurvey(token, MOTOR);
  const fileKey = `${crypto.randomUUID().replace(/-/g, "")}.pdf`;
  await env.FILES.put(`reports/${fileKey}`, "%PDF-1.7 test report");
  await env.DB.batch([
    env.DB.prepare("UPDATE surveys SET dispose_status = 1, file_url = ?, evaluation_title = '空压站节能评估' WHERE id = ?").bind(`/files/report/${fileKey}`, id),
    env.DB
      .prepare("INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, ?, 'motor', '{}', 'BG-T', ?, 123456, 1, 5, ?)")
      .bind(id, userId, fileKey, Date.now()),
  ]);
  return id;
}

/** A report order paid through the dev Alipay gateway. */
async function paidOrder(buyer?: Awaited<ReturnType<typeof makeUser>>) {
  buyer ??= await makeUser();
  const surveyId = await readyReport(buyer.token, buyer.user.id);
  const o = await addOrder(buyer.token, surveyId, MOTOR);
  expect(o.code, o.msg).toBe(CODE.OK);
  expect((await payAtGateway(buyer.token, o.data.orderSn)).status).toBe(302);
  const paid = await callJson<OrderView>(`/api/order/getBySubProduct/${surveyId}`, { token: buyer.token });
  expect(paid.data.status).toBe("SUCCESS");
  return { buyer, surveyId, order: paid.data };
}

const request = (token: string, orderSn: string, title: unknown, extra: Record<string, unknown> = {}) => callJson<OrderInvoiceView>("/api/invoice/request", { token, json: { orderSn, title, ...extra } });
const mine = (token: string, q = "") => callJson<Paged<MyOrderView>>(`/api/orders/mine${q}`, { token });

/** A minimal stored ZIP with the given entry names (what an OFD package is). */
function zipWith(names: string[]): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const le = (n: number, bytes: number) => Array.from({ length: bytes }, (_, i) => (n >>> (8 * i)) & 0xff);
  for (const name of names) {
    const data = [...utf8("<ofd:OFD/>")];
    const nameBytes = [...utf8(name)];
    const offset = parts.length;
    parts.push(...le(0x04034b50, 4), ...le(20, 2), 0, 0, 0, 0, 0, 0, 0, 0, ...le(0, 4), ...le(data.length, 4), ...le(data.length, 4), ...le(nameBytes.length, 2), 0, 0, ...nameBytes, ...data);
    central.push(...le(0x02014b50, 4), ...le(20, 2), ...le(20, 2), 0, 0, 0, 0, 0, 0, 0, 0, ...le(0, 4), ...le(data.length, 4), ...le(data.length, 4), ...le(nameBytes.length, 2), 0, 0, 0, 0, 0, 0, 0, 0, ...le(0, 4), ...le(offset, 4), ...nameBytes);
  }
  const cdOffset = parts.length;
  return new Uint8Array([...parts, ...central, ...le(0x06054b50, 4), 0, 0, 0, 0, ...le(names.length, 2), ...le(names.length, 2), ...le(central.length, 4), ...le(cdOffset, 4), 0, 0]);
}

function upload(token: string, id: number, bytes: Uint8Array, name = "invoice.pdf", invoiceNo?: string) {
  const form = new FormData();
  form.set("id", String(id));
  if (invoiceNo) form.set("invoiceNo", invoiceNo);
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  return call("/api/admin/invoice/upload", { token, body: form }).then((r) => r.json() as Promise<{ code: number; msg: string; data: unknown }>);
}

describe("taxpayer ID and the title schema", () => {
  it("accepts 统一社会信用代码 with a right check digit and legacy 15/17/20-character IDs; refuses a wrong check digit, bad characters and lengths", () => {
    for (const ok of [TAX_ID, TAX_ID_2, "911100007109288907", " 91350100m000100y43 ", "320102123456789", "11010519491231002X", "32010219800101123", "11010519491231002X01"])
      expect(taxIdProblem(ok), ok).toBeNull();
    expect(taxIdProblem("91350100M000100Y44")).toBe(INVOICE_MSG.taxIdCheck);
    expect(taxIdProblem("91350100M000100O43")).toBe(INVOICE_MSG.taxIdFormat); // O is not in the GB 32100 set
    expect(taxIdProblem("110105194912310021")).toBe(INVOICE_MSG.taxIdCheck); // a resident ID with a wrong check digit
    for (const bad of ["1234", "91350100M000100Y4", "3201021980010112340A", "9135010-M000100Y4", "913501000000000000000"]) expect(taxIdProblem(bad), bad).toBe(INVOICE_MSG.taxIdFormat);
    expect(taxIdProblem("")).toBe(INVOICE_MSG.taxId);
  });
  it("专票 needs address, phone, bank and account; 普票 does not", () => {
    expect(invoiceTitleSchema.safeParse(normal).success).toBe(true);
    const r = invoiceTitleSchema.safeParse({ ...special, bankAccount: "" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(INVOICE_MSG.bankAccount);
    expect(invoiceTitleSchema.safeParse({ ...special, email: "not-mail" }).error!.issues[0]!.message).toBe(INVOICE_MSG.email);
  });
  it("the file sniffer knows PDF, OFD and XML by content only", () => {
    expect(invoiceFileTypeOf(samplePdf([{ text: "样票", size: 12, x: 10, y: 10 }]))).toBe("pdf");
    expect(invoiceFileTypeOf(utf8("%PDF-1.7\n1 0 obj"))).toBeNull(); // truncated: no %%EOF
    expect(invoiceFileTypeOf(zipWith(["Doc_0/Document.xml", "OFD.xml"]))).toBe("ofd");
    expect(invoiceFileTypeOf(zipWith(["word/document.xml"]))).toBeNull(); // a .docx renamed .ofd
    expect(invoiceFileTypeOf(utf8('<?xml version="1.0" encoding="UTF-8"?>\n<EInvoice><Header/></EInvoice>\n'))).toBe("xml");
    expect(invoiceFileTypeOf(utf8('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>'))).toBeNull();
    expect(invoiceFileTypeOf(utf8("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(invoiceFileTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBeNull();
  });
});

describe("我的订单", () => {
  it("lists the caller's orders only, newest first, with report, amounts, method, status and invoice state; pages on the server", async () => {
    const { buyer, order } = await paidOrder();
    const other = await paidOrder();
    // An open order of the same buyer for a second report.
    const s2 = await readyReport(buyer.token, buyer.user.id);
    const open = await addOrder(buyer.token, s2, MOTOR);
    const page = await mine(buyer.token);
    expect(page.code).toBe(CODE.OK);
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((o) => o.orderSn)).toEqual([open.data.orderSn, order.orderSn]);
    expect(page.data.list.some((o) => o.orderSn === other.order.orderSn)).toBe(false);
    expect(page.data.list[0]).toMatchObject({ status: "WAIT_PAY", canPay: true, canRequestInvoice: false, payMethod: "—", invoice: null });
    expect(page.data.list[1]).toMatchObject({ status: "SUCCESS", reportTitle: "空压站节能评估", payMethod: "支付宝", canPay: false, canRequestInvoice: true, invoice: null, payAmount: order.payAmount });
    const p2 = await mine(buyer.token, "?pageNo=2&pageSize=1");
    expect(p2.data).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(p2.data.list.map((o) => o.orderSn)).toEqual([order.orderSn]);
    // Visitors get the session code, not data.
    expect((await callJson("/api/orders/mine")).code).not.toBe(CODE.OK);
  });
});

describe("invoice requests", () => {
  it("only for the caller's paid order; validated by the shared schema; one open request per order, even in parallel", async () => {
    const { buyer, order } = await paidOrder();
    const stranger = await makeUser();
    expect((await request(stranger.token, order.orderSn, special)).msg).toBe(INVOICE_MSG.orderMissing);
    expect((await request(buyer.token, order.orderSn, { ...special, taxId: "91350100M000100Y44" })).msg).toBe(INVOICE_MSG.taxIdCheck);
    expect((await request(buyer.token, order.orderSn, { ...special, bankName: "" })).msg).toBe(INVOICE_MSG.bankName);
    const unpaid = await addOrder(buyer.token, await readyReport(buyer.token, buyer.user.id), MOTOR);
    expect((await request(buyer.token, unpaid.data.orderSn, special)).msg).toBe(INVOICE_MSG.notPaid);

    const results = await Promise.all(Array.from({ length: 5 }, () => request(buyer.token, order.orderSn, special)));
    expect(results.filter((r) => r.code === CODE.OK)).toHaveLength(1);
    for (const r of results.filter((r) => r.code !== CODE.OK)) expect(r.msg).toBe(INVOICE_MSG.alreadyRequested);
    const rows = await db().select().from(invoiceRequests).where(eq(invoiceRequests.userId, buyer.user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", kind: "special", taxId: TAX_ID, amountFen: Math.round(order.payAmount * 100) });
    const listed = (await mine(buyer.token)).data.list.find((o) => o.orderSn === order.orderSn)!;
    expect(listed).toMatchObject({ canRequestInvoice: false, invoice: { status: "pending", kind: "special", downloadUrl: null } });
  });

  it("title presets: saved with a request or alone, listed, updated and deleted by their owner only", async () => {
    const { buyer, order } = await paidOrder();
    const other = await makeUser();
    const r = await request(buyer.token, order.orderSn, normal, { saveTitle: true });
    expect(r.code, r.msg).toBe(CODE.OK);
    let titles = await callJson<InvoiceTitleView[]>("/api/invoice/titles", { token: buyer.token });
    expect(titles.data).toHaveLength(1);
    expect(titles.data[0]).toMatchObject({ kind: "normal", buyerName: normal.buyerName, taxId: TAX_ID_2, address: "" });
    const id = titles.data[0]!.id;
    expect((await callJson<InvoiceTitleView[]>("/api/invoice/titles", { token: other.token })).data).toEqual([]);
    expect((await callJson("/api/invoice/titles/save", { token: other.token, json: { id, title: special } })).msg).toBe(INVOICE_MSG.titleMissing);
    expect((await callJson("/api/invoice/titles/delete", { token: other.token, json: { id } })).msg).toBe(INVOICE_MSG.titleMissing);
    const upd = await callJson<InvoiceTitleView>("/api/invoice/titles/save", { token: buyer.token, json: { id, title: special } });
    expect(upd).toMatchObject({ code: CODE.OK, data: { id, kind: "special", bankName: special.bankName } });
    expect((await callJson("/api/invoice/titles/save", { token: buyer.token, json: { title: { ...special, taxId: "123" } } })).msg).toBe(INVOICE_MSG.taxIdFormat);
    expect((await callJson("/api/invoice/titles/delete", { token: buyer.token, json: { id } })).code).toBe(CODE.OK);
    titles = await callJson<InvoiceTitleView[]>("/api/invoice/titles", { token: buyer.token });
    expect(titles.data).toEqual([]);
  });
});

describe("operator", () => {
  it("every invoice route is an admin route; a non-admin is refused", async () => {
    const paths = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`);
    for (const p of ["GET /invoice/queue", "POST /invoice/issue", "POST /invoice/upload", "POST /invoice/reject", "POST /invoice/red-letter/done"]) expect(paths).toContain(p);
    const user = await makeUser();
    expect((await call("/api/admin/invoice/queue", { token: user.token })).status).toBe(403);
  });

  it("upload: typed by content (renamed PNG, truncated PDF, OFD without OFD.xml refused); issued, audited, buyer messaged; only the owner downloads", async () => {
    const admin = await makeAdmin();
    const { buyer, order } = await paidOrder();
    const req = await request(buyer.token, order.orderSn, special);
    const id = req.data.id;
    const queue = await callJson<InvoiceQueueView>("/api/admin/invoice/queue?state=pending&pageNo=1", { token: admin.token });
    const item = queue.data.list.find((i) => i.id === id);
    expect(item).toMatchObject({ orderSn: order.orderSn, payAmount: order.payAmount, invoiceAmount: order.payAmount, refunded: 0, kind: "special", buyerName: special.buyerName });

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload(admin.token, id, png, "invoice.pdf")).msg).toBe(INVOICE_MSG.fileType);
    expect((await upload(admin.token, id, utf8("%PDF-1.7\n1 0 obj <<>>"), "invoice.pdf")).msg).toBe(INVOICE_MSG.fileType);
    expect((await upload(admin.token, id, zipWith(["content.xml"]), "invoice.ofd")).msg).toBe(INVOICE_MSG.fileType);
    expect((await upload(admin.token, id, new Uint8Array(5 * 1024 * 1024 + 1).fill(0x25), "big.pdf")).msg).toBe(INVOICE_MSG.fileTooLarge);
    expect((await upload(admin.token, id, zipWith(["OFD.xml"]), "x.ofd", "12ab")).msg).toBe(INVOICE_MSG.invoiceNo);
    expect((await db().select().from(invoiceRequests).where(eq(invoiceRequests.id, id)).get())!.status).toBe("pending");

    const ofd = zipWith(["OFD.xml", "Doc_0/Document.xml"]);
    const done = await upload(admin.token, id, ofd, "发票.ofd", "26320000000012345678");
    expect(done, done.msg).toMatchObject({ code: CODE.OK, msg: INVOICE_MSG.issued });
    expect((await upload(admin.token, id, ofd, "again.ofd")).msg).toBe(INVOICE_MSG.notPending);
    const audit = await lastAudit("invoice.issue", id);
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "invoice" });
    expect(JSON.parse(audit!.after!)).toMatchObject({ status: "issued", fileType: "ofd", via: "upload", invoiceNo: "26320000000012345678" });
    const msgs = await db().select().from(qaMessages).where(and(eq(qaMessages.receiverId, buyer.user.id), eq(qaMessages.kind, "system"))).all();
    expect(msgs.filter((m) => m.content?.includes("增值税专用发票已开具"))).toHaveLength(1);

    const listed = (await mine(buyer.token)).data.list.find((o) => o.orderSn === order.orderSn)!;
    expect(listed.invoice).toMatchObject({ status: "issued", invoiceNo: "26320000000012345678", downloadUrl: `/files/invoice/${id}` });
    const file = await call(`/files/invoice/${id}`, { token: buyer.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/ofd");
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(ofd);
    expect((await call(`/files/invoice/${id}`, { token: (await makeUser()).token })).status).toBe(404);
    expect((await call(`/files/invoice/${id}`)).status).toBe(404);
    expect((await call(`/files/invoice/${id}`, { token: admin.token })).status).toBe(200);
    // Issued: no second request for the order.
    expect((await request(buyer.token, order.orderSn, special)).msg).toBe(INVOICE_MSG.alreadyRequested);
  });

  it("dev provider issues a real sample PDF; reject needs a reason, is audited and messaged, and frees the order for a new request", async () => {
    const admin = await makeAdmin();
    const { buyer, order } = await paidOrder();
    const first = await request(buyer.token, order.orderSn, normal);
    expect((await adminPost("invoice/reject", { id: first.data.id, reason: "" }, admin.token)).msg).toBe(INVOICE_MSG.rejectReason);
    const rej = await adminPost("invoice/reject", { id: first.data.id, reason: "购买方名称与税号不一致" }, admin.token);
    expect(rej.code, rej.msg).toBe(CODE.OK);
    expect((await lastAudit("invoice.reject", first.data.id))!.reason).toBe("购买方名称与税号不一致");
    const msg = await db().select().from(qaMessages).where(eq(qaMessages.receiverId, buyer.user.id)).orderBy(desc(qaMessages.id)).get();
    expect(msg!.content).toContain("购买方名称与税号不一致");
    let listed = (await mine(buyer.token)).data.list.find((o) => o.orderSn === order.orderSn)!;
    expect(listed).toMatchObject({ canRequestInvoice: true, invoice: { status: "rejected", rejectReason: "购买方名称与税号不一致" } });

    const second = await request(buyer.token, order.orderSn, special);
    expect(second.code, second.msg).toBe(CODE.OK);
    const issued = await adminPost<{ invoiceNo: string }>("invoice/issue", { id: second.data.id }, admin.token);
    expect(issued, issued.msg).toMatchObject({ code: CODE.OK });
    expect(issued.data.invoiceNo).toMatch(/^\d{20}$/);
    const file = await call(`/files/invoice/${second.data.id}`, { token: buyer.token });
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(invoiceFileTypeOf(bytes)).toBe("pdf");
    expect(new TextDecoder().decode(bytes)).toContain("/STSong-Light");
    listed = (await mine(buyer.token)).data.list.find((o) => o.orderSn === order.orderSn)!;
    expect(listed.invoice).toMatchObject({ status: "issued", kind: "special" });
  });

  it("a refund of an invoiced order records the red-letter invoice owed; a full refund cancels a pending request", async () => {
    const admin = await makeAdmin();
    const a = await paidOrder();
    const reqA = await request(a.buyer.token, a.order.orderSn, special);
    await adminPost("invoice/issue", { id: reqA.data.id }, admin.token);
    const part = await adminPost("commerce/orders/refund", { orderSn: a.order.orderSn, amount: "10", reason: "补偿部分费用", requestNo: `RF${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}` }, admin.token);
    expect(part.code, part.msg).toBe(CODE.OK);
    const owed = await db().select().from(invoiceRedLetters).where(eq(invoiceRedLetters.requestId, reqA.data.id)).all();
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ amountFen: 1000, status: "needed" });
    const queue = await callJson<InvoiceQueueView>("/api/admin/invoice/queue?state=redLetter", { token: admin.token });
    expect(queue.data.redLetterCount).toBeGreaterThanOrEqual(1);
    expect(queue.data.list.find((l) => l.id === owed[0]!.id)).toMatchObject({ orderSn: a.order.orderSn, amount: 10, status: "needed" });
    const doneRes = await adminPost("invoice/red-letter/done", { id: owed[0]!.id, note: "红字发票已开具" }, admin.token);
    expect(doneRes.code, doneRes.msg).toBe(CODE.OK);
    expect(await lastAudit("invoice.redLetter", reqA.data.id)).toBeTruthy();

    const b = await paidOrder();
    const reqB = await request(b.buyer.token, b.order.orderSn, normal);
    const full = await adminPost("commerce/orders/refund", { orderSn: b.order.orderSn, amount: String(b.order.payAmount), reason: "重复购买", requestNo: `RF${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}` }, admin.token);
    expect(full.code, full.msg).toBe(CODE.OK);
    expect((await db().select().from(invoiceRequests).where(eq(invoiceRequests.id, reqB.data.id)).get())!.status).toBe("cancelled");
    expect(await db().select().from(invoiceRedLetters).where(eq(invoiceRedLetters.requestId, reqB.data.id)).all()).toEqual([]);
    expect((await request(b.buyer.token, b.order.orderSn, normal)).msg).toBe(INVOICE_MSG.refunded);
    expect((await adminPost("invoice/issue", { id: reqB.data.id }, admin.token)).msg).toBe(INVOICE_MSG.notPending);
  });
});
