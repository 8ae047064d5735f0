// phoneValid (spec 1 §2/§4): after a third-party sign-in without account, verify and bind a phone; then logged in.
import type { LinksFunction, MetaFunction } from "react-router";
import { Avatar, Button, Form, Result, message } from "antd";
import { useEffect, useState } from "react";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, AuthPage } from "../accounts/AuthLayout";
import { PhoneCodeFields } from "../accounts/PhoneCodeFields";
import { clearPendingBind, readPendingBind, type PendingBind } from "../accounts/client";
import { LegalLink } from "../components/layout/LegalLinks";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { loginHref } from "../lib/platform-menu";
import { SITE_NAME } from "../lib/site";
import { SMS_TYPE, SUCCESS_MSG } from "../../workers/contract/accounts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `绑定手机号 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function PhoneValidPage() {
  const [pending, setPending] = useState<PendingBind | null | undefined>(undefined);
  const [form] = Form.useForm<{ phone: string; authCode: string }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setPending(readPendingBind()), []);

  const params = typeof location === "undefined" ? null : new URLSearchParams(location.search);
  const bindType = params?.get("bindType") === "wechat" ? "微信" : "QQ";

  const submit = async (v: { phone: string; authCode: string }) => {
    if (!pending) return;
    setBusy(true);
    try {
      const res = await call((o) => client.api.user.bind.$post({ json: { ticket: pending.ticket, phone: v.phone.trim(), authCode: v.authCode.trim() } }, o));
      if (res.code === OK) {
        clearPendingBind();
        void message.success(res.msg || SUCCESS_MSG.bound);
        // Spec 1 §2: on success the session is stored and the app goes to /login.
        setTimeout(() => location.assign("/login"), 600);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage>
      {pending === undefined ? null : pending === null ? (
        <AuthCard title="授权信息已过期">
          <Result status="warning" title="授权信息已过期，请重新授权登录" extra={<Button type="primary" href={loginHref()}>返回登录</Button>} />
        </AuthCard>
      ) : (
        <AuthCard title="验证成功" subtitle={`${bindType}授权成功，请绑定手机号完成登录`}>
          <div className="bind-who">
            <Avatar src={pending.photo ?? undefined} size={48} alt="">
              {(pending.nickname ?? bindType).slice(0, 1)}
            </Avatar>
            <span>{pending.nickname ?? `${bindType}用户`}</span>
          </div>
          <Form form={form} name="phone-valid" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
            <PhoneCodeFields type={SMS_TYPE.PHONE} />
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              同意协议并绑定
            </Button>
            <p className="login-dialog__legal">
              绑定即表示您已阅读并同意
              <LegalLink which="agreement" />和<LegalLink which="privacy" />
            </p>
          </Form>
        </AuthCard>
      )}
    </AuthPage>
  );
}
