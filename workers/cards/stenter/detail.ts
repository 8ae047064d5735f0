// The 定型机余热回收 card's marketing detail page (its URL is listing.detailPath in index.ts).
import { SIX_STEPS, type CardDetail } from "../kit/detail";

export const STENTER_DETAIL: CardDetail = {
  title: "定型机余热回收评估",
  tagline: "定型机排风温度高、湿度大，余热资源丰富。按排风工况核算可回收热量，测算燃料节约与投资回收期。",
  heroStats: [
    { value: "40%", label: "定型机热量随排风排出" },
    { value: "60%", label: "排风余热可回收比例" },
    { value: "70%", label: "换热器效率可达" },
  ],
  intro: [
    { heading: "排风工况分析", text: "依据排风温度、含湿量与风量，计算湿空气焓值与可利用温差。" },
    { heading: "露点校核", text: "校核换热后排风温度与露点，避免油烟冷凝堵塞换热器。" },
    { heading: "燃料节约测算", text: "按天然气、导热油或蒸汽分别核算节约燃料量与费用。" },
    { heading: "协同效益", text: "余热回收同时降低排风温度，有利于油烟净化与车间环境。" },
  ],
  reportValues: [
    { title: "可回收热量", text: "按小时与年度给出可回收热功率与热量。" },
    { title: "节约燃料与费用", text: "折算天然气立方米、蒸汽吨数及对应费用。" },
    { title: "投资回收期", text: "结合换热器投资给出静态回收期。" },
    { title: "碳减排量", text: "节约燃料折算标准煤与二氧化碳减排量。" },
  ],
  steps: SIX_STEPS,
  caseStudy: {
    title: "客户案例",
    company: "江苏某纺织印染企业",
    before: "8 台天然气直燃定型机，排风温度约 160 ℃，热量直接排放。",
    action: "加装气-水换热器回收排风余热，预热工艺用水与车间热水。",
    result: "年节约天然气约 42 万 m³，节约费用约 160 万元，回收期约 1.1 年。",
    highlight: "年节约天然气 42 万 m³",
  },
  metaDescription: "定型机余热回收评估：依据排风温湿度与风量核算可回收热量、燃料节约、投资回收期与碳减排量。",
};
