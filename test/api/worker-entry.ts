// API test entry: the real handlers and Durable Objects without the Remix build (keeps each test file fast), and the
// dev stand-ins as in workers/index.local.ts.
import { fetchApi, queue, scheduled } from "../../workers/handlers";
import type { QueueJob } from "../../workers/jobs/queue";
import { api } from "../../workers/api/app";
import { mountDevStandins } from "../../workers/api/dev-standins";
import renderer from "../../workers/renderer";

// As the local entry does: the tests talk to the dev Alipay gateway, OAuth server and SMS outbox.
mountDevStandins(api);

export { UserChannel } from "../../workers/durable/user-channel";

export default {
  // vitest.config.ts binds RENDERER to this Worker: the report job's render calls arrive here as https://renderer/….
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    new URL(request.url).hostname === "renderer" ? renderer.fetch(request, env) : fetchApi(request, env, ctx),
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueJob>;
