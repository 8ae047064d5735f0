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
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const valid = phoneSchema.safeParse(phone ?? "").success;
  const onClick = async () => {
    if (!valid || left > 0) return;
    setSending(true);
    try {
      const sentTo = String(phone).trim();
      const result = await sendSms(sentTo, type);
      if (result === "sent") setLeft(SMS_RESEND_SECONDS);
      onResult?.(result, sentTo);
    } finally {
      setSending(false);
    }
  };
  return (
    <Button className="send-code" block={block} disabled={disabled || !valid || left > 0} loading={sending} onClick={() => void onClick()}>
      {left > 0 ? `${left}秒后重新获取` : "获取验证码"}
    </Button>
  );
}
