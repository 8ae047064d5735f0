import { describe, expect, it } from "vitest";
import { tc3Sign } from "../../../workers/providers/sms/tc3";
import { TencentSmsProvider } from "../../../workers/providers/sms/tencent";
import { QqOAuth } from "../../../workers/providers/oauth/qq";
import { WechatOAuth } from "../../../workers/providers/oauth/wechat";
import { photoTypeOf } from "../../../workers/lib/image-type";

describe("Tencent Cloud TC3-HMAC-SHA256", () => {
  // The worked example of Tencent Cloud's "Signature v3" guide (CVM DescribeInstances, 2019-02-25).
  it("reproduces the published signing example", async () => {
    const r = await tc3Sign({
      secretId: "AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE",
      secretKey: "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE",
      service: "cvm",
      host: "cvm.tencentcloudapi.com",
      timestamp: 1551113065,
      payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
    });
    expect(r.canonicalRequest).toBe(
      "POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064",
    );
    expect(r.stringToSign).toBe("TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031");
    expect(r.signature).toBe("72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168");
    expect(r.authorization).toBe(
      "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
  });

  it("uses the UTC date of the timestamp (00:44 in UTC+8 is still the previous day)", async () => {
    const r = await tc3Sign({ secretId: "id", secretKey: "k", service: "sms", host: "sms.tencentcloudapi.com", timestamp: 1551113065, payload: "{}" });
    expect(r.credentialScope).toBe("2019-02-25/sms/tc3_request");
  });
});

describe("Tencent SMS client", () => {
  const config = { secretId: "AKIDtest", secretKey: "secret", sdkAppId: "1400000000", signName: "节能评估", templateId: "123456" };
  const clock = () => 1551113065_000;

  it("sends a signed SendSms request with the code and validity", async () => {
    let seen: Request | null = null;
    const provider = new TencentSmsProvider(config, async (r) => {
      seen = r;
      return Response.json({ Response: { SendStatusSet: [{ Code: "Ok", Message: "send success", PhoneNumber: "+8613912345678" }], RequestId: "x" } });
    }, clock);
    await provider.send({ phone: "13912345678", type: 2, code: "123456", ttlMinutes: 5 });
    const req = seen as unknown as Request;
    expect(req.url).toBe("https://sms.tencentcloudapi.com/");
    expect(req.headers.get("x-tc-action")).toBe("SendSms");
    expect(req.headers.get("x-tc-version")).toBe("2021-01-11");
    expect(req.headers.get("x-tc-timestamp")).toBe("1551113065");
    expect(req.headers.get("authorization")).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDtest\/2019-02-25\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/);
    const body = await req.json();
    expect(body).toEqual({ PhoneNumberSet: ["+8613912345678"], SmsSdkAppId: "1400000000", SignName: "节能评估", TemplateId: "123456", TemplateParamSet: ["123456", "5"] });
    // The signature covers exactly this body.
    const again = await tc3Sign({ secretId: "AKIDtest", secretKey: "secret", service: "sms", host: "sms.tencentcloudapi.com", timestamp: 1551113065, payload: JSON.stringify(body) });
    expect(req.headers.get("authorization")).toBe(again.authorization);
  });

  it("raises on an API error or a failed status", async () => {
    const errorProvider = new TencentSmsProvider(config, async () => Response.json({ Response: { Error: { Code: "AuthFailure.SignatureFailure", Message: "bad" } } }), clock);
    await expect(errorProvider.send({ phone: "13912345678", type: 2, code: "1", ttlMinutes: 5 })).rejects.toThrow(/SignatureFailure/);
    const statusProvider = new TencentSmsProvider(config, async () => Response.json({ Response: { SendStatusSet: [{ Code: "LimitExceeded.PhoneNumberDailyLimit", Message: "x" }] } }), clock);
    await expect(statusProvider.send({ phone: "13912345678", type: 2, code: "1", ttlMinutes: 5 })).rejects.toThrow(/DailyLimit/);
  });
});

describe("QQ and WeChat clients", () => {
  it("QQ: authorize URL and code → token → openid → user info", async () => {
    const calls: string[] = [];
    const qq = new QqOAuth({ appId: "app1", appKey: "key1", baseUrl: "https://graph.qq.com" }, async (r) => {
      const url = new URL(r.url);
      calls.push(url.pathname);
      if (url.pathname === "/oauth2.0/token") {
        expect(Object.fromEntries(url.searchParams)).toMatchObject({ grant_type: "authorization_code", client_id: "app1", client_secret: "key1", code: "C", redirect_uri: "https://x/qqlogin", fmt: "json" });
        return Response.json({ access_token: "AT", expires_in: "7776000" });
      }
      if (url.pathname === "/oauth2.0/me") return new Response('callback( {"client_id":"app1","openid":"OPENID"} );');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({ access_token: "AT", oauth_consumer_key: "app1", openid: "OPENID" });
      return Response.json({ ret: 0, msg: "", nickname: "小Q", gender: "女", figureurl_qq_1: "http://q/40", figureurl_qq_2: "http://q/100" });
    });
    const url = new URL(qq.authorizeUrl("S", "https://x/qqlogin"));
    expect(url.origin + url.pathname).toBe("https://graph.qq.com/oauth2.0/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: "code", client_id: "app1", redirect_uri: "https://x/qqlogin", state: "S" });
    expect(await qq.exchange("C", "https://x/qqlogin")).toEqual({ source: "QQ", openId: "OPENID", unionId: null, nickname: "小Q", avatar: "http://q/100", gender: 2 });
    expect(calls).toEqual(["/oauth2.0/token", "/oauth2.0/me", "/user/get_user_info"]);
  });

  it("QQ: a token error fails the exchange", async () => {
    const qq = new QqOAuth({ appId: "a", appKey: "k", baseUrl: "https://graph.qq.com" }, async () => Response.json({ error: 100019, error_description: "code reused" }));
    await expect(qq.exchange("C", "r")).rejects.toThrow(/100019/);
  });

  it("WeChat: qrconnect URL and access_token → userinfo", async () => {
    const wx = new WechatOAuth({ appId: "wx1", appSecret: "sec", authorizeBaseUrl: "https://open.weixin.qq.com", apiBaseUrl: "https://api.weixin.qq.com" }, async (r) => {
      const url = new URL(r.url);
      if (url.pathname === "/sns/oauth2/access_token") {
        expect(Object.fromEntries(url.searchParams)).toEqual({ appid: "wx1", secret: "sec", code: "C", grant_type: "authorization_code" });
        return Response.json({ access_token: "AT", expires_in: 7200, openid: "OID", scope: "snsapi_login", unionid: "UID" });
      }
      expect(url.pathname).toBe("/sns/userinfo");
      return Response.json({ openid: "OID", nickname: "微信用户", sex: 1, headimgurl: "http://wx/h", unionid: "UID" });
    });
    expect(wx.authorizeUrl("S", "https://x/weixinlogin")).toBe("https://open.weixin.qq.com/connect/qrconnect?appid=wx1&redirect_uri=https%3A%2F%2Fx%2Fweixinlogin&response_type=code&scope=snsapi_login&state=S#wechat_redirect");
    expect(await wx.exchange("C", "")).toEqual({ source: "WECHAT_OPEN", openId: "OID", unionId: "UID", nickname: "微信用户", avatar: "http://wx/h", gender: 1 });
    const bad = new WechatOAuth({ appId: "wx1", appSecret: "s", authorizeBaseUrl: "", apiBaseUrl: "https://api.weixin.qq.com" }, async () => Response.json({ errcode: 40029, errmsg: "invalid code" }));
    await expect(bad.exchange("C", "")).rejects.toThrow(/40029/);
  });
});

describe("avatar content sniffing", () => {
  it("knows JPEG and PNG by their first bytes only", () => {
    expect(photoTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpg");
    expect(photoTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(photoTypeOf(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(photoTypeOf(new TextEncoder().encode("<svg"))).toBeNull();
    expect(photoTypeOf(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
  });
});
