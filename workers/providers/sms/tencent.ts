// Tencent Cloud SMS (SendSms, API version 2021-01-11) signed with TC3-HMAC-SHA256.
import { tc3Sign } from "./tc3";
import { SmsSendError, type SmsMessage, type SmsProvider } from "./types";

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId of the SMS application. */
  sdkAppId: string;
  /** Approved signature name, e.g. the company short name. */
  signName: string;
  /** Approved template id; template parameters are {1} the code and {2} the minutes it is valid. */
  templateId: string;
  region?: string;
  host?: string;
}

type Fetch = (input: Request) => Promise<Response>;

interface SendSmsResponse {
  Response?: {
    Error?: { Code: string; Message: string };
    SendStatusSet?: { Code: string; Message: string; PhoneNumber: string }[];
    RequestId?: string;
  };
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = "tencent";
  constructor(
    private readonly config: TencentSmsConfig,
    private readonly fetcher: Fetch = (r) => fetch(r),
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Build the signed SendSms request (exposed for tests). */
  async buildRequest(message: SmsMessage): Promise<Request> {
    const host = this.config.host ?? "sms.tencentcloudapi.com";
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: [message.code, String(message.ttlMinutes)],
    });
    const timestamp = Math.floor(this.clock() / 1000);
    const signed = await tc3Sign({ secretId: this.config.secretId, secretKey: this.config.secretKey, service: "sms", host, timestamp, payload });
    return new Request(`https://${host}/`, {
      method: "POST",
      headers: {
        Authorization: signed.authorization,
        "Content-Type": "application/json; charset=utf-8",
        Host: host,
        "X-TC-Action": "SendSms",
        "X-TC-Version": "2021-01-11",
        "X-TC-Timestamp": String(timestamp),
        "X-TC-Region": this.config.region ?? "ap-guangzhou",
      },
      body: payload,
    });
  }

  async send(message: SmsMessage): Promise<void> {
    const res = await this.fetcher(await this.buildRequest(message));
    if (!res.ok) throw new SmsSendError(`tencent sms http ${res.status}`);
    const body = (await res.json()) as SendSmsResponse;
    const error = body.Response?.Error;
    if (error) throw new SmsSendError(`tencent sms ${error.Code}: ${error.Message}`, error.Code);
    const status = body.Response?.SendStatusSet?.[0];
    if (!status || status.Code !== "Ok") throw new SmsSendError(`tencent sms ${status?.Code ?? "no status"}: ${status?.Message ?? ""}`, status?.Code);
  }
}
