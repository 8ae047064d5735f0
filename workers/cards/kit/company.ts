// Company basics shared by every card (first page of each survey).
import type { AnswerReader } from "./answers";
import { INDUSTRY_OPTIONS } from "../../contract/card-options";

export const COMPANY_KEYS = ["company_name", "industry", "province", "city", "assessment_date"] as const;

export interface CompanyInfo {
  name?: string;
  industry?: string;
  province?: string;
  city?: string;
  assessmentDate?: string;
}

export function readCompany(r: AnswerReader, provinceKeys: readonly string[]): CompanyInfo {
  return {
    name: r.text("company_name", 0, "企业名称", true),
    industry: r.option("industry", 0, "所属行业", INDUSTRY_OPTIONS.map((o) => o.key), false),
    province: r.option("province", 0, "所在省份", provinceKeys, true),
    city: r.text("city", 0, "所在城市", false),
    assessmentDate: r.date("assessment_date", 0, "调研日期", false),
  };
}
