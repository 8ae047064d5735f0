// Accounts API in workerd: QQ / WeChat sign-in through the in-Worker dev provider, bindings, and the book-library
// authorisation server (code → token → userinfo).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call } from "../support/api";
import { loginByPassword, newIp, newPhone, post, randomLetters, registerUser, req, reqJson, smsCode, type LoginData } from "./accounts.helpers";
import { wenkuClientSeed } from "../../db/seed/accounts";
import type { BindInfoEntry, BindLoginPending } from "../../workers/contract/accounts";
import type { UserCouponView } from "../../workers/contract/payment";

/** The fake person's openid, as the dev provider's authorize page lists it. */
async function devOpenId(provider: "qq" | "wechat", nickname: string) {
  const row = await env.DB.prepare("SELECT open_id FROM dev_oauth_users WHERE provider = ? AND nickname = ? ORDER BY id DESC").bind(provider, nickname).first<{ open_id: string }>();
  return row!.open_id;
}

/** Popup: render → dev authorize page → approve as a (new) fake person → the callback page URL with code and state. */
async function authorize(source: "QQ" | "WECHAT_OPEN", person: { nickname?: string; openId?: string } = {}) {
  const render = await req(`/auth/oauth/render/${source}`);
  expect(render.status).toBe(302);
  const stateCookie = render.headers.get("set-cookie")!;
  expect(stateCookie).toMatch(new RegExp(`^oauth_state_${source}=[A-Za-z0-9_-]+; Max-Age=600; Path=/; HttpOnly; SameSite=Lax`));
  const cookie = stateCookie.split(";")[0];
  const authorizeUrl = new URL(render.headers.get("location")!);
  expect(authorizeUrl.pathname).toBe(source === "QQ" ? "/auth/dev-oauth/qq/oauth2.0/authorize" : "/auth/dev-oauth/wechat/connect/qrconnect");
  const page = await call(authorizeUrl.pathname + authorizeUrl.search);
  const html = await page.text();
  expect(html).toContain("授权登录");
  const q = authorizeUrl.searchParams;
  const form = new URLSearchParams({
    client_id: q.get("client_id") ?? q.get("appid")!,
    redirect_uri: q.get("redirect_uri")!,
    state: q.get("state")!,
    ...(person.openId ? { open_id: person.openId } : { nickname: person.nickname ?? `测试${randomLetters(4)}`, gender: "2" }),
  });
  const approved = await req(authorizeUrl.pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get("location")!);
  expect(callback.pathname).toBe(source === "QQ" ? "/qqlogin" : "/weixinlogin");
  return { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")!, cookie };
}

describe("QQ sign-in through the dev provider", () => {
  it("render → authorize → bind-login (new) → phoneValid bind → login; then bindInfo and unBind", async () => {
    const cb = await authorize("QQ", { nickname: "小青蛙" });
    const pending = await post<BindLoginPending>("/api/user/bind-login", { source: "QQ", code: cb.code, state: cb.state }, { cookie: cb.cookie });
    expect(pending).toMatchObject({ code: 10000, data: { bound: false, bindType: "qq", source: "QQ", nickname: "小青蛙" } });

    // phoneValid: a new phone creates the account.
    const phone = newPhone();
    const code = await smsCode(phone, 4);
    const bound = await post<LoginData>("/api/user/bind", { ticket: pending.data.ticket, phone, authCode: code }, { ip: newIp() });
    expect(bound).toMatchObject({ code: 10000, msg: "绑定成功", data: { userPhone: phone, name: "小青蛙" } });
    expect(bound.data.userName).toMatch(/^QQ用户[a-z]{6}$/);
    const token = bound.data.token;
    // The first third-party sign-in created the account: it holds the new-user coupon (issue 14 item 5).
    const coupons = await reqJson<UserCouponView[]>("/api/coupon/selectUserCoupons?productId=1&price=99.9", { token });
    expect(coupons.data).toEqual([expect.objectContaining({ COUPON_NAME: "新用户报告抵用券", AMOUNT: 20, count: 1, expiresAt: expect.any(Number) })]);

    const info = await post<BindInfoEntry[]>("/api/user/bindInfo", { userId: bound.data.userId }, { token });
    expect(info.data).toEqual([expect.objectContaining({ type: "QQ", nickname: "小青蛙" })]);

    // Signing in again with the same QQ identity logs straight in.
    const again = await authorize("QQ", { openId: await devOpenId("qq", "小青蛙") });
    const login = await req("/api/user/bind-login", { method: "POST", json: { source: "QQ", code: again.code, state: again.state }, cookie: again.cookie });
    const loginBody = (await login.json()) as { code: number; msg: string; data: LoginData & { bound: boolean } };
    expect(loginBody).toMatchObject({ code: 10000, msg: "登录成功", data: { userId: bound.data.userId, userPhone: phone, bound: true } });
    expect(login.headers.get("set-cookie")).toContain("token=");

    expect(await post("/api/user/unBind", { userId: bound.data.userId, phone, type: "QQ" }, { token })).toMatchObject({ code: 10000, msg: "解绑成功", data: [] });
    expect(await post("/api/user/unBind", { type: "QQ" }, { token })).toMatchObject({ code: 10001, msg: "未绑定该账号" });
  });

  it("binds to the existing account that owns the phone", async () => {
    const u = await registerUser();
    const cb = await authorize("QQ");
    const pending = await post<BindLoginPending>("/api/user/bind-login", { source: "QQ", code: cb.code, state: cb.state }, { cookie: cb.cookie });
    const code = await smsCode(u.phone, 4);
    const bound = await post<LoginData>("/api/user/bind", { ticket: pending.data.ticket, phone: u.phone, authCode: code }, { ip: newIp() });
    expect(bound).toMatchObject({ code: 10000, data: { userId: u.userId, userName: u.userName } });
    // Binding to an existing account issues no second new-user coupon.
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM user_coupons WHERE user_id = ? AND grant_rule_id IS NOT NULL").bind(u.userId).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("refuses a missing or mismatched state, a reused code, and a forged ticket", async () => {
    const cb = await authorize("QQ");
    expect(await post("/api/user/bind-login", { source: "QQ", code: cb.code, state: cb.state })).toMatchObject({ code: 10001, msg: "授权已失效，请重新授权" });
    expect(await post("/api/user/bind-login", { source: "QQ", code: cb.code, state: "other" }, { cookie: cb.cookie })).toMatchObject({ msg: "授权已失效，请重新授权" });
    expect(await post("/api/user/bind-login", { source: "QQ", code: "garbage", state: cb.state }, { cookie: cb.cookie })).toMatchObject({ msg: "第三方授权失败，请重新授权" });
    expect(await post("/api/user/bind-login", { source: "WEIBO", code: "x", state: "y" })).toMatchObject({ code: 10002, msg: "不支持的第三方登录方式" });
    expect(await post("/api/user/bind", { ticket: "forged.ticket.value", phone: newPhone(), authCode: "123456" })).toMatchObject({ code: 10001, msg: "授权信息已过期，请重新授权登录" });
  });

  it("requires a valid phone code for phoneValid", async () => {
    const cb = await authorize("QQ");
    const pending = await post<BindLoginPending>("/api/user/bind-login", { source: "QQ", code: cb.code, state: cb.state }, { cookie: cb.cookie });
    const phone = newPhone();
    await smsCode(phone, 4);
    expect(await post("/api/user/bind", { ticket: pending.data.ticket, phone, authCode: "000000" })).toMatchObject({ code: 10001, msg: "验证码错误" });
    expect(await post("/api/user/bind", { ticket: pending.data.ticket, phone: "123", authCode: "000000" })).toMatchObject({ code: 10002 });
  });
});

describe("WeChat binding from settings", () => {
  it("binds WeChat to the logged-in account, refuses it for a second account, unbinds", async () => {
    const u = await registerUser();
    const { token, userId } = (await loginByPassword(u.userName, u.password)).data;
    const cb = await authorize("WECHAT_OPEN", { nickname: "微信小明" });
    const res = await post<BindInfoEntry[]>("/api/user/bind", { source: "WECHAT_OPEN", code: cb.code, state: cb.state, phone: u.phone }, { token, cookie: cb.cookie });
    expect(res).toMatchObject({ code: 10000, msg: "绑定成功", data: [expect.objectContaining({ type: "WECHAT_OPEN", nickname: "微信小明" })] });

    // The same WeChat identity signs in to this account.
    const openId = await devOpenId("wechat", "微信小明");
    const again = await authorize("WECHAT_OPEN", { openId });
    expect(await post("/api/user/bind-login", { source: "WECHAT_OPEN", code: again.code, state: again.state }, { cookie: again.cookie })).toMatchObject({ code: 10000, data: { userId } });

    // A second account cannot take the same identity.
    const v = await registerUser();
    const vToken = (await loginByPassword(v.userName, v.password)).data.token;
    const third = await authorize("WECHAT_OPEN", { openId });
    expect(await post("/api/user/bind", { source: "WECHAT_OPEN", code: third.code, state: third.state }, { token: vToken, cookie: third.cookie })).toMatchObject({ code: 10001, msg: "该微信账号已绑定其他账号" });

    // Other users cannot read or remove this binding.
    expect((await post("/api/user/bindInfo", { userId }, { token: vToken })).code).toBe(10003);
    expect((await post("/api/user/unBind", { userId, type: "WECHAT_OPEN" }, { token: vToken })).code).toBe(10003);
    expect(await post("/api/user/unBind", { type: "WECHAT_OPEN" }, { token: vToken })).toMatchObject({ msg: "未绑定该账号" });

    expect(await post("/api/user/unBind", { userId, phone: u.phone, type: "WECHAT_OPEN" }, { token })).toMatchObject({ code: 10000, msg: "解绑成功" });
  });

  it("needs a token for settings binding and bind info", async () => {
    const cb = await authorize("WECHAT_OPEN");
    expect((await post("/api/user/bind", { source: "WECHAT_OPEN", code: cb.code, state: cb.state }, { cookie: cb.cookie })).code).toBe(401);
    expect((await post("/api/user/bindInfo", {})).code).toBe(401);
    expect((await post("/api/user/unBind", { type: "QQ" })).code).toBe(401);
  });

  it("the dev provider refuses foreign redirect URIs and unknown clients", async () => {
    const form = (extra: Record<string, string>) =>
      req("/auth/dev-oauth/qq/oauth2.0/authorize", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ client_id: "dev-qq-app", redirect_uri: "http://localhost/qqlogin", state: "s", nickname: "n", ...extra }).toString() });
    expect((await form({ redirect_uri: "https://evil.example/cb" })).status).toBe(400);
    expect((await form({ client_id: "other" })).status).toBe(400);
    expect((await reqJson("/auth/oauth/render/WEIBO")).code).toBe(10004);
  });
});

describe("book-library authorisation server", () => {
  const redirectUri = wenkuClientSeed.redirectUris[1];

  it("authorize redirects a registered client to /wenkuLogin and refuses unregistered redirect URIs", async () => {
    const ok = await req(`/auth/wenku/authorize?response_type=code&client_id=wenku&redirect_uri=${encodeURIComponent(redirectUri)}&state=abc`);
    expect(ok.status).toBe(302);
    const page = new URL(ok.headers.get("location")!);
    expect(page.pathname).toBe("/wenkuLogin");
    expect(page.searchParams.get("state")).toBe("abc");
    const bad = await req(`/auth/wenku/authorize?response_type=code&client_id=wenku&redirect_uri=${encodeURIComponent("https://evil.example/cb")}`);
    expect(bad.status).toBe(400);
    const client = await reqJson(`/api/wenku/client?client_id=wenku&redirect_uri=${encodeURIComponent(redirectUri)}`);
    expect(client).toMatchObject({ code: 10000, data: { name: "双碳书库", permissions: ["获取你的昵称", "获取你的头像", "获取你的性别"] } });
  });

  it("password login + consent → code → token → userinfo; codes are single use", async () => {
    const issued = await post<{ redirectUrl: string; code: string }>(
      "/api/wenku/authorize",
      { client_id: "wenku", redirect_uri: redirectUri, state: "xyz", type: 1, userName: "zhangsan", password: "Energy2024" },
      { ip: newIp() },
    );
    expect(issued).toMatchObject({ code: 10000, msg: "授权成功" });
    const back = new URL(issued.data.redirectUrl);
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get("state")).toBe("xyz");
    const code = back.searchParams.get("code")!;

    const tokenRes = await call("/auth/wenku/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: "wenku", client_secret: wenkuClientSeed.secret }).toString(),
    });
    expect(tokenRes.status).toBe(200);
    const token = (await tokenRes.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: "Bearer", expires_in: 7200 });

    const info = await call("/auth/wenku/userinfo", { headers: { authorization: `Bearer ${token.access_token}` } });
    expect(await info.json()).toEqual({ sub: "2", nickname: "张工", avatar: null, gender: 1 });

    // The replay authenticates the client with HTTP Basic instead (RFC 6749 §2.3.1): the client is accepted, the code is not.
    const tokenWithBasic = (authorization: string) =>
      call("/auth/wenku/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri }).toString(),
      });
    const replay = await tokenWithBasic(`Basic ${btoa(`wenku:${encodeURIComponent(wenkuClientSeed.secret)}`)}`);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    // A Basic header that is not base64 is a failed client login, not a server error.
    const garbled = await tokenWithBasic("Basic %%%not-base64%%%");
    expect(garbled.status).toBe(401);
    expect(await garbled.json()).toMatchObject({ error: "invalid_client" });
  });

  it("SMS login works too; the token endpoint checks the secret and redirect URI; userinfo needs a valid token", async () => {
    const u = await registerUser();
    const smsLogin = await smsCode(u.phone, 2);
    const issued = await post<{ code: string }>("/api/wenku/authorize", { client_id: "wenku", redirect_uri: redirectUri, type: 2, phone: u.phone, authCode: smsLogin }, { ip: newIp() });
    expect(issued.code).toBe(10000);
    const tokenCall = (body: Record<string, string>) =>
      call("/auth/wenku/token", { method: "POST", json: { grant_type: "authorization_code", code: issued.data.code, redirect_uri: redirectUri, client_id: "wenku", client_secret: wenkuClientSeed.secret, ...body } });
    const badSecret = await tokenCall({ client_secret: "nope" });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: "invalid_client" });
    const badRedirect = await tokenCall({ redirect_uri: wenkuClientSeed.redirectUris[0] });
    expect(await badRedirect.json()).toMatchObject({ error: "invalid_grant" });
    const badGrant = await tokenCall({ grant_type: "password" });
    expect(await badGrant.json()).toMatchObject({ error: "unsupported_grant_type" });
    // The code was used up by the bad-redirect attempt (consumed before checks), so it is invalid now.
    const after = await tokenCall({});
    expect(await after.json()).toMatchObject({ error: "invalid_grant" });
    const none = await call("/auth/wenku/userinfo", { headers: { authorization: "Bearer nope" } });
    expect(none.status).toBe(401);
  });

  it("validates the login on the authorisation page", async () => {
    const base = { client_id: "wenku", redirect_uri: redirectUri };
    expect(await post("/api/wenku/authorize", { ...base, type: 1, userName: "demo", password: "12345" }, { ip: newIp() })).toMatchObject({ code: 10002, msg: "密码至少6位" });
    expect(await post("/api/wenku/authorize", { ...base, type: 1, userName: "", password: "123456" }, { ip: newIp() })).toMatchObject({ code: 10002, msg: "请输入用户名" });
    expect(await post("/api/wenku/authorize", { ...base, type: 1, userName: "demo", password: "Wrong999" }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "用户名或密码错误" });
    expect(await post("/api/wenku/authorize", { ...base, redirect_uri: "https://evil.example", type: 1, userName: "demo", password: "Demo1234" }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "回调地址未登记，请从书库重新发起授权" });
  });
});

describe("WeChat QR view of the login dialog", () => {
  it("answers WeChat's QR panel URL for the iframe (as wxLogin.js builds it) and binds its state to a cookie like the popup does", async () => {
    const res = await req(`/api/user/oauth/authorize-url?source=WECHAT_OPEN`);
    const body = (await res.json()) as { code: number; data: { url: string } };
    expect(body.code).toBe(10000);
    const url = new URL(body.data.url);
    expect(url.pathname).toBe("/auth/dev-oauth/wechat/connect/qrconnect");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: "code", scope: "snsapi_login", login_type: "jssdk", self_redirect: "false" });
    expect(new URL(url.searchParams.get("redirect_uri")!).pathname).toBe("/weixinlogin");
    expect(url.hash).toBe("#wechat_redirect");
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^oauth_state_WECHAT_OPEN=[A-Za-z0-9_-]+; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookie.split(";")[0].split("=")[1]).toBe(url.searchParams.get("state"));
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("serves the dev QR panel (a real QR code and 模拟扫码确认 aimed at the top window); confirming leads to /weixinlogin and bind-login", async () => {
    const res = await req(`/api/user/oauth/authorize-url?source=WECHAT_OPEN`);
    const cookie = res.headers.get("set-cookie")!.split(";")[0];
    const url = new URL(((await res.json()) as { data: { url: string } }).data.url);
    const html = await (await call(url.pathname + url.search)).text();
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(html).toContain("模拟扫码确认");
    expect(html).toMatch(/<form method="post" action="\/auth\/dev-oauth\/wechat\/connect\/qrconnect" target="_top" id="scan">/);
    // self_redirect=true keeps the redirect inside the iframe.
    const inFrame = new URL(url);
    inFrame.searchParams.set("self_redirect", "true");
    expect(await (await call(inFrame.pathname + inFrame.search)).text()).toContain('target="_self" id="scan"');
    // 模拟扫码确认 as a new WeChat user (the form's hidden nickname).
    const form = new URLSearchParams({ client_id: url.searchParams.get("appid")!, redirect_uri: url.searchParams.get("redirect_uri")!, state: url.searchParams.get("state")!, nickname: "微信扫码用户", open_id: "" });
    const approved = await req(url.pathname, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get("location")!);
    expect(callback.pathname).toBe("/weixinlogin");
    const pending = await post<BindLoginPending>("/api/user/bind-login", { source: "WECHAT_OPEN", code: callback.searchParams.get("code"), state: callback.searchParams.get("state") }, { cookie });
    expect(pending).toMatchObject({ code: 10000, data: { bound: false, bindType: "wechat", nickname: "微信扫码用户" } });
  });

  it("rejects an unknown source with a validation message", async () => {
    const body = await reqJson(`/api/user/oauth/authorize-url?source=WEIBO`);
    expect(body.code).not.toBe(10000);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
