// The browser's typed API client (issue 21 item 6): Hono's client type over the API app, so a route or payload
// that changes on the server breaks the build here instead of a user's page. The import of `Api` is type-only: no
// server code enters the browser bundle. Hono's `hc` runtime (cookies, websockets, URL helpers) added 2.2 KiB gzip
// to every page, so the same calls run on the small proxy below (docs/decisions/172-typed-api-client.md); it speaks
// what hc sends for the options we use: `json`, `form`, `query`, `param`, and `init` per call.
import type { ClientRequestOptions, ClientResponse, hc } from "hono/client";
import type { Api } from "../../workers/api/app";
import { OK, readEnvelope, sendRequest, type CallOptions } from "./api";
import type { Envelope } from "../../workers/lib/envelope";

type Client = ReturnType<typeof hc<Api>>;

interface RequestArgs {
  json?: unknown;
  form?: Record<string, string | Blob | undefined>;
  query?: Record<string, string | undefined>;
  param?: Record<string, string>;
}

/** One request as hc builds it: `/seg/seg` with :params filled, ?query without undefined values, JSON or a form. */
function send(path: string[], args: RequestArgs = {}, options: ClientRequestOptions = {}): Promise<Response> {
  const method = path[path.length - 1]!.slice(1).toUpperCase();
  let url = "/" + path.slice(0, -1).join("/");
  for (const [k, v] of Object.entries(args.param ?? {})) url = url.replace(`/:${k}`, `/${encodeURIComponent(v)}`);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(args.query ?? {})) if (v !== undefined) query.set(k, v);
  const search = query.toString();
  if (search) url += `?${search}`;
  let body = args.json;
  if (args.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(args.form)) if (v !== undefined) form.append(k, v);
    body = form;
  }
  return sendRequest(url, method, body, options.init);
}

function node(path: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_target, key) => (typeof key === "string" && key !== "then" ? node([...path, key]) : undefined),
    apply: (_target, _this, [args, options]: [RequestArgs | undefined, ClientRequestOptions | undefined]) => send(path, args, options),
  });
}

/** Every route of the API as `client.<path segments>.$get/$post(args, options)`, typed by the API app. */
export const client = node([]) as Client;

/** The `data` of a route's success envelope, as the route's handler answers it. */
export type DataOf<R> = R extends ClientResponse<infer T, infer _S, infer _F> ? (T extends { data: infer D } ? D : never) : never;

/**
 * Sends one typed request and reads its {code, msg, data} envelope (readEnvelope in ./api.ts): transport errors and
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
