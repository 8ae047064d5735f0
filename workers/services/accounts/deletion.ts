// 注销账号 (PIPL art. 47): confirm by SMS to the bound phone (or the password when there is none), then in one batch
// revoke every session and token, remove bindings, anonymise the profile, delete the personal lists, keep orders
// (tax law) under the anonymised account; the surveys and private files follow. The phone stays reserved for
// PHONE_REUSE_DAYS. What is deleted, anonymised and kept, and why: docs/account-rights.md and the privacy policy.
import { and, eq, gt, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import {
  accountDeletions,
  dataExports,
  oauthAccessTokens,
  oauthAuthCodes,
  oauthBindings,
  contentReports,
  payOrders,
  profileReviewValues,
  qaFavoriteCategories,
  qaFavorites,
  qaFollows,
  qaMessages,
  qaViewHistory,
  reviewItems,
  sessions,
  surveys,
  userCoupons,
  users,
} from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { DAY, MINUTE } from "../../lib/time";
import { DISPOSE_STATUS } from "../../contract/workbench";
import {
  DELETED_USER_NAME,
  EXPORT_STATUS,
  PHONE_REUSE_DAYS,
  REPORT_RUNNING_MINUTES,
  RIGHTS_MSG,
  SMS_TYPE_ACCOUNT_DELETE,
  type DeleteAccountInput,
} from "../../contract/account-rights";
import { maskPhone } from "../../contract/accounts";
import { PROFILE_TARGETS } from "../../contract/admin-constants";
import { issueSmsCode, verifySmsCode } from "./sms-codes";
import { verifyPassword } from "./passwords";
import { accountKey, assertLoginAllowed, clearAccountFailures, recordLoginFailure } from "./login-guard";
import { avatarKeyOf } from "./avatars";
import { getUser, type UserRow } from "./users";
import { removeSurveys } from "../workbench/surveys";
import { clientOf, orderById, type PayCtx } from "../payment/context";
import { reconcile } from "../payment/trade";
import { markClosed } from "../payment/settle";
import { expireExports } from "./data-export";
import { phoneHash } from "./phone-reserve";
import { USER_STATUS, isActiveUser } from "../../contract/user-status";

/** The user name a deleted account keeps: '#' is outside the user-name rule, so nobody can register it. */
export const deletedUserName = (userId: number) => `已注销#${userId}`;

/** How the owner confirms: SMS to the bound phone; without one, the password; neither: bind a phone first. */
export function deleteMethodOf(user: Pick<UserRow, "phone" | "passwordHash">): "sms" | "password" | "none" {
  return user.phone ? "sms" : user.passwordHash ? "password" : "none";
}

/** Send the deletion code (type 5) to the caller's own bound phone; the usual per-phone and per-IP limits apply. */
export async function sendDeletionCode({ env, db, userId, ip }: { env: Env; db: Db; userId: number; ip: string }): Promise<{ maskedPhone: string }> {
  const user = await getUser({ db, userId });
  if (!user.phone) throw fail(RIGHTS_MSG.noPhone);
  await issueSmsCode({ env, db, phone: user.phone, type: SMS_TYPE_ACCOUNT_DELETE, ip });
  return { maskedPhone: maskPhone(user.phone) };
}

async function confirmOwner(env: Env, db: Db, user: UserRow, input: DeleteAccountInput, ip: string, now: number): Promise<"sms" | "password"> {
  const method = deleteMethodOf(user);
  if (method === "none") throw fail(RIGHTS_MSG.noCredential);
  if (method === "sms") {
    // With a bound phone the code is the proof (a password alone could be a stolen one).
    if (input.method !== "sms") throw fail(RIGHTS_MSG.useSms);
    await verifySmsCode({ env, db, phone: user.phone!, type: SMS_TYPE_ACCOUNT_DELETE, code: input.authCode, now });
    return "sms";
  }
  if (input.method !== "password") throw fail(RIGHTS_MSG.noPhone);
  // The password counts against the same lockout as login, so it cannot be guessed here instead.
  const subject = { account: accountKey(user.id), ip };
  await assertLoginAllowed({ db, s: subject, now });
  const ok = await verifyPassword(input.password, { hash: user.passwordHash, salt: user.passwordSalt, iterations: user.passwordIterations });
  if (!ok) {
    await recordLoginFailure({ db, s: subject, now });
    throw fail(RIGHTS_MSG.passwordWrong);
  }
  await clearAccountFailures({ db, account: subject.account });
  return "password";
}

/**
 * A report queued or being rendered: deleting now would throw the job's work away mid-way (and a paid report with
 * it), so the user is asked to wait; a job stuck longer than REPORT_RUNNING_MINUTES does not block.
 */
async function assertNoRunningReport(db: Db, userId: number, now: number) {
  const running = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(
      and(
        eq(surveys.userId, userId),
        inArray(surveys.disposeStatus, [DISPOSE_STATUS.QUEUED, DISPOSE_STATUS.GENERATING]),
        gt(surveys.updatedAt, now - REPORT_RUNNING_MINUTES * MINUTE),
      ),
    )
    .get();
  if (running) throw fail(RIGHTS_MSG.reportRunning);
}

/**
 * Close every open (WAIT_PAY) order. A page.pay may have opened an Alipay trade: ask Alipay first (a payment that
 * arrived without its notify is applied, and the order is then kept like any paid one), close an open trade, then
 * the order. If Alipay cannot answer, the deletion waits: closing blind could lose a late payment.
 */
async function closeOpenOrders(ctx: PayCtx, userId: number) {
  const open = await ctx.db.select({ id: payOrders.id }).from(payOrders).where(and(eq(payOrders.userId, userId), eq(payOrders.status, "WAIT_PAY")));
  for (const { id } of open) {
    const order = await orderById({ db: ctx.db, id });
    if (!order || order.status !== "WAIT_PAY") continue;
    if (order.alipayRequestedAt !== null) {
      const client = clientOf(ctx);
      if (client) {
        try {
          const trade = await reconcile({ ...ctx, client, order, source: "query" });
          if (trade === "paid") continue;
          if (trade === "open") await client.close(order.orderSn, ctx.now);
        } catch (e) {
          console.warn(JSON.stringify({ event: "deletion-order-close-deferred", orderSn: order.orderSn, error: String(e) }));
          throw fail(RIGHTS_MSG.orderPending);
        }
      }
    }
    await markClosed({ db: ctx.db, order, now: ctx.now });
  }
}

/** The profile a deleted account keeps: nothing that names or reaches the person. */
function anonymisedProfile(userId: number, now: number): Partial<typeof users.$inferInsert> {
  return {
    userName: deletedUserName(userId),
    name: DELETED_USER_NAME,
    sex: null,
    phone: null,
    email: null,
    filePath: null,
    userPhoto: null,
    passwordHash: null,
    passwordSalt: null,
    passwordIterations: null,
    usernameChangedAt: null,
    realName: null,
    remark: null,
    identityNumber: null,
    graduatedSchool: null,
    profession: null,
    highestEducation: null,
    company: null,
    industryType: null,
    positional: null,
    professionalTitle: null,
    managementDirection: null,
    workYear: null,
    honoraryTitle: null,
    workExperience: null,
    trainExperience: null,
    logo: null,
    invitationUserId: null,
    role: null,
    domainIds: null,
    locationIds: null,
    phoneCheckAt: null,
    isAdmin: 0,
    status: USER_STATUS.DELETED,
    updatedAt: now,
  };
}

/**
 * Files and survey data of a deleted account: surveys (answers, images, report PDFs, load curves), export zips and
 * avatars. Idempotent; run right after the deletion and again by the cron for anything a failure left behind.
 */
export async function removeDeletedAccountFiles({ env, db, userId, avatarPaths = [] }: { env: Env; db: Db; userId: number; avatarPaths?: (string | null)[] }): Promise<number> {
  const keys = avatarPaths.map((p) => (p ? avatarKeyOf(p) : null)).filter((k): k is string => !!k).map((k) => `avatar/${k}`);
  if (keys.length) await env.FILES.delete(keys);
  const exports = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), or(isNotNull(dataExports.fileKey), inArray(dataExports.status, [EXPORT_STATUS.QUEUED, EXPORT_STATUS.BUILDING, EXPORT_STATUS.READY]))));
  await expireExports({ env, db, rows: exports });
  let removed = 0;
  for (;;) {
    const ids = (await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.userId, userId)).limit(100)).map((r) => r.id);
    if (!ids.length) return removed;
    await removeSurveys({ db, env, ids });
    removed += ids.length;
  }
}

export interface DeletionResult {
  deletedAt: number;
  phoneReusableAt: number;
}

/** 注销账号: see the file header. The caller clears the session cookie. */
export async function deleteAccount({ userId, input, meta, ...ctx }: PayCtx & { userId: number; input: DeleteAccountInput; meta: { ip: string } }
): Promise<DeletionResult> {
  const { db, env, now } = ctx;
  const user = await getUser({ db, userId });
  if (!isActiveUser(user.status)) throw fail(RIGHTS_MSG.deleted);
  if (user.isAdmin === 1) throw fail(RIGHTS_MSG.adminCannotDelete);
  await assertNoRunningReport(db, userId, now);
  const method = await confirmOwner(env, db, user, input, meta.ip, now);
  await closeOpenOrders(ctx, userId);

  const phoneReusableAt = now + PHONE_REUSE_DAYS * DAY;
  await db.batch([
    // Every device is logged out at once: the tokens' sessions are revoked (the next call answers 402).
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    db.delete(oauthBindings).where(eq(oauthBindings.userId, userId)),
    db.delete(oauthAccessTokens).where(eq(oauthAccessTokens.userId, userId)),
    db.delete(oauthAuthCodes).where(eq(oauthAuthCodes.userId, userId)),
    db.update(users).set(anonymisedProfile(userId, now)).where(and(eq(users.id, userId), eq(users.status, USER_STATUS.ACTIVE))),
    // Personal lists go; the content the user published stays under 已注销用户 (privacy policy §6).
    db.delete(qaFollows).where(or(eq(qaFollows.followerId, userId), eq(qaFollows.followeeId, userId))),
    db.delete(qaFavorites).where(eq(qaFavorites.userId, userId)),
    db.delete(qaFavoriteCategories).where(eq(qaFavoriteCategories.userId, userId)),
    db.delete(qaViewHistory).where(eq(qaViewHistory.userId, userId)),
    db.delete(qaMessages).where(eq(qaMessages.receiverId, userId)),
    // The profile is gone, so is its review: held or hidden nicknames and avatars, their queue items and reports
    // (an operator's later approve or restore must not put a name or picture back on the anonymised account).
    db.delete(profileReviewValues).where(eq(profileReviewValues.userId, userId)),
    db.delete(reviewItems).where(and(inArray(reviewItems.targetType, [...PROFILE_TARGETS]), eq(reviewItems.targetId, userId))),
    db.delete(contentReports).where(and(inArray(contentReports.targetType, [...PROFILE_TARGETS]), eq(contentReports.targetId, userId))),
    // Unused coupons lapse; used ones stay with the orders they paid for.
    db.delete(userCoupons).where(and(eq(userCoupons.userId, userId), inArray(userCoupons.status, [0, 2]))),
    // Orders are accounting records (tax law): kept, under the anonymised account's id and name.
    db.update(payOrders).set({ userName: deletedUserName(userId) }).where(eq(payOrders.userId, userId)),
    db.insert(accountDeletions).values({
      userId,
      method,
      phoneHash: user.phone ? await phoneHash({ env, phone: user.phone }) : null,
      phoneReusableAt,
      deletedAt: now,
    }),
  ]);
  try {
    await removeDeletedAccountFiles({ env, db, userId, avatarPaths: [user.filePath, user.userPhoto] });
  } catch (e) {
    // The account is already gone; the cron finishes the files.
    console.error(JSON.stringify({ event: "account_files_cleanup_deferred", userId, error: String(e) }));
  }
  console.log(JSON.stringify({ event: "account_deleted", userId, method }));
  return { deletedAt: now, phoneReusableAt };
}

/**
 * Cron: finish the file clean-up of deleted accounts that still own surveys or export files, and forget the phone
 * hashes whose reuse period is over (from then on nothing links the phone to the deleted account).
 */
export async function finishAccountDeletions({ env, db, now }: { env: Env; db: Db; now: number }): Promise<number> {
  const leftovers = await db
    .selectDistinct({ id: surveys.userId })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.userId))
    .where(eq(users.status, USER_STATUS.DELETED))
    .limit(20);
  let done = 0;
  for (const { id } of leftovers) done += await removeDeletedAccountFiles({ env, db, userId: id });
  const released = await db
    .update(accountDeletions)
    .set({ phoneHash: null })
    .where(and(isNotNull(accountDeletions.phoneHash), lte(accountDeletions.phoneReusableAt, now)))
    .returning({ id: accountDeletions.id });
  return done + released.length;
}
