// /wenkuLogin (spec 1 §2, docs/api/accounts.md): the book library asks for authorisation; the user logs in
// (password or SMS), sees the permissions (nickname, avatar, gender) and is sent back with an authorisation code.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Result, Tabs, message } from "antd";
import { CheckOutlined } from "@ant-design/icons";
import { z } from "zod";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, AuthPage } from "../accounts/AuthLayout";
import { PasswordLoginForm, SmsLoginForm } from "../accounts/LoginForms";
import { OK } from "../lib/api";
import { call, client as apiClient } from "../lib/api-client";
import { SITE_NAME } from "../lib/site";
import { ACCOUNT_MSG, SUCCESS_MSG } from "../../workers/contract/accounts";
import { getDb } from "../../workers/lib/db";
import { AppError } from "../../workers/lib/errors";
import { checkClient, clientView } from "../../workers/services/accounts/wenku";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `授权登录 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get("client_id") ?? "";
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  const request_ = { clientId, redirectUri, state: url.searchParams.get("state") ?? "", scope: url.searchParams.get("scope") ?? "" };
  try {
    const client = await checkClient({ db: getDb(context.cloudflare.env.DB), clientId, redirectUri });
    return { client: clientView(client), request: request_, error: null };
  } catch (e) {
    if (e instanceof AppError) return { client: null, request: request_, error: e.message };
    throw e;
  }
}

/** Book-library login rules (spec 1 §5): username max 50; password required, 6 to 50. */
const wenkuPasswordSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v),
  z.string({ error: ACCOUNT_MSG.passwordRequired }).min(1, ACCOUNT_MSG.passwordRequired).min(6, ACCOUNT_MSG.passwordMin6).max(50, "最多允许输入50位"),
);

export default function WenkuLoginPage() {
  const { client, request, error } = useLoaderData<typeof loader>();
  if (!client) {
    return (
      <AuthPage>
        <AuthCard title="授权登录">
          <Result status="error" title="无法完成授权" subTitle={error ?? "无效的应用"} />
        </AuthCard>
      </AuthPage>
    );
  }
  const authorize = async (login: Record<string, unknown>) => {
    const res = await call((o) => apiClient.api.wenku.authorize.$post({ json: { client_id: request.clientId, redirect_uri: request.redirectUri, state: request.state || undefined, scope: request.scope || undefined, ...login } }, o));
    if (res.code === OK && res.data) {
      void message.success(res.msg || SUCCESS_MSG.authorized);
      location.assign(res.data.redirectUrl);
    }
    return res;
  };
  return (
    <AuthPage>
      <AuthCard title="授权登录" subtitle={`「${client.name}」申请使用您的节能评估账号登录`}>
        <Tabs
          centered
          items={[
            {
              key: "password",
              label: "账号密码登录",
              children: (
                <PasswordLoginForm
                  idPrefix="wenku-pwd"
                  remember={false}
                  userNameMax={50}
                  passwordSchema={wenkuPasswordSchema}
                  submitText="授权并登录"
                  onSubmit={(v) => authorize({ type: 1, ...v })}
                />
              ),
            },
            { key: "sms", label: "短信登录", children: <SmsLoginForm idPrefix="wenku-sms" submitText="授权并登录" onSubmit={(v) => authorize({ type: 2, ...v })} /> },
          ]}
        />
        <section className="wenku-perms" aria-labelledby="wenku-perms-title">
          <h2 id="wenku-perms-title">该应用将获得以下权限：</h2>
          <ul>
            {client.permissions.map((p) => (
              <li key={p}>
                <CheckOutlined aria-hidden /> {p}
              </li>
            ))}
          </ul>
        </section>
      </AuthCard>
    </AuthPage>
  );
}
