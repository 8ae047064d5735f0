import { describe, expect, it } from "vitest";
import { clientIp } from "../../../workers/services/accounts/config";

const req = (headers: Record<string, string>) => new Request("https://example.com/", { headers });

describe("clientIp", () => {
  it("in production trusts only Cloudflare's cf-connecting-ip, never a client-sent x-real-ip", () => {
    const production = { APP_ENV: "production" } as const;
    expect(clientIp({ env: production, req: req({ "x-real-ip": "1.2.3.4" }) })).toBe("unknown");
    expect(clientIp({ env: production, req: req({ "cf-connecting-ip": "5.6.7.8", "x-real-ip": "1.2.3.4" }) })).toBe("5.6.7.8");
  });

  it("locally falls back to x-real-ip (tests and dev tools)", () => {
    expect(clientIp({ env: { APP_ENV: "local" }, req: req({ "x-real-ip": "1.2.3.4" }) })).toBe("1.2.3.4");
    expect(clientIp({ env: { APP_ENV: "local" }, req: req({}) })).toBe("unknown");
  });
});
