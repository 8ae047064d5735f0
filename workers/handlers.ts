// The Worker's non-page handlers, shared by the real entry (with Remix) and the API test entry (without).
import { api, isApiPath } from "./api/app";
import { consumeQueue, type QueueJob } from "./jobs/queue";
import { runScheduledJobs } from "./jobs/scheduled";
import { withSecurityHeaders } from "./lib/security-headers";

export { isApiPath };

/** Every API, file and redirect answer leaves with the security headers (docs/security.md). */
export async function fetchApi(request: Request, env: Env, ctx: ExecutionContext) {
  return withSecurityHeaders(await api.fetch(request, env, ctx), new URL(request.url), null);
}

export async function queue(batch: MessageBatch<QueueJob>, env: Env) {
  await consumeQueue(batch, env);
}

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext) {
  ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
}
