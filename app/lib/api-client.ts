// The browser's typed API client (issue 21 item 6): Hono's `hc` over the type of the API app, so a route or payload
// that changes on the server breaks the build here instead of a user's page. The import of `Api` is type-only: no
// server code enters the browser bundle (test/unit/platform/route-js.test.ts bounds each route's JavaScript).
import { hc, type ClientRequestOptions, type ClientResponse } from "hono/client";
import type { Api } from "../../workers/api/app";
import { OK, readEnvelope, type CallOptions } from "./api";
import type { Envelope } from "../../workers/lib/envelope";

/** Every route of the API as `api.<path segments>.$get/$post(…)`; the spec's `code` header on each request. */
export const client = hc<Api>("/", { headers: { code: "energy-evaluation" }, init: { credentials: "same-origin" } });

/** The `data` of a route's success envelope, as the route's handler answers it. */
export type DataOf<R> = R extends ClientResponse<infer T, infer _S, infer _F> ? (T extends { data: infer D } ? D : never) : never;

/**
 * Sends one typed request and reads its {code, msg, data} envelope exactly as apiFetch does: transport errors and
 * unreadable bodies become a code -1 envelope with a Chinese message, the session-expiry codes drop the session and go
 * to /login, any other failure is toasted unless `silent`. The request gets its own timeout signal (10 s by default).
 *
 *   const res = await call((o) => client.api.user.login.$post({ json: body }, o));
 */
export function call<R extends ClientResponse<unknown, number, string>>(
  send: (options: ClientRequestOptions) => Promise<R>,
  options: CallOptions = {},
): Promise<Envelope<DataOf<R> | null>> {
  return readEnvelope<DataOf<R>>((signal) => send({ init: { signal } }), options);
}

/** A call's outcome as the Q&A and personal pages use it: success, the route's data, and the server's msg. */
export interface CallResult<T> {
  ok: boolean;
  data: T | null;
  msg: string;
}

/** `call`, answered as ok/data/msg (failures are already toasted unless silent). */
export async function callResult<R extends ClientResponse<unknown, number, string>>(
  send: (options: ClientRequestOptions) => Promise<R>,
  options: CallOptions = {},
): Promise<CallResult<DataOf<R>>> {
  const res = await call(send, options);
  return { ok: res.code === OK, data: res.data ?? null, msg: res.msg };
}
