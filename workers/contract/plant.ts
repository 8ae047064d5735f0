// Plant summary (全厂能源平衡, issue 22 item 9): the request schema and messages, shared by the page and the API.
import { z } from "zod";

export const PLANT_MSG = {
  companyNotFound: "未找到该企业的调查表，请在调查表第一页填写企业名称",
  companyTooLong: "企业名称不能超过100个字",
} as const;

export const plantSummarySchema = z.object({
  /** 企业名称 as the surveys give it; absent: the enterprise of the most recently changed survey. */
  company: z.string().trim().max(100, PLANT_MSG.companyTooLong).optional(),
});
export type PlantSummaryRequest = z.infer<typeof plantSummarySchema>;

// ---- the plant summary as a signable PDF (built by the "plant" job) ----

export const PLANT_REPORT_STATUS = { QUEUED: "queued", BUILDING: "building", READY: "ready", FAILED: "failed" } as const;
export type PlantReportStatus = (typeof PLANT_REPORT_STATUS)[keyof typeof PLANT_REPORT_STATUS];

export const PLANT_REPORT_STATUS_TEXT: Record<PlantReportStatus, string> = {
  queued: "排队中",
  building: "生成中",
  ready: "已生成",
  failed: "生成失败",
};

export const PLANT_REPORT_MSG = {
  queued: "已开始生成全厂能源平衡报告，请稍候",
  running: "该企业的全厂能源平衡报告正在生成中，请稍候",
  nothingToPrint: "该企业的调查表中还没有可计入的能源数据，无法生成报告",
  failed: "全厂能源平衡报告生成失败，请稍后重试",
  gone: "报告不存在或无权下载",
} as const;

/** The request: the enterprise (required: the PDF is of one named enterprise). */
export const plantReportSchema = z.object({
  company: z.string({ error: PLANT_MSG.companyNotFound }).trim().min(1, PLANT_MSG.companyNotFound).max(100, PLANT_MSG.companyTooLong),
});
export type PlantReportRequest = z.infer<typeof plantReportSchema>;

/** The newest plant PDF request of an enterprise, as the page shows it. */
export interface PlantReportView {
  id: string;
  company: string;
  status: PlantReportStatus;
  statusText: string;
  reportNo: string | null;
  createdAt: number;
  readyAt: number | null;
  pageCount: number | null;
  failReason: string | null;
  /** The PDF's link while ready (owner only). */
  downloadUrl: string | null;
}

export const plantReportPath = (id: string) => `/api/plant/report/${id}/download`;
