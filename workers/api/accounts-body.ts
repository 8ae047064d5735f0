// Request bodies for account routes: the spec's client posts JSON or forms (e.g. /api/user/sms is a form).
import type { Context } from "hono";
import type { z } from "zod";
import { parseOrThrow } from "../lib/validation";
import { invalid } from "../lib/errors";
import { clientIp } from "../services/accounts/config";
import type { RequestMeta } from "../services/accounts/users";

export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const v = await c.req.json();
      return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      throw invalid("请求参数有误");
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await c.req.parseBody({ all: true });
    return form as Record<string, unknown>;
  }
  // A body of any other type (text/plain is what a cross-site form can send without a preflight) is refused.
  if (type !== "" || (await c.req.raw.clone().arrayBuffer()).byteLength > 0) throw invalid("请求参数有误");
  // No body at all: query params (the spec's client sends some small payloads in the URL).
  return { ...c.req.query() };
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseOrThrow(schema, await readBody(c));
}

export function requestMeta(c: Context): RequestMeta {
  return { ip: clientIp(c.env, c.req.raw), userAgent: c.req.header("user-agent") ?? null };
}

export function originOf(c: Context) {
  return new URL(c.req.url).origin;
}
