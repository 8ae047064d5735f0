import { describe, expect, it } from "vitest";
import { newNonce, withSecurityHeaders } from "../../../workers/lib/security-headers";

const page = () => new Response("<!doctype html>", { headers: { "content-type": "text/html; charset=utf-8" } });
const json = () => new Response("{}", { headers: { "content-type": "application/json" } });

describe("security headers", () => {
  it("gives pages a nonce CSP without unsafe-inline scripts, and frame-ancestors 'none'", () => {
    const nonce = newNonce();
    const h = withSecurityHeaders(page(), new URL("http://localhost:8787/homePage"), nonce).headers;
    const csp = h.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws://localhost:8787");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("permissions-policy")).toContain("camera=()");
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(h.has("strict-transport-security")).toBe(false);
    expect(csp).toContain("form-action 'self';");
  });

  it("lets pages post forms only to the origins the edge passes in (the lib imports no provider)", () => {
    const h = withSecurityHeaders(page(), new URL("https://example.cn/payment"), newNonce(), { formAction: ["https://openapi.alipay.com"] }).headers;
    expect(h.get("content-security-policy")).toContain("form-action 'self' https://openapi.alipay.com;");
  });

  it("lets the pages inside WeChat's QR iframe be framed by us and WeChat only", () => {
    const h = withSecurityHeaders(page(), new URL("https://example.cn/weixinlogin"), newNonce()).headers;
    expect(h.get("content-security-policy")).toContain("frame-ancestors 'self' https://open.weixin.qq.com");
    expect(h.has("x-frame-options")).toBe(false);
    expect(h.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("locks JSON down and leaves websocket upgrades alone; nonces differ", () => {
    const h = withSecurityHeaders(json(), new URL("https://example.cn/api/user/user-info"), null).headers;
    expect(h.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(newNonce()).not.toBe(newNonce());
    const frozen = Response.redirect("https://example.cn/", 302);
    expect(withSecurityHeaders(frozen, new URL("https://example.cn/x"), null).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
