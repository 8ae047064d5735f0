// The merchant side of WeChat Pay APIv3 for Native payment: create the order (code_url), query, close, refund,
// and verification of everything WeChat Pay sends (API answers and notifies: signature with WeChat Pay's public key,
// the key id in Wechatpay-Serial, a timestamp within 5 minutes; notify resources decrypted with the APIv3 key).
// The same class talks to api.mch.weixin.qq.com and to the local dev gateway; only the base URL and fetch differ.
import { decryptResource, rsaSign, rsaVerify } from "./crypto";
import {
  NATIVE_PATH,
  REFUND_PATH,
  authorization,
  closePath,
  freshTimestamp,
  newNonce,
  queryPath,
  refundQueryPath,
  responseMessage,
  requestMessage,
  rfc3339China,
  type NotifyEnvelope,
  type Refund,
  type Transaction,
} from "./protocol";

export type Fetch = (request: Request) => Promise<Response>;

export interface WechatPayConfig {
  /** https://api.mch.weixin.qq.com or the dev gateway inside this Worker (paths /v3/… are appended). */
  base: string;
  /** 商户号. */
  mchid: string;
  /** The AppID bound to the merchant (公众号/网站应用), sent with every order; notifies must carry it. */
  appid: string;
  /** The merchant API certificate's serial number (Authorization serial_no). */
  merchantSerial: string;
  /** apiclient_key.pem, PKCS#8. */
  merchantPrivateKey: string;
  /** WeChat Pay's public key (微信支付公钥, SPKI) and its id (PUB_KEY_ID_…), which answers name in Wechatpay-Serial. */
  platformPublicKey: string;
  platformKeyId: string;
  /** The 32-character APIv3 key (notify decryption). */
  apiV3Key: string;
}

export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "WechatPayError";
  }
}

export interface SignedHeaders {
  signature: string | null;
  timestamp: string | null;
  nonce: string | null;
  serial: string | null;
}

export const signedHeadersOf = (h: Headers): SignedHeaders => ({
  signature: h.get("wechatpay-signature"),
  timestamp: h.get("wechatpay-timestamp"),
  nonce: h.get("wechatpay-nonce"),
  serial: h.get("wechatpay-serial"),
});

export type VerifyFailure = "headers" | "serial" | "timestamp" | "signature";

export interface NativeInput {
  outTradeNo: string;
  totalFen: number;
  description: string;
  notifyUrl: string;
  /** WeChat Pay stops taking money at this instant (ms): the order's 30-minute close. */
  expiresAt: number;
  now: number;
}

export type QueryResult = { exists: false } | { exists: true; transaction: Transaction };

export interface RefundInput {
  outTradeNo: string;
  outRefundNo: string;
  refundFen: number;
  totalFen: number;
  reason: string;
  notifyUrl: string;
  now: number;
}

/** A refund WeChat Pay accepted (status SUCCESS or PROCESSING), or its business refusal (4xx with code/message). */
export type RefundResult = { ok: true; refund: Refund } | { ok: false; code: string; message: string };

export type NotifyResult<T> = { ok: true; envelope: NotifyEnvelope; resource: T } | { ok: false; reason: VerifyFailure | "body" | "decrypt" };

export class WechatPayClient {
  constructor(
    readonly config: WechatPayConfig,
    private readonly fetcher: Fetch,
  ) {}

  /** A signed call; the answer is believed only after its signature verifies (also for error answers). */
  private async call(method: "GET" | "POST", pathWithQuery: string, payload: unknown, now: number): Promise<{ status: number; body: string }> {
    const body = payload === undefined ? "" : JSON.stringify(payload);
    const timestamp = String(Math.floor(now / 1000));
    const nonce = newNonce();
    const signature = await rsaSign(requestMessage(method, pathWithQuery, timestamp, nonce, body), this.config.merchantPrivateKey);
    const res = await this.fetcher(
      new Request(`${this.config.base}${pathWithQuery}`, {
        method,
        headers: {
          accept: "application/json",
          "user-agent": "energy-saving-worker/1.0",
          authorization: authorization({ mchid: this.config.mchid, nonce, signature, timestamp, serialNo: this.config.merchantSerial }),
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        ...(method === "POST" ? { body } : {}),
      }),
    );
    const text = await res.text();
    const problem = await this.verify(signedHeadersOf(res.headers), text, now);
    if (problem) throw new WechatPayError(`unverified answer to ${method} ${pathWithQuery.split("?")[0]} (HTTP ${res.status}, ${problem})`, res.status);
    return { status: res.status, body: text };
  }

  /** Signature check of an answer or notify: null when genuine, else why not. */
  async verify(h: SignedHeaders, body: string, now: number): Promise<VerifyFailure | null> {
    if (!h.signature || !h.timestamp || !h.nonce || !h.serial) return "headers";
    if (h.serial !== this.config.platformKeyId) return "serial";
    if (!freshTimestamp(h.timestamp, now)) return "timestamp";
    try {
      if (!(await rsaVerify(responseMessage(h.timestamp, h.nonce, body), h.signature, this.config.platformPublicKey))) return "signature";
    } catch {
      return "signature";
    }
    return null;
  }

  private static json<T>(body: string): T {
    try {
      return JSON.parse(body) as T;
    } catch {
      throw new WechatPayError("answer is not JSON");
    }
  }

  private static failure(status: number, body: string, what: string): WechatPayError {
    let code: string | undefined;
    let message = "";
    try {
      const e = JSON.parse(body) as { code?: string; message?: string };
      code = e.code;
      message = e.message ?? "";
    } catch {
      // keep the status only
    }
    return new WechatPayError(`${what} failed: HTTP ${status} ${code ?? ""} ${message}`.trim(), status, code);
  }

  /** POST /v3/pay/transactions/native: the code_url the buyer scans (valid until time_expire). */
  async native(input: NativeInput): Promise<string> {
    const r = await this.call(
      "POST",
      NATIVE_PATH,
      {
        appid: this.config.appid,
        mchid: this.config.mchid,
        description: input.description.slice(0, 127),
        out_trade_no: input.outTradeNo,
        time_expire: rfc3339China(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.totalFen, currency: "CNY" },
      },
      input.now,
    );
    if (r.status !== 200) throw WechatPayClient.failure(r.status, r.body, "native order");
    const codeUrl = WechatPayClient.json<{ code_url?: string }>(r.body).code_url;
    if (!codeUrl || !/^weixin:\/\//.test(codeUrl)) throw new WechatPayError("native order answered without a weixin:// code_url");
    return codeUrl;
  }

  /** GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=: the transaction, or none (ORDER_NOT_EXIST). */
  async query(outTradeNo: string, now: number): Promise<QueryResult> {
    const r = await this.call("GET", queryPath(outTradeNo, this.config.mchid), undefined, now);
    if (r.status === 404) return { exists: false };
    if (r.status !== 200) throw WechatPayClient.failure(r.status, r.body, "query");
    const t = WechatPayClient.json<Transaction>(r.body);
    if (t.out_trade_no !== outTradeNo || t.mchid !== this.config.mchid) throw new WechatPayError("query answered for another trade or merchant");
    return { exists: true, transaction: t };
  }

  /** POST …/{out_trade_no}/close: 204. An order already paid answers ORDER_PAID (thrown: the caller queries). */
  async close(outTradeNo: string, now: number): Promise<"closed"> {
    const r = await this.call("POST", closePath(outTradeNo), { mchid: this.config.mchid }, now);
    if (r.status === 204 || r.status === 200) return "closed";
    throw WechatPayClient.failure(r.status, r.body, "close");
  }

  /** POST /v3/refund/domestic/refunds: the same out_refund_no is refunded once by WeChat Pay. */
  async refund(input: RefundInput): Promise<RefundResult> {
    const r = await this.call(
      "POST",
      REFUND_PATH,
      {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: input.reason.slice(0, 80),
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: "CNY" },
      },
      input.now,
    );
    if (r.status >= 400 && r.status < 500) {
      const e = (() => {
        try {
          return JSON.parse(r.body) as { code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      return { ok: false, code: e.code ?? `HTTP_${r.status}`, message: e.message ?? "" };
    }
    if (r.status !== 200) throw WechatPayClient.failure(r.status, r.body, "refund");
    const refund = WechatPayClient.json<Refund>(r.body);
    if (refund.out_refund_no !== input.outRefundNo || refund.out_trade_no !== input.outTradeNo) throw new WechatPayError("refund answered for another refund");
    return { ok: true, refund };
  }

  /** GET /v3/refund/domestic/refunds/{out_refund_no}: the refund's state, or none. */
  async refundQuery(outRefundNo: string, now: number): Promise<{ exists: false } | { exists: true; refund: Refund }> {
    const r = await this.call("GET", refundQueryPath(outRefundNo), undefined, now);
    if (r.status === 404) return { exists: false };
    if (r.status !== 200) throw WechatPayClient.failure(r.status, r.body, "refund query");
    const refund = WechatPayClient.json<Refund>(r.body);
    if (refund.out_refund_no !== outRefundNo) throw new WechatPayError("refund query answered for another refund");
    return { exists: true, refund };
  }

  /**
   * A notify: headers verified over the exact body, then the resource decrypted (AEAD_AES_256_GCM with the APIv3 key,
   * its associated_data and nonce). Nothing in the body is read before the signature holds.
   */
  async openNotify<T>(h: SignedHeaders, body: string, now: number): Promise<NotifyResult<T>> {
    const problem = await this.verify(h, body, now);
    if (problem) return { ok: false, reason: problem };
    let envelope: NotifyEnvelope;
    try {
      envelope = JSON.parse(body) as NotifyEnvelope;
    } catch {
      return { ok: false, reason: "body" };
    }
    const r = envelope?.resource;
    if (!r || r.algorithm !== "AEAD_AES_256_GCM" || typeof r.ciphertext !== "string" || typeof r.nonce !== "string") return { ok: false, reason: "body" };
    const plain = await decryptResource(this.config.apiV3Key, r);
    if (plain === null) return { ok: false, reason: "decrypt" };
    try {
      return { ok: true, envelope, resource: JSON.parse(plain) as T };
    } catch {
      return { ok: false, reason: "decrypt" };
    }
  }
}
