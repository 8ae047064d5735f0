// What every Q&A service call receives: the database, the bindings (R2, UserChannel), the clock and a way
// to run best-effort work after the response (live message pushes).
import type { Db } from "../../lib/db";

export interface QaCtx {
  db: Db;
  env: Env;
  now: number;
  /** Run a promise after the reply (waitUntil in the Worker); awaited inline when absent. */
  defer?: (p: Promise<unknown>) => void;
}
