// The frame of a public page: header, main content, footer and the floating side menu.
import type { ReactNode } from "react";
import { SiteHeader } from "./SiteHeader";
import { SiteFooter } from "./SiteFooter";
import { SideMenu } from "./SideMenu";

export function PageShell({ children, transparentHeader = false, sideMenu = true }: { children: ReactNode; transparentHeader?: boolean; sideMenu?: boolean }) {
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        跳到主要内容
      </a>
      <SiteHeader transparent={transparentHeader} />
      <main id="main" className="page__main">
        {children}
      </main>
      <SiteFooter />
      {sideMenu && <SideMenu />}
    </div>
  );
}
