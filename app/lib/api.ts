// Browser calls to our API (spec 1 §7–§8): envelope handling, session expiry, error toasts; the calls themselves go
// through the typed client (app/lib/api-client.ts, decision 172).
import { toast } from "./toast";
import { SESSION_EXPIRY_CODES, MSG } from "../../workers/lib/codes";
import type { Envelope } from "../../workers/lib/envelope";

export const OK = 10000;

/** How a call reads its envelope: whether failures are toasted, and the request's abort signal. */
export interface CallOptions {
  /** Do not toast the server's msg on failure (spec: getBySubProduct calls stay silent). */
  silent?: boolean;
  signal?: AbortSignal;
}

let expiring = false;

/** Spec 1 §4: drop the session, say so, and go to login after 1 s. */
function onSessionExpired() {
  if (expiring) return;
  expiring = true;
  void toast("warning", MSG.sessionExpired);
  setTimeout(() => location.assign("/login"), 1000);
}

/**
 * One request's envelope, the single place that reads one (the typed client's `call`, app/lib/api-client.ts):
 * transport errors are only logged (spec 1 §8) and answer code -1, an unreadable body answers the server-error text,
 * the expiry codes end the session, any other failure is toasted unless silent.
 */
export async function readEnvelope<T>(
  send: (signal: AbortSignal) => Promise<{ json(): Promise<unknown> }>,
  options: CallOptions = {},
  label = "",
): Promise<Envelope<T | null>> {
  let res: { json(): Promise<unknown> };
  try {
    res = await send(options.signal ?? AbortSignal.timeout(10_000));
  } catch (e) {
    console.warn("request failed", label, e);
    return { code: -1, msg: "网络异常，请稍后重试", data: null };
  }
  let body: Envelope<T | null>;
  try {
    body = (await res.json()) as Envelope<T | null>;
  } catch {
    return { code: -1, msg: MSG.serverError, data: null };
  }
  if (SESSION_EXPIRY_CODES.includes(body.code)) onSessionExpired();
  else if (body.code !== OK && !options.silent) void toast("error", body.msg || MSG.serverError);
  return body;
}

/** One request to our API: the spec's `code` header, same-origin credentials, a JSON body or a form as it is. */
export function sendRequest(url: string, method: string, body: unknown, init?: RequestInit): Promise<Response> {
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  const headers: Record<string, string> = { code: "energy-evaluation" };
  if (body !== undefined && !isForm) headers["content-type"] = "application/json";
  const sent = body === undefined || method === "GET" ? undefined : isForm ? body : JSON.stringify(body);
  return fetch(url, { method, headers, credentials: "same-origin", body: sent, ...init });
}
