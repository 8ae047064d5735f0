import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { antdDeferredCss } from "./styles/antd";
import { CriticalStyles } from "./styles/critical-css";
import { useEffect, useState } from "react";
import { theme } from "./theme/tokens";
import { getViewer } from "./lib/viewer.server";
import { HOME_PATH, isPublicPath } from "./lib/routes";
import { isMobileUserAgent } from "./lib/device";
import { SITE_NAME } from "./lib/site";
import { LoginProvider } from "./accounts/LoginProvider";

dayjs.locale("zh-cn");

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: SITE_NAME }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const viewer = await getViewer(request, env);
  if (!viewer && !isPublicPath(url.pathname)) throw redirect(HOME_PATH);
  return {
    viewer,
    isMobile: isMobileUserAgent(request.headers.get("user-agent")),
    bookLibraryUrl: env.BOOK_LIBRARY_URL,
    origin: url.origin,
  };
}

const runtimeTheme = { ...theme, zeroRuntime: true };

/** Dialog and drawer styles: fetched without blocking first paint, applied once the page is interactive. */
function DeferredStyles() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return <link rel="stylesheet" href={antdDeferredCss} media={ready ? "all" : "print"} />;
}

export function Layout({ children }: { children: React.ReactNode }) {
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
        <ConfigProvider locale={zhCN} theme={runtimeTheme}>
          {children}
        </ConfigProvider>
        <ScrollRestoration />
        <Scripts />
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
