// What a service function may need besides its inputs (docs/decisions/170-service-signature.md): the database, the
// bindings, the clock, and a way to run best-effort work after the response. A service takes ONE object that holds
// the parts of this it uses plus its named inputs, so a caller spreads its context in: `fn({ ...ctx, userId })`.
import type { Db } from "./db";

export interface ServiceCtx {
  db: Db;
  env: Env;
  /** The request's clock (ms), read once per request so every row a request writes carries the same time. */
  now: number;
  /** Run a promise after the reply (waitUntil in the Worker); awaited inline when absent. */
  defer?: (p: Promise<unknown>) => void;
}

/** Run best-effort work after the reply when the caller can, else before returning. */
export async function afterReply(ctx: Pick<ServiceCtx, "defer">, work: Promise<unknown>): Promise<void> {
  if (ctx.defer) ctx.defer(work);
  else await work;
}
