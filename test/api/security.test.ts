// Cross-site requests (issue 13 item 4) and response headers, inside workerd.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { BASE, call, makeUser, readEnvelope } from "../support/api";

const nameOf = async (id: number) => (await env.DB.prepare("SELECT name FROM users WHERE id = ?").bind(id).first<{ name: string }>())!.name;

function formUpdate(id: number, name: string, headers: Record<string, string>, cookie: string) {
  const body = new URLSearchParams({ id: String(id), name });
  return call("/api/user/user-info/update", { method: "POST", cookie, headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
}

describe("cross-site state changes", () => {
  it("refuses a foreign Origin or Sec-Fetch-Site: cross-site with only the cookie, and changes nothing", async () => {
    const { user, token } = await makeUser();
    const cookie = `token=${token}`;
    const before = await nameOf(user.id);
    const attempts: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of attempts) {
      const env_ = await readEnvelope(await formUpdate(user.id, "被改了", headers, cookie));
      expect(env_).toMatchObject({ code: 10003, msg: "请求来源不受信任，请在本站页面中操作" });
    }
    expect(await nameOf(user.id)).toBe(before);
  });

  it("lets our own pages (same Origin, same-origin fetch) and token-header clients through", async () => {
    const { user, token } = await makeUser();
    const cookie = `token=${token}`;
    expect((await readEnvelope(await formUpdate(user.id, "同源修改", { origin: BASE, "sec-fetch-site": "same-origin" }, cookie))).code).toBe(10000);
    expect(await nameOf(user.id)).toBe("同源修改");
    const withToken = await call("/api/user/user-info/update", { method: "POST", token, headers: { origin: "https://app.example" }, json: { id: user.id, name: "令牌修改" } });
    expect((await readEnvelope(withToken)).code).toBe(10000);
  });

  it("refuses text/plain bodies where JSON or a form is expected", async () => {
    const { user, token } = await makeUser();
    const res = await call("/api/user/user-info/update", { method: "POST", token, headers: { "content-type": "text/plain" }, body: JSON.stringify({ id: user.id, name: "文本" }) });
    expect(await readEnvelope(res)).toMatchObject({ code: 10002, msg: "请求参数有误" });
  });

  it("still takes the Alipay notify from anywhere (it is verified by signature, not by origin)", async () => {
    const res = await call("/api/pay/alipay/notify", { method: "POST", headers: { origin: "https://mapi.alipay.com", "content-type": "application/x-www-form-urlencoded" }, body: "out_trade_no=none" });
    expect(await res.text()).not.toContain("请求来源不受信任");
  });
});
