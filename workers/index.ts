// The Worker entry: fetch (API or Remix), queue (report jobs), scheduled (crons); exports the Durable Objects.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/server";
import { fetchApi, isApiPath, queue, scheduled } from "./handlers";
import type { QueueJob } from "./jobs/queue";

export { UserChannel } from "./durable/user-channel";

const handleRemix = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    if (isApiPath(new URL(request.url).pathname)) return fetchApi(request, env, ctx);
    return handleRemix(request, { cloudflare: { env, ctx } });
  },
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueJob>;
