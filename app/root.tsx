import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect, Links, Meta, Outlet, ScrollRestoration, useRouteError, isRouteErrorResponse } from "react-router";
import { antdDeferredCss } from "./styles/antd";
import { CriticalStyles } from "./styles/critical-css";
import { useEffect, useRef } from "react";
import { AntdRuntime } from "./theme/AntdRuntime";
import { getViewer } from "./lib/viewer.server";
import type { RootData } from "./lib/root-data";
import { HOME_PATH, isPublicPath } from "./lib/routes";
import { isMobileUserAgent } from "../workers/lib/device";
import { SITE_NAME } from "./lib/site";
import { LoginProvider } from "./accounts/LoginProvider";
import { DeferredScripts } from "./lib/deferred-scripts";
import { useNonce } from "./lib/nonce";


export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: SITE_NAME }];

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const viewer = await getViewer(request, env);
  // Protected pages send visitors home; a path no page serves gets the 404 page instead ($.tsx).
  if (!viewer && !isPublicPath(url.pathname) && context.knownPath !== false) throw redirect(HOME_PATH);
  return {
    viewer,
    isMobile: isMobileUserAgent(request.headers.get("user-agent")),
    bookLibraryUrl: env.BOOK_LIBRARY_URL,
    filing: { icp: env.ICP_NUMBER ?? "", psb: env.PSB_NUMBER ?? "" },
    origin: url.origin,
    renderedAt: Date.now(),
  };
}

const NEEDS_DEFERRED_STYLES = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/**
 * Dialog, drawer and notice styles: fetched without blocking first paint and switched on when first needed: at the
 * first interaction, or when something mounts a portal into <body> (a dialog or notice opened by code). Switching
 * a stylesheet on restyles the whole page; done at hydration, that was one more long task during start-up.
 * The DOM attribute is set directly, in the same task as the trigger, so a portal never paints unstyled.
 */
function DeferredStyles() {
  const ref = useRef<HTMLLinkElement>(null);
  useEffect(() => {
    const link = ref.current;
    if (!link) return;
    const observer = new MutationObserver((records) => {
      if (records.some((r) => r.addedNodes.length > 0)) enable();
    });
    function enable() {
      link!.media = "all";
      stop();
    }
    function stop() {
      observer.disconnect();
      for (const type of NEEDS_DEFERRED_STYLES) window.removeEventListener(type, enable, true);
    }
    for (const type of NEEDS_DEFERRED_STYLES) window.addEventListener(type, enable, { capture: true, passive: true });
    observer.observe(document.body, { childList: true });
    return stop;
  }, []);
  return <link ref={ref} rel="stylesheet" href={antdDeferredCss} media="print" />;
}

/**
 * Marks <html data-hydrated> once React owns the page. Hydration starts after first paint (entry.client.tsx), so a
 * click on a server-rendered button can land before its handler exists; browser tests wait for this mark.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMark();
  const nonce = useNonce();
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0a7d4f" />
        <Meta />
        <CriticalStyles />
        <Links />
        <DeferredStyles />
      </head>
      <body>
        <AntdRuntime>{children}</AntdRuntime>
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function Root() {
  return (
    <>
      <Outlet />
      <LoginProvider />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="error-page">
      <h1>{notFound ? "页面不存在" : "页面出错了"}</h1>
      <p>{notFound ? "您访问的页面不存在或已被移除。" : "服务暂时不可用，请稍后刷新重试。"}</p>
      <a href={HOME_PATH}>返回首页</a>
    </main>
  );
}
