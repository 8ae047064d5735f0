// The send-code button (spec 1 §4): enabled only for a valid phone; after sending, "N秒后重新获取" counts down from 60.
import { Button } from "antd";
import { useEffect, useState } from "react";
import { phoneSchema, SMS_RESEND_SECONDS, type SmsType } from "../../workers/contract/accounts";
import { sendSms, type SendResult } from "./client";

export function SendCodeButton({
  phone,
  type,
  disabled = false,
  block = false,
  onResult,
}: {
  phone: string | undefined;
  type: SmsType;
  disabled?: boolean;
  block?: boolean;
  /** Told how the send went (the login and reset forms show 未注册 beside the phone). */
  onResult?: (result: SendResult, phone: string) => void;
}) {
  const valid = phoneSchema.safeParse(phone ?? "").success;
  const send = async () => {
    const sentTo = String(phone).trim();
    const result = await sendSms(sentTo, type);
    onResult?.(result, sentTo);
    return result === "sent";
  };
  return <ResendButton block={block} disabled={disabled || !valid} send={send} />;
}

/**
 * 获取验证码 with the 60-second countdown, for any code sender (`send` resolves true when a code went out): the
 * phone forms above, and codes to the caller's own bound phone (注销账号).
 */
export function ResendButton({ send, disabled = false, block = false }: { send: () => Promise<boolean>; disabled?: boolean; block?: boolean }) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const onClick = async () => {
    if (disabled || left > 0) return;
    setSending(true);
    try {
      if (await send()) setLeft(SMS_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button className="send-code" block={block} disabled={disabled || left > 0} loading={sending} onClick={() => void onClick()}>
      {left > 0 ? `${left}秒后重新获取` : "获取验证码"}
    </Button>
  );
}
