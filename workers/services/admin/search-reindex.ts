// /admin/synonyms: the operator starts a rebuild of the Q&A search index (a chunked job, services/qa/reindex-job.ts)
// after a tokeniser change, a restore or an import. Audited; one live rebuild at a time.
import type { Db } from "../../lib/db";
import { fail } from "../../lib/errors";
import { JOB_KIND, REINDEX_MSG, type ReindexStatus } from "../../contract/jobs";
import { ADMIN_ACTION } from "../../contract/admin-constants";
import { enqueueJobStatement, jobTiming, liveJob } from "../jobs/store";
import { wakeJobs } from "../jobs/wake";
import { REINDEX_SUBJECT, reindexStatus } from "../qa/reindex-job";
import { auditStatement } from "../operators/audit";

/**
 * Refused while a rebuild holds a live lease. A rebuild whose worker died (lease passed) is queued again under the
 * same job, so it resumes after its last chunk rather than starting over.
 */
export async function startReindex({ db, env, actorId, now }: { db: Db; env: Env; actorId: number; now: number }): Promise<ReindexStatus> {
  if (await liveJob({ db, kind: JOB_KIND.REINDEX, subjectId: REINDEX_SUBJECT, now })) throw fail(REINDEX_MSG.running);
  const timing = jobTiming({ env });
  const [queued] = await db.batch([
    enqueueJobStatement({ db, kind: JOB_KIND.REINDEX, subjectId: REINDEX_SUBJECT, now, timing }),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.SEARCH_REINDEX, targetType: "search", targetId: REINDEX_SUBJECT, before: null, after: { state: "queued" } }, now }),
  ]);
  await wakeJobs({ env, list: [queued[0]!] });
  return (await reindexStatus({ db }))!;
}
