// Picks the SMS provider from env: SMS_PROVIDER=dev (default locally) or tencent (needs TENCENT_SMS_* settings).
import type { Db } from "../../lib/db";
import { isLocal, opt } from "../../lib/env";
import { DevSmsProvider } from "./dev";
import { TencentSmsProvider } from "./tencent";
import type { SmsProvider } from "./types";

export type { SmsMessage, SmsProvider } from "./types";
export { SmsSendError, smsText } from "./types";

export function smsProvider(env: Env, db: Db): SmsProvider {
  const kind = (env.SMS_PROVIDER ?? "dev").toLowerCase();
  if (kind === "dev") {
    // The outbox is read through /api/dev, which only the local entry mounts: outside APP_ENV=local nobody would
    // ever see the code, so the switch fails closed there (as the Alipay and OAuth dev switches do).
    if (!isLocal(env)) throw new Error("SMS_PROVIDER=dev is the local stand-in: set SMS_PROVIDER=tencent");
    return new DevSmsProvider(db);
  }
  if (kind === "tencent") {
    const need = (name: string) => {
      const v = opt(env, name);
      if (!v) throw new Error(`${name} must be set when SMS_PROVIDER=tencent`);
      return v;
    };
    return new TencentSmsProvider({
      secretId: need("TENCENT_SMS_SECRET_ID"),
      secretKey: need("TENCENT_SMS_SECRET_KEY"),
      sdkAppId: need("TENCENT_SMS_APP_ID"),
      signName: need("TENCENT_SMS_SIGN_NAME"),
      templateId: need("TENCENT_SMS_TEMPLATE_ID"),
      region: opt(env, "TENCENT_SMS_REGION"),
    });
  }
  throw new Error(`unknown SMS_PROVIDER ${kind}`);
}
