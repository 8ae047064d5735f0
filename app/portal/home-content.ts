// Portal home content (spec 1 §1): banner slides and the three product blocks.
export const homeSlides = [
  {
    key: "assessment",
    title: "企业节能评估，5 秒生成报告",
    text: "电机驱动系统、定型机余热回收、电费优化，依据国家标准在线测算节能潜力与投资回收期。",
    cta: { label: "开始评估", href: "/login" },
    tone: "green",
  },
  {
    key: "qa",
    title: "能源问答社区，工程师在线解惑",
    text: "变频改造、空压站节能、分时电价、碳排放核算……与同行和专家交流一线经验。",
    cta: { label: "去提问", href: "/energySavingQA" },
    tone: "blue",
  },
  {
    key: "cost",
    title: "电费优化空间 20%-40%",
    text: "削峰填谷、需量管理、功率因数调整与储能配置，帮助企业实实在在降低用电成本。",
    cta: { label: "了解电费优化", href: "/costDetail" },
    tone: "teal",
  },
] as const;

export const productBlocks = [
  {
    key: "qa",
    title: "能源问答",
    text: "面向能源管理者与节能工程师的专业问答社区：提问、回答、评论、点赞与关注，沉淀可复用的节能经验。",
    points: ["覆盖电机、空压机、余热、电价、碳核算等主题", "匿名提问保护企业信息", "智能助手 7×24 小时答疑"],
    href: "/energySavingQA",
    action: "进入能源问答",
    external: false,
  },
  {
    key: "library",
    title: "双碳文库",
    text: "汇集碳达峰碳中和政策、能效标准、行业报告与技术规范，一站查阅，支持平台账号授权登录。",
    points: ["政策文件与国家标准", "行业研究报告", "节能技术案例"],
    href: "",
    action: "访问双碳文库",
    external: true,
  },
  {
    key: "assessment",
    title: "节能评估",
    text: "填写或导入企业用能数据，按国家标准与工程方法生成节能评估报告，明确节能量、节约金额、投资与回收期。",
    points: ["服务超过 1000 家用能单位", "测算准确率可达 95%", "工程师一对一解读报告"],
    href: "/login",
    action: "开始节能评估",
    external: false,
  },
] as const;
