// The phone of a deleted account stays reserved for PHONE_REUSE_DAYS (docs/account-rights.md): registration, phone
// binding and phone change ask here. Only a keyed hash of the phone is kept, and only until the period ends.
import { and, desc, eq, gt } from "drizzle-orm";
import { accountDeletions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { hmacSha256, toHex } from "../../lib/crypto";
import { chinaDate, chinaDateText, chinaDateTime } from "../../lib/china-time";
import { opt } from "../../lib/env";
import { RIGHTS_MSG } from "../../contract/account-rights";

/** Keyed hash of a phone: lets registration recognise a reserved phone without the phone being kept in clear. */
export async function phoneHash({ env, phone }: { env: Env; phone: string }): Promise<string> {
  return toHex(await hmacSha256(`phone-reserve:${opt(env, "SMS_CODE_SECRET") ?? env.JWT_SECRET ?? ""}`, phone));
}

/** The still-running reservation of a deleted account's phone, or null. */
export async function phoneReservation({ env, db, phone, now = Date.now() }: { env: Env; db: Db; phone: string; now?: number }) {
  const row = await db
    .select({ deletedAt: accountDeletions.deletedAt, reusableAt: accountDeletions.phoneReusableAt })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.phoneHash, await phoneHash({ env, phone })), gt(accountDeletions.phoneReusableAt, now)))
    .orderBy(desc(accountDeletions.phoneReusableAt))
    .get();
  return row ?? null;
}

/**
 * The refusal for a deleted account's phone in SMS login, forgot password and register (issue 26 item 9):
 * 该手机号已注销，YYYY-MM-DD 后可重新注册. `data.deleted` keeps the forms from offering 注册 for it.
 */
export const phoneDeletedRefusal = (reusableAt: number) => fail(RIGHTS_MSG.phoneDeleted(chinaDate(reusableAt)), { deleted: true, reusableAt });

/** Register (the code and the call itself): a phone whose account was deleted within the period is refused. */
export async function assertPhoneNotDeleted({ env, db, phone, now = Date.now() }: { env: Env; db: Db; phone: string; now?: number }): Promise<void> {
  const row = await phoneReservation({ env, db, phone, now });
  if (row) throw phoneDeletedRefusal(row.reusableAt);
}

/**
 * Phone binding and phone change call this: a phone whose account was deleted less than PHONE_REUSE_DAYS ago is
 * refused with the dates.
 */
export async function assertPhoneReusable({ env, db, phone, now = Date.now() }: { env: Env; db: Db; phone: string; now?: number }): Promise<void> {
  const row = await phoneReservation({ env, db, phone, now });
  if (row) throw fail(RIGHTS_MSG.phoneReserved(chinaDateText(row.deletedAt), chinaDateTime(row.reusableAt)));
}

