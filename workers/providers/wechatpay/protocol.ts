// WeChat Pay APIv3 wire formats (pay.weixin.qq.com/doc/v3/merchant: 签名生成, 签名验证, 回调报文解密, Native下单).
// Pure string building and parsing, shared by the merchant client and the local dev gateway so both speak the
// same protocol byte for byte.
import { CHINA_OFFSET_MS } from "../../lib/china-time";
import { toHex } from "../../lib/encoding";

export const LIVE_BASE = "https://api.mch.weixin.qq.com";
export const AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** WeChat Pay refuses (and we refuse) a signed message whose timestamp is further than this from now. */
export const TIMESTAMP_WINDOW_S = 5 * 60;

export const NATIVE_PATH = "/v3/pay/transactions/native";
export const queryPath = (outTradeNo: string, mchid: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(mchid)}`;
export const closePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
export const REFUND_PATH = "/v3/refund/domestic/refunds";
export const refundQueryPath = (outRefundNo: string) => `${REFUND_PATH}/${encodeURIComponent(outRefundNo)}`;

/**
 * The request's string to sign: method, the URL's path with query (no host), the Unix timestamp in seconds, the
 * nonce and the body (empty for GET), each followed by \n — including the last.
 */
export const requestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** What WeChat Pay signs in answers and notifies: timestamp, nonce and the exact body bytes, each line ending \n. */
export const responseMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** A random nonce of `bytes` bytes as upper-case hex (32 characters for requests; 12 for an AES-GCM nonce use 6). */
export const newNonce = (bytes = 16) => toHex(crypto.getRandomValues(new Uint8Array(bytes))).toUpperCase();

/** Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…" */
export function authorization(p: { mchid: string; nonce: string; signature: string; timestamp: string; serialNo: string }): string {
  return `${AUTH_SCHEMA} mchid="${p.mchid}",nonce_str="${p.nonce}",signature="${p.signature}",timestamp="${p.timestamp}",serial_no="${p.serialNo}"`;
}

export interface AuthParts {
  mchid: string;
  nonce: string;
  signature: string;
  timestamp: string;
  serialNo: string;
}

/** The Authorization header's fields (the dev gateway checks requests with them); null when malformed. */
export function parseAuthorization(header: string | null): AuthParts | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2];
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce: nonce_str, signature, timestamp, serialNo: serial_no };
}

/** A Unix-seconds timestamp within TIMESTAMP_WINDOW_S of now (ms). */
export function freshTimestamp(timestamp: string | null, now: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - Math.floor(now / 1000)) <= TIMESTAMP_WINDOW_S;
}

/** RFC 3339 in Beijing time, as WeChat Pay writes and reads times: 2026-11-27T10:34:56+08:00. */
export function rfc3339China(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + CHINA_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, "+08:00");
}

/** An RFC 3339 time (any offset) as ms; null when malformed. */
export function parseRfc3339(text: string | undefined | null): number | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** The notify envelope (回调通知): the payment or refund is inside `resource`, encrypted with the APIv3 key. */
export interface NotifyEnvelope {
  id: string;
  create_time: string;
  event_type: string;
  resource_type: string;
  summary?: string;
  resource: { algorithm: string; ciphertext: string; associated_data?: string; original_type: string; nonce: string };
}

/** A transaction as WeChat Pay describes it (query answer and decrypted TRANSACTION.SUCCESS resource). */
export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  trade_state: "SUCCESS" | "REFUND" | "NOTPAY" | "CLOSED" | "REVOKED" | "USERPAYING" | "PAYERROR" | string;
  trade_state_desc?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number; currency?: string; payer_currency?: string };
}

/** A refund (refund API answer, refund query, decrypted REFUND.* resource; the notify names the status refund_status). */
export interface Refund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  status?: "SUCCESS" | "CLOSED" | "PROCESSING" | "ABNORMAL" | string;
  refund_status?: string;
  success_time?: string;
  create_time?: string;
  mchid?: string;
  amount: { total: number; refund: number; payer_total?: number; payer_refund?: number; currency?: string };
}

/** Trade states in which the buyer's money was taken (REFUND = paid, then refunded in part or whole). */
export const isPaidState = (s: string | undefined) => s === "SUCCESS" || s === "REFUND";
