// /personal/settings (spec 1 §2): account settings inside the personal centre, with the centre's menu and
// statistics header like its other tabs. Open to visitors by the route whitelist, so a visitor sees a login prompt.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Button, Result } from "antd";
import { antdPersonalCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import personalCss from "../personal/personal.css?url";
import { PageShell } from "../components/layout/PageShell";
import { PersonalShell } from "../personal/PersonalShell";
import { personalContext, personalHeader } from "../personal/personal.server";
import { unreadMessageCount } from "../../workers/services/messaging/counts";
import { SettingsTabs } from "../accounts/settings/SettingsTabs";
import { openLogin } from "../lib/login-gate";
import { loginHref } from "../lib/platform-menu";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalCss },
  { rel: "stylesheet", href: personalCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `个人设置 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, viewer } = await personalContext(request, context);
  if (!viewer) return { header: null, unread: 0 };
  const [header, unread] = await Promise.all([personalHeader(db, viewer.userId), unreadMessageCount({ db, userId: viewer.userId })]);
  return { header, unread };
}

export default function PersonalSettingsPage() {
  const { header, unread } = useLoaderData<typeof loader>();
  if (!header) {
    return (
      <PageShell>
        <div className="container settings-page">
          <h1 className="settings-page__title">个人设置</h1>
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
        </div>
      </PageShell>
    );
  }
  return (
    <PersonalShell active="settings" header={header} unread={unread}>
      <section className="personal-card personal-settings" aria-labelledby="personal-settings-title">
        <h2 id="personal-settings-title" className="personal-card__title">
          账号设置
        </h2>
        <SettingsTabs />
      </section>
    </PersonalShell>
  );
}
