// /loginMobile (spec 1 §2): SMS and password login in the mobile layout (no third-party icons on phones).
import { type LinksFunction, type MetaFunction, useSearchParams } from "react-router";
import { Tabs } from "antd";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, MobileAuthPage } from "../accounts/AuthLayout";
import { PasswordLoginForm, SmsLoginForm } from "../accounts/LoginForms";
import { finishLogin } from "../accounts/client";
import { safeRedirect } from "../accounts/form-rules";
import { LegalLink } from "../components/layout/LegalLinks";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `登录 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function LoginMobilePage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const login = async (body: Record<string, unknown>) => {
    const res = await call((o) => client.api.user.login.$post({ json: body }, o));
    if (res.code === OK) finishLogin(redirectTo);
    return res;
  };
  return (
    <MobileAuthPage>
      <AuthCard title="欢迎登录节能评估">
        <Tabs
          centered
          items={[
            { key: "sms", label: "短信登录", children: <SmsLoginForm idPrefix="m-sms" mobile redirectTo={redirectTo} onSubmit={(v) => login({ type: 2, ...v })} /> },
            {
              key: "password",
              label: "密码登录",
              children: (
                <PasswordLoginForm
                  idPrefix="m-pwd"
                  onSubmit={(v) => login({ type: 1, ...v })}
                  extra={<a href="/forgetPassword">忘记密码？</a>}
                />
              ),
            },
          ]}
        />
        <p className="auth-form__switch">
          还没有账号？<a href="/registerMobile">新用户注册</a>
        </p>
        <p className="login-dialog__legal">
          登录即表示您已阅读并同意
          <LegalLink which="agreement" />和<LegalLink which="privacy" />
        </p>
      </AuthCard>
    </MobileAuthPage>
  );
}
