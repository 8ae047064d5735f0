// Operator console contract (issue 17): payload schemas shared by the admin pages, the Q&A 举报 dialog and the
// API; constants and response shapes are re-exported from ./admin-constants (no zod there).
import { z } from "zod";
import {
  ADMIN_MSG,
  BAN_REASON_MAX,
  KEYWORD_MAX,
  SYNONYM_MAX,
  REPORT_DETAIL_MAX,
  REPORT_REASONS,
  REVIEW_DECISION,
  REVIEW_STATE,
  REVIEW_TARGETS,
} from "./admin-constants";

export * from "./admin-constants";

const BAD = "请求参数有误";
const id = z.coerce.number({ error: BAD }).int(BAD).positive(BAD);
const pageNo = z.coerce.number().int().min(1).catch(1).default(1);

/** POST /api/qa/report/add: a user reports a question, answer or comment. */
export const reportPayload = z.object({
  targetType: z.enum(REVIEW_TARGETS as [string, ...string[]], { error: BAD }),
  targetId: id,
  reason: z.enum(REPORT_REASONS as [string, ...string[]], { error: ADMIN_MSG.reasonRequired }),
  detail: z.string().trim().max(REPORT_DETAIL_MAX, `补充说明最多${REPORT_DETAIL_MAX}个字`).optional().default(""),
});
export type ReportInput = z.infer<typeof reportPayload>;

export const reviewListQuery = z.object({
  state: z.enum(Object.values(REVIEW_STATE) as [string, ...string[]]).optional().catch(undefined),
  type: z.enum(REVIEW_TARGETS as [string, ...string[]]).optional().catch(undefined),
  pageNo,
});

export const reviewDecisionPayload = z.object({
  id,
  decision: z.enum(Object.values(REVIEW_DECISION) as [string, ...string[]], { error: BAD }),
  note: z.string().trim().max(BAN_REASON_MAX, `备注最多${BAN_REASON_MAX}个字`).optional(),
});

export const banPayload = z.object({
  userId: id,
  reason: z.string({ error: ADMIN_MSG.banReasonRequired }).trim().min(1, ADMIN_MSG.banReasonRequired).max(BAN_REASON_MAX, `理由最多${BAN_REASON_MAX}个字`),
});
export const unbanPayload = z.object({ userId: id, reason: z.string().trim().max(BAN_REASON_MAX).optional() });

export const userSearchQuery = z.object({ q: z.string().trim().max(50).optional().default(""), pageNo });

export const keywordAddPayload = z.object({
  word: z.string({ error: ADMIN_MSG.keywordEmpty }).trim().min(1, ADMIN_MSG.keywordEmpty).max(KEYWORD_MAX, ADMIN_MSG.keywordTooLong),
});
export const keywordRemovePayload = z.object({ id });
/** A search synonym group (docs/qa.md "Search"): words separated by spaces; id when editing. */
export const synonymSavePayload = z.object({
  id: id.optional(),
  words: z.string({ error: ADMIN_MSG.synonymTooFew }).trim().min(1, ADMIN_MSG.synonymTooFew).max(SYNONYM_MAX, ADMIN_MSG.synonymTooLong),
});
export const synonymRemovePayload = z.object({ id });

export const auditListQuery = z.object({ pageNo });

export const retryReportPayload = z.object({ surveyId: id });
