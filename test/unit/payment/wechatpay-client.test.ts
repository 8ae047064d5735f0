// WeChat Pay APIv3 client against an independent implementation (node:crypto): the request's Authorization
// signature, verification of answers and notifies (tampered, stale, wrong serial, missing headers), and
// AEAD_AES_256_GCM notify decryption (tampered ciphertext, associated data, wrong key). Keys are made per run.
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WechatPayClient, type WechatPayConfig } from "../../../workers/providers/wechatpay/client";
import { decryptResource, encryptResource } from "../../../workers/providers/wechatpay/crypto";
import { parseAuthorization, rfc3339China, parseRfc3339 } from "../../../workers/providers/wechatpay/protocol";

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};
const merchant = pair();
const platform = pair();
const other = pair();
const API_V3_KEY = "0123456789abcdefghijABCDEFGHIJkl";
const KEY_ID = "PUB_KEY_ID_0112345678902026112700000000000001";
const config: WechatPayConfig = {
  base: "https://api.mch.weixin.qq.com",
  mchid: "1230000109",
  appid: "wxd678efh567hg6787",
  merchantSerial: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
  merchantPrivateKey: merchant.privatePem,
  platformPublicKey: platform.publicPem,
  platformKeyId: KEY_ID,
  apiV3Key: API_V3_KEY,
};
const NOW = Date.UTC(2026, 10, 27, 6, 0, 0);
const ts = (ms = NOW) => String(Math.floor(ms / 1000));

/** What WeChat Pay does to an answer or notify, with node:crypto: SHA256withRSA over timestamp\nnonce\nbody\n. */
function platformSigned(body: string, opts: { timestamp?: string; serial?: string; key?: string; status?: number } = {}) {
  const timestamp = opts.timestamp ?? ts();
  const nonce = randomBytes(16).toString("hex");
  const signature = createSign("RSA-SHA256").update(`${timestamp}\n${nonce}\n${body}\n`).sign(opts.key ?? platform.privatePem, "base64");
  return {
    headers: { "wechatpay-signature": signature, "wechatpay-timestamp": timestamp, "wechatpay-nonce": nonce, "wechatpay-serial": opts.serial ?? KEY_ID },
    body,
  };
}

function sealed(plaintext: string, nonce: string, ad: string, key = API_V3_KEY) {
  const c = createCipheriv("aes-256-gcm", Buffer.from(key), Buffer.from(nonce));
  c.setAAD(Buffer.from(ad));
  const out = Buffer.concat([c.update(plaintext, "utf8"), c.final(), c.getAuthTag()]);
  return out.toString("base64");
}

const hdr = (h: Record<string, string>) => ({ signature: h["wechatpay-signature"] ?? null, timestamp: h["wechatpay-timestamp"] ?? null, nonce: h["wechatpay-nonce"] ?? null, serial: h["wechatpay-serial"] ?? null });

describe("requests", () => {
  it("signs method, path with query, timestamp, nonce and body as openssl verifies it", async () => {
    let seen: Request | null = null;
    let seenBody = "";
    const client = new WechatPayClient(config, async (r) => {
      seen = r;
      seenBody = await r.text();
      const a = platformSigned(JSON.stringify({ code_url: "weixin://wxpay/bizpayurl?pr=abc123" }));
      return new Response(a.body, { status: 200, headers: a.headers });
    });
    const codeUrl = await client.native({ outTradeNo: "P20261127001", totalFen: 7990, description: "空压机评估报告", notifyUrl: "https://x.example/api/pay/wechat/notify", expiresAt: NOW + 30 * 60_000, now: NOW });
    expect(codeUrl).toBe("weixin://wxpay/bizpayurl?pr=abc123");
    const req = seen as unknown as Request;
    expect(new URL(req.url).pathname).toBe("/v3/pay/transactions/native");
    const auth = parseAuthorization(req.headers.get("authorization"));
    expect(auth).toMatchObject({ mchid: config.mchid, serialNo: config.merchantSerial, timestamp: ts() });
    expect(req.headers.get("authorization")).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="[0-9A-F]{32}",signature="[^"]+",timestamp="\d+",serial_no="5157F0/);
    const message = `POST\n/v3/pay/transactions/native\n${auth!.timestamp}\n${auth!.nonce}\n${seenBody}\n`;
    expect(createVerify("RSA-SHA256").update(message).verify(merchant.publicPem, auth!.signature, "base64")).toBe(true);
    expect(createVerify("RSA-SHA256").update(message.replace("7990", "1")).verify(merchant.publicPem, auth!.signature, "base64")).toBe(false);
    const body = JSON.parse(seenBody);
    expect(body).toEqual({
      appid: config.appid,
      mchid: config.mchid,
      description: "空压机评估报告",
      out_trade_no: "P20261127001",
      time_expire: "2026-11-27T14:30:00+08:00",
      notify_url: "https://x.example/api/pay/wechat/notify",
      amount: { total: 7990, currency: "CNY" },
    });
  });

  it("signs a GET with its query string and an empty body", async () => {
    let auth: ReturnType<typeof parseAuthorization> = null;
    const client = new WechatPayClient(config, async (r) => {
      auth = parseAuthorization(r.headers.get("authorization"));
      const a = platformSigned(JSON.stringify({ code: "ORDER_NOT_EXIST", message: "订单不存在" }));
      return new Response(a.body, { status: 404, headers: a.headers });
    });
    expect(await client.query("P1", NOW)).toEqual({ exists: false });
    const message = `GET\n/v3/pay/transactions/out-trade-no/P1?mchid=1230000109\n${auth!.timestamp}\n${auth!.nonce}\n\n`;
    expect(createVerify("RSA-SHA256").update(message).verify(merchant.publicPem, auth!.signature, "base64")).toBe(true);
  });
});

describe("answers are believed only when WeChat Pay signed them", () => {
  const paid = JSON.stringify({ appid: config.appid, mchid: config.mchid, out_trade_no: "P1", transaction_id: "4200000001", trade_state: "SUCCESS", amount: { total: 100, currency: "CNY" } });
  const answering = (make: () => { headers: Record<string, string>; body: string }, status = 200) => new WechatPayClient(config, async () => {
    const a = make();
    return new Response(a.body, { status, headers: a.headers });
  });

  it("accepts a genuine answer", async () => {
    const r = await answering(() => platformSigned(paid)).query("P1", NOW);
    expect(r).toMatchObject({ exists: true, transaction: { trade_state: "SUCCESS", transaction_id: "4200000001" } });
  });

  it.each([
    ["tampered body", () => ({ ...platformSigned(paid), body: paid.replace('"total":100', '"total":1') })],
    ["stale timestamp (6 minutes)", () => platformSigned(paid, { timestamp: ts(NOW - 6 * 60_000) })],
    ["future timestamp (6 minutes)", () => platformSigned(paid, { timestamp: ts(NOW + 6 * 60_000) })],
    ["another key id in Wechatpay-Serial", () => platformSigned(paid, { serial: "PUB_KEY_ID_0000000000000000000000000000000000" })],
    ["signed by another key", () => platformSigned(paid, { key: other.privatePem })],
    ["no signature headers", () => ({ headers: {} as Record<string, string>, body: paid })],
  ])("refuses %s", async (_name, make) => {
    await expect(answering(make).query("P1", NOW)).rejects.toThrow(/unverified/);
  });

  it("refuses a verified answer about another order", async () => {
    await expect(answering(() => platformSigned(paid)).query("P2", NOW)).rejects.toThrow(/another trade/);
  });

  it("a refund refusal comes back as a business failure, not a throw", async () => {
    const body = JSON.stringify({ code: "NOT_ENOUGH", message: "基本账户余额不足" });
    const r = await answering(() => platformSigned(body), 403).refund({ outTradeNo: "P1", outRefundNo: "R1", refundFen: 100, totalFen: 100, reason: "x", notifyUrl: "https://x/n", now: NOW });
    expect(r).toEqual({ ok: false, code: "NOT_ENOUGH", message: "基本账户余额不足" });
  });
});

describe("notifies", () => {
  const client = new WechatPayClient(config, () => Promise.reject(new Error("no calls")));
  const transaction = { mchid: config.mchid, appid: config.appid, out_trade_no: "P1", transaction_id: "4200000001", trade_type: "NATIVE", trade_state: "SUCCESS", amount: { total: 7990, payer_total: 7990, currency: "CNY" } };
  const envelope = (ciphertext: string, nonce = "fdasflkja484", ad = "transaction") =>
    JSON.stringify({ id: "EV-2018022511223320873", create_time: "2026-11-27T14:00:00+08:00", resource_type: "encrypt-resource", event_type: "TRANSACTION.SUCCESS", summary: "支付成功", resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: ad, nonce } });

  it("verifies and decrypts a genuine notify (ciphertext made by node:crypto)", async () => {
    const n = platformSigned(envelope(sealed(JSON.stringify(transaction), "fdasflkja484", "transaction")));
    const r = await client.openNotify<typeof transaction>(hdr(n.headers), n.body, NOW);
    expect(r.ok && r.resource).toEqual(transaction);
  });

  it("refuses a re-signed notify whose ciphertext, nonce or associated data was changed, or made with another APIv3 key", async () => {
    const c = sealed(JSON.stringify(transaction), "fdasflkja484", "transaction");
    const flipped = Buffer.from(c, "base64");
    flipped[5] ^= 1;
    for (const body of [
      envelope(flipped.toString("base64")),
      envelope(c, "fdasflkja485"),
      envelope(c, "fdasflkja484", "refund"),
      envelope(sealed(JSON.stringify(transaction), "fdasflkja484", "transaction", "X123456789abcdefghijABCDEFGHIJkl")),
    ]) {
      const n = platformSigned(body);
      expect(await client.openNotify(hdr(n.headers), n.body, NOW)).toEqual({ ok: false, reason: "decrypt" });
    }
  });

  it("refuses unsigned, tampered, stale and wrong-serial notifies before decrypting", async () => {
    const body = envelope(sealed(JSON.stringify(transaction), "fdasflkja484", "transaction"));
    const good = platformSigned(body);
    expect(await client.openNotify(hdr(good.headers), body.replace("支付成功", "支付成功!"), NOW)).toEqual({ ok: false, reason: "signature" });
    expect(await client.openNotify(hdr(platformSigned(body, { timestamp: ts(NOW - 5 * 60_000 - 1000) }).headers), body, NOW)).toEqual({ ok: false, reason: "timestamp" });
    expect(await client.openNotify(hdr(platformSigned(body, { serial: "PUB_KEY_ID_OTHER" }).headers), body, NOW)).toEqual({ ok: false, reason: "serial" });
    expect(await client.openNotify(hdr(platformSigned(body, { key: other.privatePem }).headers), body, NOW)).toEqual({ ok: false, reason: "signature" });
    expect(await client.openNotify({ ...hdr(good.headers), signature: null }, body, NOW)).toEqual({ ok: false, reason: "headers" });
    // A signature probe (WECHATPAY/SIGNTEST/…) is an invalid signature and must fail.
    expect(await client.openNotify({ ...hdr(good.headers), signature: "WECHATPAY/SIGNTEST/abc" }, body, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("our AES-GCM sealing is what node:crypto opens, and the reverse", async () => {
    const ours = await encryptResource(API_V3_KEY, "你好", "123456789012", "ad");
    expect(ours).toBe(sealed("你好", "123456789012", "ad"));
    expect(await decryptResource(API_V3_KEY, { ciphertext: sealed("ok", "abcdefabcdef", "x"), nonce: "abcdefabcdef", associated_data: "x" })).toBe("ok");
  });
});

describe("times", () => {
  it("writes and reads RFC 3339 Beijing time", () => {
    expect(rfc3339China(Date.UTC(2026, 10, 27, 16, 30, 5, 900))).toBe("2026-11-28T00:30:05+08:00");
    expect(parseRfc3339("2026-11-28T00:30:05+08:00")).toBe(Date.UTC(2026, 10, 27, 16, 30, 5));
    expect(parseRfc3339("2026-11-28 00:30:05")).toBeNull();
  });
});
