// Alipay RSA2 (spec: sign_type RSA2 = SHA256withRSA = RSASSA-PKCS1-v1_5 with SHA-256) through WebCrypto, so the same
// code runs in workerd, in Node (unit tests) and in the dev gateway. Keys are Alipay's formats: a PKCS#8 private key
// and an X.509 SubjectPublicKeyInfo public key, either PEM or the bare base64 body the Alipay key tool prints.
import { fromBase64, toBase64, utf8 } from "../../lib/encoding";

const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

export class AlipayKeyError extends Error {}

function derOf(key: string): Uint8Array<ArrayBuffer> {
  if (/BEGIN RSA (PRIVATE|PUBLIC) KEY/.test(key)) {
    // WebCrypto cannot read PKCS#1; Alipay's tool offers PKCS#8 (the "Java" format) for exactly this reason.
    throw new AlipayKeyError("PKCS#1 keys are not supported: convert with `openssl pkcs8 -topk8 -nocrypt` (private) or use the SPKI public key");
  }
  const body = key.replace(/-----(BEGIN|END) [A-Z ]+-----/g, "").replace(/\\n/g, "").replace(/\s+/g, "");
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new AlipayKeyError("key is not base64");
  return fromBase64(body);
}

/** An importer that parses each key once per isolate (a failed import is not cached). */
function cachedImport(format: "pkcs8" | "spki", usage: KeyUsage) {
  const cache = new Map<string, Promise<CryptoKey>>();
  return (key: string): Promise<CryptoKey> => {
    let k = cache.get(key);
    if (!k) {
      k = crypto.subtle.importKey(format, derOf(key), ALGORITHM, false, [usage]);
      k.catch(() => cache.delete(key));
      cache.set(key, k);
    }
    return k;
  };
}

export const importPrivateKey = cachedImport("pkcs8", "sign");
export const importPublicKey = cachedImport("spki", "verify");


/** RSA2 signature of the UTF-8 content, base64 (the value of the sign parameter). */
export async function rsa2Sign(content: string, privateKey: string): Promise<string> {
  return toBase64(await crypto.subtle.sign(ALGORITHM, await importPrivateKey(privateKey), utf8(content)));
}

/** True only for a well-formed signature made by the holder of the public key's private half. */
export async function rsa2Verify(content: string, signature: string, publicKey: string): Promise<boolean> {
  let sig: Uint8Array<ArrayBuffer>;
  try {
    sig = derOf(signature);
  } catch {
    return false;
  }
  return crypto.subtle.verify(ALGORITHM, await importPublicKey(publicKey), sig, utf8(content));
}

/**
 * Alipay's string to sign: every parameter with a non-empty value except `sign` (and, when verifying what Alipay
 * sent — notifies and return pages — also `sign_type`), sorted by key in ASCII order, joined as k=v&k=v with raw,
 * unencoded values.
 */
export function signContent(params: Record<string, string | undefined | null>, opts: { dropSignType: boolean }): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && !(opts.dropSignType && k === "sign_type"))
    .filter((k) => params[k] !== undefined && params[k] !== null && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/**
 * The signed part of an OpenAPI JSON response: the raw text of the `<method>_response` object exactly as received
 * (Alipay signs the bytes it sent, so re-serialising would break the signature). null when absent.
 */
export function responseSignedText(body: string, responseKey: string): string | null {
  const marker = `"${responseKey}"`;
  let i = body.indexOf(marker);
  if (i < 0) return null;
  i = body.indexOf(":", i + marker.length);
  if (i < 0) return null;
  i++;
  while (body[i] === " " || body[i] === "\n" || body[i] === "\r" || body[i] === "\t") i++;
  if (body[i] !== "{") return null;
  let depth = 0;
  let inString = false;
  for (let j = i; j < body.length; j++) {
    const ch = body[j];
    if (inString) {
      if (ch === "\\") j++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return body.slice(i, j + 1);
  }
  return null;
}
