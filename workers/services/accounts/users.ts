// Account rules: register, log in, profile and settings. Every function that changes a user takes the actor's id.
import { reviewProfileChange } from "../moderation/profile-review";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { industryTypes, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, forbidden, invalid, notFound } from "../../lib/errors";
import {
  ACCOUNT_MSG,
  SMS_TYPE,
  type LoginResponse,
  type UserInfoView,
} from "../../contract/accounts";
import { burnPasswordTime, hashPassword, verifyPassword } from "./passwords";
import { createSession, revokeAllSessions } from "./sessions";
import { accountKey, assertLoginAllowed, clearAccountFailures, recordLoginFailure } from "./login-guard";
import { issueSmsCode, verifySmsCode } from "./sms-codes";
import { avatarOwnedBy } from "./avatars";
import { dictKeysExist } from "./dicts";
import { activeGrants, GRANT_EVENT, grantedView, grantStatements } from "../payment/grants";
import { assertPhoneNotDeleted, assertPhoneReusable, phoneDeletedRefusal, phoneReservation } from "./phone-reserve";
import { isActiveUser } from "../../contract/user-status";

export type UserRow = typeof users.$inferSelect;

export const USER_MSG = {
  badCredentials: "用户名或密码错误",
  disabled: "账号已被禁用，请联系客服",
  phoneTaken: "该手机号已注册，请直接登录",
  phoneBoundElsewhere: "该手机号已绑定其他账号",
  userNameTaken: "用户名已存在",
  userNameOnceHalfYear: "用户名半年内只能修改一次",
  phoneReadOnly: "手机号请在账号绑定中更换",
  noPhone: "请先绑定手机号",
  phoneMismatch: "手机号与当前账号不一致",
  phoneCheckFirst: "请先验证当前手机号",
  samePhone: "新手机号不能与当前手机号相同",
  avatarNotYours: "头像地址无效，请重新上传",
  resetMismatch: "验证信息已失效，请重新验证手机号",
  industryUnknown: "请选择正确的行业类别",
} as const;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Half a year for the username change rule, as calendar months. */
export function userNameChangeableAt(changedAt: number | null): number | null {
  if (!changedAt) return null;
  const d = new Date(changedAt);
  d.setUTCMonth(d.getUTCMonth() + 6);
  return d.getTime();
}

async function loginResponse(env: Env, db: Db, user: UserRow, meta: RequestMeta): Promise<LoginResponse & { expiresAt: number }> {
  const session = await createSession({ db, secret: env.JWT_SECRET, userId: user.id, meta: { ip: meta.ip, userAgent: meta.userAgent } });
  return {
    userId: user.id,
    token: session.token,
    userName: user.userName,
    name: user.name,
    userPhone: user.phone,
    photo: user.filePath,
    expiresAt: session.expiresAt,
  };
}

export { loginResponse as openSessionFor };

/** The id of the user holding `phone`, as a sub-select: names a row inserted earlier in the same batch. */
export const userIdByPhone = (phone: string) => sql`(SELECT ${users.id} FROM ${users} WHERE ${users.phone} = ${phone})`;

export async function findUserByPhone({ db, phone }: { db: Db; phone: string }) {
  return db.query.users.findFirst({ where: eq(users.phone, phone) });
}

// ---------------------------------------------------------------- SMS

/**
 * The refusal for a phone without an account (SMS login, forgot password). `data.registered: false` lets the form
 * offer 注册 with the phone filled in. The register code already tells a registered phone apart (spec 1 §8
 * 该手机号已注册), so saying the converse costs no secrecy; the send limits per phone and IP bound both.
 */
export const notRegistered = () => fail(ACCOUNT_MSG.phoneNotRegistered, { registered: false });

/**
 * Send a code. Register refuses a registered phone; login and password refuse a phone without an account, saying
 * so (issue 14: never 发送验证码成功 for a code that is not sent). Phone change/binding (4) sends to any phone.
 */
export async function sendCode({ env, db, phone, type, ip }: { env: Env; db: Db; phone: string; type: 1 | 2 | 3 | 4; ip: string }) {
  const existing = await findUserByPhone({ db, phone });
  // A deleted account's phone is reserved for the stated period (docs/account-rights.md). Login, reset and register
  // say so once, here where the phone is first met (issue 26 item 9); binding it elsewhere gives the dates.
  const reservation = existing || type === SMS_TYPE.PHONE ? null : await phoneReservation({ env, db, phone });
  const refusal =
    type === SMS_TYPE.REGISTER && existing
      ? fail(USER_MSG.phoneTaken)
      : reservation
        ? phoneDeletedRefusal(reservation.reusableAt)
        : (type === SMS_TYPE.LOGIN || type === SMS_TYPE.PASSWORD) && !existing
          ? notRegistered()
          : null;
  const reserved = !existing && type === SMS_TYPE.PHONE ? await assertPhoneReusable({ env, db, phone }).then(() => null, (e) => e) : null;
  if (refusal || reserved) {
    // Both answers tell whether a phone has an account: they count like failed logins of the IP, so looking phones
    // up in bulk meets the same lockout (20 per 15 minutes) as guessing passwords.
    const subject = { account: `p:${phone}`, ip };
    await assertLoginAllowed({ db, s: subject });
    await recordLoginFailure({ db, s: subject });
    throw refusal ?? reserved;
  }
  await issueSmsCode({ env, db, phone, type, ip });
}

// ---------------------------------------------------------------- register and login

export async function register({ env, db, input }: { env: Env; db: Db; input: { userName: string; password: string; phone: string; authCode: string } }) {
  if (await findUserByPhone({ db, phone: input.phone })) throw fail(USER_MSG.phoneTaken);
  await assertPhoneNotDeleted({ env, db, phone: input.phone });
  // Usernames log in case-insensitively, so they must be unique that way too.
  if (await db.query.users.findFirst({ where: eq(sql`lower(${users.userName})`, input.userName.toLowerCase()) })) throw fail(USER_MSG.userNameTaken);
  await verifySmsCode({ env, db, phone: input.phone, type: SMS_TYPE.REGISTER, code: input.authCode });
  const pw = await hashPassword(input.password);
  const now = Date.now();
  // The new-user coupon (a product rule kept as data) is issued in the same transaction as the account.
  const grants = await activeGrants({ db, event: GRANT_EVENT.REGISTER, now });
  try {
    const [rows] = await db.batch([
      db
        .insert(users)
        .values({
          userName: input.userName,
          name: input.userName,
          phone: input.phone,
          passwordHash: pw.hash,
          passwordSalt: pw.salt,
          passwordIterations: pw.iterations,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id }),
      ...grantStatements({ db, grants, user: userIdByPhone(input.phone), now }),
    ]);
    return { userId: rows[0].id, coupons: grantedView(grants, now) };
  } catch (e) {
    // Unique constraints decide races between two registrations.
    if (String(e).includes("UNIQUE")) throw fail(String(e).includes("phone") ? USER_MSG.phoneTaken : USER_MSG.userNameTaken);
    throw e;
  }
}

/**
 * Password check with lockout. Failures count against the text typed until it names a user, then against the user
 * (by id), so typing the phone instead of the user name reaches the same counter; and against the IP.
 */
async function checkPassword(db: Db, typed: string, password: string, ip: string): Promise<UserRow> {
  const bySpelling = { account: `u:${typed.toLowerCase()}`, ip };
  await assertLoginAllowed({ db, s: bySpelling });
  // Two indexed lookups, never one OR over both columns that could scan users (issue 26 item 10): a user name is
  // never all digits (userNameSchema), so digits name a phone; the name goes through users_user_name_lower_idx.
  const user = /^\d+$/.test(typed)
    ? await db.query.users.findFirst({ where: eq(users.phone, typed) })
    : await db.query.users.findFirst({ where: eq(sql`lower(${users.userName})`, typed.toLowerCase()) });
  const subject = user ? { account: accountKey(user.id), ip } : bySpelling;
  if (user) await assertLoginAllowed({ db, s: subject });
  const ok = user
    ? await verifyPassword(password, { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations })
    : (await burnPasswordTime(password), false);
  if (!user || !ok) {
    await recordLoginFailure({ db, s: subject });
    throw fail(USER_MSG.badCredentials);
  }
  if (!isActiveUser(user.status)) throw fail(USER_MSG.disabled);
  await clearAccountFailures({ db, account: subject.account });
  return user;
}

/** SMS-code check with the same lockout: by phone until the phone names a user, then by the user. */
async function checkSmsLogin(env: Env, db: Db, phone: string, authCode: string, ip: string): Promise<UserRow> {
  const known = await findUserByPhone({ db, phone });
  const subject = { account: known ? accountKey(known.id) : `p:${phone}`, ip };
  await assertLoginAllowed({ db, s: subject });
  if (!known) {
    // Counted like a failure, so probing phones through login meets the same per-IP lockout.
    await recordLoginFailure({ db, s: subject });
    const reservation = await phoneReservation({ env, db, phone });
    throw reservation ? phoneDeletedRefusal(reservation.reusableAt) : notRegistered();
  }
  try {
    await verifySmsCode({ env, db, phone, type: SMS_TYPE.LOGIN, code: authCode });
  } catch (e) {
    await recordLoginFailure({ db, s: subject });
    throw e;
  }
  if (!isActiveUser(known.status)) throw fail(USER_MSG.disabled);
  await clearAccountFailures({ db, account: subject.account });
  return known;
}

export async function loginWithPassword({ env, db, userName, password, meta }: { env: Env; db: Db; userName: string; password: string; meta: RequestMeta }) {
  return loginResponse(env, db, await checkPassword(db, userName, password, meta.ip), meta);
}

export async function loginWithSms({ env, db, phone, authCode, meta }: { env: Env; db: Db; phone: string; authCode: string; meta: RequestMeta }) {
  return loginResponse(env, db, await checkSmsLogin(env, db, phone, authCode, meta.ip), meta);
}

/** Password or SMS login used by the book-library authorisation page: the same checks and limits, no session. */
export async function authenticate({ env, db, input, ip }: { env: Env; db: Db; input: { type: 1; userName: string; password: string } | { type: 2; phone: string; authCode: string }; ip: string }) {
  return input.type === 1 ? checkPassword(db, input.userName, input.password, ip) : checkSmsLogin(env, db, input.phone, input.authCode, ip);
}

// ---------------------------------------------------------------- profile

export async function getUser({ db, userId }: { db: Db; userId: number }): Promise<UserRow> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound("用户不存在");
  return user;
}

function idList(text: string | null): number[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x) => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

export async function userInfoView({ db, user }: { db: Db; user: UserRow }): Promise<UserInfoView> {
  const industryIds = (user.industryType ?? "").split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const industries = industryIds.length ? await db.select().from(industryTypes).where(inArray(industryTypes.id, industryIds)) : [];
  const industryTypeStr = industryIds.length
    ? industryIds.map((id) => industries.find((i) => i.id === id)?.value).filter(Boolean).join(",")
    : null;
  return {
    id: user.id,
    userName: user.userName,
    name: user.name,
    sex: user.sex,
    phone: user.phone,
    email: user.email,
    filePath: user.filePath,
    remark: user.remark,
    whenCreated: user.createdAt,
    whenUpdated: user.updatedAt,
    realName: user.realName,
    identityNumber: user.identityNumber,
    graduatedSchool: user.graduatedSchool,
    profession: user.profession,
    highestEducation: user.highestEducation,
    company: user.company,
    industryType: user.industryType,
    industryTypeStr: industryTypeStr || null,
    positional: user.positional,
    professionalTitle: user.professionalTitle,
    managementDirection: user.managementDirection,
    workYear: user.workYear,
    honoraryTitle: user.honoraryTitle,
    workExperience: user.workExperience,
    trainExperience: user.trainExperience,
    logo: user.logo,
    status: user.status,
    isAdmin: user.isAdmin === 1,
    invitationUserId: user.invitationUserId,
    isDefault: user.isDefault,
    role: user.role,
    appType: user.appType,
    cuserId: user.cuserId,
    domains: idList(user.domainIds),
    locations: idList(user.locationIds),
    userPhoto: user.userPhoto,
    hasPassword: Boolean(user.passwordHash),
    userNameChangeableAt: (() => {
      const at = userNameChangeableAt(user.usernameChangedAt);
      return at && at > Date.now() ? at : null;
    })(),
  };
}

/** A caller may name only itself in payloads that carry a user id (spec's userId/id fields). */
export function assertSelf(actorId: number, claimed: number | undefined | null) {
  if (claimed !== undefined && claimed !== null && claimed !== actorId) throw forbidden();
}

export interface BasicInfoUpdate {
  name?: string;
  sex?: 1 | 2 | null;
  phone?: string | null;
  filePath?: string | null;
  email?: string | null;
  userName?: string;
  workYear?: string | null;
  domains?: number[] | null;
  locations?: number[] | null;
  userPhoto?: string | null;
}

export async function updateBasicInfo({ env, db, actorId, input, now = Date.now() }: { env: Env; db: Db; actorId: number; input: BasicInfoUpdate; now?: number }) {
  const user = await getUser({ db, userId: actorId });
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.phone && input.phone !== user.phone) throw fail(USER_MSG.phoneReadOnly);
  if (input.name !== undefined) patch.name = input.name;
  if (input.sex !== undefined) patch.sex = input.sex;
  if (input.email !== undefined) patch.email = input.email || null;
  for (const field of ["filePath", "userPhoto"] as const) {
    const value = input[field];
    if (value === undefined || value === user[field]) continue;
    if (value && !(await avatarOwnedBy({ env, filePath: value, userId: actorId }))) throw fail(USER_MSG.avatarNotYours);
    patch[field] = value || null;
  }
  if (input.userName !== undefined && input.userName !== user.userName) {
    const nextAllowed = userNameChangeableAt(user.usernameChangedAt);
    if (nextAllowed && nextAllowed > now) throw fail(USER_MSG.userNameOnceHalfYear);
    const taken = await db.query.users.findFirst({ where: and(eq(sql`lower(${users.userName})`, input.userName.toLowerCase()), ne(users.id, actorId)) });
    if (taken) throw fail(USER_MSG.userNameTaken);
    patch.userName = input.userName;
    patch.usernameChangedAt = now;
  }
  if (input.workYear !== undefined) {
    if (input.workYear && !(await dictKeysExist({ db, kind: "workYear", keys: [input.workYear] }))) throw invalid("请选择正确的工作年限");
    patch.workYear = input.workYear || null;
  }
  if (input.domains !== undefined) patch.domainIds = JSON.stringify(input.domains ?? []);
  if (input.locations !== undefined) patch.locationIds = JSON.stringify(input.locations ?? []);
  patch.updatedAt = now;
  // Content review (docs/admin.md): a nickname matching the keyword list is held (not applied); a new avatar is queued.
  const review = await reviewProfileChange({
    db,
    userId: actorId,
    name: patch.name !== undefined && patch.name !== user.name ? patch.name : undefined,
    avatarChanged: (!!patch.filePath && patch.filePath !== user.filePath) || (!!patch.userPhoto && patch.userPhoto !== user.userPhoto),
    now,
  });
  if (review.nameHeld) delete patch.name;
  try {
    await db.batch([db.update(users).set(patch).where(eq(users.id, actorId)), ...review.statements]);
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw fail(USER_MSG.userNameTaken);
    throw e;
  }
  const view = await userInfoView({ db, user: await getUser({ db, userId: actorId }) });
  return review.nameHeld ? { ...view, nameHeld: true as const } : view;
}

export async function saveCompanyInfo({ db, actorId, input }: { db: Db; actorId: number; input: { company: string; industryType: number[] } }) {
  const known = await db.select({ id: industryTypes.id }).from(industryTypes).where(inArray(industryTypes.id, input.industryType));
  if (known.length !== new Set(input.industryType).size) throw invalid(USER_MSG.industryUnknown);
  await db.update(users).set({ company: input.company, industryType: input.industryType.join(","), updatedAt: Date.now() }).where(eq(users.id, actorId));
  return userInfoView({ db, user: await getUser({ db, userId: actorId }) });
}

export async function savePersonalInfo({ db, actorId, input }: { db: Db; actorId: number; input: Partial<Record<"realName" | "profession" | "identityNumber" | "graduatedSchool" | "highestEducation" | "professionalTitle" | "positional" | "workExperience", string>> }
) {
  if (input.highestEducation && !(await dictKeysExist({ db, kind: "education", keys: [input.highestEducation] }))) throw invalid("请选择正确的最高学历");
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: Date.now() };
  for (const [k, v] of Object.entries(input)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v === "" ? null : v;
  await db.update(users).set(patch).where(eq(users.id, actorId));
  return userInfoView({ db, user: await getUser({ db, userId: actorId }) });
}

export async function saveEnergyInfo({ db, actorId, input }: { db: Db; actorId: number; input: { managementDirection?: string[]; workYear?: string; trainExperience?: string; honoraryTitle?: string } }
) {
  if (input.managementDirection?.length && !(await dictKeysExist({ db, kind: "managementDirection", keys: input.managementDirection }))) {
    throw invalid("请选择正确的擅长方向");
  }
  if (input.workYear && !(await dictKeysExist({ db, kind: "workYear", keys: [input.workYear] }))) throw invalid("请选择正确的工作年限");
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: Date.now() };
  if (input.managementDirection !== undefined) patch.managementDirection = input.managementDirection.length ? [...new Set(input.managementDirection)].join(",") : null;
  if (input.workYear !== undefined) patch.workYear = input.workYear || null;
  if (input.trainExperience !== undefined) patch.trainExperience = input.trainExperience || null;
  if (input.honoraryTitle !== undefined) patch.honoraryTitle = input.honoraryTitle || null;
  await db.update(users).set(patch).where(eq(users.id, actorId));
  return userInfoView({ db, user: await getUser({ db, userId: actorId }) });
}

// ---------------------------------------------------------------- passwords

async function setPassword(db: Db, userId: number, password: string) {
  const pw = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations, updatedAt: Date.now() })
    .where(eq(users.id, userId));
  // Every token of the account stops working at once.
  await revokeAllSessions({ db, userId });
}

/** Settings: change password with an SMS code sent to the caller's own phone (type 3). */
export async function changePassword({ env, db, actorId, password, authCode }: { env: Env; db: Db; actorId: number; password: string; authCode: string }) {
  const user = await getUser({ db, userId: actorId });
  if (!user.phone) throw fail(USER_MSG.noPhone);
  await verifySmsCode({ env, db, phone: user.phone, type: SMS_TYPE.PASSWORD, code: authCode, allowVerified: true });
  await setPassword(db, actorId, password);
}

/** Forgot password step 1: the code is checked and remembered; the answer is the account id. */
export async function forgotPasswordCheck({ env, db, phone, authCode }: { env: Env; db: Db; phone: string; authCode: string }) {
  // The code first: without one (codes go only to registered phones) this call reveals nothing.
  await verifySmsCode({ env, db, phone, type: SMS_TYPE.PASSWORD, code: authCode, mode: "mark" });
  const user = await findUserByPhone({ db, phone });
  if (!user) throw notRegistered();
  return { id: user.id, userId: user.id };
}

/** Forgot password step 2: the same phone and code (still valid or verified in step 1) and the id from step 1. */
export async function forgotPasswordReset({ env, db, input }: { env: Env; db: Db; input: { id: number; phone: string; authCode: string; password: string } }) {
  const user = await findUserByPhone({ db, phone: input.phone });
  if (!user || user.id !== input.id) throw fail(USER_MSG.resetMismatch);
  await verifySmsCode({ env, db, phone: input.phone, type: SMS_TYPE.PASSWORD, code: input.authCode, allowVerified: true });
  await setPassword(db, user.id, input.password);
}

// ---------------------------------------------------------------- phone change (3 steps)

/** Step 2: verify the current phone (type 4 code); remembered for 10 minutes. */
export async function phoneChangeCheck({ env, db, actorId, phone, authCode }: { env: Env; db: Db; actorId: number; phone: string; authCode: string }) {
  const user = await getUser({ db, userId: actorId });
  if (!user.phone) throw fail(USER_MSG.noPhone);
  if (user.phone !== phone) throw fail(USER_MSG.phoneMismatch);
  await verifySmsCode({ env, db, phone, type: SMS_TYPE.PHONE, code: authCode });
  await db.update(users).set({ phoneCheckAt: Date.now() }).where(eq(users.id, actorId));
}

/** Step 3: the new phone with its own code; needs step 2 within 10 minutes when the account has a phone. */
export async function phoneChangeApply({ env, db, actorId, phone, authCode, now = Date.now() }: { env: Env; db: Db; actorId: number; phone: string; authCode: string; now?: number }) {
  const user = await getUser({ db, userId: actorId });
  if (user.phone) {
    if (!user.phoneCheckAt || user.phoneCheckAt < now - 10 * 60_000) throw fail(USER_MSG.phoneCheckFirst);
    if (user.phone === phone) throw fail(USER_MSG.samePhone);
  }
  const other = await findUserByPhone({ db, phone });
  if (other && other.id !== actorId) throw fail(USER_MSG.phoneBoundElsewhere);
  if (!other) await assertPhoneReusable({ env, db, phone, now });
  await verifySmsCode({ env, db, phone, type: SMS_TYPE.PHONE, code: authCode });
  try {
    await db.update(users).set({ phone, phoneCheckAt: null, updatedAt: now }).where(eq(users.id, actorId));
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw fail(USER_MSG.phoneBoundElsewhere);
    throw e;
  }
  return { phone };
}
