// antd Form rules from the shared zod schemas (workers/contract/accounts.ts): the browser checks exactly what the server checks.
import type { FormInstance, FormRule } from "antd";
import type { RuleObject } from "antd/es/form";
import type { z } from "zod";
import { ACCOUNT_MSG } from "../../workers/contract/accounts";

/** One field checked by one schema; the first issue's Chinese message is shown under the field. */
export function zodRule(schema: z.ZodType, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === "")) return;
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "输入有误");
    },
  };
}

/** The repeat field must equal the password field (两次输入的密码不一致). */
export function sameAs(field: string): (form: Pick<FormInstance, "getFieldValue">) => RuleObject {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(ACCOUNT_MSG.confirmRequired);
      if (value !== form.getFieldValue(field)) throw new Error(ACCOUNT_MSG.passwordMismatch);
    },
  });
}

export { safeRedirect } from "../lib/safe-redirect";
