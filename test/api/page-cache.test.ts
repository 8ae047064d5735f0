// The edge cache of visitors' HTML (workers/lib/page-cache.ts) inside workerd's Cache API: hits and misses, a fresh
// nonce per copy, never a logged-in view, and invalidation by the real Q&A write endpoints.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bumpContentVersion, cachedPage, isContentWrite, PAGE_CACHE_STATUS, VERSION_KEY, VERSION_RECHECK_MS } from "../../workers/lib/page-cache";
import { callJson, makeUser } from "../support/api";
import { adminGet, adminPost, makeAdmin } from "./admin.helpers";

const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36";

let renders = 0;
/** A page renderer that counts its calls and writes its nonce into the HTML, as the real one does. */
const render = async (nonce: string) => {
  renders++;
  return new Response(`<html><script nonce="${nonce}">1</script><p>render ${renders}</p></html>`, {
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" },
  });
};

async function open(path: string, init: { ua?: string; cookie?: string; nonce?: string; method?: string } = {}) {
  const url = new URL(`http://localhost${path}`);
  const headers = new Headers({ "user-agent": init.ua ?? DESKTOP_UA });
  if (init.cookie) headers.set("cookie", init.cookie);
  const request = new Request(url, { headers, method: init.method ?? "GET" });
  const ctx = createExecutionContext();
  const res = await cachedPage(request, url, init.nonce ?? crypto.randomUUID(), ctx, render);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, html };
}

describe("page cache", () => {
  beforeEach(async () => {
    // Each test starts from a version no earlier test stored pages under.
    await bumpContentVersion();
    renders = 0;
  });

  it("renders a visitor's public page once, then serves the copy with the new nonce and the page's own headers", async () => {
    const first = await open("/energySavingQA/details?questionId=3", { nonce: "nonce-one" });
    expect(first.res.headers.get(PAGE_CACHE_STATUS)).toBe("miss");
    const second = await open("/energySavingQA/details?questionId=3", { nonce: "nonce-two" });
    expect(second.res.headers.get(PAGE_CACHE_STATUS)).toBe("hit");
    expect(renders).toBe(1);
    expect(second.html).toContain('nonce="nonce-two"');
    expect(second.html).not.toContain("nonce-one");
    expect(second.res.headers.get("cache-control")).toBe("no-cache");
    expect(second.res.headers.get("x-page-nonce")).toBeNull();
  });

  it("keys by query and by device class", async () => {
    await open("/energySavingQA/details?questionId=3");
    await open("/energySavingQA/details?questionId=4");
    await open("/energySavingQA/details?questionId=3", { ua: PHONE_UA });
    expect(renders).toBe(3);
    await open("/energySavingQA/details?questionId=3", { ua: PHONE_UA });
    expect(renders).toBe(3);
  });

  it("never looks up nor stores a logged-in view, a non-GET or a page outside the public list", async () => {
    await open("/homePage");
    const user = await open("/homePage", { cookie: "token=abc" });
    expect(user.res.headers.get(PAGE_CACHE_STATUS)).toBeNull();
    expect(renders).toBe(2);
    await open("/homePage", { cookie: "token=abc" });
    expect(renders).toBe(3);
    await open("/personal/footprint");
    await open("/personal/footprint");
    expect(renders).toBe(5);
  });

  it("serves /login (the assessment landing: cards only, nothing per visitor) from the cache to visitors, never to a session", async () => {
    await open("/login");
    expect((await open("/login")).res.headers.get(PAGE_CACHE_STATUS)).toBe("hit");
    expect(renders).toBe(1);
    const user = await open("/login", { cookie: "token=abc" });
    expect(user.res.headers.get(PAGE_CACHE_STATUS)).toBeNull();
    expect(renders).toBe(2);
  });

  it("does not store an answer that sets a cookie or is not a 200", async () => {
    const url = new URL("http://localhost/about");
    const ctx = createExecutionContext();
    let calls = 0;
    const withCookie = async () => {
      calls++;
      return new Response("<html></html>", { headers: { "content-type": "text/html", "set-cookie": "a=b" } });
    };
    await cachedPage(new Request(url), url, "n", ctx, withCookie);
    await cachedPage(new Request(url), url, "n", ctx, withCookie);
    await waitOnExecutionContext(ctx);
    expect(calls).toBe(2);
  });

  it("a Q&A write through the API (answer, like) makes visitors' copies render again", async () => {
    const author = await makeUser();
    const asked = await callJson<{ id: number }>("/api/qa/question/add", {
      method: "POST",
      token: author.token,
      json: { questionTitle: `缓存失效测试 ${Math.random().toString(36).slice(2, 8)}`, questionDescription: "空压机站节能。", tagList: ["空压机"] },
    });
    const qid = asked.data.id;
    const path = `/energySavingQA/details?questionId=${qid}`;
    await open(path);
    await open(path);
    expect(renders).toBe(1);

    const answerer = await makeUser();
    const answered = await callJson<{ id: number }>("/api/qa/answer/add", { method: "POST", token: answerer.token, json: { questionId: qid, answerContent: "<p>先查泄漏。</p>" } });
    expect(answered.code).toBe(10000);
    expect((await open(path)).res.headers.get(PAGE_CACHE_STATUS)).toBe("miss");
    expect(renders).toBe(2);
    await open(path);
    expect(renders).toBe(2);

    await callJson("/api/qa/common/praiseAndUnpraise", { method: "POST", token: author.token, json: { contentId: answered.data.id, contentType: 2, actionType: 1 } });
    await open(path);
    expect(renders).toBe(3);

    // Reads do not invalidate.
    await callJson("/api/qa/question/pageQuery", { method: "POST", json: { pageNo: 1, pageSize: 5 } });
    await open(path);
    expect(renders).toBe(3);
  });

  describe("the content version kept in the isolate", () => {
    afterEach(() => vi.restoreAllMocks());

    it("a bump in this isolate takes effect at once, with no wait", async () => {
      await open("/about");
      await open("/about");
      expect(renders).toBe(1);
      await bumpContentVersion();
      expect((await open("/about")).res.headers.get(PAGE_CACHE_STATUS)).toBe("miss");
      expect(renders).toBe(2);
    });

    it("another isolate's bump (written to the shared Cache API only) is picked up within VERSION_RECHECK_MS, not before", async () => {
      const start = Date.now();
      const now = vi.spyOn(Date, "now").mockReturnValue(start);
      await bumpContentVersion(); // this isolate's copy read at `start`
      await open("/about");
      await open("/about");
      expect(renders).toBe(1);
      // What bumpContentVersion does in another isolate: only the shared key changes.
      const cache = (caches as unknown as { default: Cache }).default;
      await cache.put(VERSION_KEY, new Response(`other-isolate-${crypto.randomUUID()}`, { headers: { "cache-control": "max-age=86400" } }));
      now.mockReturnValue(start + VERSION_RECHECK_MS - 1);
      expect((await open("/about")).res.headers.get(PAGE_CACHE_STATUS)).toBe("hit");
      now.mockReturnValue(start + VERSION_RECHECK_MS + 1);
      expect((await open("/about")).res.headers.get(PAGE_CACHE_STATUS)).toBe("miss");
      expect(renders).toBe(2);
    });
  });

  it("an operator's card edit makes visitors' /login render again", async () => {
    await open("/login");
    await open("/login");
    expect(renders).toBe(1);
    const admin = await makeAdmin();
    const cards = await adminGet<{ id: number; surveyName: string; surveyDescription: string; price: number; originPrice: number }[]>("commerce/cards", admin.token);
    const card = cards.data[0];
    // Saved unchanged: the row is shared with other files, and any card save must invalidate.
    const saved = await adminPost("commerce/cards/update", { id: card.id, surveyName: card.surveyName, surveyDescription: card.surveyDescription, price: String(card.price), originPrice: String(card.originPrice) }, admin.token);
    expect(saved.code).toBe(10000);
    expect((await open("/login")).res.headers.get(PAGE_CACHE_STATUS)).toBe("miss");
    expect(renders).toBe(2);
  });

  it("names the writes that invalidate", () => {
    const post = (p: string) => isContentWrite(new Request(`http://localhost${p}`, { method: "POST" }), p);
    for (const p of ["/api/qa/answer/add", "/api/qa/answer/update", "/api/qa/assessment/add", "/api/qa/reply/add", "/api/qa/question/deleteById", "/api/qa/common/praiseAndUnpraise", "/api/admin/review/decide", "/api/admin/users/ban", "/api/admin/commerce/cards/update"]) {
      expect(post(p), p).toBe(true);
    }
    for (const p of ["/api/qa/question/pageQuery", "/api/qa/answer/queryPageById", "/api/qa/messageNotice/statistics", "/api/user/login", "/api/surveyInfo/add", "/api/admin/commerce/orders/refund"]) {
      expect(post(p), p).toBe(false);
    }
    expect(isContentWrite(new Request("http://localhost/api/qa/answer/add"), "/api/qa/answer/add")).toBe(false);
  });
});
