// The payment half of the report download check (workers/reports/files.ts canDownloadReport).
import type { Db } from "../../lib/db";
import { opt } from "../../lib/env";
import { d1 } from "./context";

/**
 * Has the owner paid for this survey's report? A SUCCESS order for the survey, or the privileged phone of spec 3 §6
 * (REPORT_FREE_PHONE, empty by default) which downloads without payment.
 */
export async function hasPaidReport(db: Db, env: Env, userId: number, surveyId: number): Promise<boolean> {
  const row = await d1(db)
    .prepare(
      "SELECT u.phone, EXISTS (SELECT 1 FROM pay_orders o WHERE o.user_id = u.id AND o.sub_product_id = ? AND o.status = 'SUCCESS') AS paid FROM users u WHERE u.id = ?",
    )
    .bind(surveyId, userId)
    .first<{ phone: string | null; paid: number }>();
  if (!row) return false;
  if (row.paid === 1) return true;
  const free = opt(env, "REPORT_FREE_PHONE");
  return !!free && row.phone === free;
}
