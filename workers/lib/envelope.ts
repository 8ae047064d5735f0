// The response envelope every API call answers with (spec 1 §7): { code, msg, data }.
import type { Context } from "hono";
import { CODE } from "./codes";

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, data };
}

/** Answer success; msg may carry a spec success text such as 保存成功. */
export function ok<T>(c: Context, data: T, msg = "成功") {
  return c.json(envelope(CODE.OK, msg, data));
}
