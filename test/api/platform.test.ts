import { describe, expect, it } from "vitest";
import { env, createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { z } from "zod";
import { call, callJson, makeUser } from "../support/api";
import { CODE, MSG } from "../../workers/lib/codes";
import { getDb } from "../../workers/lib/db";
import { sessions } from "../../db/schema";
import { eq } from "drizzle-orm";
import { revokeSession } from "../../workers/services/accounts/sessions";
import { validate } from "../../workers/lib/validation";
import { onApiError } from "../../workers/api/errors";
import { requestContext, actorMiddleware, requireActor } from "../../workers/api/middleware";
import { ok } from "../../workers/lib/envelope";
import { fail } from "../../workers/lib/errors";
import type { AppEnv } from "../../workers/api/types";
import type { CardView } from "../../workers/contract/portal";
import worker from "./worker-entry";

// A tiny app on the real middleware and error handler, to test the API core without product routes.
function probeApp() {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext, actorMiddleware);
  app.onError(onApiError);
  app.post("/echo", validate("json", z.object({ phone: z.string().regex(/^1[3-9]\d{9}$/, "请输入正确的手机号码") })), (c) =>
    ok(c, c.req.valid("json")),
  );
  app.get("/boom", () => {
    throw new Error("secret internals at line 42");
  });
  app.get("/business", () => {
    throw fail("保存失败");
  });
  app.get("/me", requireActor, (c) => ok(c, { userId: c.get("actor")!.userId }));
  return app;
}

describe("envelope and errors", () => {
  it("wraps success in {code:10000,msg,data}", async () => {
    const res = await probeApp().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ phone: "13912345678" }) }, env);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await res.json()).toEqual({ code: CODE.OK, msg: "成功", data: { phone: "13912345678" } });
  });

  it("turns a zod failure into a Chinese message with the field list", async () => {
    const res = await probeApp().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ phone: "123" }) }, env);
    const body = (await res.json()) as { code: number; msg: string; data: { fields: { path: string }[] } };
    expect(body.code).toBe(CODE.VALIDATION);
    expect(body.msg).toBe("请输入正确的手机号码");
    expect(body.data.fields[0].path).toBe("phone");
  });

  it("answers missing fields with zod's Chinese fallback, not English", async () => {
    const res = await probeApp().request("/echo", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }, env);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(CODE.VALIDATION);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("never leaks a stack trace on an unexpected error", async () => {
    const res = await probeApp().request("/boom", {}, env);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret internals");
    expect(JSON.parse(text)).toEqual({ code: CODE.SERVER_ERROR, msg: MSG.serverError, data: null });
  });

  it("keeps HTTP 200 for business failures as the spec's client expects", async () => {
    const res = await probeApp().request("/business", {}, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: CODE.FAIL, msg: "保存失败", data: null });
  });

  it("answers unknown API paths with the envelope", async () => {
    const body = await callJson("/api/no/such/thing", { method: "POST" });
    expect(body.code).toBe(CODE.NOT_FOUND);
    expect(body.msg).toBe(MSG.notFound);
  });
});

describe("sessions and the actor", () => {
  it("rejects a protected call without a token with 401 and the expiry message", async () => {
    const body = (await (await probeApp().request("/me", {}, env)).json()) as { code: number; msg: string };
    expect(body).toMatchObject({ code: 401, msg: "用户信息失效，请重新登录" });
  });

  it("accepts the token from the header and from the cookie", async () => {
    const { user, token } = await makeUser();
    const viaHeader = await (await probeApp().request("/me", { headers: { token } }, env)).json();
    expect(viaHeader).toMatchObject({ code: CODE.OK, data: { userId: user.id } });
    const viaCookie = await (await probeApp().request("/me", { headers: { cookie: `a=b; token=${token}` } }, env)).json();
    expect(viaCookie).toMatchObject({ code: CODE.OK, data: { userId: user.id } });
  });

  it("answers 402 for a revoked session and 11000 for a forged token", async () => {
    const { token, sessionId } = await makeUser();
    await revokeSession({ db: getDb(env.DB), sessionId });
    expect(await (await probeApp().request("/me", { headers: { token } }, env)).json()).toMatchObject({ code: 402 });
    const forged = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await (await probeApp().request("/me", { headers: { token: forged } }, env)).json()).toMatchObject({ code: 11000 });
  });

  it("answers 401 for an expired session row", async () => {
    const { token, sessionId } = await makeUser();
    await getDb(env.DB).update(sessions).set({ expiresAt: Date.now() - 1000 }).where(eq(sessions.id, sessionId));
    expect(await (await probeApp().request("/me", { headers: { token } }, env)).json()).toMatchObject({ code: 401 });
  });
});

describe("assessment cards", () => {
  it("serves the seeded cards to visitors", async () => {
    const body = await callJson<CardView[]>("/api/notLogin/list", { method: "POST" });
    expect(body.code).toBe(CODE.OK);
    const names = body.data.map((c) => c.surveyName);
    expect(names.slice(0, 3)).toEqual(["电机驱动系统", "定型机余热回收", "电费优化"]);
    for (const n of ["能源管理水平", "空压机", "染缸加热", "风机", "水泵"]) expect(names).toContain(n);
    const motor = body.data.find((c) => c.code === "motor")!;
    expect(motor).toMatchObject({ enabled: true, detailPath: "/electricDetail", explain: "/docs/usage-motor.pdf" });
    expect(body.data.filter((c) => !c.enabled).map((c) => c.code)).toEqual(["energy_mgmt", "air_compressor", "dye_vat", "fan", "pump"]);
  });

  it("serves the logged-in list only with a token", async () => {
    expect((await callJson("/api/surveyInfo/type/list", { method: "POST" })).code).toBe(401);
    const { token } = await makeUser();
    const body = await callJson<CardView[]>("/api/surveyInfo/type/list", { method: "POST", token });
    expect(body.code).toBe(CODE.OK);
    expect(body.data).toHaveLength(8);
  });
});

describe("websocket channel", () => {
  it("opens only for the token's own user", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const anonymous = await call(`/websocket/${a.user.id}`, { headers: { Upgrade: "websocket" } });
    expect(anonymous.status).toBe(401);
    const other = await call(`/websocket/${a.user.id}`, { headers: { Upgrade: "websocket" }, token: b.token });
    expect(other.status).toBe(403);
    const own = await call(`/websocket/${a.user.id}`, { headers: { Upgrade: "websocket" }, token: a.token });
    expect(own.status).toBe(101);
    own.webSocket!.accept();
    own.webSocket!.close();
  });

  it("delivers pushed counts as numeric messages after the init text", async () => {
    const { user, token } = await makeUser();
    const res = await call(`/websocket/${user.id}`, { headers: { Upgrade: "websocket" }, token });
    const ws = res.webSocket!;
    const received: string[] = [];
    const arrived = new Promise<void>((resolve) =>
      ws.addEventListener("message", (e) => {
        received.push(String(e.data));
        if (received.length === 2) resolve();
      }),
    );
    ws.accept();
    ws.send("init");
    const { pushMessageCount } = await import("../../workers/services/messaging/channel");
    expect(await pushMessageCount({ env, userId: user.id, delta: 1 })).toBe(1);
    expect(await pushMessageCount({ env, userId: user.id, delta: 3 })).toBe(1);
    await arrived;
    expect(received).toEqual(["1", "3"]);
    ws.close();
  });
});

describe("scheduled handler", () => {
  it("runs the registered jobs: stale sessions are purged", async () => {
    const { sessionId } = await makeUser();
    const db = getDb(env.DB);
    await db.update(sessions).set({ expiresAt: Date.now() - 60_000 }).where(eq(sessions.id, sessionId));
    const live = await makeUser();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await db.query.sessions.findFirst({ where: eq(sessions.id, sessionId) })).toBeUndefined();
    expect(await db.query.sessions.findFirst({ where: eq(sessions.id, live.sessionId) })).toBeDefined();
  });
});
