// Timed clean-up for account tables; the coordinator registers this in workers/jobs/scheduled.ts.
import type { Db } from "../../lib/db";
import { purgeOldFailures } from "./login-guard";
import { purgeOldSmsCodes } from "./sms-codes";
import { purgeWenkuGrants } from "./wenku";

export async function purgeAccountLogs({ db, now }: { db: Db; now: number }): Promise<number> {
  return (await purgeOldSmsCodes({ db, now })) + (await purgeOldFailures({ db, now })) + (await purgeWenkuGrants({ db, now }));
}
