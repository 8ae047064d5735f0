// The phone + SMS-code field group (spec 1 §4) of every form that proves a phone: register, forgot password, SMS
// login, phone binding after a third-party sign-in, and the settings dialogs. The phone is a field named "phone" or,
// for the signed-in user's own number, shown masked (`fixedPhone`); the code field "authCode" sits beside the
// send-code button, which watches the phone field through the form it is in.
import { Form, Input } from "antd";
import { MobileOutlined, SafetyOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { maskPhone, phoneSchema, smsCodeSchema, type SmsType } from "../../workers/contract/accounts";
import type { SendResult } from "./client";
import { zodRule } from "./form-rules";
import { SendCodeButton } from "./SendCodeButton";

export function PhoneCodeFields({
  type,
  fixedPhone,
  phoneLabel = "手机号",
  phonePlaceholder = "请输入手机号",
  codeLabel = "验证码",
  icons = false,
  phoneHelp,
  onSendResult,
}: {
  type: SmsType;
  /** The signed-in user's own phone: shown masked, not editable, and the code goes to it. */
  fixedPhone?: string;
  phoneLabel?: string;
  phonePlaceholder?: string;
  /** The code input's accessible name (two phones in one dialog need two names). */
  codeLabel?: string;
  icons?: boolean;
  /** Shown under the phone as an error (e.g. 该手机号未注册 with 注册). */
  phoneHelp?: ReactNode;
  onSendResult?: (result: SendResult, phone: string) => void;
}) {
  const watched = Form.useWatch("phone", { preserve: true });
  const phone = fixedPhone ?? (watched as string | undefined);
  return (
    <>
      {fixedPhone !== undefined ? (
        <Form.Item label={phoneLabel}>
          <Input value={maskPhone(fixedPhone)} disabled aria-label={phoneLabel} />
        </Form.Item>
      ) : (
        <Form.Item
          name="phone"
          label={phoneLabel}
          rules={[zodRule(phoneSchema)]}
          validateTrigger="onBlur"
          {...(phoneHelp ? { validateStatus: "error" as const, help: phoneHelp } : {})}
        >
          <Input prefix={icons ? <MobileOutlined /> : undefined} placeholder={phonePlaceholder} maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
      )}
      <Form.Item label="验证码" required={false}>
        <div className="code-row">
          <Form.Item name="authCode" noStyle rules={[zodRule(smsCodeSchema)]} validateTrigger="onBlur">
            <Input
              prefix={icons ? <SafetyOutlined /> : undefined}
              placeholder="请输入验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label={codeLabel}
            />
          </Form.Item>
          <SendCodeButton phone={phone} type={type} onResult={onSendResult} />
        </div>
      </Form.Item>
    </>
  );
}
