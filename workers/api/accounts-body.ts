// Request bodies for account routes: the spec's client posts JSON or forms (e.g. /api/user/sms is a form).
import type { Context } from "hono";
import type { z } from "zod";
import { isFormType, isJsonType, mediaTypeOf, parseOrThrow } from "../lib/validation";
import { invalid } from "../lib/errors";
import { clientIp } from "../services/accounts/config";
import type { RequestMeta } from "../services/accounts/users";

/**
 * The body of an account call as a plain record. JSON everywhere; a urlencoded or multipart form only where the
 * spec's client posts one (`form: true`: /api/user/sms, and the OAuth token exchange), so a cross-site HTML form
 * cannot drive a JSON route. Query params are read only for GET (a state-changing call never takes them).
 */
export async function readBody(c: Context, opts: { form?: boolean } = {}): Promise<Record<string, unknown>> {
  const media = mediaTypeOf(c.req.raw);
  if (isJsonType(media)) {
    try {
      const v = await c.req.json();
      return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      throw invalid("请求参数有误");
    }
  }
  if (isFormType(media) && opts.form) {
    const form = await c.req.parseBody({ all: true });
    return form as Record<string, unknown>;
  }
  // A form where JSON is expected, or a body of any other type (text/plain is what a cross-site form can send
  // without a preflight), is refused.
  if (media !== "" || (await c.req.raw.clone().arrayBuffer()).byteLength > 0) throw invalid("请求参数有误");
  // No body at all: a GET's query params (e.g. ?source= of the QR authorize URL); nothing for other methods.
  return c.req.method === "GET" || c.req.method === "HEAD" ? { ...c.req.query() } : {};
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S, opts: { form?: boolean } = {}): Promise<z.infer<S>> {
  return parseOrThrow(schema, await readBody(c, opts));
}

export function requestMeta(c: Context): RequestMeta {
  return { ip: clientIp({ env: c.env, req: c.req.raw }), userAgent: c.req.header("user-agent") ?? null };
}

export function originOf(c: Context) {
  return new URL(c.req.url).origin;
}
