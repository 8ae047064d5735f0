// The frame of every /admin page: the site header and footer, the console's menu and the page's content.
import type { ReactNode } from "react";
import { PageShell } from "../components/layout/PageShell";

const MENU = [
  { href: "/admin", label: "概览" },
  { href: "/admin/review", label: "内容审核" },
  { href: "/admin/users", label: "用户管理" },
  { href: "/admin/keywords", label: "关键词" },
  { href: "/admin/synonyms", label: "搜索同义词" },
  { href: "/admin/reports", label: "报告失败" },
  { href: "/admin/robot", label: "机器人知识库" },
  { href: "/admin/messages", label: "系统消息" },
  { href: "/admin/cards", label: "卡片与价格" },
  { href: "/admin/coupons", label: "优惠券" },
  { href: "/admin/orders", label: "订单" },
  { href: "/admin/orders/reconcile", label: "对账" },
  { href: "/admin/invoices", label: "发票" },
  { href: "/admin/audit", label: "操作日志" },
] as const;

export function AdminFrame({ current, children }: { current: string; children: ReactNode }) {
  return (
    <PageShell sideMenu={false}>
      <div className="container admin">
        <nav className="admin-nav" aria-label="运营后台">
          <h2>运营后台</h2>
          <ul>
            {MENU.map((m) => (
              <li key={m.href}>
                <a href={m.href} aria-current={m.href === current ? "page" : undefined}>
                  {m.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-main">{children}</div>
      </div>
    </PageShell>
  );
}
