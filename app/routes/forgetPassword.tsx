// /forgetPassword (spec 1 §2/§4): step 1 phone + code (type 3) → user id; step 2 new password + repeat; then /login.
import type { LinksFunction, MetaFunction } from "react-router";
import { Button, Form, Input, Steps, message } from "antd";
import { useState } from "react";
import { antdFullCss } from "../styles/antd";
import accountsCss from "../accounts/accounts.css?url";
import { AuthCard, AuthPage } from "../accounts/AuthLayout";
import { PhoneCodeFields } from "../accounts/PhoneCodeFields";
import { sameAs, zodRule } from "../accounts/form-rules";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { loginHref } from "../lib/platform-menu";
import { SITE_NAME } from "../lib/site";
import { NEW_PASSWORD_HINT, newPasswordSchema, SMS_TYPE, SUCCESS_MSG } from "../../workers/contract/accounts";
import { PasswordChecklist } from "../accounts/PasswordChecklist";
import { isNotRegistered } from "../accounts/client";
import { NotRegisteredHelp, useNotRegistered } from "../accounts/NotRegistered";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: accountsCss },
];

export const meta: MetaFunction = () => [{ title: `找回密码 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

interface Verified {
  id: number;
  phone: string;
  authCode: string;
}

function VerifyStep({ onDone }: { onDone: (v: Verified) => void }) {
  const [form] = Form.useForm<{ phone: string; authCode: string }>();
  const phone = Form.useWatch("phone", form);
  const unregistered = useNotRegistered(phone);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { phone: string; authCode: string }) => {
    setBusy(true);
    try {
      const body = { phone: v.phone.trim(), authCode: v.authCode.trim() };
      const res = await call((o) => client.api.user["phone-forgot-password"].$post({ json: body }, o));
      if (res.code === OK && res.data) {
        void message.success(res.msg || SUCCESS_MSG.verified);
        onDone({ id: res.data.id, ...body });
      } else if (isNotRegistered(res)) unregistered.flag(body.phone);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="forgot-verify" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
      <PhoneCodeFields
        type={SMS_TYPE.PASSWORD}
        phonePlaceholder="请输入注册时的手机号"
        phoneHelp={unregistered.active ? <NotRegisteredHelp phone={unregistered.phone} /> : undefined}
        onSendResult={(r, p) => unregistered.flag(r === "notRegistered" ? p : null)}
      />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        重置密码
      </Button>
    </Form>
  );
}

function ResetStep({ verified }: { verified: Verified }) {
  const [form] = Form.useForm<{ password: string; checkPass: string }>();
  const password = Form.useWatch("password", form);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { password: string; checkPass: string }) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user["phone-change-password"].$post({ json: { ...verified, password: v.password, checkPass: v.checkPass } }, o));
      if (res.code === OK) {
        void message.success(res.msg || SUCCESS_MSG.changed);
        setTimeout(() => location.assign(loginHref()), 800);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="forgot-reset" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
      <Form.Item name="password" label="新密码" rules={[zodRule(newPasswordSchema)]} validateTrigger="onBlur" extra={<PasswordChecklist value={password} />}>
        <Input.Password placeholder={NEW_PASSWORD_HINT} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="checkPass" label="确认密码" dependencies={["password"]} rules={[sameAs("password")]} validateTrigger="onBlur">
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        确定
      </Button>
    </Form>
  );
}

export default function ForgetPasswordPage() {
  const [verified, setVerified] = useState<Verified | null>(null);
  return (
    <AuthPage>
      <AuthCard title="找回密码">
        <Steps className="auth-steps" size="small" current={verified ? 1 : 0} items={[{ title: "验证手机号" }, { title: "设置新密码" }]} />
        {verified ? <ResetStep verified={verified} /> : <VerifyStep onDone={setVerified} />}
        <p className="auth-form__switch">
          想起密码了？<a href={loginHref()}>去登录</a>
        </p>
      </AuthCard>
    </AuthPage>
  );
}
