// openLogin (app/lib/login-gate.ts): a login entry clicked during hydration, before the dialog's listener is
// attached, waits for the provider instead of leaving for /login; with no provider it falls back to /login, and a
// sign-in page is never the place to return to after logging in.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Gate = typeof import("../../../app/lib/login-gate");
let assigned: string[];

async function freshGate(path: string): Promise<Gate> {
  vi.resetModules();
  const [pathname, search = ""] = path.split("?");
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("location", { pathname, search: search ? `?${search}` : "", assign: (u: string) => assigned.push(u) });
  return import("../../../app/lib/login-gate");
}

/** What LoginProvider does on mount: listen, then take a request made before it. */
function mountProvider(gate: Gate, opened: (string | undefined)[]) {
  window.addEventListener(gate.OPEN_LOGIN_EVENT, (e) => {
    const detail = (e as CustomEvent<{ redirectTo?: string; handled?: boolean }>).detail;
    detail.handled = true;
    opened.push(detail.redirectTo);
  });
  const early = gate.loginProviderMounted();
  if (early) opened.push(early.detail.redirectTo);
}

beforeEach(() => {
  assigned = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("openLogin", () => {
  it("hands a request made before the provider mounted to the provider, without leaving the page", async () => {
    const gate = await freshGate("/login");
    const opened: (string | undefined)[] = [];
    gate.openLogin({ redirectTo: "/workbench?type=1" });
    expect(assigned).toEqual([]);
    mountProvider(gate, opened);
    vi.advanceTimersByTime(5_000);
    expect(opened).toEqual(["/workbench?type=1"]);
    expect(assigned).toEqual([]);
  });

  it("falls back to the login page when no provider mounts, without a sign-in page as the return target", async () => {
    const gate = await freshGate("/login");
    gate.openLogin();
    vi.advanceTimersByTime(999);
    expect(assigned).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(assigned).toEqual(["/login?login=1"]);
  });

  it("leaves at once, returning to the page, when a mounted provider did not answer", async () => {
    const gate = await freshGate("/energySavingQA?page=2");
    gate.loginProviderMounted();
    gate.openLogin();
    expect(assigned).toEqual([`/login?login=1&redirectTo=${encodeURIComponent("/energySavingQA?page=2")}`]);
  });

  it("opens in the mounted provider and never navigates", async () => {
    const gate = await freshGate("/homePage");
    const opened: (string | undefined)[] = [];
    mountProvider(gate, opened);
    gate.openLogin({ redirectTo: "/personal/settings" });
    vi.advanceTimersByTime(5_000);
    expect(opened).toEqual(["/personal/settings"]);
    expect(assigned).toEqual([]);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site pages and refuses other hosts and the sign-in pages", async () => {
    const { safeRedirect } = await import("../../../app/lib/safe-redirect");
    for (const ok of ["/homePage", "/workbench?type=1", "/loginUser", "/wenkuLogin?client_id=wk", "/logins", "/energySavingQA/details?questionId=4"]) expect(safeRedirect(ok)).toBe(ok);
    for (const no of ["/login", "/login?login=1", "/loginMobile", "/register?phone=13900000000", "/registerMobile", "/forgetPassword", "/phoneValid?bindType=qq", "/qqlogin", "/weixinlogin#x", "//evil.example", "/\\evil.example", "https://evil.example/", "homePage", "", null, undefined]) {
      expect(safeRedirect(no)).toBeNull();
    }
  });
});
