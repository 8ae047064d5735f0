// The 电费优化 card's marketing detail page (its URL is listing.detailPath in index.ts).
import { SIX_STEPS, type CardDetail } from "../kit/detail";

export const ELECTRICITY_DETAIL: CardDetail = {
  title: "电费优化评估",
  tagline: "分析企业用电结构与分时电价，优化基本电费计费方式与功率因数，挖掘削峰填谷与储能空间，电费优化空间可达 20%-40%。",
  heroStats: [
    { value: "20%-40%", label: "电费优化空间" },
    { value: "5 秒", label: "生成评估报告" },
    { value: "84 万元/年", label: "客户案例节约电费" },
  ],
  intro: [
    { heading: "分时电费结构", text: "按省级分时电价拆分尖、峰、平、谷电量与电费，找出高价时段用电。" },
    { heading: "基本电费优化", text: "对比按容量与按需量计费，给出最优计费方式与需量申报值。" },
    { heading: "功率因数调整", text: "核算力调电费的奖惩，评估无功补偿改造收益。" },
    { heading: "削峰填谷与储能", text: "测算负荷转移与储能配置的套利收益和投资回收期。" },
  ],
  reportValues: [
    { title: "电费构成诊断", text: "电度电费、基本电费、力调电费逐项拆解。" },
    { title: "典型日负荷曲线", text: "叠加分时电价时段，直观展示峰谷用电分布。" },
    { title: "优化措施清单", text: "每项措施的年节约金额、投资与回收期。" },
    { title: "工程师解读", text: "专业工程师解读报告，提供可选的零成本节能改造方案。" },
  ],
  steps: SIX_STEPS,
  caseStudy: {
    title: "客户案例",
    company: "山东某化工企业",
    before: "月均用电 260 万 kWh，峰段用电占比 41%，按容量计收基本电费。",
    action: "调整间歇生产线至谷段运行，改按需量计费，配置 2 MWh 储能削峰。",
    result: "通过削峰填谷，年节约电费约 84 万元，电费综合单价下降 9.6%。",
    highlight: "削峰填谷年节约约 84 万元",
  },
  metaDescription: "电费优化评估：分时电价电费诊断、基本电费计费方式选择、功率因数与削峰填谷储能测算，电费优化空间 20%-40%。",
};
