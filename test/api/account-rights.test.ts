// The user's data rights (issue 17 item 2, docs/account-rights.md): 导出我的数据 (queue-built zip, owner-only
// download that expires and is cleaned up) and 注销账号 (SMS or password, sessions revoked, profile anonymised,
// orders kept, the phone reserved for the stated period).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { call, callJson, makeUser } from "../support/api";
import { newIp, newPhone, post, reqJson, smsCode, ageSmsRows, type OutboxEntry } from "./accounts.helpers";
import { getDb } from "../../workers/lib/db";
import {
  accountDeletions,
  dataExports,
  payOrders,
  qaAnswers,
  qaComments,
  qaFavorites,
  qaFollows,
  qaMessages,
  qaQuestions,
  profileReviewValues,
  reportResults,
  reviewItems,
  sessions,
  surveys,
  userCoupons,
  users,
} from "../../db/schema";
import { readDirectory, inflateEntry } from "../../workers/spreadsheets/zip";
import { runExportJob, purgeExpiredExports } from "../../workers/services/accounts/data-export";
import { finishAccountDeletions } from "../../workers/services/accounts/deletion";
import { hashPassword } from "../../workers/services/accounts/passwords";
import { messagePage } from "../../workers/services/qa-personal/messages";
import {
  DELETED_USER_NAME,
  EXPORT_DAILY_MAX,
  PHONE_REUSE_DAYS,
  RIGHTS_MSG,
  SMS_TYPE_ACCOUNT_DELETE,
  type ExportView,
  type RightsOverview,
} from "../../workers/contract/account-rights";
import type { QuestionDetail } from "../../workers/contract/qa-constants";
import { CODE } from "../../workers/lib/codes";
import { PROFILE_STATUS, REVIEW_STATE, REVIEW_TARGET } from "../../workers/contract/admin-constants";
import { DAY } from "../../workers/lib/time";
import { chinaDate } from "../../workers/lib/china-time";
import { USER_STATUS } from "../../workers/contract/user-status";

const db = () => getDb(env.DB);
const MOTOR = 1;

async function unzip(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const [name, entry] of readDirectory(bytes)) {
    const chunks: Uint8Array[] = [];
    await inflateEntry(bytes, entry, (c) => void chunks.push(c.slice()));
    const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let p = 0;
    for (const c of chunks) {
      all.set(c, p);
      p += c.length;
    }
    out.set(name, all);
  }
  return out;
}
const text = (b: Uint8Array | undefined) => new TextDecoder().decode(b);

let hexSeq = 0;
const fileKey = () => `${(Date.now().toString(16) + (++hexSeq).toString(16).padStart(4, "0")).padStart(32, "a").slice(-32)}.pdf`;

/** A user with content of every kind, plus a second user whose comment sits on the first one's answer. */
async function userWithContent() {
  const owner = await makeUser({ phone: newPhone() });
  const other = await makeUser({ phone: newPhone() });
  const now = Date.now();
  const d = db();
  const [q] = await d.insert(qaQuestions).values({ publisherId: owner.user.id, title: "空压机节能改造怎么做？", description: "三台螺杆机", createdAt: now, updatedAt: now }).returning();
  const [otherQ] = await d.insert(qaQuestions).values({ publisherId: other.user.id, title: "变频器选型", description: "", status: 1, answerCount: 1, createdAt: now, updatedAt: now }).returning();
  const [a] = await d.insert(qaAnswers).values({ questionId: otherQ.id, publisherId: owner.user.id, contentHtml: "<p>我的回答：选矢量型</p>", contentText: "我的回答：选矢量型", createdAt: now, updatedAt: now }).returning();
  await d.insert(qaComments).values({ answerId: a.id, publisherId: owner.user.id, receiverId: owner.user.id, content: "本人补充评论", createdAt: now });
  await d.insert(qaComments).values({ answerId: a.id, publisherId: other.user.id, receiverId: owner.user.id, content: "他人的评论不属于我", createdAt: now });
  await d.insert(qaFavorites).values({ userId: owner.user.id, contentId: a.id, createdAt: now });
  await d.insert(qaFollows).values({ followerId: owner.user.id, followeeId: other.user.id, createdAt: now });
  await d.insert(qaFollows).values({ followerId: other.user.id, followeeId: owner.user.id, createdAt: now });
  // Two surveys with report PDFs: one paid (in the zip), one not (listed, no PDF).
  const [paid] = await d.insert(surveys).values({ userId: owner.user.id, typeId: MOTOR, evaluationTitle: "一号车间", disposeStatus: 1, createdAt: now, updatedAt: now, answersUpdatedAt: now }).returning();
  const [unpaid] = await d.insert(surveys).values({ userId: owner.user.id, typeId: MOTOR, evaluationTitle: "二号车间", disposeStatus: 1, createdAt: now, updatedAt: now, answersUpdatedAt: now }).returning();
  const pdf = new TextEncoder().encode("%PDF-1.7 paid report of owner");
  const keys = { paid: fileKey(), unpaid: fileKey() };
  await env.FILES.put(`reports/${keys.paid}`, pdf);
  await env.FILES.put(`reports/${keys.unpaid}`, new TextEncoder().encode("%PDF-1.7 unpaid"));
  for (const [s, key] of [[paid, keys.paid], [unpaid, keys.unpaid]] as const) {
    await d.insert(reportResults).values({ surveyId: s.id, userId: owner.user.id, card: "motor", figuresJson: "{}", reportNo: `BG-${s.id}`, fileKey: key, fileSize: 30, renderMs: 1, pageCount: 1, generatedAt: now });
  }
  const [order] = await d
    .insert(payOrders)
    .values({ orderSn: `TCC${now}${hexSeq}`, userId: owner.user.id, userName: owner.user.userName, merchantId: 1, productId: MOTOR, subProductId: paid.id, productName: "电机系统节能评估报告", orderAmountFen: 39900, payAmountFen: 19900, platform: "TCC", status: "SUCCESS", payChannel: "alipay", tradeNo: `2026${now}`, createdAt: now, paidAt: now })
    .returning();
  return { owner, other, question: q, answer: a, paid, unpaid, pdf, order };
}

async function runExport(token: string): Promise<ExportView> {
  const res = await callJson<ExportView>("/api/account/export", { token, method: "POST", json: {} });
  expect(res).toMatchObject({ code: CODE.OK, msg: RIGHTS_MSG.exportQueued, data: { status: "queued", downloadUrl: null } });
  // The local queue may deliver the message too; the claim is a compare-and-set, so only one build happens.
  await runExportJob({ env, exportId: res.data.id });
  const list = await callJson<RightsOverview>("/api/account/overview", { token });
  const view = list.data.exports.find((e) => e.id === res.data.id)!;
  expect(view.status).toBe("ready");
  return view;
}

describe("导出我的数据", () => {
  it("needs a session", async () => {
    expect((await callJson("/api/account/export", { method: "POST", json: {} })).code).toBe(CODE.SESSION_EXPIRED);
    expect((await callJson("/api/account/overview")).code).toBe(CODE.SESSION_EXPIRED);
  });

  it("builds the zip by the queue, tells the owner by system message, serves it to the owner only, and expires", async () => {
    const fx = await userWithContent();
    const { owner, other } = fx;
    const view = await runExport(owner.token);
    expect(view.downloadUrl).toBe(`/api/account/export/${view.id}/download`);
    expect(view.expiresAt! - view.readyAt!).toBe(7 * DAY);

    // The system message carries the link (live badge through the UserChannel).
    const messages = await db().select().from(qaMessages).where(eq(qaMessages.receiverId, owner.user.id));
    const system = messages.find((m) => m.kind === "system");
    expect(system?.content).toContain(view.downloadUrl!);
    expect(system?.isRead).toBe(0);

    // Owner: the zip, unzipped and read.
    const res = await call(view.downloadUrl!, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const files = await unzip(new Uint8Array(await res.arrayBuffer()));
    for (const name of ["readme.txt", "profile.json", "questions.json", "answers.json", "comments.json", "favourites.json", "follows.json", "surveys.json", "orders.json"]) {
      expect(files.has(name), name).toBe(true);
    }
    const profile = JSON.parse(text(files.get("profile.json")));
    expect(profile).toMatchObject({ id: owner.user.id, userName: owner.user.userName, phone: owner.user.phone });
    expect(profile.passwordHash).toBeUndefined();
    expect(JSON.parse(text(files.get("questions.json")))).toMatchObject([{ id: fx.question.id, title: "空压机节能改造怎么做？" }]);
    expect(JSON.parse(text(files.get("answers.json")))).toMatchObject([{ id: fx.answer.id, contentText: "我的回答：选矢量型", questionTitle: "变频器选型" }]);
    const comments = text(files.get("comments.json"));
    expect(comments).toContain("本人补充评论");
    // Others' comments on the owner's answer are theirs, not the owner's.
    expect(comments).not.toContain("他人的评论不属于我");
    expect(JSON.parse(text(files.get("favourites.json"))).favourites).toMatchObject([{ answerId: fx.answer.id }]);
    const follows = JSON.parse(text(files.get("follows.json")));
    expect(follows.following).toMatchObject([{ userId: other.user.id }]);
    expect(follows.followerCount).toBe(1);
    expect(JSON.stringify(follows)).not.toContain(other.user.phone!);
    const surveyList = JSON.parse(text(files.get("surveys.json")));
    expect(surveyList.map((s: { title: string }) => s.title)).toEqual(["一号车间", "二号车间"]);
    expect(surveyList[0].workbook).toMatch(/^surveys\/\d+-一号车间\.xlsx$/);
    expect(files.has(surveyList[0].workbook.toLowerCase())).toBe(true);
    expect(JSON.parse(text(files.get("orders.json"))).orders).toMatchObject([{ orderSn: fx.order.orderSn, payAmount: 199, status: "已支付" }]);
    // The paid report's PDF, byte for byte; the unpaid one is left out.
    const pdfs = [...files.keys()].filter((n) => n.startsWith("reports/"));
    expect(pdfs).toEqual([`reports/${fx.paid.id}-一号车间.pdf`]);
    expect(files.get(pdfs[0]!)).toEqual(fx.pdf);
    expect(text(files.get("readme.txt"))).toContain("尚未支付的报告（1 份）不含 PDF");

    // Anyone else, visitors and a made-up id: refused.
    expect((await call(view.downloadUrl!, { token: other.token })).status).toBe(404);
    expect((await call(view.downloadUrl!)).status).toBe(401);
    expect((await call(`/api/account/export/${"0".repeat(36)}/download`, { token: owner.token })).status).toBe(404);

    // After the link's end: refused; the cron removes the zip from R2.
    const row = (await db().select().from(dataExports).where(eq(dataExports.id, view.id)).get())!;
    expect(await env.FILES.head(row.fileKey!)).not.toBeNull();
    await db().update(dataExports).set({ expiresAt: Date.now() - 1 }).where(eq(dataExports.id, view.id));
    expect((await call(view.downloadUrl!, { token: owner.token })).status).toBe(404);
    expect(await purgeExpiredExports({ env, db: db(), now: Date.now() })).toBeGreaterThanOrEqual(1);
    expect(await env.FILES.head(row.fileKey!)).toBeNull();
    const after = await callJson<RightsOverview>("/api/account/overview", { token: owner.token });
    expect(after.data.exports[0]).toMatchObject({ id: view.id, status: "expired", downloadUrl: null });
  });

  it("allows one running export and a few a day", async () => {
    const { token } = await makeUser({ phone: newPhone() });
    const first = await callJson<ExportView>("/api/account/export", { token, method: "POST", json: {} });
    expect(first.code).toBe(CODE.OK);
    expect(await callJson("/api/account/export", { token, method: "POST", json: {} })).toMatchObject({ code: CODE.FAIL, msg: RIGHTS_MSG.exportRunning });
    await runExportJob({ env, exportId: first.data.id });
    for (let i = 1; i < EXPORT_DAILY_MAX; i++) {
      const next = await callJson<ExportView>("/api/account/export", { token, method: "POST", json: {} });
      expect(next.code).toBe(CODE.OK);
      await runExportJob({ env, exportId: next.data.id });
    }
    expect(await callJson("/api/account/export", { token, method: "POST", json: {} })).toMatchObject({ code: CODE.RATE_LIMITED, msg: RIGHTS_MSG.exportDailyLimit });
  });
});

/** A registered-like user: phone, password, two sessions (two devices). */
async function deletableUser(opts: { phone?: boolean } = {}) {
  const pw = await hashPassword("Delete1234");
  const a = await makeUser({ phone: opts.phone === false ? null : newPhone(), passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations });
  const { createSession } = await import("../../workers/services/accounts/sessions");
  const device2 = await createSession({ db: db(), secret: env.JWT_SECRET, userId: a.user.id });
  return { ...a, token2: device2.token, password: "Delete1234" };
}

async function deletionCode(phone: string, token: string, ip = newIp()) {
  await ageSmsRows(phone, 61_000);
  const sent = await callJson("/api/account/delete/sms", { token, method: "POST", json: {}, ip });
  expect(sent).toMatchObject({ code: CODE.OK, msg: RIGHTS_MSG.deleteCodeSent });
  const outbox = await reqJson<OutboxEntry[]>(`/api/dev/sms-outbox?phone=${phone}`);
  const entry = outbox.data.find((e) => e.type === SMS_TYPE_ACCOUNT_DELETE)!;
  expect(entry.content).toContain("注销账号");
  return entry.code;
}

describe("注销账号", () => {
  it("needs a session", async () => {
    expect((await callJson("/api/account/delete", { method: "POST", json: { method: "sms", authCode: "123456", agree: true } })).code).toBe(CODE.SESSION_EXPIRED);
  });

  it("confirms by SMS, revokes every session, anonymises the profile, keeps orders, frees the phone only after the period", async () => {
    const fx = await userWithContent();
    const u = fx.owner;
    const phone = u.user.phone!;
    const now = Date.now();
    const [open] = await db()
      .insert(payOrders)
      .values({ orderSn: `TCCOPEN${now}`, userId: u.user.id, userName: u.user.userName, merchantId: 1, productId: MOTOR, subProductId: fx.unpaid.id, productName: "电机系统节能评估报告", orderAmountFen: 39900, payAmountFen: 39900, platform: "TCC", status: "WAIT_PAY", createdAt: now, alipayRequestedAt: now })
      .returning();
    const { createSession } = await import("../../workers/services/accounts/sessions");
    const device2 = await createSession({ db: db(), secret: env.JWT_SECRET, userId: u.user.id });
    // The other user was told "X 关注了你" before: afterwards X is 已注销用户, without a profile link.
    await db().insert(qaMessages).values({ receiverId: fx.other.user.id, kind: "follow", actorId: u.user.id, createdAt: now });

    // Without the agreement, or with a wrong code: refused, nothing changes.
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: "123456" } })).msg).toBe(RIGHTS_MSG.confirmRequired);
    const code = await deletionCode(phone, u.token);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: wrong, agree: true } })).toMatchObject({ code: CODE.FAIL, msg: "验证码错误" });
    // A password instead of the code is not enough when a phone is bound.
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "password", password: "x", agree: true } })).msg).toBe(RIGHTS_MSG.useSms);

    const done = await call("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: code, agree: true } });
    expect(done.headers.get("set-cookie")).toMatch(/token=;|Max-Age=0/);
    const body = (await done.json()) as { code: number; msg: string; data: { phoneReusableAt: number; deletedAt: number } };
    expect(body).toMatchObject({ code: CODE.OK, msg: RIGHTS_MSG.deleted });
    expect(body.data.phoneReusableAt - body.data.deletedAt).toBe(PHONE_REUSE_DAYS * DAY);

    // Every device is logged out.
    expect((await callJson("/api/user/user-info", { token: u.token, method: "POST", json: {} })).code).toBe(CODE.SESSION_REVOKED);
    expect((await callJson("/api/user/user-info", { token: device2.token, method: "POST", json: {} })).code).toBe(CODE.SESSION_REVOKED);
    expect((await db().select().from(sessions).where(eq(sessions.userId, u.user.id))).every((s) => s.revokedAt !== null)).toBe(true);

    // The profile is anonymised; nothing names the person.
    const row = (await db().select().from(users).where(eq(users.id, u.user.id)).get())!;
    expect(row).toMatchObject({ name: DELETED_USER_NAME, phone: null, email: null, filePath: null, passwordHash: null, status: USER_STATUS.DELETED, userName: `已注销#${u.user.id}` });

    // Orders: the paid one kept (anonymised name), the open one closed.
    const orders = await db().select().from(payOrders).where(eq(payOrders.userId, u.user.id));
    expect(orders.find((o) => o.id === fx.order.id)).toMatchObject({ status: "SUCCESS", userName: `已注销#${u.user.id}`, tradeNo: fx.order.tradeNo });
    // (A page.pay was issued: the dev Alipay gateway was asked first and knows no payment, so the order closes.)
    expect(orders.find((o) => o.id === open.id)?.status).toBe("CLOSED");

    // Personal lists and surveys (with their R2 files) are gone; published content stays under 已注销用户.
    expect(await db().select().from(qaFavorites).where(eq(qaFavorites.userId, u.user.id))).toEqual([]);
    expect(await db().select().from(qaFollows).where(eq(qaFollows.followerId, u.user.id))).toEqual([]);
    expect(await db().select().from(qaFollows).where(eq(qaFollows.followeeId, u.user.id))).toEqual([]);
    expect(await db().select().from(surveys).where(eq(surveys.userId, u.user.id))).toEqual([]);
    expect(await db().select().from(reportResults).where(eq(reportResults.userId, u.user.id))).toEqual([]);
    expect(await db().select().from(userCoupons).where(eq(userCoupons.userId, u.user.id))).toEqual([]);
    const detail = await callJson<QuestionDetail>(`/api/qa/question/getById/${fx.question.id}`, { token: fx.other.token });
    expect(detail.data).toMatchObject({ publisherName: DELETED_USER_NAME, publisherId: null, publisherPhoto: null });
    expect((await db().select().from(qaComments).where(eq(qaComments.publisherId, u.user.id))).length).toBe(1);
    const told = await messagePage({ db: db(), userId: fx.other.user.id, tab: "follow", isRead: null, pageNo: 1, pageSize: 10 });
    expect(told.messageList[0]?.publisherList[0]).toMatchObject({ publisherId: null, publisherName: DELETED_USER_NAME });
    // No profile page for a deleted account.
    expect((await callJson(`/api/qa/userInfo/basic/${u.user.id}`, { token: fx.other.token })).code).toBe(CODE.NOT_FOUND);

    // Old logins are refused: password (by name or phone) and SMS.
    expect((await post("/api/user/login", { type: 1, userName: u.user.userName, password: "Delete1234" }, { ip: newIp() })).msg).toBe("用户名或密码错误");
    // Issue 26 item 9: SMS login, forgot password and register with the phone all say, where first met, that it was
    // deleted and from which China date it can register again (never 该手机号未注册 and then a refusal to register).
    const deletion = (await db().select().from(accountDeletions).where(eq(accountDeletions.userId, u.user.id)).get())!;
    const deletedMsg = `该手机号已注销，${chinaDate(deletion.phoneReusableAt)} 后可重新注册`;
    expect(deletedMsg).toMatch(/^该手机号已注销，\d{4}-\d{2}-\d{2} 后可重新注册$/);
    for (const type of [2, 3, 1]) {
      const refused = await post<{ deleted: boolean; registered?: boolean }>("/api/user/sms", { phone, type }, { ip: newIp() });
      expect(refused).toMatchObject({ code: CODE.FAIL, msg: deletedMsg, data: { deleted: true } });
      expect(refused.data.registered).toBeUndefined(); // the forms offer no 注册 for it
    }
    // Logging in by SMS anyway (a code typed from nowhere) and registering itself say the same.
    expect(await post("/api/user/login", { type: 2, phone, authCode: "123456" }, { ip: newIp() })).toMatchObject({ code: CODE.FAIL, msg: deletedMsg });
    expect(await post("/api/user/register", { userName: `r${Date.now() % 1e8}`, password: "Again1234", phone, authCode: "123456" }, { ip: newIp() })).toMatchObject({ code: CODE.FAIL, msg: deletedMsg });

    // Binding it to another account (phone change, type 4) is refused with the dates.
    const reserved = await post("/api/user/sms", { phone, type: 4 }, { ip: newIp() });
    expect(reserved.code).toBe(CODE.FAIL);
    expect(reserved.msg).toMatch(new RegExp(`^该手机号绑定的账号已于\\d{4}年\\d{1,2}月\\d{1,2}日注销，注销后${PHONE_REUSE_DAYS}天内不能重新注册或绑定，请于\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}后再试$`));

    // After the period: registering works again, and the cron forgets the phone's hash.
    await db().update(accountDeletions).set({ phoneReusableAt: Date.now() - 1 }).where(eq(accountDeletions.userId, u.user.id));
    const regCode = await smsCode(phone, 1);
    const reg = await post<{ userId: number }>("/api/user/register", { userName: `r${Date.now() % 1e8}`, password: "Again1234", phone, authCode: regCode }, { ip: newIp() });
    expect(reg).toMatchObject({ code: CODE.OK });
    expect(reg.data.userId).not.toBe(u.user.id);
    await finishAccountDeletions({ env, db: db(), now: Date.now() });
    expect((await db().select().from(accountDeletions).where(eq(accountDeletions.userId, u.user.id)).get())?.phoneHash).toBeNull();
  });

  it("confirms with the password when no phone is bound", async () => {
    const u = await deletableUser({ phone: false });
    const overview = await callJson<RightsOverview>("/api/account/overview", { token: u.token });
    expect(overview.data).toMatchObject({ deleteMethod: "password", maskedPhone: null });
    expect((await callJson("/api/account/delete/sms", { token: u.token, method: "POST", json: {} })).msg).toBe(RIGHTS_MSG.noPhone);
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "password", password: "Wrong1234", agree: true } })).msg).toBe(RIGHTS_MSG.passwordWrong);
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "password", password: u.password, agree: true } })).code).toBe(CODE.OK);
    expect((await callJson("/api/account/overview", { token: u.token2 })).code).toBe(CODE.SESSION_REVOKED);
  });

  it("drops the profile's review: a held nickname approved after the deletion never returns to the account", async () => {
    const u = await deletableUser({ phone: false });
    const now = Date.now();
    await db().insert(profileReviewValues).values({ targetType: REVIEW_TARGET.NICKNAME, userId: u.user.id, value: "待审昵称", status: PROFILE_STATUS.REVIEW, updatedAt: now });
    await db().insert(reviewItems).values({ targetType: REVIEW_TARGET.NICKNAME, targetId: u.user.id, authorId: u.user.id, state: REVIEW_STATE.PENDING, source: "keyword", reportCount: 0, createdAt: now, updatedAt: now });
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "password", password: u.password, agree: true } })).code).toBe(CODE.OK);
    expect(await db().select().from(profileReviewValues).where(eq(profileReviewValues.userId, u.user.id)).all()).toEqual([]);
    expect(await db().select().from(reviewItems).where(eq(reviewItems.targetId, u.user.id)).all()).toEqual([]);
    expect((await db().select().from(users).where(eq(users.id, u.user.id)).get())?.name).toBe("已注销用户");
  });

  it("waits while a report is being generated", async () => {
    const u = await deletableUser();
    const now = Date.now();
    const [s] = await db().insert(surveys).values({ userId: u.user.id, typeId: MOTOR, evaluationTitle: "生成中", disposeStatus: 2, createdAt: now, updatedAt: now, answersUpdatedAt: now }).returning();
    const code = await deletionCode(u.user.phone!, u.token);
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: code, agree: true } })).msg).toBe(RIGHTS_MSG.reportRunning);
    expect((await db().select().from(users).where(eq(users.id, u.user.id)).get())?.status).toBe(1);
    // Done rendering: the same code still works (the refusal came before the code was used).
    await db().update(surveys).set({ disposeStatus: 1 }).where(eq(surveys.id, s.id));
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: code, agree: true } })).code).toBe(CODE.OK);
  });

  it("an export requested before the deletion is not built, and its files go", async () => {
    const u = await deletableUser();
    const req = await callJson<ExportView>("/api/account/export", { token: u.token, method: "POST", json: {} });
    const code = await deletionCode(u.user.phone!, u.token);
    expect((await callJson("/api/account/delete", { token: u.token, method: "POST", json: { method: "sms", authCode: code, agree: true } })).code).toBe(CODE.OK);
    await runExportJob({ env, exportId: req.data.id });
    const row = await db().select().from(dataExports).where(eq(dataExports.id, req.data.id)).get();
    expect(row?.status).toBe("expired");
    expect(row?.fileKey).toBeNull();
  });
});
