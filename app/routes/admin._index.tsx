// /admin: the operator console's dashboard (counts of users, content, the review queue, reports and revenue).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { requireAdminPage } from "../admin/admin.server";
import { dashboardCounts, revenueByDay } from "../../workers/services/admin/dashboard";
import { SITE_NAME } from "../lib/site";

// No antd sheet: the overview renders only the inlined critical components (test/unit/ui/area-antd-css.test.ts).
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `运营后台 - ${SITE_NAME}` }, { name: "description", content: "运营后台：用户、订单、内容审核与数据概览" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  const [counts, revenue] = await Promise.all([dashboardCounts({ db }), revenueByDay({ db, now: Date.now() })]);
  return { counts, revenue };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminDashboard() {
  const { counts, revenue } = useLoaderData<typeof loader>();
  const top = Math.max(1, ...revenue.map((d) => d.revenue));
  const items: [string, string, string | null][] = [
    ["注册用户", String(counts.users), null],
    ["已封禁用户", String(counts.bannedUsers), "/admin/users"],
    ["公开问题", String(counts.questions), null],
    ["公开回答", String(counts.answers), null],
    ["待审核内容", String(counts.pendingReviews), "/admin/review"],
    ["已生成报告", String(counts.reportsGenerated), null],
    ["生成失败报告", String(counts.reportsFailed), "/admin/reports"],
    ["已支付订单", String(counts.paidOrders), null],
    ["累计净收入（元）", counts.revenue.toFixed(2), null],
  ];
  return (
    <AdminFrame current="/admin">
      <section className="admin-card" aria-labelledby="dash-title">
        <h1 id="dash-title">概览</h1>
        <ul className="admin-stats">
          {items.map(([label, value, href]) => (
            <li key={label}>
              <small>{label}</small>
              <strong>{href ? <a href={href}>{value}</a> : value}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="admin-card" aria-labelledby="revenue-title">
        <h2 id="revenue-title" className="admin-subtitle">
          近 {revenue.length} 天收入
        </h2>
        {/* Scrolls sideways inside its box on a phone; focusable so a keyboard can scroll it too. */}
        <div className="admin-scroll" tabIndex={0} role="region" aria-labelledby="revenue-title">
          <table className="admin-chart">
          <thead>
            <tr>
              <th scope="col">日期</th>
              <th scope="col">订单</th>
              <th scope="col">净收入（元）</th>
              <th scope="col">退款（元）</th>
              <th scope="col" aria-hidden="true" />
            </tr>
          </thead>
          <tbody>
            {revenue.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day.slice(5)}</th>
                <td>{d.orders}</td>
                <td>{d.revenue.toFixed(2)}</td>
                <td>{d.refunded.toFixed(2)}</td>
                <td aria-hidden="true" className="admin-chart__bar-cell">
                  <span className="admin-chart__bar" style={{ width: `${(Math.max(0, d.revenue) / top) * 100}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
          </table>
        </div>
      </section>
    </AdminFrame>
  );
}
