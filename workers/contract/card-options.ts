// Option vocabularies shared by the survey definitions (workers/cards/<card>/survey.ts) and the answer mapping, so a
// select answer's key always means the same thing to the form and to the engine.

export interface OptionItem<K extends string = string> {
  key: K;
  optionName: string;
}

function keys<K extends string>(items: readonly OptionItem<K>[]): K[] {
  return items.map((i) => i.key);
}

export const PROVINCE_OPTIONS: readonly OptionItem[] = [
  { key: "beijing", optionName: "北京" },
  { key: "tianjin", optionName: "天津" },
  { key: "hebei", optionName: "河北" },
  { key: "shanxi", optionName: "山西" },
  { key: "inner_mongolia", optionName: "内蒙古" },
  { key: "liaoning", optionName: "辽宁" },
  { key: "jilin", optionName: "吉林" },
  { key: "heilongjiang", optionName: "黑龙江" },
  { key: "shanghai", optionName: "上海" },
  { key: "jiangsu", optionName: "江苏" },
  { key: "zhejiang", optionName: "浙江" },
  { key: "anhui", optionName: "安徽" },
  { key: "fujian", optionName: "福建" },
  { key: "jiangxi", optionName: "江西" },
  { key: "shandong", optionName: "山东" },
  { key: "henan", optionName: "河南" },
  { key: "hubei", optionName: "湖北" },
  { key: "hunan", optionName: "湖南" },
  { key: "guangdong", optionName: "广东" },
  { key: "guangxi", optionName: "广西" },
  { key: "hainan", optionName: "海南" },
  { key: "chongqing", optionName: "重庆" },
  { key: "sichuan", optionName: "四川" },
  { key: "guizhou", optionName: "贵州" },
  { key: "yunnan", optionName: "云南" },
  { key: "tibet", optionName: "西藏" },
  { key: "shaanxi", optionName: "陕西" },
  { key: "gansu", optionName: "甘肃" },
  { key: "qinghai", optionName: "青海" },
  { key: "ningxia", optionName: "宁夏" },
  { key: "xinjiang", optionName: "新疆" },
];
export const PROVINCE_KEYS = keys(PROVINCE_OPTIONS);

/** Provinces with a TOU tariff configured (electricity card). */
export const TARIFF_PROVINCE_OPTIONS: readonly OptionItem[] = PROVINCE_OPTIONS.filter((p) =>
  ["jiangsu", "zhejiang", "guangdong", "shanghai", "shandong", "beijing"].includes(p.key),
);
export const TARIFF_PROVINCE_KEYS = keys(TARIFF_PROVINCE_OPTIONS);

export const INDUSTRY_OPTIONS: readonly OptionItem[] = [
  { key: "textile", optionName: "纺织" },
  { key: "dyeing", optionName: "印染" },
  { key: "chemical", optionName: "化工" },
  { key: "steel", optionName: "钢铁" },
  { key: "paper", optionName: "造纸" },
  { key: "power", optionName: "电力" },
  { key: "building_materials", optionName: "建材" },
  { key: "machinery", optionName: "机械制造" },
  { key: "food", optionName: "食品" },
  { key: "other", optionName: "其他" },
];

export const YES_NO_OPTIONS: readonly OptionItem<"yes" | "no">[] = [
  { key: "yes", optionName: "是" },
  { key: "no", optionName: "否" },
];

export const MOTOR_CLASS_OPTIONS: readonly OptionItem[] = [
  { key: "gb2020_1", optionName: "GB 18613-2020 1级" },
  { key: "gb2020_2", optionName: "GB 18613-2020 2级" },
  { key: "gb2020_3", optionName: "GB 18613-2020 3级" },
  { key: "gb2012_1", optionName: "GB 18613-2012 1级（2021年6月前出厂）" },
  { key: "gb2012_2", optionName: "GB 18613-2012 2级（2021年6月前出厂）" },
  { key: "gb2012_3", optionName: "GB 18613-2012 3级（2021年6月前出厂）" },
  { key: "ye5", optionName: "YE5系列" },
  { key: "ye4", optionName: "YE4系列" },
  { key: "ye3", optionName: "YE3系列" },
  { key: "ye2", optionName: "YE2系列" },
  { key: "y2", optionName: "Y2系列" },
  { key: "y", optionName: "Y系列（老旧电机）" },
  { key: "ie1", optionName: "IE1" },
  { key: "ie2", optionName: "IE2" },
  { key: "ie3", optionName: "IE3" },
  { key: "ie4", optionName: "IE4" },
  { key: "ie5", optionName: "IE5" },
  { key: "unknown", optionName: "不清楚" },
];

export const DRIVE_OPTIONS: readonly OptionItem[] = [
  { key: "direct", optionName: "直联（联轴器）" },
  { key: "v_belt", optionName: "普通V带（三角带）" },
  { key: "notched_belt", optionName: "齿形V带" },
  { key: "synchronous_belt", optionName: "同步带" },
];

export const APPLICATION_OPTIONS: readonly OptionItem[] = [
  { key: "pump", optionName: "离心水泵" },
  { key: "fan", optionName: "离心/轴流风机" },
  { key: "constant_torque", optionName: "恒转矩负载（输送机、搅拌机、空压机等）" },
  { key: "other", optionName: "其他" },
];

export const FLOW_CONTROL_OPTIONS: readonly OptionItem[] = [
  { key: "throttle_valve", optionName: "阀门节流" },
  { key: "bypass", optionName: "旁路回流" },
  { key: "outlet_damper", optionName: "出口风门调节" },
  { key: "inlet_vane", optionName: "入口导叶调节" },
  { key: "on_off", optionName: "启停控制" },
  { key: "none", optionName: "无调节（恒定运行）" },
];

export const PUMP_TYPE_OPTIONS: readonly OptionItem[] = [
  { key: "single_suction", optionName: "单级单吸清水离心泵" },
  { key: "double_suction", optionName: "单级双吸清水离心泵" },
  { key: "inline", optionName: "管道泵" },
  { key: "multistage", optionName: "多级泵" },
  { key: "light_vertical_multistage", optionName: "轻型立式多级泵" },
  { key: "light_horizontal_multistage", optionName: "轻型卧式多级泵" },
];

export const HEATING_OPTIONS: readonly OptionItem[] = [
  { key: "direct_gas", optionName: "天然气直燃" },
  { key: "thermal_oil_gas", optionName: "导热油炉（燃天然气）" },
  { key: "thermal_oil_coal", optionName: "导热油炉（燃煤）" },
  { key: "steam", optionName: "蒸汽加热" },
];

/** How the process water is heated today (the fuel that heat recovered into water displaces). */
export const WATER_HEATING_OPTIONS: readonly OptionItem[] = [
  { key: "steam", optionName: "蒸汽加热（锅炉房或外购蒸汽）" },
  { key: "thermal_oil_gas", optionName: "燃气锅炉" },
  { key: "thermal_oil_coal", optionName: "燃煤锅炉" },
];

export const FLOW_BASIS_OPTIONS: readonly OptionItem[] = [
  { key: "actual", optionName: "工况风量（排气温度下）" },
  { key: "normal", optionName: "标况风量（0°C、101.325 kPa）" },
];

export const COLD_STREAM_OPTIONS: readonly OptionItem[] = [
  { key: "air", optionName: "预热新风" },
  { key: "water", optionName: "加热工艺用水" },
];

export const TARIFF_CATEGORY_OPTIONS: readonly OptionItem[] = [
  { key: "two_part", optionName: "两部制（315 kVA及以上）" },
  { key: "single_part_ge100", optionName: "单一制（100 kVA及以上）" },
  { key: "single_part_lt100", optionName: "单一制（100 kVA以下）" },
];

export const PRICE_MODE_OPTIONS: readonly OptionItem[] = [
  { key: "components", optionName: "按购电价格与不浮动部分计算" },
  { key: "periods", optionName: "直接填写各时段电价" },
];

export const BASIC_BASIS_OPTIONS: readonly OptionItem[] = [
  { key: "capacity", optionName: "按变压器容量" },
  { key: "actual_md", optionName: "按实际最大需量" },
  { key: "contract", optionName: "按合同最大需量" },
];

export const PF_STANDARD_OPTIONS: readonly OptionItem[] = [
  { key: "pf_090", optionName: "0.90" },
  { key: "pf_085", optionName: "0.85" },
  { key: "pf_080", optionName: "0.80" },
  { key: "none", optionName: "不考核" },
];

export const INTERVAL_OPTIONS: readonly OptionItem[] = [
  { key: "min15", optionName: "15分钟" },
  { key: "min60", optionName: "1小时" },
];
