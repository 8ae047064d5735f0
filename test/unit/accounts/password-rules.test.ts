import { describe, expect, it } from "vitest";
import {
  newPasswordSchema,
  passwordChecklist,
  phoneSchema,
  registerFormSchema,
  phoneChangePasswordSchema,
  updatePasswordSchema,
  registerSchema,
  smsCodeSchema,
  nicknameSchema,
  userNameSchema,
  updatePasswordFormSchema,
  maskPhone,
  loginPasswordSchema,
} from "../../../workers/contract/accounts";

const msg = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0].message ?? null;

describe("new password (register, change): 8–14, two kinds, no spaces, no Chinese", () => {
  it.each(["abc12345", "abc!@#$%", "12345678!", "Aa1!Aa1!Aa1!Aa", "ABCDEFG1"])("accepts %s", (pw) => {
    expect(msg(newPasswordSchema, pw)).toBeNull();
  });

  it.each([
    ["", "请输入密码"],
    ["abc1234", "密码长度为8-14位"],
    ["abc123456789012", "密码长度为8-14位"],
    ["abcdefgh", "密码需包含数字、字母、符号中的至少两种"],
    ["12345678", "密码需包含数字、字母、符号中的至少两种"],
    ["!@#$%^&*", "密码需包含数字、字母、符号中的至少两种"],
    ["abc 12345", "密码不能包含空格"],
    ["abc1234中文", "密码不能包含中文"],
    [undefined, "请输入密码"],
  ])("rejects %j with %s", (pw, expected) => {
    expect(msg(newPasswordSchema, pw)).toBe(expected);
  });

  it("drives the live checklist line by line", () => {
    expect(passwordChecklist("").map((c) => c.ok)).toEqual([false, false, true, true]);
    expect(passwordChecklist("abc").map((c) => c.ok)).toEqual([false, false, true, true]);
    expect(passwordChecklist("abc12345").every((c) => c.ok)).toBe(true);
    expect(passwordChecklist("abc 1234").find((c) => c.key === "noSpace")!.ok).toBe(false);
    expect(passwordChecklist("密码abc12345").find((c) => c.key === "noChinese")!.ok).toBe(false);
    expect(passwordChecklist("abc12345").map((c) => c.label)).toEqual(["长度为8-14位", "包含数字、字母、符号中的至少两种", "不能包含空格", "不能包含中文"]);
  });

  it("checks the repeat", () => {
    expect(msg(updatePasswordFormSchema, { password: "abc12345", checkPass: "abc12346" })).toBe("两次输入的密码不一致");
    expect(msg(updatePasswordFormSchema, { password: "abc12345", checkPass: "abc12345" })).toBeNull();
  });
});

describe("one password policy for register, change and reset (issue 14)", () => {
  const reset = (password: string) => ({ id: 1, password, checkPass: password, phone: "13912345678", authCode: "123456" });
  const change = (password: string) => ({ password, authCode: "123456" });
  const register = (password: string) => ({ userName: "zhangsan", password, phone: "13912345678", authCode: "123456" });
  it.each([
    ["abc123", "密码长度为8-14位"],
    ["a1b2c3d4e5f6g7h", "密码长度为8-14位"],
    // Issue 26 item 8: a pasted 17-character password is refused, never cut to 14 (the inputs have no maxLength).
    ["Start#2024Start#2", "密码长度为8-14位"],
    ["abcdefgh", "密码需包含数字、字母、符号中的至少两种"],
    ["abc 12345", "密码不能包含空格"],
    ["abc12345", null],
  ])("%j → %s in every payload", (pw, expected) => {
    expect(msg(phoneChangePasswordSchema, reset(pw))).toBe(expected);
    expect(msg(updatePasswordSchema, change(pw))).toBe(expected);
    expect(msg(registerSchema, register(pw))).toBe(expected);
    expect(msg(newPasswordSchema, pw)).toBe(expected);
  });
});

describe("login accepts exactly what could be set (issue 26 item 8)", () => {
  it.each(["abc12345", "Aa1!Aa1!Aa1!Aa", "~!@#$%^&*()_+1", "Start#2024"])("a valid new password %j logs in unchanged", (pw) => {
    expect(newPasswordSchema.safeParse(pw).success).toBe(true);
    const login = loginPasswordSchema.safeParse(pw);
    expect(login.success).toBe(true);
    expect(login.data).toBe(pw);
  });

  it("a password longer than any that could be set is not silently cut at login either", () => {
    // 17 characters could never have been set; login passes them through whole (the hash then fails), never a prefix.
    const login = loginPasswordSchema.safeParse("Start#2024Start#2");
    expect(login.data).toBe("Start#2024Start#2");
  });
});

describe("other fields", () => {
  it.each([
    ["13912345678", null],
    ["19912345678", null],
    ["12912345678", "请输入正确的手机号码"],
    ["1391234567", "请输入正确的手机号码"],
    ["", "请输入手机号码"],
  ])("phone %j → %s", (v, expected) => expect(msg(phoneSchema, v)).toBe(expected));

  it.each([
    ["123456", null],
    ["12345", "请输入正确的验证码"],
    ["12345a", "请输入正确的验证码"],
    ["", "请输入验证码"],
  ])("code %j → %s", (v, expected) => expect(msg(smsCodeSchema, v)).toBe(expected));

  it.each([
    ["张三", null],
    ["zhangsan", null],
    ["张san", null],
    ["", "请输入用户名"],
    ["user1", null],
    ["a_b", null],
    ["张三2024", null],
    ["13912345678", "用户名不能为纯数字"],
    ["a-b", "请输入正确的用户名格式"],
    ["a b", "请输入正确的用户名格式"],
    ["abcdefghijklmno", "用户名最多14个字符"],
  ])("username %j → %s", (v, expected) => expect(msg(userNameSchema, v)).toBe(expected));

  it.each([
    ["小明123", null],
    ["", "请输入昵称"],
    ["a\\b", "不支持特殊字符"],
    ["a/b", "不支持特殊字符"],
    ["小明!", "不支持特殊字符"],
    ["a".repeat(51), "昵称最多50个字符"],
  ])("nickname %j → %s", (v, expected) => expect(msg(nicknameSchema, v)).toBe(expected));

  it("login password strips whitespace", () => {
    expect(loginPasswordSchema.parse(" ab c1 ")).toBe("abc1");
    expect(msg(loginPasswordSchema, "  ")).toBe("请输入正确的密码");
  });

  it("register form needs the agreement tick", () => {
    const base = { userName: "zhangsan", password: "abc12345", phone: "13912345678", authCode: "123456" };
    expect(msg(registerFormSchema, { ...base, agreement: false })).toBe("请先阅读并同意《用户服务协议》和《隐私协议》");
    expect(msg(registerFormSchema, { ...base, agreement: true })).toBeNull();
  });

  it("masks phones", () => {
    expect(maskPhone("13912345678")).toBe("139****5678");
    expect(maskPhone(null)).toBe("");
  });
});
