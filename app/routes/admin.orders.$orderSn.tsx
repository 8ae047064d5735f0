// /admin/orders/<orderSn>: one order (items, user, coupon, payment, every notify received, refunds); 查询支付宝 runs
// alipay.trade.query and 查询微信支付 WeChat Pay's transaction query through the providers and show the verified answer; 退款 refunds all or part of what is left
// through alipay.trade.refund after a confirmation (docs/admin.md "Orders and refunds").
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Alert, Button, Input, Modal, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { firstIssue, money, newRequestNo, STATUS_COLOR, when } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import type { Envelope } from "../../workers/lib/envelope";
import { orderDetail } from "../../workers/services/admin/orders";
import {
  COUPON_STATUS_LABEL,
  ORDER_STATUS_LABEL,
  REFUND_STATUS_LABEL,
  refundPayload,
  yuan2,
  type AlipayQueryView,
  type WechatQueryView,
  type NotifyView,
  type RefundResultView,
  type RefundView,
} from "../../workers/contract/admin-commerce";
import { SITE_NAME } from "../lib/site";
import { payMethodLabel } from "../../workers/contract/invoice";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = ({ params }) => [{ title: `订单 ${params.orderSn ?? ""} - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  const sn = (params.orderSn ?? "").slice(0, 64);
  try {
    return { detail: await orderDetail({ db, orderSn: sn }) };
  } catch {
    throw new Response("订单不存在", { status: 404 });
  }
}

export const ErrorBoundary = AdminErrorBoundary;

const PAY_SOURCE: Record<string, string> = { notify: "异步通知", query: "交易查询", return: "同步返回", coupon: "优惠券抵扣" };
const WECHAT_TRADE_STATE: Record<string, string> = { SUCCESS: "支付成功", REFUND: "转入退款", NOTPAY: "未支付", CLOSED: "已关闭", REVOKED: "已撤销", USERPAYING: "用户支付中", PAYERROR: "支付失败" };
const TRADE_STATUS: Record<string, string> = { TRADE_SUCCESS: "交易成功", TRADE_FINISHED: "交易完结", WAIT_BUYER_PAY: "等待付款", TRADE_CLOSED: "交易关闭" };

interface RefundDraft {
  amount: string;
  reason: string;
  requestNo: string;
}

function RefundDialog({ orderSn, channel, refundable, draft, onClose, onDone }: { orderSn: string; channel: string | null; refundable: number; draft: RefundDraft | null; onClose: () => void; onDone: (r: RefundResultView, msg: string) => void }) {
  const [d, setD] = useState<RefundDraft | null>(draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (draft && (!d || d.requestNo !== draft.requestNo)) setD(draft);
  const submit = async (body: RefundDraft) => {
    setBusy(true);
    const res = await call((o) => client.api.admin.commerce.orders.refund.$post({ json: { orderSn, ...body } }, o), { silent: true });
    setBusy(false);
    if (res.code === OK && res.data) onDone(res.data, res.msg);
    else setError(res.msg);
  };
  return (
    <Modal
      title="退款"
      open={draft !== null}
      okText="退款"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onCancel={() => {
        setError(null);
        onClose();
      }}
      onOk={() => {
        if (!d) return;
        const problem = firstIssue(refundPayload.safeParse({ orderSn, ...d }));
        setError(problem);
        if (problem) return;
        Modal.confirm({
          title: "确认退款",
          content: `将通过${channel === "wechat" ? "微信支付" : "支付宝"}向用户退款 ¥${yuan2(Number(d.amount))}（订单 ${orderSn}），退款后无法撤销。`,
          okText: "确认退款",
          okButtonProps: { danger: true },
          cancelText: "再想想",
          onOk: () => submit(d),
        });
      }}
    >
      {d && (
        <div className="commerce-form">
          <p>
            可退金额：<strong className="commerce-money">{money(refundable)}</strong>（可部分退款；全额退款后报告不可下载，订单所用优惠券退还给用户）
          </p>
          <div>
            <label htmlFor="refund-amount">退款金额（元）</label>
            <Input id="refund-amount" prefix="¥" inputMode="decimal" value={d.amount} onChange={(e) => {
                setError(null);
                setD({ ...d, amount: e.target.value });
              }} />
          </div>
          <div>
            <label htmlFor="refund-reason">退款原因</label>
            <Input.TextArea id="refund-reason" value={d.reason} maxLength={80} showCount onChange={(e) => {
                setError(null);
                setD({ ...d, reason: e.target.value });
              }} placeholder="如：用户申请退款" />
          </div>
          <p className="admin-muted">退款请求号 {d.requestNo}：重复提交同一请求不会重复退款。</p>
          {error && <Alert type="error" showIcon message={error} />}
        </div>
      )}
    </Modal>
  );
}

const channelQuery = client.api.admin.commerce.orders;

/** 查询支付宝 / 查询微信支付: ask the channel, keep its verified answer, reload the order when a payment was applied. */
function useChannelQuery<T extends { applied: boolean }>(query: (orderSn: string) => Promise<Envelope<T | null>>, orderSn: string, reload: () => void) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    const res = await query(orderSn);
    setAsking(false);
    if (res.code === OK && res.data) {
      setAnswer(res.data);
      if (res.data.applied) reload();
    }
  };
  return [answer, asking, ask] as const;
}

/** The verified answers of 查询支付宝 / 查询微信支付, each shown once asked. */
function ChannelQueryResults({ query, wechat }: { query: AlipayQueryView | null; wechat: WechatQueryView | null }) {
  return (
    <>
      {query && (
        <div className="commerce-query" role="region" aria-label="支付宝查询结果">
          <Alert
            type={query.matches ? "success" : "warning"}
            showIcon
            message={
              query.exists
                ? `支付宝：${TRADE_STATUS[query.tradeStatus ?? ""] ?? query.tradeStatus}，金额 ¥${query.totalAmount}，交易号 ${query.tradeNo}${query.matches ? "，与本订单一致" : "，与本订单不一致"}`
                : "支付宝：交易不存在（用户未进入收银台）"
            }
            description={query.applied ? "支付宝已收款而本地未入账：已按查询结果补记支付。" : undefined}
          />
        </div>
      )}
      {wechat && (
        <div className="commerce-query" role="region" aria-label="微信支付查询结果">
          <Alert
            type={wechat.matches ? "success" : "warning"}
            showIcon
            message={
              wechat.exists
                ? `微信支付：${WECHAT_TRADE_STATE[wechat.tradeState ?? ""] ?? wechat.tradeState}，金额 ${wechat.totalFen === null ? "—" : money(wechat.totalFen / 100)}${wechat.transactionId ? `，交易号 ${wechat.transactionId}` : ""}${wechat.matches ? "，与本订单一致" : "，与本订单不一致"}`
                : "微信支付：交易不存在（用户未选择微信支付）"
            }
            description={wechat.applied ? "微信支付已收款而本地未入账：已按查询结果补记支付。" : undefined}
          />
        </div>
      )}
    </>
  );
}

export default function AdminOrderDetail() {
  const { detail } = useLoaderData<typeof loader>();
  const { order: o, payment, notifies, refunds, refundable } = detail;
  const revalidator = useRevalidator();
  const [query, querying, ask] = useChannelQuery((orderSn) => call((opt) => channelQuery["alipay-query"].$post({ json: { orderSn } }, opt)), o.orderSn, revalidator.revalidate);
  const [wechat, askingWechat, askWechat] = useChannelQuery((orderSn) => call((opt) => channelQuery["wechat-query"].$post({ json: { orderSn } }, opt)), o.orderSn, revalidator.revalidate);
  const [refund, setRefund] = useState<RefundDraft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pending = refunds.find((r) => r.status === "pending");
  return (
    <AdminFrame current="/admin/orders">
      <section className="admin-card" aria-labelledby="order-title">
        <div className="admin-toolbar">
          <h1 id="order-title">
            订单 {o.orderSn} <Tag color={STATUS_COLOR[o.status]}>{ORDER_STATUS_LABEL[o.status] ?? o.status}</Tag>
          </h1>
          <span className="admin-actions">
            <Button onClick={ask} loading={querying}>
              查询支付宝
            </Button>
            <Button onClick={askWechat} loading={askingWechat}>
              查询微信支付
            </Button>
            <Button danger disabled={refundable <= 0 || !!pending} onClick={() => setRefund({ amount: yuan2(refundable), reason: "", requestNo: newRequestNo() })}>
              退款
            </Button>
            <a href="/admin/orders">返回订单列表</a>
          </span>
        </div>
        {done && <Alert type="success" showIcon closable onClose={() => setDone(null)} message={done} role="status" />}
        <dl className="commerce-desc">
          <dt>用户</dt>
          <dd>
            {o.name ?? o.userName}（{o.userName}，ID {o.userId}
            {o.phone ? `，${o.phone}` : ""}）
          </dd>
          <dt>报告</dt>
          <dd>
            {o.productName}评估报告 × 1（调查表 {o.subProductId}）
          </dd>
          <dt>订单金额</dt>
          <dd className="commerce-money">{money(o.orderAmount)}</dd>
          <dt>实付金额</dt>
          <dd className="commerce-money" data-testid="order-pay-amount">{money(o.payAmount)}</dd>
          <dt>优惠券</dt>
          <dd>{o.couponName ? `${o.couponName}（${money(o.couponAmount)}，${o.couponStatus === null ? "—" : COUPON_STATUS_LABEL[o.couponStatus]}）` : "未使用"}</dd>
          <dt>已退款</dt>
          <dd className="commerce-money" data-testid="order-refunded">{money(o.refunded)}</dd>
          <dt>下单时间</dt>
          <dd>{when(o.createdAt)}</dd>
          <dt>支付时间</dt>
          <dd>{when(o.paidAt)}</dd>
          <dt>支付方式</dt>
          <dd>{o.payChannel === "coupon" ? "优惠券抵扣" : payMethodLabel(o.payChannel)}</dd>
          <dt>{o.payChannel === "wechat" ? "微信支付订单号" : "支付宝交易号"}</dt>
          <dd>{o.tradeNo ?? "—"}</dd>
          <dt>入账来源</dt>
          <dd>{payment ? `${PAY_SOURCE[payment.source] ?? payment.source}，${money(payment.amount)}` : "—"}</dd>
          <dt>关闭时间</dt>
          <dd>{when(o.closedAt)}</dd>
        </dl>
        <ChannelQueryResults query={query} wechat={wechat} />
      </section>
      <section className="admin-card" aria-labelledby="refunds-title">
        <h2 id="refunds-title" className="admin-subtitle">
          退款记录
        </h2>
        <Table<RefundView>
          rowKey="id"
          dataSource={refunds}
          pagination={false}
          locale={{ emptyText: <span className="admin-empty">没有退款</span> }}
          columns={[
            { title: "请求号", dataIndex: "outRequestNo" },
            { title: "金额", dataIndex: "amount", width: 100, render: (v: number) => <span className="commerce-money">{money(v)}</span> },
            { title: "原因", dataIndex: "reason" },
            { title: "状态", key: "status", width: 160, render: (_, r) => (<span><Tag color={r.status === "success" ? "success" : r.status === "failed" ? "error" : "processing"}>{REFUND_STATUS_LABEL[r.status]}</Tag>{r.failReason && <div className="admin-muted">{r.failReason}</div>}</span>) },
            { title: "操作人", dataIndex: "actorName", width: 100 },
            { title: "时间", key: "t", width: 150, render: (_, r) => when(r.finishedAt ?? r.createdAt) },
            {
              title: "",
              key: "retry",
              width: 100,
              render: (_, r) =>
                r.status === "pending" ? (
                  <Button size="small" onClick={() => setRefund({ amount: yuan2(r.amount), reason: r.reason, requestNo: r.outRequestNo })}>
                    重新提交
                  </Button>
                ) : null,
            },
          ]}
        />
      </section>
      <section className="admin-card" aria-labelledby="notifies-title">
        <h2 id="notifies-title" className="admin-subtitle">
          {o.payChannel === "wechat" ? "微信支付通知" : "支付宝通知"}
        </h2>
        <Table<NotifyView>
          rowKey="id"
          dataSource={notifies}
          pagination={false}
          locale={{ emptyText: <span className="admin-empty">没有收到通知</span> }}
          columns={[
            { title: "收到时间", dataIndex: "receivedAt", width: 150, render: (v: number) => when(v) },
            { title: "交易状态", dataIndex: "tradeStatus", width: 140 },
            { title: "金额", dataIndex: "totalAmount", width: 100, render: (v: string | null) => (v ? `¥${v}` : "—") },
            { title: "交易号", dataIndex: "tradeNo" },
            { title: "处理结果", dataIndex: "outcome", width: 160, render: (v: string) => <Tag color={v === "applied" || v === "duplicate" ? "success" : v.startsWith("rejected") ? "error" : undefined}>{v}</Tag> },
          ]}
        />
      </section>
      <RefundDialog
        orderSn={o.orderSn}
        channel={o.payChannel}
        refundable={pending ? pending.amount : refundable}
        draft={refund}
        onClose={() => setRefund(null)}
        onDone={(r, msg) => {
          setRefund(null);
          setDone(`${msg}：¥${yuan2(r.refund.amount)}，订单状态 ${ORDER_STATUS_LABEL[r.orderStatus] ?? r.orderStatus}`);
          revalidator.revalidate();
        }}
      />
    </AdminFrame>
  );
}
