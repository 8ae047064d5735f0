// /admin/invoices 发票 (issue 25, docs/admin.md "发票"): the queue of invoice requests by state with the order and
// amounts beside each; 开具 through the configured provider (dev sample locally), 上传发票 (PDF/OFD/XML, checked by
// content on the server) or 驳回 with a reason; the red-letter invoices owed after refunds (待开红字). All audited.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { useState } from "react";
import { Button, Input, Modal, Space, Table, Tag, message } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { money, when } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { invoiceQueue } from "../../workers/services/invoice/operator";
import {
  INVOICE_KIND_LABEL,
  INVOICE_MSG,
  INVOICE_QUEUE_LABEL,
  INVOICE_QUEUE_STATES,
  INVOICE_STATUS_LABEL,
  invoiceQueueQuery,
  invoiceRejectSchema,
  type InvoiceQueueItem,
  type RedLetterItem,
} from "../../workers/contract/invoice";
import { ADMIN_PAGE_SIZE } from "../../workers/contract/admin-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = () => [{ title: `发票 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, env, url } = await requireAdminPage(request, context);
  const q = invoiceQueueQuery.parse({ state: url.searchParams.get("state") ?? undefined, pageNo: url.searchParams.get("page") ?? undefined });
  return invoiceQueue({ db, env, now: Date.now(), state: q.state, pageNo: q.pageNo });
}

export const ErrorBoundary = AdminErrorBoundary;

function Buyer({ r }: { r: InvoiceQueueItem }) {
  return (
    <div className="invoice-buyer">
      <strong>{r.buyerName}</strong>
      <div className="admin-muted">税号 {r.taxId}</div>
      {r.kind === "special" && (
        <div className="admin-muted">
          {r.address} {r.phone}
          <br />
          {r.bankName} {r.bankAccount}
        </div>
      )}
      <div className="admin-muted">邮箱 {r.email}</div>
    </div>
  );
}

/** The upload dialog's fields: the issued invoice's file and, optionally, its number. */
function UploadFields({ uploadFor, invoiceNo, setFile, setInvoiceNo }: { uploadFor: InvoiceQueueItem; invoiceNo: string; setFile: (f: File | null) => void; setInvoiceNo: (v: string) => void }) {
  return (
    <div className="commerce-form">
      <p className="admin-muted">
        订单 {uploadFor.orderSn} · {uploadFor.buyerName} · 开票金额 {money(uploadFor.invoiceAmount)}
      </p>
      <div>
        <label htmlFor="invoice-file">发票文件（PDF、OFD 或 XML，不超过5MB）</label>
        <input id="invoice-file" type="file" accept=".pdf,.ofd,.xml,application/pdf,application/xml" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <div>
        <label htmlFor="invoice-no">发票号码（选填）</label>
        <Input id="invoice-no" value={invoiceNo} onChange={(e) => setInvoiceNo(e.target.value)} maxLength={20} />
      </div>
    </div>
  );
}

/** The reject dialog's field: the reason the user will read. */
function RejectFields({ rejectFor, reason, setReason }: { rejectFor: InvoiceQueueItem; reason: string; setReason: (v: string) => void }) {
  return (
    <div className="commerce-form">
      <p className="admin-muted">
        订单 {rejectFor.orderSn} · {rejectFor.buyerName}
      </p>
      <div>
        <label htmlFor="invoice-reason">驳回原因（用户可见）</label>
        <Input.TextArea id="invoice-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={100} rows={3} />
      </div>
    </div>
  );
}

export default function AdminInvoices() {
  const view = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [uploadFor, setUploadFor] = useState<InvoiceQueueItem | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [invoiceNo, setInvoiceNo] = useState("");
  const [rejectFor, setRejectFor] = useState<InvoiceQueueItem | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    if (!uploadFor) return;
    if (!file) return void message.error(INVOICE_MSG.fileMissing);
    const form = { id: String(uploadFor.id), invoiceNo: invoiceNo.trim() || undefined, file };
    setBusy(true);
    const res = await call((o) => client.api.admin.invoice.upload.$post({ form }, o));
    setBusy(false);
    if (res.code !== OK) return;
    void message.success(res.msg);
    setUploadFor(null);
    reload();
  };
  const reject = async () => {
    if (!rejectFor) return;
    const checked = invoiceRejectSchema.safeParse({ id: rejectFor.id, reason });
    if (!checked.success) return void message.error(checked.error.issues[0]?.message ?? INVOICE_MSG.rejectReason);
    setBusy(true);
    const done = await adminCall((o) => client.api.admin.invoice.reject.$post({ json: checked.data }, o), reload);
    setBusy(false);
    if (done) setRejectFor(null);
  };
  const href = (state: string, page = 1) => `/admin/invoices?state=${state}${page > 1 ? `&page=${page}` : ""}`;
  const pagination = { current: view.pageNo, pageSize: ADMIN_PAGE_SIZE, total: view.total, showSizeChanger: false, showTotal: (t: number) => `共 ${t} 条`, onChange: (p: number) => location.assign(href(view.state, p)) };

  return (
    <AdminFrame current="/admin/invoices">
      <section className="admin-card" aria-labelledby="invoices-title">
        <div className="admin-toolbar">
          <h1 id="invoices-title">发票</h1>
          <span className="admin-muted">开票方式：{view.provider === "manual" ? "上传已开具的发票文件" : `开票平台（${view.provider}）或上传`}</span>
        </div>
        <ul className="invoice-tabs" aria-label="申请状态">
          {INVOICE_QUEUE_STATES.map((s) => (
            <li key={s}>
              <a href={href(s)} aria-current={s === view.state ? "true" : undefined}>
                {INVOICE_QUEUE_LABEL[s]}
                {s === "pending" && view.pendingCount > 0 ? `（${view.pendingCount}）` : ""}
                {s === "redLetter" && view.redLetterCount > 0 ? `（${view.redLetterCount}）` : ""}
              </a>
            </li>
          ))}
        </ul>
        {view.state === "redLetter" ? (
          <Table<RedLetterItem>
            rowKey="id"
            dataSource={view.list as RedLetterItem[]}
            scroll={{ x: 860 }}
            locale={{ emptyText: <span className="admin-empty">没有需要开具的红字发票</span> }}
            pagination={pagination}
            columns={[
              { title: "退款时间", dataIndex: "createdAt", width: 150, render: (v: number) => when(v) },
              { title: "订单号", dataIndex: "orderSn", render: (sn: string) => <a href={`/admin/orders/${sn}`}>{sn}</a> },
              { title: "购买方", key: "buyer", render: (_, r) => (<span>{r.buyerName}<div className="admin-muted">税号 {r.taxId}</div></span>) },
              { title: "原发票号码", dataIndex: "invoiceNo", render: (v: string | null) => v || "—" },
              { title: "红字金额", dataIndex: "amount", width: 100, render: (v: number) => <span className="commerce-money">{money(v)}</span> },
              { title: "状态", dataIndex: "status", width: 100, render: (s: string, r) => (s === "needed" ? <Tag color="warning">待开红字</Tag> : <span><Tag color="success">已开具</Tag><div className="admin-muted">{when(r.doneAt)} {r.note}</div></span>) },
              {
                title: "操作",
                key: "op",
                width: 130,
                render: (_, r) =>
                  r.status === "needed" ? (
                    <Button size="small" onClick={() => void adminCall((o) => client.api.admin.invoice["red-letter"].done.$post({ json: { id: r.id } }, o), reload)}>
                      标记已开红字
                    </Button>
                  ) : null,
              },
            ]}
          />
        ) : (
          <Table<InvoiceQueueItem>
            rowKey="id"
            dataSource={view.list as InvoiceQueueItem[]}
            scroll={{ x: 960 }}
            locale={{ emptyText: <span className="admin-empty">没有{INVOICE_QUEUE_LABEL[view.state]}的申请</span> }}
            pagination={pagination}
            columns={[
              { title: "申请时间", dataIndex: "createdAt", width: 150, render: (v: number) => when(v) },
              { title: "订单", key: "order", render: (_, r) => (<span><a href={`/admin/orders/${r.orderSn}`}>{r.orderSn}</a><div className="admin-muted">{r.productName} · {r.userName}</div></span>) },
              {
                title: "金额",
                key: "amount",
                width: 140,
                render: (_, r) => (
                  <span className="commerce-money">
                    实付 {money(r.payAmount)}
                    {r.refunded > 0 && <div className="admin-muted">已退款 {money(r.refunded)}</div>}
                    <div>开票 {money(r.invoiceAmount)}</div>
                  </span>
                ),
              },
              { title: "类型", dataIndex: "kind", width: 120, render: (k: "normal" | "special") => INVOICE_KIND_LABEL[k] },
              { title: "购买方", key: "buyer", render: (_, r) => <Buyer r={r} /> },
              {
                title: view.state === "pending" ? "操作" : "结果",
                key: "op",
                width: 200,
                render: (_, r) =>
                  r.status === "pending" ? (
                    <Space wrap>
                      {view.provider !== "manual" && (
                        <Button size="small" type="primary" onClick={() => void adminCall((o) => client.api.admin.invoice.issue.$post({ json: { id: r.id } }, o), reload)}>
                          开具
                        </Button>
                      )}
                      <Button size="small" onClick={() => { setUploadFor(r); setFile(null); setInvoiceNo(""); }}>
                        上传发票
                      </Button>
                      <Button size="small" danger onClick={() => { setRejectFor(r); setReason(""); }}>
                        驳回
                      </Button>
                    </Space>
                  ) : (
                    <span>
                      <Tag>{INVOICE_STATUS_LABEL[r.status]}</Tag>
                      {r.downloadUrl && <a href={r.downloadUrl}>下载</a>}
                      <div className="admin-muted">{r.invoiceNo ? `号码 ${r.invoiceNo}` : r.rejectReason ?? ""}</div>
                      <div className="admin-muted">{when(r.decidedAt)}</div>
                    </span>
                  ),
              },
            ]}
          />
        )}
      </section>
      <Modal open={!!uploadFor} title="上传已开具的发票" onCancel={() => setUploadFor(null)} onOk={() => void upload()} okText="上传并通知用户" confirmLoading={busy} destroyOnHidden>
        {uploadFor && <UploadFields uploadFor={uploadFor} invoiceNo={invoiceNo} setFile={setFile} setInvoiceNo={setInvoiceNo} />}
      </Modal>
      <Modal open={!!rejectFor} title="驳回发票申请" onCancel={() => setRejectFor(null)} onOk={() => void reject()} okText="驳回并通知用户" okButtonProps={{ danger: true }} confirmLoading={busy} destroyOnHidden>
        {rejectFor && <RejectFields rejectFor={rejectFor} reason={reason} setReason={setReason} />}
      </Modal>
    </AdminFrame>
  );
}
