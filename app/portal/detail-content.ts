// Marketing content of the three card detail pages (spec 1 §1, spec 3 §1), kept as data.
export interface DetailContent {
  cardCode: "motor" | "stenter" | "electricity";
  path: string;
  title: string;
  tagline: string;
  heroStats: { value: string; label: string }[];
  intro: { heading: string; text: string }[];
  reportValues: { title: string; text: string }[];
  steps: { title: string; text: string }[];
  caseStudy: { title: string; company: string; before: string; action: string; result: string; highlight: string };
  metaDescription: string;
}

const SIX_STEPS = [
  { title: "选择报告类型", text: "在评估卡片中选择与企业需求匹配的评估类型。" },
  { title: "创建数据表", text: "在工作台新建调查表，或下载模板离线填写后导入。" },
  { title: "上传基础用电数据", text: "填写设备铭牌、运行时间，上传电费单或 15 分钟负荷曲线。" },
  { title: "一键生成报告", text: "系统按国家标准与工程方法计算，约 5 秒生成评估报告。" },
  { title: "下载报告", text: "在线预览核心结论，支付后下载完整 PDF 报告。" },
  { title: "联系工程师解读", text: "节能工程师一对一解读报告，给出实施建议。" },
];

export const detailPages: Record<DetailContent["cardCode"], DetailContent> = {
  motor: {
    cardCode: "motor",
    path: "/electricDetail",
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
  },
  stenter: {
    cardCode: "stenter",
    path: "/machineDetail",
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
  },
  electricity: {
    cardCode: "electricity",
    path: "/costDetail",
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
  },
};
