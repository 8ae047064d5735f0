// Validation at the edge of each route: zod issues become the envelope with a clear Chinese message.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import { invalid } from "./errors";

// Zod's own fallback messages in Chinese, for any schema that does not set its own.
z.config(z.locales.zhCN());

/** The message a user sees: the first issue's message; our schemas set a Chinese one per rule. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message || "请求参数有误";
}

/** The media type of a request's body, lower case without parameters ("" when there is no Content-Type). */
export function mediaTypeOf(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export const isJsonType = (media: string) => /^application\/([\w.-]+\+)?json$/.test(media);
export const isFormType = (media: string) => media === "application/x-www-form-urlencoded" || media === "multipart/form-data";

/** A body is (or may be) present: a Content-Type, a non-zero Content-Length or a chunked body. */
export function mayHaveBody(req: Request): boolean {
  return req.headers.has("content-type") || req.headers.has("transfer-encoding") || Number(req.headers.get("content-length") ?? "0") > 0;
}

/**
 * The body a "json" or "form" route expects, or none at all. Hono's validator reads any other body as {} and a schema
 * whose fields are all optional would then pass, so a form (or text/plain) post to a JSON route — what a cross-site
 * HTML form sends — is refused here instead of being run with defaults (docs/security.md).
 */
function assertBodyType(target: keyof ValidationTargets, req: Request) {
  if (target !== "json" && target !== "form") return;
  if (!mayHaveBody(req)) return;
  const media = mediaTypeOf(req);
  if (target === "json" ? !isJsonType(media) : !isFormType(media)) throw invalid("请求参数有误");
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  const check = zValidator(target, schema, (result) => {
    if (!result.success) {
      const error = result.error as unknown as z.ZodError;
      throw invalid(firstIssueMessage(error), {
        fields: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
  });
  const guarded: typeof check = async (c, next) => {
    assertBodyType(target, c.req.raw);
    return check(c, next);
  };
  return guarded;
}

/** Parse a value with a schema outside a route (services, queue jobs); throws the same envelope error. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(firstIssueMessage(result.error));
  return result.data;
}
