// The user's data rights (PIPL art. 45 copy, art. 47 deletion; issue 17 item 2): constants, messages, payloads and
// views shared by the API and the settings page. Imports only zod and the accounts contract. docs/account-rights.md.
import { z } from "zod";
import { smsCodeSchema } from "./accounts";

/** A ready export's link works this long; the cron then removes the zip from R2. */
export const EXPORT_LINK_DAYS = 7;
/** Exports a user may request in any 24 hours. */
export const EXPORT_DAILY_MAX = 3;
/** After a deletion the phone may register (or be bound) again only after this many days. */
export const PHONE_REUSE_DAYS = 30;
/** A report queued or generating more recently than this blocks deletion (it finishes within seconds normally). */
export const REPORT_RUNNING_MINUTES = 30;
/** The nickname every deleted account shows. */
export const DELETED_USER_NAME = "已注销用户";
/** SMS type of the deletion code (spec 1 §9 types 1–4 plus this one; sent only to the caller's own bound phone). */
export const SMS_TYPE_ACCOUNT_DELETE = 5;

export const EXPORT_STATUS = { QUEUED: "queued", BUILDING: "building", READY: "ready", FAILED: "failed", EXPIRED: "expired" } as const;
export type ExportStatus = (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS];

export const EXPORT_STATUS_TEXT: Record<ExportStatus, string> = {
  queued: "排队中",
  building: "正在生成",
  ready: "可下载",
  failed: "生成失败",
  expired: "已过期",
};

export const RIGHTS_MSG = {
  exportQueued: "已提交导出申请，生成后将通过消息通知您",
  exportRunning: "您有一个导出任务正在处理中，完成后会通过消息通知您，请勿重复提交",
  exportDailyLimit: `每天最多可申请导出${EXPORT_DAILY_MAX}次，请明天再试`,
  exportFailed: "个人数据导出失败，请稍后在“账号设置 → 数据与注销”中重新申请。",
  exportGone: "下载链接已失效或无权访问",
  loginToDownload: "请先登录后再下载",
  deleteCodeSent: "验证码已发送至您绑定的手机",
  noPhone: "您的账号未绑定手机号，请使用登录密码确认注销",
  useSms: "您的账号已绑定手机号，请使用短信验证码确认注销",
  noCredential: "请先绑定手机号或设置登录密码后再注销账号",
  passwordRequired: "请输入登录密码",
  passwordWrong: "密码错误",
  reportRunning: "您有正在生成的报告，请等待报告生成完成后再注销账号",
  orderPending: "有未完成的订单状态暂时无法确认，请稍后再试",
  adminCannotDelete: "运营账号不能在此注销，请联系管理员",
  confirmRequired: "请勾选“我已阅读并同意注销须知”",
  deleted: "账号已注销",
  /**
   * Issue 26 item 9: SMS login, forgot password and register with a deleted account's phone say this once, where the
   * phone is first met (never 该手机号未注册 followed by a refusal to register). The date is China's.
   */
  phoneDeleted: (reusableOn: string) => `该手机号已注销，${reusableOn} 后可重新注册`,
  /** Binding the phone to another account (phone change, third-party binding) within the period. */
  phoneReserved: (deletedOn: string, reusableOn: string) =>
    `该手机号绑定的账号已于${deletedOn}注销，注销后${PHONE_REUSE_DAYS}天内不能重新注册或绑定，请于${reusableOn}后再试`,
  exportReady: (until: string) => `您申请导出的个人数据已生成，请在${until}前下载（仅限本人登录后下载）：`,
} as const;

export const deleteAccountSchema = z.union([
  z.object({ method: z.literal("sms"), authCode: smsCodeSchema, agree: z.literal(true, { error: RIGHTS_MSG.confirmRequired }) }),
  z.object({
    method: z.literal("password"),
    password: z.string({ error: RIGHTS_MSG.passwordRequired }).min(1, RIGHTS_MSG.passwordRequired).max(50, RIGHTS_MSG.passwordWrong),
    agree: z.literal(true, { error: RIGHTS_MSG.confirmRequired }),
  }),
], { error: RIGHTS_MSG.confirmRequired });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export interface ExportView {
  id: string;
  status: ExportStatus;
  statusText: string;
  createdAt: number;
  readyAt: number | null;
  expiresAt: number | null;
  fileSize: number | null;
  /** Site-relative download link while the export is ready and not expired. */
  downloadUrl: string | null;
}

export interface RightsOverview {
  exports: ExportView[];
  /** How the owner confirms deletion: sms to the masked phone, password, or none possible. */
  deleteMethod: "sms" | "password" | "none";
  maskedPhone: string | null;
  phoneReuseDays: number;
  exportLinkDays: number;
}

/** Download link of an export (served only to its owner, only until it expires). */
export const exportDownloadPath = (id: string) => `/api/account/export/${id}/download`;
