// /register (spec 1 §2): new-user sign-up.
import { type LinksFunction, type MetaFunction, useSearchParams } from "react-router";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, AuthPage } from "../accounts/AuthLayout";
import { RegisterForm } from "../accounts/RegisterForm";
import { safeRedirect } from "../accounts/form-rules";
import { loginHref } from "../lib/platform-menu";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `新用户注册 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function RegisterPage() {
  const [params] = useSearchParams();
  const back = safeRedirect(params.get("redirectTo"));
  return (
    <AuthPage>
      <AuthCard title="新用户注册" subtitle="注册后即可使用节能评估与能源问答">
        <RegisterForm loginHref={loginHref(back ?? undefined)} initialPhone={params.get("phone")} />
      </AuthCard>
    </AuthPage>
  );
}
