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

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const error = result.error as unknown as z.ZodError;
      throw invalid(firstIssueMessage(error), {
        fields: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    }
  });
}

/** Parse a value with a schema outside a route (services, queue jobs); throws the same envelope error. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(firstIssueMessage(result.error));
  return result.data;
}
