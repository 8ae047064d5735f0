// The operators: who may use the console (access.ts) and the audit log of what they did (audit.ts). Its own room
// below the services that check an operator or audit a change (invoice, admin), so none of them imports the console.
// Who may use the operator console: users with the admin role (users.is_admin = 1) whose account is active.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { AppError } from "../../lib/errors";
import { CODE } from "../../lib/codes";
import { ADMIN_MSG } from "../../contract/admin";
import { isActiveUser } from "../../contract/user-status";

export async function isAdminUser({ db, userId }: { db: Db; userId: number | null | undefined }): Promise<boolean> {
  if (!userId) return false;
  const row = await db.select({ isAdmin: users.isAdmin, status: users.status }).from(users).where(eq(users.id, userId)).get();
  return row?.isAdmin === 1 && isActiveUser(row.status);
}

/** The refusal every non-admin gets from /api/admin/* (HTTP 403 with the envelope). */
export const notAdmin = () => new AppError(CODE.FORBIDDEN, ADMIN_MSG.notAdmin, null, 403);

export async function assertAdmin({ db, userId }: { db: Db; userId: number | null | undefined }): Promise<number> {
  if (!(await isAdminUser({ db, userId }))) throw notAdmin();
  return userId!;
}
