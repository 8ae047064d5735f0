// Small WebCrypto helpers for accounts: hashing, HMAC, constant-time comparison, random digits.
const encoder = new TextEncoder();

/** Bytes backed by a plain ArrayBuffer, as WebCrypto's types require. */
export type Bytes = Uint8Array<ArrayBuffer>;

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (const b of view) out += b.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Bytes {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error("invalid hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function utf8(text: string): Bytes {
  const encoded = encoder.encode(text);
  const out = new Uint8Array(encoded.length);
  out.set(encoded);
  return out;
}

export async function sha256Hex(data: string | Bytes): Promise<string> {
  const bytes = typeof data === "string" ? utf8(data) : data;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

export async function hmacSha256(key: string | Bytes, message: string): Promise<Bytes> {
  const raw = typeof key === "string" ? utf8(key) : key;
  const k = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, utf8(message)));
}

/** Compares two byte strings in time that depends only on their length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Constant-time comparison of two strings (state values, tokens). */
export function stringEqual(a: string, b: string): boolean {
  return timingSafeEqual(utf8(a), utf8(b));
}

/** Constant-time comparison of two hex strings (hashes, signatures). */
export function hexEqual(a: string, b: string): boolean {
  return timingSafeEqual(utf8(a.toLowerCase()), utf8(b.toLowerCase()));
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
  let bin = "";
  for (const b of buf) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
