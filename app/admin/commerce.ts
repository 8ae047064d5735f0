// Browser helpers of the commerce pages: money in yuan with two decimals, China-time dates, refund request numbers.
import { yuan2 } from "../../workers/contract/admin-commerce";
import { chinaDateTime } from "../../workers/lib/china-time";

export const money = (yuan: number | null | undefined) => (yuan == null ? "—" : `¥${yuan2(yuan)}`);
export const when = (ms: number | null | undefined) => (ms ? chinaDateTime(ms) : "—");
/** A refund's out_request_no, made when the dialog opens: resubmitting the same dialog never refunds twice. */
export const newRequestNo = () => `RF${Date.now().toString(36)}${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join("")}`.toUpperCase();
/** The first validation message of a zod result, for the dialogs (the server checks the same schema). */
export function firstIssue(r: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return r.success ? null : (r.error?.issues[0]?.message ?? "请求参数有误");
}
export const STATUS_COLOR: Record<string, string | undefined> = { SUCCESS: "success", WAIT_PAY: "processing", REFUNDED: "error", CLOSED: undefined };
