// The payment half of the report download check (workers/reports/files.ts canDownloadReport).
import type { Db } from "../../lib/db";
import { opt } from "../../lib/env";
import { and, eq, exists, sql } from "drizzle-orm";
import { payOrders, users } from "../../../db/schema";

/**
 * Has the owner paid for this survey's report? A SUCCESS order for the survey, or the privileged phone of spec 3 §6
 * (REPORT_FREE_PHONE, empty by default) which downloads without payment.
 */
export async function hasPaidReport({ db, env, userId, surveyId }: { db: Db; env: Env; userId: number; surveyId: number }): Promise<boolean> {
  const row = await db
    .select({
      phone: users.phone,
      paid: sql<number>`${exists(
        db
          .select({ one: sql`1` })
          .from(payOrders)
          .where(and(eq(payOrders.userId, userId), eq(payOrders.subProductId, surveyId), eq(payOrders.status, "SUCCESS"))),
      )}`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) return false;
  if (row.paid === 1) return true;
  const free = opt(env, "REPORT_FREE_PHONE");
  return !!free && row.phone === free;
}
