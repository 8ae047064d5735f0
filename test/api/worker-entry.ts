// API test entry: the real handlers and Durable Objects without the Remix build (keeps each test file fast).
import { fetchApi, queue, scheduled } from "../../workers/handlers";
import type { QueueJob } from "../../workers/jobs/queue";

export { UserChannel } from "../../workers/durable/user-channel";

export default {
  fetch: fetchApi,
  queue,
  scheduled,
} satisfies ExportedHandler<Env, QueueJob>;
