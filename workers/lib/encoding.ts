// Byte and text encodings used across the Worker, in one place: UTF-8, hex, base64 (standard and URL-safe),
// HTML escaping and constant-time comparison. Pure, WebCrypto-free; runs in workerd, Node and the browser.
const encoder = new TextEncoder();

/** Bytes backed by a plain ArrayBuffer, as WebCrypto's types require. */
export type Bytes = Uint8Array<ArrayBuffer>;

export function utf8(text: string): Bytes {
  const encoded = encoder.encode(text);
  const out = new Uint8Array(encoded.length);
  out.set(encoded);
  return out;
}

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

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const u = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = "";
  // Chunks keep String.fromCharCode's argument list small.
  for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode(...u.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Standard base64 → bytes; throws on anything else. */
export function fromBase64(text: string): Bytes {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** URL-safe base64 without padding (tokens in URLs and cookies). */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
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
