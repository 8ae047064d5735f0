// Pieces shared by the three survey definitions: the company page and small question builders.
import { INDUSTRY_OPTIONS, type OptionItem } from "../../contract/card-options";
import type { OptionDef, PageDef, QuestionDef } from "../../contract/survey-definition";

export function options(items: readonly OptionItem[]): OptionDef[] {
  return items.map((o) => ({ key: o.key, optionName: o.optionName }));
}

type NumberHints = Pick<QuestionDef, "min" | "max" | "unit" | "minExclusive" | "tooLow" | "tooHigh" | "bands" | "bandsMessage">;

/** A numeric text question. */
export function num(key: string, questionName: string, requiredFlag: 0 | 1, annotation: string, hints: NumberHints = {}, integer = false): QuestionDef {
  return { key, questionName, questionType: "text", requiredFlag, annotation, valueKind: integer ? "integer" : "number", ...hints };
}

export function text(key: string, questionName: string, requiredFlag: 0 | 1, annotation: string): QuestionDef {
  return { key, questionName, questionType: "text", requiredFlag, annotation, valueKind: "string" };
}

export function select(key: string, questionName: string, requiredFlag: 0 | 1, annotation: string, items: readonly OptionItem[]): QuestionDef {
  return { key, questionName, questionType: "select", requiredFlag, annotation, options: options(items) };
}

export function image(key: string, questionName: string, annotation: string, imageSize: number): QuestionDef {
  return { key, questionName, questionType: "text", requiredFlag: 0, annotation, imageSize };
}

/** Page 1 of every card: who the company is and where (the province picks tariffs and the grid CO2 factor). */
export function companyPage(provinces: readonly OptionItem[], provinceNote: string): PageDef {
  return {
    key: "company",
    pageName: "企业基本信息",
    sections: [
      {
        key: "company_info",
        kind: "input",
        moldName: "企业基本信息",
        multiple: 0,
        groups: [
          {
            moldName: "企业概况",
            questions: [
              text("company_name", "企业名称", 1, "填写营业执照上的企业全称，将显示在报告封面"),
              select("industry", "所属行业", 0, "选择企业主营业务所属行业", INDUSTRY_OPTIONS),
              select("province", "所在省份", 1, provinceNote, provinces),
              text("city", "所在城市", 0, "填写工厂所在地级市，如“苏州”"),
              { key: "assessment_date", questionName: "调研日期", questionType: "date", requiredFlag: 0, annotation: "现场调研或数据采集的日期" },
            ],
          },
        ],
      },
    ],
  };
}
