// New-user sign-up (spec 1 §2/§5): username, password with live checklist, phone, SMS code (type 1), agreement.
import { Button, Checkbox, Form, Input, Tooltip } from "antd";
import { InfoCircleOutlined } from "@ant-design/icons";
import { useState } from "react";
import { message } from "antd";
import { apiFetch, OK } from "../lib/api";
import { LegalLink } from "../components/layout/LegalLinks";
import { ACCOUNT_MSG, newPasswordSchema, phoneSchema, smsCodeSchema, SMS_TYPE, SUCCESS_MSG, USERNAME_MAX, userNameSchema } from "../../workers/contract/accounts";
import { zodRule } from "./form-rules";
import { SendCodeButton } from "./SendCodeButton";
import { PasswordChecklist } from "./PasswordChecklist";

interface Values {
  userName: string;
  password: string;
  phone: string;
  authCode: string;
  agreement: boolean;
}

export function RegisterForm({ loginHref }: { loginHref: string }) {
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch("phone", form);
  const password = Form.useWatch("password", form);
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await apiFetch<{ userId: number }>("/api/user/register", {
        body: { userName: v.userName.trim(), password: v.password, phone: v.phone.trim(), authCode: v.authCode.trim() },
      });
      if (res.code === OK) {
        void message.success(res.msg || SUCCESS_MSG.registered);
        setTimeout(() => location.assign(loginHref), 800);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} name="register" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} className="auth-form">
      <Form.Item
        name="userName"
        label={
          <span>
            用户名{" "}
            <Tooltip title={`中文和/或英文，最多${USERNAME_MAX}个字符`}>
              <InfoCircleOutlined aria-label="用户名规则" />
            </Tooltip>
          </span>
        }
        rules={[zodRule(userNameSchema)]}
        validateTrigger="onBlur"
      >
        <Input placeholder="请输入用户名（中文或英文）" maxLength={USERNAME_MAX} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[zodRule(newPasswordSchema)]} validateTrigger="onBlur" extra={<PasswordChecklist value={password} />}>
        <Input.Password placeholder="8-14位，数字、字母、符号至少两种" maxLength={14} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={[zodRule(phoneSchema)]} validateTrigger="onBlur">
        <Input placeholder="请输入手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码">
        <div className="code-row">
          <Form.Item name="authCode" noStyle rules={[zodRule(smsCodeSchema)]} validateTrigger="onBlur">
            <Input placeholder="请输入验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label="验证码" />
          </Form.Item>
          <SendCodeButton phone={phone} type={SMS_TYPE.REGISTER} />
        </div>
      </Form.Item>
      <Form.Item>
        <div className="agreement-row">
          <Form.Item
            name="agreement"
            valuePropName="checked"
            noStyle
            rules={[{ validator: async (_r, v) => { if (v !== true) throw new Error(ACCOUNT_MSG.agreementRequired); } }]}
          >
            <Checkbox>我已阅读并同意</Checkbox>
          </Form.Item>
          <LegalLink which="agreement" />和<LegalLink which="privacy" />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        注册
      </Button>
      <p className="auth-form__switch">
        已有账号？<a href={loginHref}>去登录</a>
      </p>
    </Form>
  );
}
