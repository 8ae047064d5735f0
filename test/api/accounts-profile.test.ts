// Accounts API in workerd: user info, basic info update, authentication info, option lists, avatars, ownership.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../workers/lib/db";
import { users } from "../../db/schema";
import { makeUser } from "../support/api";
import { post, req, reqJson } from "./accounts.helpers";
import type { DictOption, IndustryOption, UserInfoView } from "../../workers/contract/accounts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

function upload(token: string, bytes: Uint8Array<ArrayBuffer>, name: string, type: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return reqJson<{ filePath: string; url: string }>("/api/user/save-image", { method: "POST", body: form, token });
}

describe("POST /api/user/user-info", () => {
  it("returns the caller's profile with the extended fields", async () => {
    const { user, token } = await makeUser({ company: "测试公司", industryType: "1,2" });
    const res = await post<UserInfoView>("/api/user/user-info", { userId: user.id }, { token });
    expect(res).toMatchObject({ code: 10000, data: { id: user.id, userName: user.userName, phone: user.phone, company: "测试公司", industryTypeStr: "钢铁,纺织", isAdmin: false, hasPassword: false, domains: [] } });
    expect(res.data).not.toHaveProperty("passwordHash");
    expect(res.data).not.toHaveProperty("passwordSalt");
  });

  it("refuses to show another user's profile and needs a token", async () => {
    const a = await makeUser();
    const b = await makeUser();
    expect(await post("/api/user/user-info", { userId: b.user.id }, { token: a.token })).toMatchObject({ code: 10003, msg: "无权访问该内容" });
    expect(await post("/api/user/user-info", {})).toMatchObject({ code: 401 });
  });
});

describe("POST /api/user/user-info/update", () => {
  it("saves nickname, sex, email and the personal-centre fields", async () => {
    const { user, token } = await makeUser();
    const res = await post<UserInfoView>(
      "/api/user/user-info/update",
      { id: user.id, name: "新昵称abc", sex: 2, email: "a.b@example.com", phone: user.phone, workYear: "3", domains: [1, 2], locations: "5,6" },
      { token },
    );
    expect(res).toMatchObject({ code: 10000, msg: "保存成功", data: { name: "新昵称abc", sex: 2, email: "a.b@example.com", workYear: "3", domains: [1, 2], locations: [5, 6] } });
  });

  it.each([
    [{ name: "" }, "请输入昵称"],
    [{ name: "a".repeat(51) }, "昵称最多50个字符"],
    [{ name: "昵称!" }, "不支持特殊字符"],
    [{ name: "a/b" }, "不支持特殊字符"],
    [{ email: "not-an-email" }, "请输入正确的邮箱地址"],
    [{ sex: 3 }, "请选择正确的性别"],
    [{ userName: "bad-name" }, "请输入正确的用户名格式"],
    [{ userName: "20241125" }, "用户名不能为纯数字"],
    [{ workYear: "x" }, "请选择正确的工作年限"],
  ])("rejects %j with %s", async (body, msg) => {
    const { token } = await makeUser();
    expect(await post("/api/user/user-info/update", body, { token })).toMatchObject({ code: 10002, msg });
  });

  it("keeps the phone read-only and refuses unknown dictionary keys", async () => {
    const { token } = await makeUser();
    expect(await post("/api/user/user-info/update", { phone: "13999999999" }, { token })).toMatchObject({ code: 10001, msg: "手机号请在账号绑定中更换" });
    expect(await post("/api/user/user-info/update", { workYear: "99" }, { token })).toMatchObject({ code: 10002, msg: "请选择正确的工作年限" });
  });

  it("allows one username change per half year", async () => {
    const { user, token } = await makeUser();
    expect(await post("/api/user/user-info/update", { userName: "newname" + user.id.toString(36).replace(/\d/g, "x") }, { token })).toMatchObject({ code: 10000 });
    expect(await post("/api/user/user-info/update", { userName: "againname" }, { token })).toMatchObject({ code: 10001, msg: "用户名半年内只能修改一次" });
    const sevenMonthsAgo = Date.now() - 7 * 31 * 86_400_000;
    await getDb(env.DB).update(users).set({ usernameChangedAt: sevenMonthsAgo }).where(eq(users.id, user.id));
    expect(await post("/api/user/user-info/update", { userName: "againname" }, { token })).toMatchObject({ code: 10000, data: { userName: "againname" } });
  });

  it("refuses a username that is taken", async () => {
    const { token } = await makeUser();
    expect(await post("/api/user/user-info/update", { userName: "demo" }, { token })).toMatchObject({ code: 10001, msg: "用户名已存在" });
  });

  it("changes only the caller's own account", async () => {
    const a = await makeUser();
    const b = await makeUser();
    expect(await post("/api/user/user-info/update", { id: b.user.id, name: "入侵者" }, { token: a.token })).toMatchObject({ code: 10003 });
    const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.id, b.user.id) });
    expect(row!.name).toBe(b.user.name);
  });
});

describe("authentication info", () => {
  it("saves the company section with industries from the list", async () => {
    const { token } = await makeUser();
    const res = await post<UserInfoView>("/api/user/auth-info/company", { company: "节能科技有限公司", industryType: [1, 3] }, { token });
    expect(res).toMatchObject({ code: 10000, msg: "保存成功", data: { company: "节能科技有限公司", industryType: "1,3", industryTypeStr: "钢铁,印染" } });
    expect(await post("/api/user/auth-info/company", { company: "", industryType: [1] }, { token })).toMatchObject({ code: 10002, msg: "请输入公司全称" });
    expect(await post("/api/user/auth-info/company", { company: "公司<script>", industryType: [1] }, { token })).toMatchObject({ code: 10002, msg: "不支持特殊字符" });
    expect(await post("/api/user/auth-info/company", { company: "公司", industryType: [] }, { token })).toMatchObject({ code: 10002, msg: "请选择正确的行业类别" });
    expect(await post("/api/user/auth-info/company", { company: "公司", industryType: [9999] }, { token })).toMatchObject({ code: 10002, msg: "请选择正确的行业类别" });
  });

  it("saves the personal section with a checksummed ID number", async () => {
    const { token } = await makeUser();
    const res = await post<UserInfoView>(
      "/api/user/auth-info/personal",
      { realName: "王小明", profession: "热能工程", identityNumber: "11010519491231002x", graduatedSchool: "清华大学", highestEducation: "5", professionalTitle: "高级工程师", positional: "能源主管", workExperience: "十年节能改造经验。" },
      { token },
    );
    expect(res).toMatchObject({ code: 10000, data: { realName: "王小明", identityNumber: "11010519491231002X", highestEducation: "5", positional: "能源主管" } });
    expect(await post("/api/user/auth-info/personal", { identityNumber: "110105194912310021" }, { token })).toMatchObject({ code: 10002, msg: "请输入正确的身份证号码" });
    expect(await post("/api/user/auth-info/personal", { profession: "热能/动力" }, { token })).toMatchObject({ code: 10002, msg: "不支持特殊字符" });
    expect(await post("/api/user/auth-info/personal", { highestEducation: "9" }, { token })).toMatchObject({ code: 10002, msg: "请选择正确的最高学历" });
  });

  it("saves the energy-experience section", async () => {
    const { token } = await makeUser();
    const res = await post<UserInfoView>("/api/user/auth-info/energy", { managementDirection: ["1", "4", "26"], workYear: "6", trainExperience: "能源审计师培训", honoraryTitle: "优秀节能工作者" }, { token });
    expect(res).toMatchObject({ code: 10000, data: { managementDirection: "1,4,26", workYear: "6", trainExperience: "能源审计师培训" } });
    expect(await post("/api/user/auth-info/energy", { managementDirection: ["27"] }, { token })).toMatchObject({ code: 10002, msg: "请选择正确的擅长方向" });
  });

  it("needs a token for every section", async () => {
    for (const s of ["company", "personal", "energy"]) expect((await post(`/api/user/auth-info/${s}`, {})).code).toBe(401);
  });
});

describe("option lists", () => {
  it("serves the industry list", async () => {
    const res = await reqJson<IndustryOption[]>("/common/industry/type/queryList?t=123");
    expect(res.code).toBe(10000);
    expect(res.data[0]).toEqual({ industryTypeId: 1, industryTypeValue: "钢铁" });
    expect(res.data.map((i) => i.industryTypeValue)).toEqual(expect.arrayContaining(["纺织", "印染", "化工", "造纸", "电力"]));
  });

  it("serves education, work years and the 26 management directions", async () => {
    const edu = await reqJson<DictOption[]>("/common/dict/education");
    expect(edu.data).toEqual(["小学", "初中", "高中", "大专", "本科", "研究生"].map((value, i) => ({ key: String(i + 1), value })));
    const years = await reqJson<DictOption[]>("/common/dict/workYear");
    expect(years.data.map((d) => d.value)).toEqual(["一年", "两年", "三年", "三到五年", "五到十年", "十年以上"]);
    const dirs = await reqJson<DictOption[]>("/common/dict/managementDirection");
    expect(dirs.data).toHaveLength(26);
    expect(dirs.data[0]).toEqual({ key: "1", value: "电机" });
    expect(dirs.data[25]).toEqual({ key: "26", value: "其他" });
    expect((await reqJson("/common/dict/nope")).code).toBe(10004);
  });
});

describe("avatars", () => {
  it("uploads a PNG to R2 under an unguessable key, serves it, and lets the owner use it", async () => {
    const { user, token } = await makeUser();
    const res = await upload(token, PNG, "me.png", "image/png", { publisherId: String(user.id) });
    expect(res).toMatchObject({ code: 10000, msg: "上传成功" });
    expect(res.data.filePath).toMatch(/^\/files\/avatar\/[0-9a-f]{40}\.png$/);
    const file = await req(res.data.filePath);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect(await post("/api/user/user-info/update", { filePath: res.data.filePath }, { token })).toMatchObject({ code: 10000, data: { filePath: res.data.filePath } });
  });

  it("accepts a JPEG by content even with a misleading name", async () => {
    const { token } = await makeUser();
    const res = await upload(token, JPG, "photo.gif", "image/gif");
    expect(res.data.filePath).toMatch(/\.jpg$/);
  });

  it("rejects non-images by content, even named .png", async () => {
    const { token } = await makeUser();
    const gif = new TextEncoder().encode("GIF89a......");
    expect(await upload(token, gif, "a.png", "image/png")).toMatchObject({ code: 10001, msg: "只能上传JPG、PNG格式的图片" });
    const html = new TextEncoder().encode("<html><script>alert(1)</script>");
    expect(await upload(token, html, "a.jpg", "image/jpeg")).toMatchObject({ code: 10001, msg: "只能上传JPG、PNG格式的图片" });
  });

  it("rejects files over 10 MB", async () => {
    const { token } = await makeUser();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await upload(token, big, "big.png", "image/png")).toMatchObject({ code: 10001, msg: "文件大小不能超过10Mb" });
  });

  it("needs a token, a file, and the caller as publisher", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const form = new FormData();
    form.set("file", new File([PNG], "a.png"));
    expect((await reqJson("/api/user/save-image", { method: "POST", body: form })).code).toBe(401);
    expect(await reqJson("/api/user/save-image", { method: "POST", body: new FormData(), token: a.token })).toMatchObject({ msg: "请选择要上传的图片" });
    expect((await upload(a.token, PNG, "a.png", "image/png", { publisherId: String(b.user.id) })).code).toBe(10003);
  });

  it("refuses to point a profile at someone else's avatar or an outside URL", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const theirs = (await upload(b.token, PNG, "b.png", "image/png")).data.filePath;
    expect(await post("/api/user/user-info/update", { filePath: theirs }, { token: a.token })).toMatchObject({ code: 10001, msg: "头像地址无效，请重新上传" });
    expect(await post("/api/user/user-info/update", { filePath: "https://evil.example/x.png" }, { token: a.token })).toMatchObject({ msg: "头像地址无效，请重新上传" });
    expect(await post("/api/user/user-info/update", { userPhoto: theirs }, { token: a.token })).toMatchObject({ msg: "头像地址无效，请重新上传" });
  });

  it("answers 404 for unknown or malformed keys", async () => {
    expect((await req("/files/avatar/0000000000000000000000000000000000000000.png")).status).toBe(404);
    expect((await req("/files/avatar/..%2Fsecret")).status).toBe(404);
  });
});
