// Tencent Cloud API 3.0 request signing (TC3-HMAC-SHA256), as documented in the "Signature v3" guide.
import { hmacSha256, sha256Hex, toHex } from "../../lib/crypto";

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  /** Unix seconds; the credential date is its UTC date. */
  timestamp: number;
  payload: string;
  contentType?: string;
  method?: "POST" | "GET";
  /** Extra headers to sign besides content-type and host, e.g. { "x-tc-action": "sendsms" }. */
  extraSignedHeaders?: Record<string, string>;
}

export interface Tc3Result {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  signedHeaders: string;
  credentialScope: string;
  authorization: string;
}

export function utcDate(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

export async function tc3Sign(input: Tc3Input): Promise<Tc3Result> {
  const algorithm = "TC3-HMAC-SHA256";
  const method = input.method ?? "POST";
  const contentType = input.contentType ?? "application/json; charset=utf-8";
  const headers: Record<string, string> = { "content-type": contentType, host: input.host };
  for (const [k, v] of Object.entries(input.extraSignedHeaders ?? {})) headers[k.toLowerCase()] = v;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n].trim().toLowerCase()}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [method, "/", "", canonicalHeaders, signedHeaders, await sha256Hex(input.payload)].join("\n");

  const date = utcDate(input.timestamp);
  const credentialScope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [algorithm, String(input.timestamp), credentialScope, await sha256Hex(canonicalRequest)].join("\n");

  const secretDate = await hmacSha256(`TC3${input.secretKey}`, date);
  const secretService = await hmacSha256(secretDate, input.service);
  const secretSigning = await hmacSha256(secretService, "tc3_request");
  const signature = toHex(await hmacSha256(secretSigning, stringToSign));
  const authorization = `${algorithm} Credential=${input.secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, signedHeaders, credentialScope, authorization };
}
