// /setting (spec 1 §2): account settings, assessment variant.
import type { LinksFunction, MetaFunction } from "react-router";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { PageShell } from "../components/layout/PageShell";
import { SettingsTabs } from "../accounts/settings/SettingsTabs";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `账号设置 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function SettingPage() {
  return (
    <PageShell>
      <div className="container settings-page">
        <h1 className="settings-page__title">账号设置</h1>
        <SettingsTabs />
      </div>
    </PageShell>
  );
}
