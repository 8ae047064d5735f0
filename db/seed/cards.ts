// The assessment cards (spec 1 §2, spec 3 §1): three enabled with their own detail pages, five not yet open.
export interface CardSeed {
  id: number;
  code: string;
  surveyName: string;
  surveyDescription: string;
  iconUrl: string;
  reportCount: number;
  explainPath: string | null;
  enabled: 0 | 1;
  detailPath: string | null;
  sortOrder: number;
}

export const cardSeeds: CardSeed[] = [
  {
    id: 1,
    code: "motor",
    surveyName: "电机驱动系统",
    surveyDescription: "依据 GB 18613-2020 评估电机能效等级、负载率与变频改造潜力，测算高效电机替换与调速节能收益，优化潜力通常达 10%-15%。",
    iconUrl: "/images/cards/motor.svg",
    reportCount: 1286,
    explainPath: "/docs/usage-motor.pdf",
    enabled: 1,
    detailPath: "/electricDetail",
    sortOrder: 1,
  },
  {
    id: 2,
    code: "stenter",
    surveyName: "定型机余热回收",
    surveyDescription: "根据定型机排风温度、湿度与风量核算可回收热量，按天然气、导热油或蒸汽测算节约燃料、费用与投资回收期。",
    iconUrl: "/images/cards/stenter.svg",
    reportCount: 642,
    explainPath: "/docs/usage-stenter.pdf",
    enabled: 1,
    detailPath: "/machineDetail",
    sortOrder: 2,
  },
  {
    id: 3,
    code: "electricity",
    surveyName: "电费优化",
    surveyDescription: "分析分时电价下的用电结构、基本电费计费方式与功率因数，挖掘削峰填谷与储能套利空间，电费优化空间可达 20%-40%。",
    iconUrl: "/images/cards/electricity.svg",
    reportCount: 1530,
    explainPath: "/docs/usage-electricity.pdf",
    enabled: 1,
    detailPath: "/costDetail",
    sortOrder: 3,
  },
  ...(
    [
      ["energy_mgmt", "能源管理水平", "对照能源管理体系要求评价计量、统计、考核与节能管理水平，给出改进路线。", "energy-mgmt"],
      ["air_compressor", "空压机", "评估空压站比功率、泄漏率与压力设定，测算群控、变频与余热利用的节能量。", "air-compressor"],
      ["dye_vat", "染缸加热", "核算染缸升温、保温阶段的蒸汽消耗，评估冷凝水与废水余热回收潜力。", "dye-vat"],
      ["fan", "风机", "分析风机运行工况与调节方式，评估变频调速与高效叶轮改造收益。", "fan"],
      ["pump", "水泵", "分析水泵流量、扬程与效率匹配情况，评估变频、切削叶轮与系统优化收益。", "pump"],
    ] as const
  ).map(([code, surveyName, surveyDescription, icon], i) => ({
    id: 4 + i,
    code,
    surveyName,
    surveyDescription,
    iconUrl: `/images/cards/${icon}.svg`,
    reportCount: 0,
    explainPath: null,
    enabled: 0 as const,
    detailPath: null,
    sortOrder: 4 + i,
  })),
];
