// Landing (/login) and /about content, kept apart from the cards' detail content (workers/cards/<card>/detail.ts) so /login does not download it.

/** Advantages shown on /login (spec 1 §1 landing claims). */
export const advantages = [
  { title: "专家打造", text: "节能服务工程师与标准专家共同设计评估模型，方法与依据写入报告附录。" },
  { title: "5 秒出报告", text: "填写或导入数据后一键生成，结论与图表即时可见。" },
  { title: "准确率 95%", text: "依据国家标准与实测数据计算，关键参数可追溯、可复核。" },
  { title: "效益可观", text: "已服务超过 1000 家用能单位，累计创造经济效益超过 100 亿元。" },
];

export const industries = ["钢铁", "纺织", "印染", "化工", "造纸", "电力"];
