// API test entry: the real handlers and Durable Objects without the Remix build (keeps each test file fast), and the
// dev stand-ins as in workers/index.local.ts.
import { fetchApi, queue, scheduled } from "../../workers/handlers";
import type { QueueJob } from "../../workers/jobs/queue";
import { api } from "../../workers/api/app";
import { mountDevStandins } from "../../workers/api/dev-standins";

// As the local entry does: the tests talk to the dev Alipay gateway, OAuth server and SMS outbox.
mountDevStandins(api);

export { UserChannel } from "../../workers/durable/user-channel";

export default {
  fetch: fetchApi,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueJob>;
