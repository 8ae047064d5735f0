// The merchant side of Alipay's OpenAPI: page.pay form building, trade.query, trade.close, and verification of
// everything Alipay sends (async notifies, return-page parameters, API responses). The same class talks to the
// real gateway (sandbox or live) and to the local dev gateway; only the gateway URL and the fetch differ.
import { alipayTimestamp, amountOf, CLOSE_METHOD, fenOf, formHtml, PAGE_PAY_METHOD, PRODUCT_CODE, QUERY_METHOD, REFUND_METHOD, REFUND_QUERY_METHOD } from "./protocol";
import { responseSignedText, rsa2Sign, rsa2Verify, signContent } from "./rsa";

export type Fetch = (request: Request) => Promise<Response>;

export interface AlipayConfig {
  /** https://openapi.alipay.com/gateway.do, the sandbox gateway, or the dev gateway inside this Worker. */
  gateway: string;
  appId: string;
  /** The merchant's Alipay PID (2088…): notifies must name it as seller_id. */
  sellerId: string;
  /** The application private key (PKCS#8), whose public half is uploaded to Alipay. */
  appPrivateKey: string;
  /** Alipay's public key (SPKI), shown in the Alipay console next to the app. */
  alipayPublicKey: string;
}

export class AlipayError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly subCode?: string,
  ) {
    super(message);
    this.name = "AlipayError";
  }
}

export interface PagePayInput {
  outTradeNo: string;
  totalFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  /** Alipay closes the trade itself at this instant (ms), matching our order time-out. */
  expiresAt: number;
  now: number;
}

export type QueryResult =
  | { exists: false }
  | { exists: true; tradeStatus: string; tradeNo: string; outTradeNo: string; totalAmount: string; buyerId: string | null };

export type CloseResult = "closed" | "not_exist";

export interface RefundInput {
  outTradeNo: string;
  /** This refund's amount, fen (Alipay: refund_amount). */
  refundFen: number;
  /** Identifies the refund request: the same number and amount again is answered without refunding twice. */
  outRequestNo: string;
  reason: string;
  now: number;
}

/** A refund Alipay accepted (code 10000): refund_fee is the trade's cumulative refunded amount. */
export type RefundResult =
  | { ok: true; tradeNo: string; outTradeNo: string; fundChange: boolean; refundFeeFen: number; gmtRefundPay: string | null }
  | { ok: false; code: string; subCode: string; subMsg: string };

export type RefundQueryResult = { exists: false } | { exists: true; refundStatus: string; refundAmountFen: number; outRequestNo: string; tradeNo: string };

export class AlipayClient {
  constructor(
    readonly config: AlipayConfig,
    private readonly fetcher: Fetch,
  ) {}

  private async signed(method: string, biz: Record<string, string>, now: number, extra: Record<string, string> = {}) {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: alipayTimestamp(now),
      version: "1.0",
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = await rsa2Sign(signContent(params, { dropSignType: false }), this.config.appPrivateKey);
    return params;
  }

  /** alipay.trade.page.pay (FAST_INSTANT_TRADE_PAY): the HTML form that takes the buyer to the cashier. */
  async pagePay(input: PagePayInput): Promise<{ action: string; fields: Record<string, string>; html: string }> {
    const fields = await this.signed(
      PAGE_PAY_METHOD,
      {
        out_trade_no: input.outTradeNo,
        product_code: PRODUCT_CODE,
        total_amount: amountOf(input.totalFen),
        subject: input.subject,
        time_expire: alipayTimestamp(input.expiresAt),
      },
      input.now,
      { notify_url: input.notifyUrl, return_url: input.returnUrl },
    );
    const action = `${this.config.gateway}?charset=utf-8`;
    return { action, fields, html: formHtml(action, fields) };
  }

  /** A gateway call whose JSON answer is verified with Alipay's public key before anything in it is believed. */
  private async execute(method: string, biz: Record<string, string>, now: number): Promise<Record<string, unknown>> {
    const params = await this.signed(method, biz, now);
    const res = await this.fetcher(
      new Request(`${this.config.gateway}?charset=utf-8`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
        body: new URLSearchParams(params).toString(),
      }),
    );
    const text = await res.text();
    if (!res.ok) throw new AlipayError(`gateway HTTP ${res.status}`);
    const key = `${method.replace(/\./g, "_")}_response`;
    const signedText = responseSignedText(text, key);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new AlipayError("gateway answered non-JSON");
    }
    const sign = typeof body.sign === "string" ? body.sign : null;
    if (!signedText || !sign || !(await rsa2Verify(signedText, sign, this.config.alipayPublicKey))) {
      const r = body[key] as Record<string, string> | undefined;
      throw new AlipayError(`unverified ${method} response${r?.code ? ` (${r.code} ${r.sub_code ?? ""})` : ""}`, r?.code, r?.sub_code);
    }
    return JSON.parse(signedText) as Record<string, unknown>;
  }

  /** alipay.trade.query: the trade Alipay holds for our out_trade_no, or none (the buyer never reached the cashier). */
  async query(outTradeNo: string, now: number): Promise<QueryResult> {
    const r = (await this.execute(QUERY_METHOD, { out_trade_no: outTradeNo }, now)) as Record<string, string>;
    if (r.code === "40004" && r.sub_code === "ACQ.TRADE_NOT_EXIST") return { exists: false };
    if (r.code !== "10000") throw new AlipayError(`trade.query failed: ${r.code} ${r.sub_code ?? ""} ${r.sub_msg ?? r.msg ?? ""}`, r.code, r.sub_code);
    if (r.out_trade_no !== outTradeNo) throw new AlipayError("trade.query answered for another trade");
    return { exists: true, tradeStatus: r.trade_status, tradeNo: r.trade_no, outTradeNo: r.out_trade_no, totalAmount: r.total_amount, buyerId: r.buyer_user_id ?? r.buyer_id ?? null };
  }

  /** alipay.trade.close for an unpaid trade; a trade the buyer never opened does not exist and needs no close. */
  async close(outTradeNo: string, now: number): Promise<CloseResult> {
    const r = (await this.execute(CLOSE_METHOD, { out_trade_no: outTradeNo }, now)) as Record<string, string>;
    if (r.code === "10000") return "closed";
    if (r.code === "40004" && r.sub_code === "ACQ.TRADE_NOT_EXIST") return "not_exist";
    throw new AlipayError(`trade.close failed: ${r.code} ${r.sub_code ?? ""} ${r.sub_msg ?? r.msg ?? ""}`, r.code, r.sub_code);
  }

  /**
   * alipay.trade.refund: refund part or all of a paid trade. Business refusals (amount over what is left, trade
   * closed…) come back as { ok: false } with Alipay's sub_code; an unverifiable answer throws (nothing in it is believed).
   */
  async refund(input: RefundInput): Promise<RefundResult> {
    const r = (await this.execute(
      REFUND_METHOD,
      { out_trade_no: input.outTradeNo, refund_amount: amountOf(input.refundFen), out_request_no: input.outRequestNo, refund_reason: input.reason },
      input.now,
    )) as Record<string, string>;
    if (r.code !== "10000") return { ok: false, code: r.code ?? "", subCode: r.sub_code ?? "", subMsg: r.sub_msg ?? r.msg ?? "" };
    if (r.out_trade_no !== input.outTradeNo) throw new AlipayError("trade.refund answered for another trade");
    const refundFeeFen = fenOf(r.refund_fee);
    if (refundFeeFen === null) throw new AlipayError("trade.refund answered without refund_fee");
    return { ok: true, tradeNo: r.trade_no, outTradeNo: r.out_trade_no, fundChange: r.fund_change === "Y", refundFeeFen, gmtRefundPay: r.gmt_refund_pay ?? null };
  }

  /** alipay.trade.fastpay.refund.query: did the refund request with this number succeed (REFUND_SUCCESS)? */
  async refundQuery(outTradeNo: string, outRequestNo: string, now: number): Promise<RefundQueryResult> {
    const r = (await this.execute(REFUND_QUERY_METHOD, { out_trade_no: outTradeNo, out_request_no: outRequestNo }, now)) as Record<string, string>;
    if (r.code !== "10000") throw new AlipayError(`refund.query failed: ${r.code} ${r.sub_code ?? ""} ${r.sub_msg ?? r.msg ?? ""}`, r.code, r.sub_code);
    // Alipay answers 10000 without refund_status/refund_amount when no such refund exists.
    if (!r.out_request_no || !r.refund_amount) return { exists: false };
    if (r.out_trade_no !== outTradeNo || r.out_request_no !== outRequestNo) throw new AlipayError("refund.query answered for another refund");
    const refundAmountFen = fenOf(r.refund_amount);
    if (refundAmountFen === null) throw new AlipayError("refund.query answered a bad amount");
    return { exists: true, refundStatus: r.refund_status ?? "REFUND_SUCCESS", refundAmountFen, outRequestNo: r.out_request_no, tradeNo: r.trade_no };
  }

  /** Signature check of an async notify or return-page parameter set (sign and sign_type excluded, RSA2 only). */
  async verifyCallback(params: Record<string, string>): Promise<boolean> {
    if (params.sign_type !== "RSA2" || !params.sign) return false;
    try {
      return await rsa2Verify(signContent(params, { dropSignType: true }), params.sign, this.config.alipayPublicKey);
    } catch {
      return false;
    }
  }
}
