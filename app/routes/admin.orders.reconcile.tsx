// /admin/orders/reconcile?day=YYYY-MM-DD: one China day's Alipay orders paid vs verified notifies vs refunds, with
// mismatches first and highlighted (paid without notify, notify without a paid order, amount differences, a second
// trade for a paid order, refused notifies).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Button, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { money, when } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { chinaToday, reconciliation } from "../../workers/services/admin/orders";
import { ORDER_STATUS_LABEL, RECONCILE_ISSUE_LABEL, type ReconcileRow } from "../../workers/contract/admin-commerce";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = () => [{ title: `对账 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const asked = url.searchParams.get("day") ?? "";
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(`${asked}T00:00:00+08:00`)) ? asked : chinaToday(Date.now());
  return { view: await reconciliation({ db, day }) };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminReconcile() {
  const { view } = useLoaderData<typeof loader>();
  const stats: [string, string][] = [
    ["已支付订单", `${view.paidCount} 笔`],
    ["支付金额", money(view.paidTotal)],
    ["已验证通知", `${view.notifyCount} 笔`],
    ["通知金额", money(view.notifyTotal)],
    ["退款", `${view.refundCount} 笔`],
    ["退款金额", money(view.refundTotal)],
    ["净收入", money(view.net)],
    ["异常", `${view.mismatches} 笔`],
  ];
  return (
    <AdminFrame current="/admin/orders/reconcile">
      <section className="admin-card" aria-labelledby="rec-title">
        <div className="admin-toolbar">
          <h1 id="rec-title">对账（北京时间 {view.day}）</h1>
          <form method="get" action="/admin/orders/reconcile" className="commerce-search">
            <label>
              日期
              <input type="date" name="day" defaultValue={view.day} />
            </label>
            <Button htmlType="submit">查看</Button>
          </form>
        </div>
        <ul className="commerce-summary">
          {stats.map(([k, v]) => (
            <li key={k}>
              <small>{k}</small>
              <strong>{v}</strong>
            </li>
          ))}
        </ul>
        <p className="admin-muted">
          本页核对本系统的支付宝与微信支付订单、已验证的异步通知与退款。与支付宝对账单、微信支付交易账单按交易号逐笔核对的方法见 docs/payments.md。
        </p>
        <Table<ReconcileRow>
          rowKey="orderSn"
          dataSource={view.rows}
          pagination={{ pageSize: 50, showSizeChanger: false }}
          rowClassName={(r) => (r.issues.length ? "commerce-row-warn" : "")}
          locale={{ emptyText: <span className="admin-empty">当天没有支付、通知或退款</span> }}
          scroll={{ x: 960 }}
          columns={[
            { title: "订单号", dataIndex: "orderSn", render: (sn: string) => <a href={`/admin/orders/${sn}`}>{sn}</a> },
            { title: "渠道", dataIndex: "channel", width: 80, render: (c: string | null) => (c === "wechat" ? "微信支付" : c === "alipay" ? "支付宝" : "—") },
            { title: "订单状态", dataIndex: "orderStatus", width: 90, render: (s: string | null) => (s ? ORDER_STATUS_LABEL[s] ?? s : "无此订单") },
            { title: "当日支付", key: "paid", width: 170, render: (_, r) => (r.paid === null ? "—" : <span className="commerce-money">{money(r.paid)}<div className="admin-muted">{when(r.paidAt)}</div></span>) },
            { title: "通知", key: "n", render: (_, r) => (r.notifies.length ? r.notifies.map((n, i) => <div key={i} className="admin-muted">¥{n.totalAmount ?? "—"} · {n.outcome} · {when(n.receivedAt)}</div>) : "无") },
            { title: "当日退款", dataIndex: "refunded", width: 100, render: (v: number) => (v > 0 ? <span className="commerce-money">{money(v)}</span> : "—") },
            { title: "核对结果", key: "issues", width: 180, render: (_, r) => (r.issues.length ? r.issues.map((i) => <Tag key={i} color="error">{RECONCILE_ISSUE_LABEL[i]}</Tag>) : <Tag color="success">一致</Tag>) },
          ]}
        />
      </section>
    </AdminFrame>
  );
}
