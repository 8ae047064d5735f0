// /registerMobile (spec 1 §2): sign-up in the mobile layout.
import { type LinksFunction, type MetaFunction, useSearchParams } from "react-router";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, MobileAuthPage } from "../accounts/AuthLayout";
import { RegisterForm } from "../accounts/RegisterForm";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `注册 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function RegisterMobilePage() {
  const [params] = useSearchParams();
  return (
    <MobileAuthPage>
      <AuthCard title="新用户注册">
        <RegisterForm loginHref="/loginMobile" initialPhone={params.get("phone")} />
      </AuthCard>
    </MobileAuthPage>
  );
}
