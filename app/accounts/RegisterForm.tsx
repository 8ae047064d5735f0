// New-user sign-up (spec 1 §2/§5): username, password with live checklist, phone, SMS code (type 1), agreement.
import { Button, Checkbox, Form, Input, Tooltip } from "antd";
import { InfoCircleOutlined } from "@ant-design/icons";
import { useState } from "react";
import { message } from "antd";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { LegalLink } from "../components/layout/LegalLinks";
import { ACCOUNT_MSG, NEW_PASSWORD_HINT, newPasswordSchema, phoneSchema, SMS_TYPE, SUCCESS_MSG, USERNAME_HINT, USERNAME_MAX, userNameSchema } from "../../workers/contract/accounts";
import { couponValidityText, priceText, type GrantedCoupon } from "../../workers/contract/payment";
import { zodRule } from "./form-rules";
import { PhoneCodeFields } from "./PhoneCodeFields";
import { PasswordChecklist } from "./PasswordChecklist";

interface Values {
  userName: string;
  password: string;
  phone: string;
  authCode: string;
  agreement: boolean;
}

/** The new-user coupon line shown after registering: 已获得新用户报告抵用券¥20（有效期至…）. */
export function grantedText(c: GrantedCoupon) {
  return `已获得${c.couponName}¥${priceText(c.amount)}${c.count > 1 ? ` ×${c.count}` : ""}（${couponValidityText(c.expiresAt)}），下载报告时可用`;
}

export function RegisterForm({ loginHref, initialPhone }: { loginHref: string; initialPhone?: string | null }) {
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch("password", form);
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user.register.$post({ json: { userName: v.userName.trim(), password: v.password, phone: v.phone.trim(), authCode: v.authCode.trim() } }, o));
      if (res.code === OK) {
        void message.success(res.msg || SUCCESS_MSG.registered);
        const coupons = res.data?.coupons ?? [];
        for (const c of coupons) void message.success({ content: grantedText(c), duration: 4 });
        // Long enough to read the coupon line before the login page.
        setTimeout(() => location.assign(loginHref), coupons.length ? 2000 : 800);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      initialValues={initialPhone && phoneSchema.safeParse(initialPhone).success ? { phone: initialPhone } : undefined}
      onFinish={(v) => void submit(v)}
      className="auth-form"
    >
      <Form.Item
        name="userName"
        label={
          <span>
            用户名{" "}
            <Tooltip title={USERNAME_HINT}>
              <InfoCircleOutlined aria-label="用户名规则" />
            </Tooltip>
          </span>
        }
        rules={[zodRule(userNameSchema)]}
        validateTrigger="onBlur"
      >
        <Input placeholder="请输入用户名（中文、字母或数字）" maxLength={USERNAME_MAX} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[zodRule(newPasswordSchema)]} validateTrigger="onBlur" extra={<PasswordChecklist value={password} />}>
        <Input.Password placeholder={NEW_PASSWORD_HINT} autoComplete="new-password" />
      </Form.Item>
      <PhoneCodeFields type={SMS_TYPE.REGISTER} />
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
