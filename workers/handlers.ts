// The Worker's non-page handlers, shared by the real entry (with Remix) and the API test entry (without).
import { api, isApiPath } from "./api/app";
import { consumeQueue, type QueueJob } from "./jobs/queue";
import { runScheduledJobs } from "./jobs/scheduled";
import { withSecurityHeaders } from "./lib/security-headers";
import { bumpContentVersion, isContentWrite } from "./lib/page-cache";

export { isApiPath };

/** Every API, file and redirect answer leaves with the security headers (docs/security.md). */
export async function fetchApi(request: Request, env: Env, ctx: ExecutionContext) {
  const url = new URL(request.url);
  const res = await api.fetch(request, env, ctx);
  // A write that may change a public page: visitors' cached copies stop matching (workers/lib/page-cache.ts).
  if (isContentWrite(request, url.pathname)) await bumpContentVersion();
  return withSecurityHeaders(res, url, null);
}

export async function queue(batch: MessageBatch<QueueJob>, env: Env) {
  await consumeQueue(batch, env);
}

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
}
