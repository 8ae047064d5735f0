// /personal/settings (spec 1 §2): account settings inside the personal centre. Open to visitors by the route
// whitelist, so a visitor sees a login prompt instead of the tabs.
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Button, Result } from "antd";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { PageShell } from "../components/layout/PageShell";
import { SettingsTabs } from "../accounts/settings/SettingsTabs";
import { useRootData } from "../lib/use-root-data";
import { openLogin } from "../lib/login-gate";
import { loginHref } from "../lib/platform-menu";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `个人设置 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function PersonalSettingsPage() {
  const { viewer } = useRootData();
  return (
    <PageShell>
      <div className="container settings-page">
        <h1 className="settings-page__title">个人设置</h1>
        {viewer ? (
          <SettingsTabs />
        ) : (
          <Result
            status="info"
            title="登录后即可管理个人设置"
            extra={
              <Button
                type="primary"
                href={loginHref("/personal/settings")}
                onClick={(e) => {
                  e.preventDefault();
                  openLogin({ redirectTo: "/personal/settings" });
                }}
              >
                登录 / 注册
              </Button>
            }
          />
        )}
      </div>
    </PageShell>
  );
}
