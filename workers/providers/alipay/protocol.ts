// Alipay OpenAPI (v1 gateway protocol) pieces shared by the merchant client and the dev gateway: common parameters,
// amounts, timestamps, trade states and the page.pay form.
import { chinaDateTimeSeconds } from "../../lib/china-time";
import { escapeHtml } from "../../lib/encoding";

export const PAGE_PAY_METHOD = "alipay.trade.page.pay";
export const PAGE_PAY_RETURN_METHOD = "alipay.trade.page.pay.return";
export const QUERY_METHOD = "alipay.trade.query";
export const CLOSE_METHOD = "alipay.trade.close";
export const REFUND_METHOD = "alipay.trade.refund";
export const REFUND_QUERY_METHOD = "alipay.trade.fastpay.refund.query";
export const PRODUCT_CODE = "FAST_INSTANT_TRADE_PAY";
export const PAID_STATUSES = ["TRADE_SUCCESS", "TRADE_FINISHED"] as const;

export const LIVE_GATEWAY = "https://openapi.alipay.com/gateway.do";
export const SANDBOX_GATEWAY = "https://openapi-sandbox.dl.alipaydev.com/gateway.do";

export type TradeStatus = "WAIT_BUYER_PAY" | "TRADE_CLOSED" | "TRADE_SUCCESS" | "TRADE_FINISHED";

export const isPaidStatus = (s: string | undefined | null) => s === "TRADE_SUCCESS" || s === "TRADE_FINISHED";

/** fen → Alipay's amount string with two decimals ("99.90"). */
export function amountOf(fen: number): string {
  if (!Number.isInteger(fen) || fen < 0) throw new Error(`bad amount ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;
}

/** Alipay amount string → fen, exactly (no floating point); null when it is not a plain amount. */
export function fenOf(amount: string | undefined | null): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amount ?? "");
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Alipay timestamps are Beijing time, "yyyy-MM-dd HH:mm:ss". */
export function alipayTimestamp(ms: number): string {
  return chinaDateTimeSeconds(ms);
}

/** The HTML form the merchant hands to the browser (as Alipay's SDKs do for pageExecute POST). */
export function formHtml(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<form name="punchout_form" method="post" action="${escapeHtml(action)}">${inputs}<input type="submit" value="立即支付" style="display:none"></form>`;
}

/** Every parameter of a gateway request: the query string (charset etc.) merged with the form body. */
export async function gatewayParams(request: Request): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  new URL(request.url).searchParams.forEach((v, k) => (out[k] = v));
  if (request.method === "POST") {
    const type = request.headers.get("content-type") ?? "";
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      form.forEach((v, k) => {
        if (typeof v === "string") out[k] = v;
      });
    }
  }
  return out;
}
