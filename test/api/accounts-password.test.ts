// Accounts API in workerd: change password (revokes sessions), forgot password (2 steps), change phone (3 steps).
import { describe, expect, it } from "vitest";
import { ageSmsRows, loginByPassword, newIp, newPhone, post, registerUser, smsCode, type LoginData } from "./accounts.helpers";

describe("POST /api/user/update-password", () => {
  it("changes the password with a code, revokes every session and clears the cookie", async () => {
    const u = await registerUser();
    const a = (await loginByPassword(u.userName, u.password)).data;
    const b = (await loginByPassword(u.userName, u.password)).data;
    const code = await smsCode(u.phone, 3);
    // Dialog step 1 checks the code without using it up.
    expect(await post("/api/user/sms/check", { phone: u.phone, type: 3, authCode: code }, { token: a.token })).toMatchObject({ code: 10000, msg: "验证成功" });
    const res = await post("/api/user/update-password", { userId: a.userId, password: "newPass99", authCode: code }, { token: a.token });
    expect(res).toEqual({ code: 10000, msg: "修改成功，请重新登录", data: null });
    for (const t of [a.token, b.token]) expect(await post("/api/user/user-info", {}, { token: t })).toMatchObject({ code: 402, msg: "用户信息失效，请重新登录" });
    expect((await loginByPassword(u.userName, u.password)).msg).toBe("用户名或密码错误");
    expect((await loginByPassword(u.userName, "newPass99")).code).toBe(10000);
  });

  it.each([
    [{ password: "short1" }, "密码长度为8-14位"],
    [{ password: "onlyletters" }, "密码需包含数字、字母、符号中的至少两种"],
    [{ authCode: "" }, "请输入验证码"],
    [{ authCode: "abc" }, "请输入正确的验证码"],
  ])("rejects %j with %s", async (override, msg) => {
    const u = await registerUser();
    const { token } = (await loginByPassword(u.userName, u.password)).data;
    expect(await post("/api/user/update-password", { password: "newPass99", authCode: "123456", ...override }, { token })).toMatchObject({ code: 10002, msg });
  });

  it("rejects a wrong code, another user's id and missing tokens", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const { token } = (await loginByPassword(u.userName, u.password)).data;
    await smsCode(u.phone, 3);
    expect(await post("/api/user/update-password", { password: "newPass99", authCode: "000001" }, { token })).toMatchObject({ code: 10001, msg: "验证码错误" });
    expect(await post("/api/user/update-password", { userId: other.userId, password: "newPass99", authCode: "000001" }, { token })).toMatchObject({ code: 10003 });
    expect((await post("/api/user/update-password", { password: "newPass99", authCode: "000001" })).code).toBe(401);
  });

  it("does not accept a code sent to someone else's phone", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const { token } = (await loginByPassword(u.userName, u.password)).data;
    const theirs = await smsCode(other.phone, 3);
    expect(await post("/api/user/update-password", { password: "newPass99", authCode: theirs }, { token })).toMatchObject({ code: 10001 });
  });
});

describe("one password policy (issue 14): register, change and reset refuse a weak password with the same message", () => {
  it.each([
    ["a1b2c3", "密码长度为8-14位"],
    ["abcdefghij", "密码需包含数字、字母、符号中的至少两种"],
    ["12345678", "密码需包含数字、字母、符号中的至少两种"],
    ["abc 12345", "密码不能包含空格"],
  ])("%j → %s everywhere, the message the form shows (same zod schema)", async (password, msg) => {
    const { newPasswordSchema } = await import("../../workers/contract/accounts");
    expect(newPasswordSchema.safeParse(password).error?.issues[0].message).toBe(msg);
    const u = await registerUser();
    const { token } = (await loginByPassword(u.userName, u.password)).data;
    const registerRes = await post("/api/user/register", { phone: newPhone(), authCode: "123456", userName: "policycheck", password }, { ip: newIp() });
    const changeRes = await post("/api/user/update-password", { password, authCode: "123456" }, { token });
    const resetRes = await post("/api/user/phone-change-password", { id: u.userId, password, checkPass: password, phone: u.phone, authCode: "123456" }, { ip: newIp() });
    for (const res of [registerRes, changeRes, resetRes]) expect(res).toMatchObject({ code: 10002, msg });
  });

  it("a reset to a 6-character password, which the old 6–16 rule allowed, is refused", async () => {
    const u = await registerUser();
    const code = await smsCode(u.phone, 3);
    await post("/api/user/phone-forgot-password", { phone: u.phone, authCode: code }, { ip: newIp() });
    expect(await post("/api/user/phone-change-password", { id: u.userId, password: "abc123", checkPass: "abc123", phone: u.phone, authCode: code }, { ip: newIp() })).toMatchObject({ code: 10002, msg: "密码长度为8-14位" });
    expect((await loginByPassword(u.userName, "abc123")).code).toBe(10001);
  });
});

describe("forgot password", () => {
  it("step 1 verifies the phone and returns the id; step 2 resets and revokes sessions", async () => {
    const u = await registerUser();
    const session = (await loginByPassword(u.userName, u.password)).data;
    const code = await smsCode(u.phone, 3);
    const step1 = await post<{ id: number }>("/api/user/phone-forgot-password", { phone: u.phone, authCode: code }, { ip: newIp() });
    expect(step1).toMatchObject({ code: 10000, msg: "验证成功", data: { id: u.userId } });
    const step2 = await post("/api/user/phone-change-password", { id: u.userId, password: "reset123", checkPass: "reset123", phone: u.phone, authCode: code }, { ip: newIp() });
    expect(step2).toEqual({ code: 10000, msg: "修改成功", data: null });
    expect((await post("/api/user/user-info", {}, { token: session.token })).code).toBe(402);
    expect((await loginByPassword(u.userName, "reset123")).code).toBe(10000);
    // The code was consumed by step 2.
    expect((await post("/api/user/phone-change-password", { id: u.userId, password: "again123", checkPass: "again123", phone: u.phone, authCode: code }, { ip: newIp() })).code).toBe(10001);
  });

  it.each([
    [{ password: "" }, "请输入密码"],
    // One policy with register and change (issue 14): 8–14, no longer 6–16.
    [{ password: "a1b2c3", checkPass: "a1b2c3" }, "密码长度为8-14位"],
    [{ password: "a1".repeat(8), checkPass: "a1".repeat(8) }, "密码长度为8-14位"],
    [{ password: "abcdefgh", checkPass: "abcdefgh" }, "密码需包含数字、字母、符号中的至少两种"],
    [{ checkPass: "other123" }, "两次输入的密码不一致"],
    [{ phone: "2" }, "请输入正确的手机号码"],
  ])("step 2 rejects %j with %s", async (override, msg) => {
    const body = { id: 1, password: "reset123", checkPass: "reset123", phone: "13800000001", authCode: "123456", ...override };
    expect(await post("/api/user/phone-change-password", body, { ip: newIp() })).toMatchObject({ code: 10002, msg });
  });

  it("says a phone without an account is not registered, and refuses another account's id", async () => {
    const phone = newPhone();
    expect(await post("/api/user/sms", { phone, type: 3 }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "该手机号未注册，请先注册", data: { registered: false } });
    // Without a code nothing is revealed at step 1.
    expect(await post("/api/user/phone-forgot-password", { phone, authCode: "123456" }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "请先获取验证码" });
    const u = await registerUser();
    const code = await smsCode(u.phone, 3);
    await post("/api/user/phone-forgot-password", { phone: u.phone, authCode: code }, { ip: newIp() });
    expect(await post("/api/user/phone-change-password", { id: 1, password: "reset123", checkPass: "reset123", phone: u.phone, authCode: code }, { ip: newIp() })).toMatchObject({ code: 10001, msg: "验证信息已失效，请重新验证手机号" });
  });

});

describe("change phone (3 steps)", () => {
  async function loggedInUser() {
    const u = await registerUser();
    const login = (await loginByPassword(u.userName, u.password)).data as LoginData;
    return { ...u, token: login.token };
  }

  it("verifies the current phone, then binds the new one", async () => {
    const u = await loggedInUser();
    const oldCode = await smsCode(u.phone, 4);
    expect(await post("/api/user/phone-bind-update-check", { phone: u.phone, authCode: oldCode }, { token: u.token })).toEqual({ code: 10000, msg: "验证成功", data: null });
    const next = newPhone();
    const newCode = await smsCode(next, 4);
    expect(await post("/api/user/phone-bind-update", { phone: next, authCode: newCode }, { token: u.token })).toMatchObject({ code: 10000, msg: "手机号换绑成功", data: { phone: next } });
    expect((await post<{ phone: string }>("/api/user/user-info", {}, { token: u.token })).data.phone).toBe(next);
    expect((await loginByPassword(next, u.password)).code).toBe(10000);
  });

  it("needs step 2 first, refuses a phone bound to another account and the same phone", async () => {
    const u = await loggedInUser();
    const next = newPhone();
    const code = await smsCode(next, 4);
    expect(await post("/api/user/phone-bind-update", { phone: next, authCode: code }, { token: u.token })).toMatchObject({ code: 10001, msg: "请先验证当前手机号" });
    const oldCode = await smsCode(u.phone, 4);
    await post("/api/user/phone-bind-update-check", { phone: u.phone, authCode: oldCode }, { token: u.token });
    expect(await post("/api/user/phone-bind-update", { phone: "13800000001", authCode: "123456" }, { token: u.token })).toMatchObject({ code: 10001, msg: "该手机号已绑定其他账号" });
    expect(await post("/api/user/phone-bind-update", { phone: u.phone, authCode: "123456" }, { token: u.token })).toMatchObject({ code: 10001, msg: "新手机号不能与当前手机号相同" });
  });

  it("step 2 checks the caller's own phone only", async () => {
    const u = await loggedInUser();
    const other = await registerUser();
    const code = await smsCode(other.phone, 4);
    expect(await post("/api/user/phone-bind-update-check", { phone: other.phone, authCode: code }, { token: u.token })).toMatchObject({ code: 10001, msg: "手机号与当前账号不一致" });
    expect(await post("/api/user/phone-bind-update-check", { phone: "1", authCode: code }, { token: u.token })).toMatchObject({ code: 10002, msg: "请输入正确的手机号码" });
    expect(await post("/api/user/phone-bind-update-check", { phone: u.phone, authCode: "" }, { token: u.token })).toMatchObject({ code: 10002, msg: "请输入验证码" });
    expect((await post("/api/user/phone-bind-update-check", { phone: u.phone, authCode: "123456" })).code).toBe(401);
    await ageSmsRows(u.phone, 0);
  });
});
