// /admin/coupons: coupon batches with issued / used / reserved / expired / available counts; 发放优惠券 issues a new
// batch (or more of one) to user ids or phone numbers and reports recipients without an account; ?batch=<id> lists
// each coupon of a batch with its holder and the order that used it.
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Alert, Button, Input, InputNumber, Modal, Radio, Select, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { firstIssue, money, when } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { adminCards, batchCoupons, couponBatchList } from "../../workers/services/admin/commerce";
import { COUPON_STATUS_LABEL, ORDER_STATUS_LABEL, couponIssuePayload, type CouponBatchView, type CouponIssueResult, type CouponUseView } from "../../workers/contract/admin-commerce";
import { chinaDate } from "../../workers/lib/china-time";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = () => [{ title: `优惠券 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const now = Date.now();
  const batchId = Number(url.searchParams.get("batch"));
  const [batches, cards] = await Promise.all([couponBatchList({ db, now }), adminCards({ db })]);
  const selected = Number.isInteger(batchId) && batchId > 0 && batches.some((b) => b.id === batchId) ? await batchCoupons({ db, batchId, now }) : null;
  return { batches, cards: cards.map((c) => ({ id: c.id, name: c.surveyName })), selected, today: chinaDate(now) };
}

export const ErrorBoundary = AdminErrorBoundary;

interface Draft {
  batchId: number | null;
  code: string;
  couponName: string;
  amount: string;
  productId: number | null;
  expiresOn: string;
  perUser: number;
  target: "users" | "phones";
  recipients: string;
}
const EMPTY: Draft = { batchId: null, code: "", couponName: "", amount: "", productId: null, expiresOn: "", perUser: 1, target: "phones", recipients: "" };

function payloadOf(d: Draft) {
  const common = { perUser: d.perUser, target: d.target, recipients: d.recipients };
  if (d.batchId !== null) return { batchId: d.batchId, ...common };
  return {
    ...(d.code.trim() ? { code: d.code.trim() } : {}),
    couponName: d.couponName,
    amount: d.amount,
    productId: d.productId,
    ...(d.expiresOn ? { expiresOn: d.expiresOn } : {}),
    ...common,
  };
}

function IssueDialog({ open, initial, batches, cards, today, onClose, onIssued }: {
  open: boolean;
  initial: Draft;
  batches: CouponBatchView[];
  cards: { id: number; name: string }[];
  today: string;
  onClose: () => void;
  onIssued: (r: CouponIssueResult) => void;
}) {
  const [d, setD] = useState<Draft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const patch = (p: Partial<Draft>) => {
    setError(null);
    setD((x) => ({ ...x, ...p }));
  };
  const existing = d.batchId !== null;
  return (
    <Modal
      title="发放优惠券"
      open={open}
      okText="发放"
      cancelText="取消"
      width={640}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const payload = payloadOf(d);
        const problem = firstIssue(couponIssuePayload.safeParse(payload));
        setError(problem);
        if (problem) return;
        setBusy(true);
        const res = await call((o) => client.api.admin.commerce.coupons.issue.$post({ json: payload }, o));
        setBusy(false);
        if (res.code === OK && res.data) onIssued(res.data);
        else setError(res.msg);
      }}
    >
      <div className="commerce-form">
        <div>
          <label htmlFor="issue-batch">批次</label>
          <Select
            id="issue-batch"
            style={{ width: "100%" }}
            value={d.batchId ?? 0}
            onChange={(v: number) => patch({ batchId: v === 0 ? null : v })}
            options={[{ value: 0, label: "新建批次" }, ...batches.map((b) => ({ value: b.id, label: `追加：${b.couponName}（${b.code}，¥${b.amount.toFixed(2)}）` }))]}
          />
        </div>
        {!existing && (
          <>
            <div className="commerce-row">
              <div>
                <label htmlFor="issue-name">优惠券名称</label>
                <Input id="issue-name" value={d.couponName} maxLength={40} onChange={(e) => patch({ couponName: e.target.value })} placeholder="如：春季报告抵用券" />
              </div>
              <div>
                <label htmlFor="issue-code">批次编码（可空，自动生成）</label>
                <Input id="issue-code" value={d.code} maxLength={40} onChange={(e) => patch({ code: e.target.value })} placeholder="如：SPRING-30" />
              </div>
            </div>
            <div className="commerce-row">
              <div>
                <label htmlFor="issue-amount">面额（元，抵扣金额）</label>
                <Input id="issue-amount" value={d.amount} prefix="¥" inputMode="decimal" onChange={(e) => patch({ amount: e.target.value })} />
              </div>
              <div>
                <label htmlFor="issue-expires">有效期至（北京时间当日24:00，可空）</label>
                <Input id="issue-expires" type="date" min={today} value={d.expiresOn} onChange={(e) => patch({ expiresOn: e.target.value })} />
              </div>
            </div>
            <div>
              <label htmlFor="issue-product">适用卡片</label>
              <Select
                id="issue-product"
                style={{ width: "100%" }}
                value={d.productId ?? 0}
                onChange={(v: number) => patch({ productId: v === 0 ? null : v })}
                options={[{ value: 0, label: "全部卡片" }, ...cards.map((c) => ({ value: c.id, label: c.name }))]}
              />
            </div>
          </>
        )}
        <div className="commerce-row">
          <div>
            <span id="issue-target-label" className="admin-muted">发放对象</span>
            <Radio.Group aria-labelledby="issue-target-label" value={d.target} onChange={(e) => patch({ target: e.target.value as Draft["target"] })} options={[{ value: "phones", label: "手机号" }, { value: "users", label: "用户ID" }]} />
          </div>
          <div>
            <label htmlFor="issue-per-user">每人张数</label>
            <InputNumber id="issue-per-user" min={1} max={10} precision={0} value={d.perUser} onChange={(v) => patch({ perUser: Number(v ?? 1) })} />
          </div>
        </div>
        <div>
          <label htmlFor="issue-recipients">{d.target === "phones" ? "手机号（每行一个，或用逗号分隔）" : "用户ID（每行一个，或用逗号分隔）"}</label>
          <Input.TextArea id="issue-recipients" value={d.recipients} autoSize={{ minRows: 4, maxRows: 10 }} onChange={(e) => patch({ recipients: e.target.value })} />
        </div>
        {error && <Alert type="error" showIcon message={error} />}
      </div>
    </Modal>
  );
}

export default function AdminCoupons() {
  const { batches, cards, selected, today } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Draft | null>(null);
  // A new key per opening: the dialog starts from its initial draft each time.
  const [opened, setOpened] = useState(0);
  const open = (d: Draft) => {
    setOpened((n) => n + 1);
    setDialog(d);
  };
  const [result, setResult] = useState<CouponIssueResult | null>(null);
  return (
    <AdminFrame current="/admin/coupons">
      <section className="admin-card" aria-labelledby="coupons-title">
        <div className="admin-toolbar">
          <h1 id="coupons-title">优惠券批次</h1>
          <Button type="primary" onClick={() => open(EMPTY)}>
            发放优惠券
          </Button>
        </div>
        {result && (
          <div role="status" className="commerce-issue-result">
            <Alert
              type={result.unknown.length ? "warning" : "success"}
              showIcon
              closable
              onClose={() => setResult(null)}
              message={`已向 ${result.users} 位用户发放 ${result.issued} 张优惠券`}
              description={result.unknown.length ? `以下 ${result.unknown.length} 个对象没有账号，未发放：${result.unknown.join("、")}` : undefined}
            />
          </div>
        )}
        <Table<CouponBatchView>
          rowKey="id"
          dataSource={batches}
          pagination={false}
          scroll={{ x: 1000 }}
          className="commerce-nowrap-head"
          locale={{ emptyText: <span className="admin-empty">还没有优惠券批次</span> }}
          columns={[
            { title: "批次", key: "name", render: (_, b) => (<div><strong>{b.couponName}</strong><div className="admin-muted">{b.code}</div></div>) },
            { title: "面额", dataIndex: "amount", width: 90, render: (v: number) => <span className="commerce-money">{money(v)}</span> },
            { title: "适用", dataIndex: "productName", width: 110, render: (v: string | null) => v ?? "全部卡片" },
            { title: "有效期至", dataIndex: "expiresAt", width: 140, render: (v: number | null) => (v ? when(v - 1) : "不限") },
            { title: "已发放", align: "right", dataIndex: "issued", width: 76 },
            { title: "已使用", align: "right", dataIndex: "used", width: 76 },
            { title: "占用中", align: "right", dataIndex: "reserved", width: 76 },
            { title: "已过期", align: "right", dataIndex: "expired", width: 76 },
            { title: "可用", align: "right", dataIndex: "available", width: 64 },
            {
              title: "操作",
              key: "actions",
              width: 150,
              render: (_, b) => (
                <span className="admin-actions">
                  <a href={`/admin/coupons?batch=${b.id}#uses`} aria-label={`查看使用：${b.couponName}`}>查看使用</a>
                  <Button size="small" onClick={() => open({ ...EMPTY, batchId: b.id })}>追加发放</Button>
                </span>
              ),
            },
          ]}
        />
      </section>
      {selected && (
        <section className="admin-card" id="uses" aria-labelledby="uses-title">
          <h2 id="uses-title" className="admin-subtitle">
            {selected.batch.couponName}（{selected.batch.code}）的使用情况
          </h2>
          <Table<CouponUseView>
            rowKey="id"
            dataSource={selected.coupons}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { title: "券ID", dataIndex: "id", width: 80 },
              { title: "用户", key: "user", render: (_, c) => (<span>{c.userName}<span className="admin-muted">（ID {c.userId}{c.phone ? `，${c.phone}` : ""}）</span></span>) },
              { title: "状态", key: "status", width: 90, render: (_, c) => (c.expired ? <Tag>已过期</Tag> : <Tag color={c.status === 1 ? "success" : c.status === 2 ? "processing" : undefined}>{COUPON_STATUS_LABEL[c.status]}</Tag>) },
              { title: "订单", key: "order", render: (_, c) => (c.orderSn ? <a href={`/admin/orders/${c.orderSn}`}>{c.orderSn}</a> : "—") },
              { title: "订单状态", dataIndex: "orderStatus", width: 90, render: (v: string | null) => (v ? ORDER_STATUS_LABEL[v] ?? v : "—") },
              { title: "使用时间", dataIndex: "usedAt", width: 150, render: (v: number | null) => when(v) },
              { title: "到期", dataIndex: "expiresAt", width: 150, render: (v: number | null) => (v ? when(v - 1) : "不限") },
            ]}
          />
        </section>
      )}
      <IssueDialog
        key={opened}
        open={dialog !== null}
        initial={dialog ?? EMPTY}
        batches={batches}
        cards={cards}
        today={today}
        onClose={() => setDialog(null)}
        onIssued={(r) => {
          setDialog(null);
          setResult(r);
          revalidator.revalidate();
        }}
      />
    </AdminFrame>
  );
}
