// The two login forms (spec 1 §2): SMS (phone, code, send-code) and password (username, password, remember, forgot link).
// Shared by the login dialog, /loginMobile and /wenkuLogin; Enter submits (antd Form + submit button).
import { Button, Checkbox, Form, Input } from "antd";
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { useEffect, useState, type ReactNode } from "react";
import type { z } from "zod";
import { ACCOUNT_MSG, loginPasswordSchema, SMS_TYPE } from "../../workers/contract/accounts";
import { zodRule } from "./form-rules";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { isNotRegistered, readRememberedUser, rememberUser } from "./client";
import { NotRegisteredHelp, useNotRegistered } from "./NotRegistered";

export interface SmsLoginValues {
  phone: string;
  authCode: string;
}

export interface PasswordLoginValues {
  userName: string;
  password: string;
}

/**
 * SMS login. A phone without an account is told so beside the field with a link to 注册 (the send-code answer, or
 * the login answer when `onSubmit` returns the envelope), never 发送验证码成功 followed by 验证码错误.
 */
export function SmsLoginForm({
  onSubmit,
  submitText = "登录",
  idPrefix = "sms",
  mobile = false,
  redirectTo = null,
}: {
  onSubmit: (v: SmsLoginValues) => Promise<unknown>;
  submitText?: string;
  idPrefix?: string;
  /** 注册 leads to /registerMobile instead of /register. */
  mobile?: boolean;
  redirectTo?: string | null;
}) {
  const [form] = Form.useForm<SmsLoginValues>();
  const phone = Form.useWatch("phone", form);
  const unregistered = useNotRegistered(phone);
  const [busy, setBusy] = useState(false);
  const submit = async (v: SmsLoginValues) => {
    setBusy(true);
    try {
      const sent = { phone: v.phone.trim(), authCode: v.authCode.trim() };
      const res = await onSubmit(sent);
      if (isNotRegistered(res as { code: number } | undefined)) unregistered.flag(sent.phone);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name={`${idPrefix}-login`} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
      <PhoneCodeFields
        type={SMS_TYPE.LOGIN}
        icons
        phoneHelp={unregistered.active ? <NotRegisteredHelp phone={unregistered.phone} mobile={mobile} redirectTo={redirectTo} /> : undefined}
        onSendResult={(r, p) => unregistered.flag(r === "notRegistered" ? p : null)}
      />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}

export function PasswordLoginForm({
  onSubmit,
  submitText = "登录",
  userNameMax = 11,
  passwordSchema = loginPasswordSchema,
  remember = true,
  extra,
  idPrefix = "pwd",
}: {
  onSubmit: (v: PasswordLoginValues) => Promise<unknown>;
  submitText?: string;
  userNameMax?: number;
  passwordSchema?: z.ZodType;
  remember?: boolean;
  extra?: ReactNode;
  idPrefix?: string;
}) {
  const [form] = Form.useForm<PasswordLoginValues & { remember: boolean }>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!remember) return;
    const name = readRememberedUser();
    if (name) form.setFieldsValue({ userName: name, remember: true });
  }, [form, remember]);
  const submit = async (v: PasswordLoginValues & { remember?: boolean }) => {
    setBusy(true);
    try {
      const userName = v.userName.trim();
      // Remember the username only (docs/decisions/011): the password never goes to client storage.
      if (remember) rememberUser(v.remember ? userName : null);
      await onSubmit({ userName, password: v.password.replace(/\s+/g, "") });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name={`${idPrefix}-login`} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
      <Form.Item name="userName" label="用户名" rules={[{ required: true, whitespace: true, message: ACCOUNT_MSG.userNameRequired }]} validateTrigger="onBlur">
        <Input prefix={<UserOutlined />} placeholder="请输入用户名或手机号" maxLength={userNameMax} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[zodRule(passwordSchema)]} validateTrigger="onBlur">
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      {(remember || extra) && (
        <div className="auth-form__row">
          {remember ? (
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>记住用户名</Checkbox>
            </Form.Item>
          ) : (
            <span />
          )}
          {extra}
        </div>
      )}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}
