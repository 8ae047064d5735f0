// The header every page shares: logo (to /login), platform menu, and the login entry or user menu.
import { useLocation } from "react-router";
import { Button } from "antd";
import { MenuOutlined } from "@ant-design/icons";
import { lazy, Suspense, useEffect, useState } from "react";
import { Logo } from "../brand/Logo";
import { platformMenu, loginHref } from "../../lib/platform-menu";
import { useRootData } from "../../lib/use-root-data";
import { openLogin } from "../../lib/login-gate";

// The drawer only exists on phones and only once opened: keep it out of every page's first download.
const Drawer = lazy(() => import("antd/es/drawer"));
// The logged-in menu (antd Avatar, Badge, Popover and the live message channel) is its own chunk: most first loads of
// public pages are visitors', who never need it (issue 23's JS budgets). It mounts after hydration: the server and
// the hydrating client render the viewer's name (UserMenuStandIn), so no lazy boundary is left dehydrated (an
// update reaching one makes React drop the server HTML, error #421).
const UserMenu = lazy(() => import("./UserMenu").then((m) => ({ default: m.UserMenu })));

function UserMenuStandIn({ name }: { name: string }) {
  return (
    <span className="user-menu">
      <span className="user-menu__name">{name}</span>
    </span>
  );
}

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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <header className={`site-header${transparent ? " site-header--transparent" : ""}`}>
      <div className="container site-header__inner">
        <a href="/login" className="site-header__brand">
          <Logo light={transparent} />
        </a>
        {/* Phones get the menu button alone; a desktop browser in a narrow window (≤ 760 px) gets it too, in place of
            the menu and the login entry, which no longer fit (app.css). */}
        <Button
          type="text"
          className={isMobile ? "site-header__burger" : "site-header__burger site-header__burger--narrow"}
          icon={<MenuOutlined />}
          aria-label="打开菜单"
          onClick={() => setDrawerOpen(true)}
        />
        {drawerOpen && (
          <Suspense fallback={null}>
            <Drawer title="绿能评估" placement="right" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={280}>
              <nav aria-label="平台导航">
                <MenuLinks vertical onNavigate={() => setDrawerOpen(false)} />
              </nav>
              <div className="drawer-account">
                {viewer ? (
                  <a href="/homeUser">{viewer.name}</a>
                ) : isMobile ? (
                  <Button type="primary" block href="/loginMobile">
                    登录 / 注册
                  </Button>
                ) : (
                  <Button
                    type="primary"
                    block
                    href={loginHref(pathname)}
                    onClick={(e) => {
                      e.preventDefault();
                      setDrawerOpen(false);
                      openLogin();
                    }}
                  >
                    登录 / 注册
                  </Button>
                )}
              </div>
            </Drawer>
          </Suspense>
        )}
        {!isMobile && (
          <>
            <nav aria-label="平台导航" className="site-header__nav">
              <MenuLinks />
            </nav>
            <div className="site-header__actions">
              {viewer ? (
                hydrated ? (
                  <Suspense fallback={<UserMenuStandIn name={viewer.name} />}>
                    <UserMenu viewer={viewer} />
                  </Suspense>
                ) : (
                  <UserMenuStandIn name={viewer.name} />
                )
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
