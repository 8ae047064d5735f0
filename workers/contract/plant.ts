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
