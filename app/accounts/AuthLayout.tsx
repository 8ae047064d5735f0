// Frames for the account pages: a centred card inside the site shell (desktop) or a bare mobile screen.
import type { ReactNode } from "react";
import { PageShell } from "../components/layout/PageShell";
import { Logo } from "../components/brand/Logo";

export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`auth-card${wide ? " auth-card--wide" : ""}`}>
      <h1 className="auth-card__title">{title}</h1>
      {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}

export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <PageShell sideMenu={false}>
      <div className="auth-page">{children}</div>
    </PageShell>
  );
}

export function MobileAuthPage({ children }: { children: ReactNode }) {
  return (
    <div className="m-auth">
      <header className="m-auth__head">
        {/* The link's name starts with the logo's visible words (axe label-content-name-mismatch). */}
        <a href="/homePage">
          <Logo />
          <span className="visually-hidden">（返回首页）</span>
        </a>
      </header>
      <main id="main" className="m-auth__main">
        {children}
      </main>
    </div>
  );
}
