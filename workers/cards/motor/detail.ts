// The 电机驱动系统 card's marketing detail page (its URL is listing.detailPath in index.ts).
import { SIX_STEPS, type CardDetail } from "../kit/detail";

export const MOTOR_DETAIL: CardDetail = {
  title: "电机驱动系统节能评估",
  tagline: "对照 GB 18613-2020 能效等级，逐台核算电机负载率、效率与变频调速潜力，优化潜力可达 10%-15%。",
  heroStats: [
    { value: "10%-15%", label: "电机系统优化潜力" },
    { value: "5 秒", label: "生成评估报告" },
    { value: "95%", label: "测算准确率" },
  ],
  intro: [
    { heading: "能效等级核查", text: "依据铭牌功率、极数与效率判定 GB 18613-2020 能效等级，识别仍在运行的低效电机。" },
    { heading: "部分负载效率", text: "按实测电流或功率计算负载率，采用插值方法得到实际工况效率，发现“大马拉小车”。" },
    { heading: "变频调速测算", text: "针对风机、水泵等变转矩负载，结合流量分布与静扬程测算变频节电量。" },
    { heading: "传动与维护", text: "识别皮带传动、联轴器对中等环节的损耗，给出低成本改进措施。" },
  ],
  reportValues: [
    { title: "逐台设备清单", text: "每台电机的等级、负载率、年耗电与节电量一目了然。" },
    { title: "改造方案对比", text: "升级二级/一级能效与加装变频器的节电量、投资与回收期对比。" },
    { title: "碳减排核算", text: "节电量折算标准煤与二氧化碳减排量，并注明因子来源年份。" },
    { title: "实施优先级", text: "按投资回收期排序，优先实施见效快的措施。" },
  ],
  steps: SIX_STEPS,
  caseStudy: {
    title: "客户案例",
    company: "浙江某印染企业",
    before: "全厂 126 台电机，平均负载率 46%，循环水泵采用阀门节流调节。",
    action: "更换 18 台低效电机为一级能效，为 9 台循环水泵加装变频器。",
    result: "年节电约 186 万 kWh，节约电费约 130 万元，投资回收期 1.4 年。",
    highlight: "年节电 186 万 kWh",
  },
  metaDescription: "电机驱动系统节能评估：依据 GB 18613-2020 核查电机能效等级、负载率与变频调速潜力，5 秒生成报告。",
};
