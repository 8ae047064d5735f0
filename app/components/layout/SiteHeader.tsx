// The header every page shares: logo (to /login), platform menu, and the login entry or user menu.
import { useLocation } from "react-router";
import { Button } from "antd";
import { MenuOutlined } from "@ant-design/icons";
import { lazy, Suspense, useState } from "react";
import { Logo } from "../brand/Logo";
import { platformMenu, loginHref } from "../../lib/platform-menu";
import { useRootData } from "../../lib/use-root-data";
import { openLogin } from "../../lib/login-gate";

// The drawer only exists on phones and only once opened: keep it out of every page's first download.
const Drawer = lazy(() => import("antd/es/drawer"));
// The logged-in menu (antd Avatar, Badge, Popover and the live message channel) is its own chunk: most first loads of
// public pages are visitors', who never need it (issue 23's JS budgets). The server renders it in full, so a viewer's
// page hydrates without a fallback flash.
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));

function MenuLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { bookLibraryUrl } = useRootData();
  return (
    <ul className={vertical ? "platform-menu platform-menu--vertical" : "platform-menu"}>
      {platformMenu(bookLibraryUrl).map((item) => {
        const current = item.match(pathname);
        // Spec: a menu item opens in a new tab unless it is the current page.
        return (
          <li key={item.key}>
            <a
              href={item.href}
              className={current ? "is-current" : undefined}
              aria-current={current ? "page" : undefined}
              target={current ? undefined : "_blank"}
              rel={current ? undefined : "noopener noreferrer"}
              onClick={onNavigate}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

export function SiteHeader({ transparent = false }: { transparent?: boolean }) {
  const { viewer, isMobile } = useRootData();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className={`site-header${transparent ? " site-header--transparent" : ""}`}>
      <div className="container site-header__inner">
        <a href="/login" className="site-header__brand">
          <Logo light={transparent} />
        </a>
        {isMobile ? (
          <>
            <Button type="text" className="site-header__burger" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />
            {drawerOpen && (
              <Suspense fallback={null}>
            <Drawer title="绿能评估" placement="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={280}>
              <nav aria-label="平台导航">
                <MenuLinks vertical onNavigate={() => setDrawerOpen(false)} />
              </nav>
              <div className="drawer-account">
                {viewer ? (
                  <a href="/homeUser">{viewer.name}</a>
                ) : (
                  <Button type="primary" block href="/loginMobile">
                    登录 / 注册
                  </Button>
                )}
              </div>
            </Drawer>
              </Suspense>
            )}
          </>
        ) : (
          <>
            <nav aria-label="平台导航" className="site-header__nav">
              <MenuLinks />
            </nav>
            <div className="site-header__actions">
              {viewer ? (
                <Suspense fallback={<span className="user-menu">{viewer.name}</span>}>
                  <UserMenu viewer={viewer} />
                </Suspense>
              ) : (
                <Button
                  type="primary"
                  href={loginHref(pathname)}
                  onClick={(e) => {
                    e.preventDefault();
                    openLogin();
                  }}
                >
                  登录 / 注册
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </header>
  );
}
