// The SMS provider interface: the code sender used by the account services.
export interface SmsMessage {
  phone: string;
  /** Spec 1 §9 SMS type: 1 register, 2 login, 3 password, 4 phone change or binding; 5 account deletion (docs/account-rights.md). */
  type: number;
  code: string;
  ttlMinutes: number;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** A provider refused or failed to send; the caller answers with a generic message. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly providerCode?: string,
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}

/** The text a user receives (the dev outbox shows the same text). */
export function smsText(message: SmsMessage): string {
  const purpose = { 1: "注册", 2: "登录", 3: "修改密码", 4: "绑定手机号", 5: "注销账号" }[message.type] ?? "身份验证";
  return `【节能评估】您的${purpose}验证码为${message.code}，${message.ttlMinutes}分钟内有效，请勿泄露给他人。`;
}
