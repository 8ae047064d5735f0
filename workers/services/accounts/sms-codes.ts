// SMS verification codes: 6 random digits, stored as an HMAC, valid 5 minutes, single use, at most 5 wrong tries,
// with send limits per phone (1/min, 5/h, 10/day) and per IP. Rows double as the send log for the limits.
import { and, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { smsCodes, smsOutbox } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, rateLimited } from "../../lib/errors";
import { DAY } from "../../lib/time";
import { smsProvider, SmsSendError } from "../../providers/sms";
import { SMS_CODE_LENGTH, type SmsType } from "../../contract/accounts";
import type { SMS_TYPE_ACCOUNT_DELETE } from "../../contract/account-rights";
import { hexEqual, hmacSha256, randomDigits, toHex } from "../../lib/crypto";
import { smsCodeKey } from "./config";
import { SMS_CODE_TTL_MS, SMS_IP_LIMITS, SMS_MAX_WRONG_TRIES, SMS_PHONE_LIMITS, SMS_VERIFIED_GRACE_MS } from "./limits";

export const SMS_MSG = {
  wrong: "验证码错误",
  expired: "验证码已过期，请重新获取",
  missing: "请先获取验证码",
  tooManyTries: "验证码错误次数过多，请重新获取",
  sendFailed: "验证码发送失败，请稍后再试",
} as const;

async function codeHash(env: Env, phone: string, type: number, code: string) {
  return toHex(await hmacSha256(smsCodeKey({ env }), `${phone}|${type}|${code}`));
}

async function sentSince(db: Db, column: "phone" | "ip", value: string, since: number) {
  const col = column === "phone" ? smsCodes.phone : smsCodes.ip;
  const [row] = await db.select({ n: count() }).from(smsCodes).where(and(eq(col, value), gt(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** Spec 1 §9's four types, plus 5 for the account-deletion code (sent only to the caller's own phone). */
export type CodeType = SmsType | typeof SMS_TYPE_ACCOUNT_DELETE;

export interface IssueOptions {
  phone: string;
  type: CodeType;
  ip: string;
  now?: number;
}

export async function issueSmsCode({ env, db, ...opts }: { env: Env; db: Db } & IssueOptions): Promise<void> {
  const now = opts.now ?? Date.now();
  for (const rule of SMS_PHONE_LIMITS) {
    if ((await sentSince(db, "phone", opts.phone, now - rule.windowMs)) >= rule.max) throw rateLimited(rule.msg);
  }
  for (const rule of SMS_IP_LIMITS) {
    if ((await sentSince(db, "ip", opts.ip, now - rule.windowMs)) >= rule.max) throw rateLimited(rule.msg);
  }
  const code = randomDigits(SMS_CODE_LENGTH);
  const [row] = await db
    .insert(smsCodes)
    .values({
      phone: opts.phone,
      type: opts.type,
      codeHash: await codeHash(env, opts.phone, opts.type, code),
      createdAt: now,
      expiresAt: now + SMS_CODE_TTL_MS,
      ip: opts.ip,
    })
    .returning({ id: smsCodes.id });
  try {
    await smsProvider(env, db).send({ phone: opts.phone, type: opts.type, code, ttlMinutes: SMS_CODE_TTL_MS / 60_000 });
  } catch (e) {
    // A failed send must not count against the user's limits.
    await db.delete(smsCodes).where(eq(smsCodes.id, row.id));
    console.error(JSON.stringify({ event: "sms_send_failed", error: String(e instanceof SmsSendError ? e.message : e) }));
    throw fail(SMS_MSG.sendFailed);
  }
}

export interface VerifyOptions {
  phone: string;
  type: CodeType;
  code: string;
  /** consume: single use (default). mark: remember a successful check for a follow-up step. peek: check only. */
  mode?: "consume" | "mark" | "peek";
  /** Accept a code that an earlier step marked as verified within the grace period. */
  allowVerified?: boolean;
  now?: number;
}

/** Verify the latest code sent to a phone for a purpose; throws a business error with a Chinese message. */
export async function verifySmsCode({ env, db, ...opts }: { env: Env; db: Db } & VerifyOptions): Promise<void> {
  const now = opts.now ?? Date.now();
  const latest = await db.query.smsCodes.findFirst({
    where: and(eq(smsCodes.phone, opts.phone), eq(smsCodes.type, opts.type), isNull(smsCodes.usedAt)),
    orderBy: [desc(smsCodes.createdAt), desc(smsCodes.id)],
  });
  if (!latest) throw fail(SMS_MSG.missing);
  const verifiedStillGood = opts.allowVerified && latest.verifiedAt && latest.verifiedAt > now - SMS_VERIFIED_GRACE_MS;
  if (latest.expiresAt <= now && !verifiedStillGood) throw fail(SMS_MSG.expired);
  if (latest.attempts >= SMS_MAX_WRONG_TRIES) throw fail(SMS_MSG.tooManyTries);
  const matches = hexEqual(await codeHash(env, opts.phone, opts.type, opts.code), latest.codeHash);
  if (!matches) {
    await db.update(smsCodes).set({ attempts: latest.attempts + 1 }).where(eq(smsCodes.id, latest.id));
    throw fail(latest.attempts + 1 >= SMS_MAX_WRONG_TRIES ? SMS_MSG.tooManyTries : SMS_MSG.wrong);
  }
  const mode = opts.mode ?? "consume";
  if (mode === "consume") {
    // Conditional update: two concurrent requests cannot both consume the same code.
    const done = await db
      .update(smsCodes)
      .set({ usedAt: now })
      .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (done.length === 0) throw fail(SMS_MSG.missing);
  } else if (mode === "mark") {
    await db.update(smsCodes).set({ verifiedAt: now }).where(eq(smsCodes.id, latest.id));
  }
}

/** Dev outbox (local only): the latest messages, newest first. */
export async function readOutbox({ db, phone, limit = 20 }: { db: Db; phone: string | null; limit?: number }) {
  return db.query.smsOutbox.findMany({
    where: phone ? eq(smsOutbox.phone, phone) : undefined,
    orderBy: [desc(smsOutbox.createdAt), desc(smsOutbox.id)],
    limit,
  });
}

/** Cron: drop code rows older than the longest limit window (a day). */
export async function purgeOldSmsCodes({ db, now = Date.now() }: { db: Db; now?: number }) {
  const gone = await db.delete(smsCodes).where(lt(smsCodes.createdAt, now - DAY)).returning({ id: smsCodes.id });
  const outbox = await db.delete(smsOutbox).where(lt(smsOutbox.createdAt, now - DAY)).returning({ id: smsOutbox.id });
  return gone.length + outbox.length;
}
