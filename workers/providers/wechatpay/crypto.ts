// The two primitives of APIv3 on WebCrypto: SHA256-RSA (RSASSA-PKCS1-v1_5, the same as Alipay's RSA2, so the
// key import and signing of providers/alipay/rsa.ts are reused) and AEAD_AES_256_GCM for notify resources.
// The merchant key is apiclient_key.pem (PKCS#8); WeChat Pay's key is the 微信支付公钥 pub_key.pem (SPKI).
import { fromBase64, toBase64, utf8 } from "../../lib/encoding";
import { rsa2Sign, rsa2Verify } from "../alipay/rsa";

export { rsa2Sign as rsaSign, rsa2Verify as rsaVerify };

export class WechatPayKeyError extends Error {}

const aesKeys = new Map<string, Promise<CryptoKey>>();

/** The APIv3 key: 32 ASCII characters set in the merchant platform, used as raw AES-256 key bytes. */
function aesKey(apiV3Key: string): Promise<CryptoKey> {
  let k = aesKeys.get(apiV3Key);
  if (!k) {
    const raw = utf8(apiV3Key);
    if (raw.length !== 32) throw new WechatPayKeyError("APIv3 key must be 32 bytes");
    k = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    aesKeys.set(apiV3Key, k);
  }
  return k;
}

/**
 * AEAD_AES_256_GCM decryption of a notify resource: base64 ciphertext with the 16-byte tag appended, a 12-byte
 * nonce string and the associated_data string. null when the tag does not verify (tampered, wrong key).
 */
export async function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): Promise<string | null> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: utf8(r.nonce), additionalData: utf8(r.associated_data ?? ""), tagLength: 128 },
      await aesKey(apiV3Key),
      fromBase64(r.ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** The sending side (the dev gateway and tests): what WeChat Pay does to a resource before notifying. */
export async function encryptResource(apiV3Key: string, plaintext: string, nonce: string, associatedData: string): Promise<string> {
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv: utf8(nonce), additionalData: utf8(associatedData), tagLength: 128 }, await aesKey(apiV3Key), utf8(plaintext));
  return toBase64(sealed);
}
