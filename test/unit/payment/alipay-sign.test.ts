// Alipay RSA2 against fixed vectors made by openssl (test/unit/payment/vectors.ts), the string-to-sign rules, the
// verified-response extraction, amounts, and the page.pay form the client builds.
import { describe, expect, it } from "vitest";
import { responseSignedText, rsa2Sign, rsa2Verify, signContent, AlipayKeyError } from "../../../workers/providers/alipay/rsa";
import { AlipayClient } from "../../../workers/providers/alipay/client";
import { alipayTimestamp, amountOf, fenOf } from "../../../workers/providers/alipay/protocol";
import { countdownText, couponPriceFen, fenOfPrice } from "../../../workers/contract/payment";
import { NOTIFY_CONTENT, NOTIFY_SIGNATURE, REQUEST_CONTENT, REQUEST_SIGNATURE, TEST_PRIVATE_KEY, TEST_PUBLIC_KEY } from "./vectors";

const pairs = (content: string) => Object.fromEntries(content.split("&").map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
const pem = (label: string, body: string) => `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;

describe("RSA2 vectors (openssl)", () => {
  it("signs a request exactly as openssl dgst -sha256 -sign does", async () => {
    expect(await rsa2Sign(REQUEST_CONTENT, TEST_PRIVATE_KEY)).toBe(REQUEST_SIGNATURE);
    expect(await rsa2Sign(NOTIFY_CONTENT, pem("PRIVATE KEY", TEST_PRIVATE_KEY))).toBe(NOTIFY_SIGNATURE);
  });

  it("verifies openssl's signatures and refuses any change", async () => {
    expect(await rsa2Verify(NOTIFY_CONTENT, NOTIFY_SIGNATURE, TEST_PUBLIC_KEY)).toBe(true);
    expect(await rsa2Verify(REQUEST_CONTENT, REQUEST_SIGNATURE, pem("PUBLIC KEY", TEST_PUBLIC_KEY))).toBe(true);
    expect(await rsa2Verify(NOTIFY_CONTENT.replace("99.90", "0.01"), NOTIFY_SIGNATURE, TEST_PUBLIC_KEY)).toBe(false);
    expect(await rsa2Verify(NOTIFY_CONTENT, REQUEST_SIGNATURE, TEST_PUBLIC_KEY)).toBe(false);
    const flipped = (NOTIFY_SIGNATURE[10] === "A" ? "B" : "A");
    expect(await rsa2Verify(NOTIFY_CONTENT, NOTIFY_SIGNATURE.slice(0, 10) + flipped + NOTIFY_SIGNATURE.slice(11), TEST_PUBLIC_KEY)).toBe(false);
    expect(await rsa2Verify(NOTIFY_CONTENT, "not base64!", TEST_PUBLIC_KEY)).toBe(false);
  });

  it("refuses PKCS#1 keys with a clear message (WebCrypto reads PKCS#8 only)", async () => {
    await expect(rsa2Sign("a=1", "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----")).rejects.toBeInstanceOf(AlipayKeyError);
  });
});

describe("string to sign", () => {
  it("requests: sorted, sign dropped, sign_type kept, empty values dropped", () => {
    const params = { ...pairs(REQUEST_CONTENT), sign: "xyz", notify_url: "", return_url: undefined };
    const shuffled = Object.fromEntries(Object.entries(params).reverse());
    expect(signContent(shuffled, { dropSignType: false })).toBe(REQUEST_CONTENT);
  });

  it("notifies and return pages: sign and sign_type both dropped", () => {
    const params = { ...pairs(NOTIFY_CONTENT), sign: NOTIFY_SIGNATURE, sign_type: "RSA2" };
    expect(signContent(params, { dropSignType: true })).toBe(NOTIFY_CONTENT);
  });

  it("a notify with the vector's fields and signature passes the client's callback check", async () => {
    const client = new AlipayClient({ gateway: "https://example.invalid/gateway.do", appId: "2021000000000001", sellerId: "2088000000000001", appPrivateKey: TEST_PRIVATE_KEY, alipayPublicKey: TEST_PUBLIC_KEY }, () => {
      throw new Error("no network in unit tests");
    });
    const params = { ...pairs(NOTIFY_CONTENT), sign: NOTIFY_SIGNATURE, sign_type: "RSA2" };
    expect(await client.verifyCallback(params)).toBe(true);
    expect(await client.verifyCallback({ ...params, total_amount: "0.01" })).toBe(false);
    expect(await client.verifyCallback({ ...params, sign_type: "RSA" })).toBe(false);
    expect(await client.verifyCallback({ ...params, sign: "" })).toBe(false);
  });
});

describe("page.pay form", () => {
  it("carries every common parameter, FAST_INSTANT_TRADE_PAY and a signature the public key verifies", async () => {
    const client = new AlipayClient({ gateway: "https://openapi.alipay.com/gateway.do", appId: "2021000000000001", sellerId: "2088000000000001", appPrivateKey: TEST_PRIVATE_KEY, alipayPublicKey: TEST_PUBLIC_KEY }, () => {
      throw new Error("no network");
    });
    const now = Date.UTC(2026, 10, 23, 5, 0, 0);
    const form = await client.pagePay({ outTradeNo: "TCC1", totalFen: 9990, subject: "电机驱动系统评估报告", notifyUrl: "https://x.example/api/pay/alipay/notify", returnUrl: "https://x.example/tradeResult", expiresAt: now + 1_800_000, now });
    expect(form.action).toBe("https://openapi.alipay.com/gateway.do?charset=utf-8");
    expect(form.fields).toMatchObject({ app_id: "2021000000000001", method: "alipay.trade.page.pay", format: "JSON", charset: "utf-8", sign_type: "RSA2", version: "1.0", timestamp: "2026-11-23 13:00:00" });
    expect(JSON.parse(form.fields.biz_content)).toEqual({ out_trade_no: "TCC1", product_code: "FAST_INSTANT_TRADE_PAY", total_amount: "99.90", subject: "电机驱动系统评估报告", time_expire: "2026-11-23 13:30:00" });
    expect(await rsa2Verify(signContent(form.fields, { dropSignType: false }), form.fields.sign, TEST_PUBLIC_KEY)).toBe(true);
    // The HTML carries the values escaped: the biz_content JSON quotes must not break the attribute.
    expect(form.html).toContain('name="biz_content" value="{&quot;out_trade_no&quot;:&quot;TCC1&quot;');
    expect(form.html.startsWith('<form name="punchout_form" method="post" action="https://openapi.alipay.com/gateway.do?charset=utf-8">')).toBe(true);
  });
});

describe("responses, amounts, time", () => {
  it("extracts the signed response object byte for byte, braces inside strings included", () => {
    const inner = '{"code":"10000","msg":"Success","subject":"a}b{\\"c","trade_status":"TRADE_SUCCESS"}';
    const body = `{"alipay_trade_query_response":${inner},"sign":"abc"}`;
    expect(responseSignedText(body, "alipay_trade_query_response")).toBe(inner);
    expect(responseSignedText(`{"sign":"abc", "alipay_trade_close_response" : ${inner}}`, "alipay_trade_close_response")).toBe(inner);
    expect(responseSignedText(body, "alipay_trade_close_response")).toBeNull();
  });

  it("amounts convert exactly, both ways", () => {
    expect(amountOf(9990)).toBe("99.90");
    expect(amountOf(1)).toBe("0.01");
    expect(amountOf(19900)).toBe("199.00");
    expect(fenOf("99.90")).toBe(9990);
    expect(fenOf("99.9")).toBe(9990);
    expect(fenOf("199")).toBe(19900);
    expect(fenOf("0.07")).toBe(7);
    for (const bad of ["", "-1", "1.234", "1e3", " 1", "abc", undefined]) expect(fenOf(bad)).toBeNull();
  });

  it("price format: at most 8 integer digits and one decimal (spec 3 §9)", () => {
    expect(fenOfPrice("99.9")).toBe(9990);
    expect(fenOfPrice("12345678.5")).toBe(1234567850);
    expect(fenOfPrice("123456789")).toBeNull();
    expect(fenOfPrice("9.99")).toBeNull();
  });

  it("coupon price is max(0, price − AMOUNT) (spec 3 §5)", () => {
    expect(couponPriceFen(9990, 2000)).toBe(7990);
    expect(couponPriceFen(9990, 19900)).toBe(0);
    expect(couponPriceFen(9990, 9990)).toBe(0);
  });

  it("countdown starts at 30 minutes minus the elapsed time, like 29分59秒, and ends at zero", () => {
    expect(countdownText(1000)).toBe("29分59秒");
    expect(countdownText(0)).toBe("30分00秒");
    expect(countdownText(1_798_500)).toBe("0分01秒");
    expect(countdownText(1_799_500)).toBe("0分00秒");
    expect(countdownText(1_800_000)).toBeNull();
  });

  it("Alipay timestamps are Beijing time", () => {
    expect(alipayTimestamp(Date.UTC(2026, 0, 1, 16, 5, 9))).toBe("2026-01-02 00:05:09");
  });
});
