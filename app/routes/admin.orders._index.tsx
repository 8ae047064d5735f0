// /admin/orders: orders searched by order number, user name / nickname / phone, status and China-day range (order
// time), newest first, 20 a page; each links to its detail (查询支付宝, 退款).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Button, Input, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import commerceCss from "../admin/commerce.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { money, STATUS_COLOR, when } from "../admin/commerce";
import { requireAdminPage } from "../admin/admin.server";
import { searchOrders } from "../../workers/services/admin/orders";
import { COMMERCE_PAGE_SIZE, ORDER_STATUSES, ORDER_STATUS_LABEL, orderListQuery, type AdminOrderView } from "../../workers/contract/admin-commerce";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
  { rel: "stylesheet", href: commerceCss },
];
export const meta: MetaFunction = () => [{ title: `订单 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const parsed = orderListQuery.safeParse({
    q: url.searchParams.get("q") ?? undefined,
    status: url.searchParams.get("status") || undefined,
    from: url.searchParams.get("from") || undefined,
    to: url.searchParams.get("to") || undefined,
    pageNo: url.searchParams.get("page") ?? undefined,
  });
  const q = parsed.success ? parsed.data : orderListQuery.parse({});
  return { q, page: await searchOrders({ db, q }) };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminOrders() {
  const { q, page } = useLoaderData<typeof loader>();
  const href = (p: number) => {
    const s = new URLSearchParams();
    if (q.q) s.set("q", q.q);
    if (q.status) s.set("status", q.status);
    if (q.from) s.set("from", q.from);
    if (q.to) s.set("to", q.to);
    s.set("page", String(p));
    return `/admin/orders?${s.toString()}`;
  };
  return (
    <AdminFrame current="/admin/orders">
      <section className="admin-card" aria-labelledby="orders-title">
        <div className="admin-toolbar">
          <h1 id="orders-title">订单</h1>
          <a href="/admin/orders/reconcile">按日对账</a>
        </div>
        <form method="get" action="/admin/orders" role="search" className="commerce-search">
          <label>
            订单号、用户名或手机号
            <Input name="q" defaultValue={q.q} allowClear style={{ width: 240 }} />
          </label>
          <label>
            状态
            <select name="status" defaultValue={q.status ?? ""}>
              <option value="">全部</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            下单日期从
            <input type="date" name="from" defaultValue={q.from ?? ""} />
          </label>
          <label>
            至
            <input type="date" name="to" defaultValue={q.to ?? ""} />
          </label>
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        </form>
        <Table<AdminOrderView>
          rowKey="id"
          dataSource={page.list}
          scroll={{ x: 1000 }}
          locale={{ emptyText: <span className="admin-empty">没有找到订单</span> }}
          pagination={{ current: page.pageNo, pageSize: COMMERCE_PAGE_SIZE, total: page.total, showSizeChanger: false, showTotal: (t) => `共 ${t} 个订单`, onChange: (p) => location.assign(href(p)) }}
          columns={[
            { title: "订单号", dataIndex: "orderSn", render: (sn: string) => <a href={`/admin/orders/${sn}`}>{sn}</a> },
            { title: "用户", key: "user", render: (_, o) => (<span>{o.name ?? o.userName}<div className="admin-muted">{o.phone ?? o.userName}</div></span>) },
            { title: "报告", dataIndex: "productName", width: 130 },
            { title: "实付", dataIndex: "payAmount", width: 100, render: (v: number) => <span className="commerce-money">{money(v)}</span> },
            { title: "已退款", dataIndex: "refunded", width: 90, render: (v: number) => (v > 0 ? <span className="commerce-money">{money(v)}</span> : "—") },
            { title: "状态", dataIndex: "status", width: 90, render: (s: string) => <Tag color={STATUS_COLOR[s]}>{ORDER_STATUS_LABEL[s] ?? s}</Tag> },
            { title: "下单时间", dataIndex: "createdAt", width: 150, render: (v: number) => when(v) },
            { title: "支付时间", dataIndex: "paidAt", width: 150, render: (v: number | null) => when(v) },
          ]}
        />
      </section>
    </AdminFrame>
  );
}
