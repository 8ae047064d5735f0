// WebCrypto helpers: SHA-256, HMAC-SHA256 and unbiased random digits and tokens. Encodings and constant-time
// comparison live in encoding.ts (re-exported here for callers that need both).
import { toBase64Url, toHex, utf8, type Bytes } from "./encoding";

export * from "./encoding";

export async function sha256Hex(data: string | Bytes): Promise<string> {
  const bytes = typeof data === "string" ? utf8(data) : data;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

export async function hmacSha256(key: string | Bytes, message: string): Promise<Bytes> {
  const raw = typeof key === "string" ? utf8(key) : key;
  const k = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, utf8(message)));
}

/** n uniformly random decimal digits (rejection sampling, no modulo bias). */
export function randomDigits(n: number): string {
  let out = "";
  const buf = new Uint8Array(1);
  while (out.length < n) {
    crypto.getRandomValues(buf);
    if (buf[0] < 250) out += String(buf[0] % 10);
  }
  return out;
}

/** URL-safe random token (base64url of `bytes` random bytes). */
export function randomToken(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return toBase64Url(buf);
}
