// The frame of every /admin page: the site header and footer, the console's menu and the page's content.
import { useEffect, useRef, type ReactNode } from "react";
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

/** Table boxes that scroll sideways (on a phone) and so must take keyboard focus (axe scrollable-region-focusable). */
const SCROLL_BOXES = ".ant-table-content, .ant-table-body";

/**
 * On a phone a table scrolls inside its own box; a keyboard user must be able to scroll it too, so each box that
 * does scroll becomes a focusable region named by the page's title. Checked again when the content or size changes
 * (paging, filters, rotating the phone).
 */
function useFocusableScrollBoxes() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const main = ref.current;
    if (!main) return;
    const mark = () => {
      for (const box of Array.from(main.querySelectorAll<HTMLElement>(SCROLL_BOXES))) {
        const scrolls = box.scrollWidth > box.clientWidth + 1;
        if (scrolls && !box.hasAttribute("tabindex")) {
          box.tabIndex = 0;
          box.setAttribute("role", "region");
          box.setAttribute("aria-label", `${main.querySelector("h1")?.textContent ?? "表格"}（可横向滚动）`);
        } else if (!scrolls && box.getAttribute("role") === "region") {
          box.removeAttribute("tabindex");
          box.removeAttribute("role");
          box.removeAttribute("aria-label");
        }
      }
    };
    mark();
    const mutations = new MutationObserver(mark);
    mutations.observe(main, { childList: true, subtree: true });
    window.addEventListener("resize", mark);
    return () => {
      mutations.disconnect();
      window.removeEventListener("resize", mark);
    };
  }, []);
  return ref;
}

export function AdminFrame({ current, children }: { current: string; children: ReactNode }) {
  const mainRef = useFocusableScrollBoxes();
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
        <div className="admin-main" ref={mainRef}>
          {children}
        </div>
      </div>
    </PageShell>
  );
}
