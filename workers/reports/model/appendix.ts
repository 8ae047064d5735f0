// The report's method appendix: a Chinese rendering of docs/engines.md (sections noted per block), kept as a
// typed copy because the report is Chinese and the engine documentation is English. When docs/engines.md
// changes, update the matching block here (docs/reports.md lists this step); test/api/reports.test.ts checks
// that every standard and document cited in docs/engines.md §7 appears here.

export interface AppendixSection {
  title: string;
  paragraphs: string[];
}

/** docs/engines.md §1. */
const CONVENTIONS: AppendixSection = {
  title: "通用约定",
  paragraphs: [
    "全部计算保留完整浮点精度，报告显示值按3位有效数字修约，修约值不参与后续计算；唯一在方法中修约的是月度功率因数（按电费单保留2位小数）。",
    "单位采用国际单位制与我国计费单位：kW、kWh、m³/h、Pa、m、°C、元、tce（吨标准煤）、tCO2。重力加速度9.81 m/s²，水密度1,000 kg/m³。",
    "“节约”均指现状减去改造后，节约量不为负：使能耗增加的措施报告为“不节能”，节约量记为0。每项节能量同时折算为标准煤和二氧化碳，并注明所用系数及其来源年份。",
    "标注为“假设”的数值为筛查默认值，可由调查表实测数据替代；标注为“未核实”的数值来自第三方转录，尚未与标准正式文本核对。",
  ],
};


/** docs/engines.md §6. */
const CARBON: AppendixSection = {
  title: "折标煤与二氧化碳排放",
  paragraphs: [
    "电力折标系数默认0.1229 kgce/kWh（当量值，GB/T 2589-2020《综合能耗计算通则》）。",
    "电网排放因子：优先采用最新年度省级因子，否则采用所在区域电网2023年因子（华北0.6361、东北0.5122、华东0.5500、华中0.5271、西北0.5543、南方0.4042、西南0.2472 kgCO2/kWh），否则采用2023年全国平均0.5306 kgCO2/kWh；来源为生态环境部、国家统计局电力二氧化碳排放因子公告。",
    "天然气1.33 kgce/m³、2.162 kgCO2/m³（有供气低位热值时按热值折算）；原煤0.7143 kgce/kg（本版本未配置原煤排放因子，燃煤节约仅给出标准煤）；蒸汽与热力 34.12 kgce/GJ、0.11 tCO2/GJ。",
  ],
};

/** docs/engines.md §7. */
const SOURCES: AppendixSection = {
  title: "标准与资料来源",
  paragraphs: [
    "MEASUR计算引擎：ORNL-AMO/AMO-Tools-Suite（电机效率曲线、轴功率、皮带损失、泵与风机计算链）。",
    "GB 18613-2020、GB 19762-2025、GB 19761-2020、GB 19153-2019 数值：第三方转录 adgo07/EquipEffi（未与正式文本核对）；IEC 60034-30-1 IE1/IE2：两份一致的公开转录。",
    "EU IPPC BREF Textiles Industry (2003) §4.8.1；Tian, He, Tao, Applied Energy 188 (2017) 586–594。",
    "国家发展改革委关于进一步完善分时电价机制的通知（发改价格〔2021〕1093号）及上述各省文件；发改价格〔2023〕526号、发改办价格〔2016〕1583号（两部制规则）；水电财字〔1983〕215号（功率因数调整电费）。",
    "生态环境部、国家统计局电力二氧化碳排放因子公告（2021、2022、2023）；GB/T 2589-2020《综合能耗计算通则》；企业温室气体排放核算指南。",
    "GB/T 28750-2012《节能量测量和验证技术通则》（节能量测量与验证说明）。",
  ],
};

/** The whole appendix of a report: the common conventions, the card's own method, carbon and sources. */
export function appendixWith(method: AppendixSection[]): AppendixSection[] {
  return [CONVENTIONS, ...method, CARBON, SOURCES];
}

/** The appendix text of every method given (the registry passes every card's; checked against docs/engines.md §7). */
export const appendixText = (methods: readonly AppendixSection[]): string =>
  appendixWith([...methods]).flatMap((s) => [s.title, ...s.paragraphs]).join("\n");
