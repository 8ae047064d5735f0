// The marketing detail page of a card (spec 1 §1, spec 3 §1): banner, service intro, report values, the six steps,
// a case and the page's description, kept as data in the card's folder (workers/cards/<card>/detail.ts). The page's
// URL is the card's listing.detailPath; the portal's detail routes read the content through the registry, on the
// server (app/portal/detail-route.server.ts), so no card's text is in the browser bundle.

export interface CardDetail {
  title: string;
  tagline: string;
  heroStats: { value: string; label: string }[];
  intro: { heading: string; text: string }[];
  reportValues: { title: string; text: string }[];
  steps: { title: string; text: string }[];
  caseStudy: { title: string; company: string; before: string; action: string; result: string; highlight: string };
  metaDescription: string;
}

/** The six steps from card to report, the same on every card's page. */
export const SIX_STEPS = [
  { title: "选择报告类型", text: "在评估卡片中选择与企业需求匹配的评估类型。" },
  { title: "创建数据表", text: "在工作台新建调查表，或下载模板离线填写后导入。" },
  { title: "上传基础用电数据", text: "填写设备铭牌、运行时间，上传电费单或 15 分钟负荷曲线。" },
  { title: "一键生成报告", text: "系统按国家标准与工程方法计算，约 5 秒生成评估报告。" },
  { title: "下载报告", text: "在线预览核心结论，支付后下载完整 PDF 报告。" },
  { title: "联系工程师解读", text: "节能工程师一对一解读报告，给出实施建议。" },
];
