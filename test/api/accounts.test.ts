// Accounts API in workerd: SMS codes and limits, register, login (password and SMS), logout, sessions, dev outbox.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../workers/lib/db";
import { smsCodes, users } from "../../db/schema";
import { PBKDF2_ITERATIONS } from "../../workers/services/accounts/passwords";
import { loginByPassword, newIp, newPhone, post, registerUser, req, reqJson, smsCode, type LoginData, type OutboxEntry } from "./accounts.helpers";

describe("POST /api/user/sms", () => {
  it("sends a 6-digit code that the dev outbox shows, and stores only its hash", async () => {
    const phone = newPhone();
    const res = await post("/api/user/sms", { phone, type: 1 }, { ip: newIp() });
    expect(res).toEqual({ code: 10000, msg: "发送验证码成功", data: null });
    const outbox = await reqJson<OutboxEntry[]>(`/api/dev/sms-outbox?phone=${phone}`);
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0].code).toMatch(/^\d{6}$/);
    expect(outbox.data[0].content).toContain(outbox.data[0].code);
    const row = await getDb(env.DB).query.smsCodes.findFirst({ where: eq(smsCodes.phone, phone) });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(outbox.data[0].code);
    expect(row!.expiresAt - row!.createdAt).toBe(5 * 60_000);
  });

  it("accepts the spec's form post", async () => {
    const phone = newPhone();
    const res = await req("/api/user/sms", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `phone=${phone}&type=1`,
      ip: newIp(),
    });
    expect(await res.json()).toMatchObject({ code: 10000, msg: "发送验证码成功" });
  });

  it.each([
    [{ phone: "12345678901", type: 1 }, "请输入正确的手机号码"],
    [{ phone: "", type: 1 }, "请输入手机号码"],
    [{ type: 1 }, "请输入手机号码"],
    [{ phone: "13912345678", type: 9 }, "验证码类型有误"],
  ])("rejects %j with %s", async (body, msg) => {
    expect(await post("/api/user/sms", body, { ip: newIp() })).toMatchObject({ code: 10002, msg });
  });

  it("refuses a register code for a registered phone", async () => {
    expect(await post("/api/user/sms", { phone: "13800000001", type: 1 }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "该手机号已注册，请直接登录" });
  });

  it("refuses login and reset codes for a phone without an account, saying so (issue 14: no 发送验证码成功 then 验证码错误)", async () => {
    const phone = newPhone();
    const refused = { code: 10001, msg: "该手机号未注册，请先注册", data: { registered: false } };
    expect(await post("/api/user/sms", { phone, type: 2 }, { ip: newIp() })).toEqual(refused);
    expect(await post("/api/user/sms", { phone, type: 3 }, { ip: newIp() })).toEqual(refused);
    // Nothing is sent, and nothing counts against the phone's send limit.
    expect((await reqJson<OutboxEntry[]>(`/api/dev/sms-outbox?phone=${phone}`)).data).toHaveLength(0);
    expect(await getDb(env.DB).query.smsCodes.findFirst({ where: eq(smsCodes.phone, phone) })).toBeUndefined();
    // Trying to log in with any code says the same, not 验证码错误.
    expect(await post("/api/user/login", { type: 2, phone, authCode: "000000" }, { ip: newIp() })).toEqual(refused);
    // The same phone registers (its register code is sent), then the login code goes out and logs in.
    const u = await registerUser({ phone });
    const code = await smsCode(phone, 2);
    expect(await post<LoginData>("/api/user/login", { type: 2, phone, authCode: code }, { ip: newIp() })).toMatchObject({ code: 10000, data: { userId: u.userId } });
  });

  it("counts lookups of phones without an account against the IP, like failed logins", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await post("/api/user/login", { type: 2, phone: newPhone(), authCode: "000000" }, { ip })).msg).toBe("该手机号未注册，请先注册");
    for (let i = 0; i < 10; i++) expect((await post("/api/user/sms", { phone: newPhone(), type: 2 }, { ip })).msg).toBe("该手机号未注册，请先注册");
    expect(await post("/api/user/sms", { phone: newPhone(), type: 3 }, { ip })).toMatchObject({ code: 10029, msg: "当前网络登录失败次数过多，请15分钟后再试" });
    expect(await post("/api/user/login", { type: 2, phone: newPhone(), authCode: "000000" }, { ip })).toMatchObject({ code: 10029 });
  });

  it("registers a user name with digits (issue 14), not one of digits only", async () => {
    const u = await registerUser({ userName: `zhang3${Math.floor(Math.random() * 1e4)}` });
    expect((await loginByPassword(u.userName, u.password)).code).toBe(10000);
  });

  it("limits sends per phone: 1 per minute, 5 per hour, 10 per day", async () => {
    const phone = newPhone();
    const db = getDb(env.DB);
    expect((await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).code).toBe(10000);
    expect(await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).toMatchObject({ code: 10029, msg: "验证码发送过于频繁，请60秒后再试" });
    // Age the rows past the minute: four more fit in the hour, the sixth does not.
    const age = async (ms: number) => {
      for (const r of await db.query.smsCodes.findMany({ where: eq(smsCodes.phone, phone) })) {
        await db.update(smsCodes).set({ createdAt: r.createdAt - ms }).where(eq(smsCodes.id, r.id));
      }
    };
    for (let i = 0; i < 4; i++) {
      await age(61_000);
      expect((await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).code).toBe(10000);
    }
    await age(61_000);
    expect(await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).toMatchObject({ code: 10029, msg: "该手机号1小时内获取验证码次数已达上限，请稍后再试" });
    // An hour later five more fit in the day; the eleventh does not.
    await age(3_600_000);
    for (let i = 0; i < 5; i++) {
      expect((await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).code).toBe(10000);
      await age(61_000);
    }
    await age(3_600_000);
    expect(await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() })).toMatchObject({ code: 10029, msg: "该手机号今日获取验证码次数已达上限，请明天再试" });
  });

  it("limits sends per IP", async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await post("/api/user/sms", { phone: newPhone(), type: 4 }, { ip })).code).toBe(10000);
    expect(await post("/api/user/sms", { phone: newPhone(), type: 4 }, { ip })).toMatchObject({ code: 10029, msg: "当前网络获取验证码过于频繁，请稍后再试" });
  });
});

describe("POST /api/user/register", () => {
  it("registers with a valid code and stores a PBKDF2 hash with 100,000 iterations", async () => {
    const phone = newPhone();
    const authCode = await smsCode(phone, 1);
    const res = await post<{ userId: number }>("/api/user/register", { phone, authCode, userName: "注册用户abc", password: "abc12345" }, { ip: newIp() });
    expect(res).toMatchObject({ code: 10000, msg: "注册成功，请重新登录" });
    const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.id, res.data.userId) });
    expect(row).toMatchObject({ userName: "注册用户abc", phone, passwordIterations: PBKDF2_ITERATIONS });
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(row!.passwordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.passwordSalt).toMatch(/^[0-9a-f]{32}$/);
    expect(row!.passwordHash).not.toContain("abc12345");
    // The code is single use.
    expect(await post("/api/user/register", { phone, authCode, userName: "另一个", password: "abc12345" }, { ip: newIp() })).toMatchObject({ code: 10001 });
  });

  it.each([
    [{ userName: "" }, "请输入用户名"],
    [{ userName: "user-1" }, "请输入正确的用户名格式"],
    [{ userName: "13912345678" }, "用户名不能为纯数字"],
    [{ userName: "abcdefghijklmno" }, "用户名最多14个字符"],
    [{ password: "" }, "请输入密码"],
    [{ password: "abc123" }, "密码长度为8-14位"],
    [{ password: "abc123456789012" }, "密码长度为8-14位"],
    [{ password: "abcdefghij" }, "密码需包含数字、字母、符号中的至少两种"],
    [{ password: "abc 12345" }, "密码不能包含空格"],
    [{ password: "abc12345中" }, "密码不能包含中文"],
    [{ phone: "1381234" }, "请输入正确的手机号码"],
    [{ authCode: "12345" }, "请输入正确的验证码"],
    [{ authCode: "" }, "请输入验证码"],
  ])("rejects %j with %s", async (override, msg) => {
    const body = { phone: newPhone(), authCode: "123456", userName: "zhangsanfeng", password: "abc12345", ...override };
    expect(await post("/api/user/register", body, { ip: newIp() })).toMatchObject({ code: 10002, msg });
  });

  it("rejects a wrong code, a taken username and a taken phone", async () => {
    const phone = newPhone();
    await smsCode(phone, 1);
    expect(await post("/api/user/register", { phone, authCode: "000000", userName: "wrongcode", password: "abc12345" }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "验证码错误" });
    expect(await post("/api/user/register", { phone, authCode: "000000", userName: "demo", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "用户名已存在" });
    expect(await post("/api/user/register", { phone, authCode: "000000", userName: "DEMO", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "用户名已存在" });
    expect(await post("/api/user/register", { phone: "13800000002", authCode: "000000", userName: "freshname", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "该手机号已注册，请直接登录" });
  });

  it("locks a code after 5 wrong tries", async () => {
    const phone = newPhone();
    const good = await smsCode(phone, 1);
    const wrong = good === "111111" ? "222222" : "111111";
    for (let i = 0; i < 4; i++) {
      expect(await post("/api/user/register", { phone, authCode: wrong, userName: "locktest", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "验证码错误" });
    }
    expect(await post("/api/user/register", { phone, authCode: wrong, userName: "locktest", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "验证码错误次数过多，请重新获取" });
    expect(await post("/api/user/register", { phone, authCode: good, userName: "locktest", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "验证码错误次数过多，请重新获取" });
  });

  it("rejects an expired code", async () => {
    const phone = newPhone();
    const code = await smsCode(phone, 1);
    await getDb(env.DB).update(smsCodes).set({ expiresAt: Date.now() - 1 }).where(eq(smsCodes.phone, phone));
    expect(await post("/api/user/register", { phone, authCode: code, userName: "expired", password: "abc12345" }, { ip: newIp() })).toMatchObject({ msg: "验证码已过期，请重新获取" });
  });
});

describe("POST /api/user/login", () => {
  it("logs in by password: login response, HttpOnly cookie for 1 day", async () => {
    const res = await req("/api/user/login", { method: "POST", json: { type: 1, userName: "demo", password: "Demo1234" }, ip: newIp() });
    const body = (await res.json()) as { code: number; msg: string; data: LoginData };
    expect(body).toMatchObject({ code: 10000, msg: "登录成功", data: { userId: 1, userName: "demo", name: "演示用户", userPhone: "13800000001", photo: null } });
    expect(Object.keys(body.data).sort()).toEqual(["name", "photo", "token", "userId", "userName", "userPhone"]);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain(`token=${encodeURIComponent(body.data.token)}`);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // localhost
    expect((await post("/api/user/user-info", {}, { token: body.data.token })).data).toMatchObject({ id: 1 });
  });

  it("accepts the phone as the username, trims input and strips password whitespace", async () => {
    expect(await loginByPassword(" 13800000002 ", " Energy 2024 ")).toMatchObject({ code: 10000, data: { userId: 2 } });
  });

  it("logs in by SMS code (single use)", async () => {
    const u = await registerUser();
    const code = await smsCode(u.phone, 2);
    const res = await post<LoginData>("/api/user/login", { type: "2", phone: u.phone, authCode: code }, { ip: newIp() });
    expect(res).toMatchObject({ code: 10000, msg: "登录成功", data: { userId: u.userId, userPhone: u.phone } });
    expect((await post("/api/user/login", { type: 2, phone: u.phone, authCode: code }, { ip: newIp() })).code).toBe(10001);
  });

  it.each([
    [{ type: 1, userName: "", password: "x" }, "请输入用户名"],
    [{ type: 1, userName: "demo", password: "" }, "请输入正确的密码"],
    [{ type: 1, userName: "demo", password: "   " }, "请输入正确的密码"],
    [{ type: 2, phone: "1380000000", authCode: "123456" }, "请输入正确的手机号码"],
    [{ type: 2, phone: "13800000001", authCode: "12a456" }, "请输入正确的验证码"],
    [{ type: 3, phone: "13800000001" }, "登录方式有误"],
  ])("rejects %j with %s", async (body, msg) => {
    expect(await post("/api/user/login", body, { ip: newIp() })).toMatchObject({ code: 10002, msg });
  });

  it("answers wrong passwords and unknown users alike", async () => {
    expect(await loginByPassword("demo", "Wrong1234")).toMatchObject({ code: 10001, msg: "用户名或密码错误" });
    expect(await loginByPassword("nosuchuser", "Wrong1234")).toMatchObject({ code: 10001, msg: "用户名或密码错误" });
  });

  it("locks an account after 5 failures in 15 minutes, from any IP", async () => {
    const u = await registerUser();
    for (let i = 0; i < 5; i++) expect((await loginByPassword(u.userName, "Wrong1234")).msg).toBe("用户名或密码错误");
    const locked = await loginByPassword(u.userName, u.password);
    expect(locked).toMatchObject({ code: 10029, msg: "登录失败次数过多，账号已临时锁定，请15分钟后再试" });
  });

  it("counts failures per user whichever name is typed: user name, its other case or the phone", async () => {
    const u = await registerUser();
    for (const typed of [u.userName, u.phone, u.userName.toUpperCase(), u.phone, u.userName]) {
      expect((await loginByPassword(typed, "Wrong1234")).msg).toBe("用户名或密码错误");
    }
    expect(await loginByPassword(u.phone, u.password)).toMatchObject({ code: 10029, msg: "登录失败次数过多，账号已临时锁定，请15分钟后再试" });
    expect(await loginByPassword(u.userName, u.password)).toMatchObject({ code: 10029 });
  });

  it("limits failures per IP across accounts", async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) await loginByPassword(`nobody${i}x`, "Wrong1234", ip);
    expect(await loginByPassword("demo", "Demo1234", ip)).toMatchObject({ code: 10029, msg: "当前网络登录失败次数过多，请15分钟后再试" });
    expect((await loginByPassword("demo", "Demo1234")).code).toBe(10000);
  });

  it("clears the account's failures after a successful login", async () => {
    const u = await registerUser();
    for (let i = 0; i < 4; i++) await loginByPassword(u.userName, "Wrong1234");
    expect((await loginByPassword(u.userName, u.password)).code).toBe(10000);
    for (let i = 0; i < 4; i++) await loginByPassword(u.userName, "Wrong1234");
    expect((await loginByPassword(u.userName, u.password)).code).toBe(10000);
  });
});

describe("POST /api/user/logout and sessions", () => {
  it("revokes the session and clears the cookie; the old token answers 402", async () => {
    const u = await registerUser();
    const { data } = await loginByPassword(u.userName, u.password);
    const other = (await loginByPassword(u.userName, u.password)).data;
    const res = await req("/api/user/logout", { method: "POST", token: data.token });
    expect(await res.json()).toEqual({ code: 10000, msg: "退出成功", data: null });
    expect(res.headers.get("set-cookie")).toMatch(/token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/);
    expect(await post("/api/user/user-info", {}, { token: data.token })).toMatchObject({ code: 402, msg: "用户信息失效，请重新登录" });
    // Logging out one device leaves the others signed in.
    expect((await post("/api/user/user-info", {}, { token: other.token })).code).toBe(10000);
  });

  it("needs a token", async () => {
    expect(await post("/api/user/logout", {})).toMatchObject({ code: 401, msg: "用户信息失效，请重新登录" });
  });
});

describe("seeds", () => {
  it("are idempotent: reseeding keeps one row per demo user and their documented passwords", async () => {
    const { seedDatabase } = await import("../../db/seed/apply");
    await seedDatabase(env.DB);
    await seedDatabase(env.DB);
    const rows = await env.DB.prepare("SELECT id, user_name FROM users WHERE id <= 3 ORDER BY id").all<{ id: number; user_name: string }>();
    expect(rows.results.map((r) => r.user_name)).toEqual(["demo", "zhangsan", "lisi"]);
    expect((await loginByPassword("lisi", "Lisi@2024")).code).toBe(10000);
    const clients = await env.DB.prepare("SELECT COUNT(*) AS n FROM oauth_clients WHERE client_id = 'wenku'").first<{ n: number }>();
    expect(clients!.n).toBe(1);
  });
});

describe("GET /api/dev/sms-outbox", () => {
  it("lists recent messages, newest first, optionally for one phone", async () => {
    const phone = newPhone();
    await smsCode(phone, 4);
    const all = await reqJson<OutboxEntry[]>("/api/dev/sms-outbox");
    expect(all.data.length).toBeGreaterThan(0);
    const mine = await reqJson<OutboxEntry[]>(`/api/dev/sms-outbox?phone=${phone}`);
    expect(mine.data.map((e) => e.phone)).toEqual([phone]);
  });

  it("does not exist outside local mode", async () => {
    const { api } = await import("../../workers/api/app");
    const res = await api.request("/api/dev/sms-outbox", {}, { ...env, APP_ENV: "production" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 10004 });
  });
});
