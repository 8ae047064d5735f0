// The typed client's wire format (app/lib/api-client.ts): what each call sends (method, URL with params and query,
// headers, JSON or form body, per-call signal) and how its envelope is read, against a recording fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, callResult, client } from "../../../app/lib/api-client";
import { sourceFiles } from "../lib/import-graph";

interface Sent {
  url: string;
  init: RequestInit;
}
let sent: Sent[] = [];
let answer: unknown = { code: 10000, msg: "成功", data: { ok: 1 } };

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = { code: 10000, msg: "成功", data: { ok: 1 } };
});

describe("typed API client", () => {
  it("posts JSON with the spec's code header, same-origin credentials and a per-call timeout signal", async () => {
    const res = await call((o) => client.api.qa.favorite.category.add.$post({ json: { categoryName: "空压机" } }, o));
    expect(res).toEqual({ code: 10000, msg: "成功", data: { ok: 1 } });
    const [{ url, init }] = sent;
    expect(url).toBe("/api/qa/favorite/category/add");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ code: "energy-evaluation", "content-type": "application/json" });
    expect(init.credentials).toBe("same-origin");
    expect(init.body).toBe(JSON.stringify({ categoryName: "空压机" }));
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("fills path params, drops undefined query values and sends no body on GET", async () => {
    await call((o) => client.common.dict[":kind"].$get({ param: { kind: "education" } }, o), { silent: true });
    await call((o) => client.api.qa.question.suggest.$get({ query: { q: "空压机 漏气" } }, o), { silent: true });
    await call((o) => client.common.aiServicer.question.queryList.$get({ query: { queName: "" } }, o), { silent: true });
    expect(sent.map((s) => s.url)).toEqual(["/common/dict/education", "/api/qa/question/suggest?q=%E7%A9%BA%E5%8E%8B%E6%9C%BA+%E6%BC%8F%E6%B0%94", "/common/aiServicer/question/queryList?queName="]);
    expect(sent.every((s) => s.init.method === "GET" && s.init.body === undefined)).toBe(true);
  });

  it("sends a form as multipart (no JSON content type) with the file as a part", async () => {
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    await call((o) => client.common.picture.upload.$post({ form: { file } }, o));
    const body = sent[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get("file") as File).size).toBe(3);
    expect(sent[0]!.init.headers).toEqual({ code: "energy-evaluation" });
  });

  it("answers ok/data/msg, and code -1 with a Chinese message when the network fails", async () => {
    answer = { code: 20001, msg: "分类名称已存在", data: null };
    const failed = await callResult((o) => client.api.qa.favorite.category.add.$post({ json: { categoryName: "x" } }, o), { silent: true });
    expect(failed).toEqual({ ok: false, data: null, msg: "分类名称已存在" });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const down = await call((o) => client.api.qa.messageNotice.statistics.$post({ json: {} }, o), { silent: true });
    expect(down).toEqual({ code: -1, msg: "网络异常，请稍后重试", data: null });
    warn.mockRestore();
  });
});

describe("one way to call the API from the browser (issue 21 item 6)", () => {
  // A call by hand-written path escapes the route types; files (PDFs, images) are fetched by URL, which is fine.
  const HAND_WRITTEN_API_CALL = /\bfetch\(\s*(?:["'`]\/(?:api|common|auth)\/|[^)]*\?\s*["'`]\/(?:api|common|auth)\/)/;

  it("nothing in app/ fetches an API path by hand (app/lib/api.ts sends what the typed client builds)", () => {
    const offenders = sourceFiles(["app"]).filter((f) => f.file !== "app/lib/api.ts" && HAND_WRITTEN_API_CALL.test(f.src)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it("the check can fail", () => {
    expect(HAND_WRITTEN_API_CALL.test(`await fetch("/api/user/logout", { method: "POST" })`)).toBe(true);
    expect(HAND_WRITTEN_API_CALL.test("await fetch(a ? '/api/x' : '/api/y')")).toBe(true);
    expect(HAND_WRITTEN_API_CALL.test("await fetch(url, { credentials: 'same-origin' })")).toBe(false);
  });
});
