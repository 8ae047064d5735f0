// Operator console, content part (issue 17): payload schemas of the robot knowledge base and system message pages,
// shared by the pages and the API (workers/api/admin-content.ts). Constants and shapes are in ./admin-constants.
import { z } from "zod";
import {
  ADMIN_MSG,
  MESSAGE_AUDIENCE,
  ROBOT_ACTION_HREF_MAX,
  ROBOT_ACTION_LABEL_MAX,
  ROBOT_ANSWER_MAX,
  ROBOT_CATEGORIES,
  ROBOT_KEYWORDS_MAX,
  ROBOT_QUESTION_MAX,
  SYSTEM_CONTENT_MAX,
  SYSTEM_TITLE_MAX,
} from "./admin-constants";

const BAD = "请求参数有误";
const id = z.coerce.number({ error: BAD }).int(BAD).positive(BAD);
const pageNo = z.coerce.number().int().min(1).catch(1).default(1);

/** Site-relative path or http(s) URL (the robot shows it as a link). */
const href = z
  .string()
  .trim()
  .max(ROBOT_ACTION_HREF_MAX, `链接最多${ROBOT_ACTION_HREF_MAX}个字符`)
  .refine((v) => v === "" || /^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/i.test(v), "链接须以 / 或 http(s):// 开头");

export const robotListQuery = z.object({ q: z.string().trim().max(50).optional().default(""), pageNo });

export const robotEntryPayload = z
  .object({
    category: z.enum(ROBOT_CATEGORIES, { error: "请选择分类" }),
    question: z.string({ error: ADMIN_MSG.robotQuestionRequired }).trim().min(1, ADMIN_MSG.robotQuestionRequired).max(ROBOT_QUESTION_MAX, `问题最多${ROBOT_QUESTION_MAX}个字`),
    answer: z.string({ error: ADMIN_MSG.robotAnswerRequired }).trim().min(1, ADMIN_MSG.robotAnswerRequired).max(ROBOT_ANSWER_MAX, `答案最多${ROBOT_ANSWER_MAX}个字`),
    keywords: z.string().trim().max(ROBOT_KEYWORDS_MAX, `关键词最多${ROBOT_KEYWORDS_MAX}个字`).optional().default(""),
    actionLabel: z.string().trim().max(ROBOT_ACTION_LABEL_MAX, `链接文字最多${ROBOT_ACTION_LABEL_MAX}个字`).optional().default(""),
    actionHref: href.optional().default(""),
    suggested: z.coerce.number().int().min(0).max(99).optional().default(0),
    sortOrder: z.coerce.number().int().min(0).max(100000).optional().default(1000),
    enabled: z.boolean().optional().default(true),
  })
  .refine((v) => !v.actionLabel === !v.actionHref, { message: "链接文字和链接须同时填写", path: ["actionHref"] });
export type RobotEntryInput = z.infer<typeof robotEntryPayload>;

export const robotUpdatePayload = z.intersection(z.object({ id }), robotEntryPayload);
export const robotEnablePayload = z.object({ id, enabled: z.boolean({ error: BAD }) });
export const robotDeletePayload = z.object({ id });
export const robotTryPayload = z.object({ text: z.string({ error: "请输入要试的问题" }).trim().min(1, "请输入要试的问题").max(100, "最多100个字") });

/** Who: a user id, user name or phone. */
export const userResolveQuery = z.object({ who: z.string({ error: ADMIN_MSG.messageUserRequired }).trim().min(1, ADMIN_MSG.messageUserRequired).max(50) });

export const systemSendPayload = z
  .object({
    audience: z.enum([MESSAGE_AUDIENCE.ONE, MESSAGE_AUDIENCE.ALL], { error: BAD }),
    /** The resolved user's id (audience one). */
    userId: id.optional(),
    title: z.string({ error: ADMIN_MSG.messageTitleRequired }).trim().min(1, ADMIN_MSG.messageTitleRequired).max(SYSTEM_TITLE_MAX, `标题最多${SYSTEM_TITLE_MAX}个字`),
    content: z.string({ error: ADMIN_MSG.messageContentRequired }).trim().min(1, ADMIN_MSG.messageContentRequired).max(SYSTEM_CONTENT_MAX, `内容最多${SYSTEM_CONTENT_MAX}个字`),
  })
  .refine((v) => v.audience === MESSAGE_AUDIENCE.ALL || v.userId !== undefined, { message: ADMIN_MSG.messageUserRequired, path: ["userId"] });
export type SystemSendInput = z.infer<typeof systemSendPayload>;

export const systemSendListQuery = z.object({ pageNo });
