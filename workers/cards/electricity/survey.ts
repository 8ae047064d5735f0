// Survey definition: 电费优化 (electricity cost optimisation). Collects what
// workers/engines/inputs/electricity.ts reads: company → tariff and basic charge → monthly bills
// (repeatable) → load data and retrofit intentions → bill photos. The 15-minute or hourly load curve
// itself arrives through the spreadsheet import and is passed to the engine next to these answers.
import {
  BASIC_BASIS_OPTIONS,
  INTERVAL_OPTIONS,
  PF_STANDARD_OPTIONS,
  PRICE_MODE_OPTIONS,
  TARIFF_CATEGORY_OPTIONS,
  TARIFF_PROVINCE_OPTIONS,
  YES_NO_OPTIONS,
} from "../../contract/card-options";
import { companyPage, image, num, select } from "../kit/survey";
import { plantPage } from "../kit/plant";
import type { QuestionDef, ShowWhen, SurveyDefinition } from "../../contract/survey-definition";

const kwhQ = (key: string, name: string, required: 0 | 1, note: string): QuestionDef =>
  num(key, `${name}（kWh）`, required, note, { min: 0, unit: "kWh" });
const yuanQ = (key: string, name: string, note: string, min = 0): QuestionDef => num(key, `${name}（元）`, 0, note, { min, unit: "元" });
/** Price questions of one way of entering prices (price_mode) apply to it only. */
const priceMode = (mode: "components" | "periods"): ShowWhen => ({ key: "price_mode", in: [mode] });
const shownWhen = (q: QuestionDef, showWhen: ShowWhen): QuestionDef => ({ ...q, showWhen });

export const ELECTRICITY_COST_SURVEY: SurveyDefinition<"electricity"> = {
  card: "electricity",
  typeName: "电费优化",
  version: 1,
  pages: [
    companyPage(TARIFF_PROVINCE_OPTIONS, "决定分时电价时段划分；目前支持江苏、浙江、广东、上海、山东、北京"),
    {
      key: "tariff",
      pageName: "电价与计费方式",
      sections: [
        {
          key: "tariff_info",
          kind: "input",
          moldName: "电价与计费方式",
          multiple: 0,
          checks: [
            { kind: "descending", keys: ["price_peak", "price_flat", "price_valley"], at: "price_peak", message: "各时段电价应满足 高峰 ≥ 平段 ≥ 低谷，请核对" },
            { kind: "notLess", key: "price_critical", than: "price_peak", message: "尖峰电价应不低于高峰电价" },
          ],
          groups: [
            {
              moldName: "分时电价",
              questions: [
                select("tariff_category", "用电类别", 1, "见电费单“用电类别/电价类别”：两部制（有基本电费）或单一制", TARIFF_CATEGORY_OPTIONS),
                select(
                  "price_mode",
                  "电价填写方式",
                  1,
                  "可按电网代理购电公告填写“购电价格”和不浮动部分，由系统按省分时比例计算；或直接照电费单填写各时段电价（浙江须直接填写）",
                  PRICE_MODE_OPTIONS,
                ),
                shownWhen(
                  num(
                    "floating_base_price",
                    "浮动部分电价（元/kWh）",
                    0,
                    "参与峰谷浮动的部分：江苏为购电价格；广东为代理购电价格（不含政府性基金及附加）。见当月代理购电价格公告",
                    { min: 0.01, max: 5, unit: "元/kWh" },
                  ),
                  priceMode("components"),
                ),
                shownWhen(
                  num(
                    "non_floating_price",
                    "不浮动部分电价（元/kWh）",
                    0,
                    "不参与浮动的各项之和（如线损费用、输配电价、系统运行费用、政府性基金及附加，随省份不同）",
                    { min: 0, max: 3, unit: "元/kWh" },
                  ),
                  priceMode("components"),
                ),
                shownWhen(num("price_critical", "尖峰电价（元/kWh）", 0, "电费单上尖峰时段单价；无尖峰时段留空", { min: 0.01, max: 5, unit: "元/kWh" }), priceMode("periods")),
                shownWhen(num("price_peak", "高峰电价（元/kWh）", 0, "电费单上高峰时段单价（直接填写时必填）", { min: 0.01, max: 5, unit: "元/kWh" }), priceMode("periods")),
                shownWhen(num("price_flat", "平段电价（元/kWh）", 0, "电费单上平段单价（直接填写时必填）", { min: 0.01, max: 5, unit: "元/kWh" }), priceMode("periods")),
                shownWhen(num("price_valley", "低谷电价（元/kWh）", 0, "电费单上低谷单价（直接填写时必填）", { min: 0.01, max: 5, unit: "元/kWh" }), priceMode("periods")),
                num("funds_per_kwh", "政府性基金及附加（元/kWh）", 0, "电费单或代理购电公告中的政府性基金及附加单价，用于计算功率因数调整电费基数", { min: 0, max: 0.5, unit: "元/kWh" }),
                select("jiangsu_critical_peak", "是否执行尖峰电价（江苏）", 0, "江苏2025年新政策是否保留尖峰电价尚未确认；电费单上有尖峰电量时选“是”", YES_NO_OPTIONS),
              ],
            },
            {
              moldName: "基本电费（两部制用户填写）",
              showWhen: { key: "tariff_category", in: ["two_part"] },
              questions: [
                num("transformer_kva", "变压器总容量（kVA）", 0, "在运行变压器（含高压电机）容量之和，见供用电合同或电费单“运行容量”", { min: 10, max: 1000000, unit: "kVA" }),
                select("basic_basis", "基本电费计费方式", 0, "电费单“基本电费”一栏的计费依据：按容量、按实际最大需量或按合同最大需量", BASIC_BASIS_OPTIONS),
                num("capacity_price", "容量电价（元/kVA·月）", 0, "见代理购电价格公告，如广东惠州22.6", { min: 1, max: 100, unit: "元/kVA·月" }),
                num("demand_price", "需量电价（元/kW·月）", 0, "见代理购电价格公告，如广东惠州36.1", { min: 1, max: 150, unit: "元/kW·月" }),
                num("contract_demand_kw", "合同最大需量（kW）", 0, "按合同需量计费时填写申报值（不低于容量的40%）", { min: 0, minExclusive: true, unit: "kW" }),
                select(
                  "demand_discount_260",
                  "是否执行需量电价九折",
                  0,
                  "月用电量达到每千伏安260千瓦时及以上的按需量计费用户，需量电价按九折执行；默认执行",
                  YES_NO_OPTIONS,
                ),
              ],
            },
            {
              moldName: "功率因数",
              questions: [
                select("pf_standard", "功率因数考核标准", 0, "见电费单“力调标准”：高压工业用户160 kVA以上一般为0.90", PF_STANDARD_OPTIONS),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "bills",
      pageName: "月度电费单",
      sections: [
        {
          key: "monthly_bill",
          kind: "input",
          moldName: "月度电费单",
          multiple: 1,
          groups: [
            {
              moldName: "电量",
              questions: [
                { key: "bill_month", questionName: "账单月份", questionType: "month", requiredFlag: 1, annotation: "每张电费单填写一组，建议填写最近12个月" },
                kwhQ("bill_kwh_critical", "尖峰电量", 0, "电费单“尖峰”有功电量；无则留空"),
                kwhQ("bill_kwh_peak", "高峰电量", 1, "电费单“高峰/峰”有功电量"),
                kwhQ("bill_kwh_flat", "平段电量", 1, "电费单“平段/平”有功电量"),
                kwhQ("bill_kwh_valley", "低谷电量", 1, "电费单“低谷/谷”有功电量"),
                kwhQ("bill_kwh_deep_valley", "深谷电量", 0, "节假日深谷电量；无则留空"),
                num("bill_kvarh", "无功电量（kvarh）", 0, "电费单“无功电量”（含反向无功时按绝对值相加）", { min: 0, unit: "kvarh" }),
                num("bill_max_demand_kw", "最大需量（kW）", 0, "电费单“最大需量”读数×倍率（15分钟平均功率最大值）", { min: 0, unit: "kW" }),
              ],
            },
            {
              moldName: "电费",
              questions: [
                yuanQ("bill_basic_charge_yuan", "基本电费", "电费单“基本电费”金额"),
                yuanQ("bill_energy_charge_yuan", "电度电费", "电费单“电度电费”金额（含政府性基金及附加）"),
                yuanQ("bill_funds_yuan", "政府性基金及附加", "电费单中政府性基金及附加金额"),
                // The PF adjustment may be a credit, so it alone may be negative.
                yuanQ("bill_pf_adjustment_yuan", "功率因数调整电费", "电费单“力调电费”，奖励（减收）填负数", -1e9),
                yuanQ("bill_total_yuan", "电费总额", "电费单应缴总金额"),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "load",
      pageName: "负荷数据与改造意向",
      sections: [
        {
          key: "load_and_storage",
          kind: "input",
          moldName: "负荷数据与改造意向",
          multiple: 0,
          checks: [{ kind: "together", keys: ["storage_power_kw", "storage_energy_kwh"], message: "储能功率和容量需同时填写" }],
          groups: [
            {
              moldName: "负荷曲线（通过表格导入）",
              questions: [
                {
                  key: "load_curve_start_date",
                  questionName: "负荷数据起始日期",
                  questionType: "date",
                  requiredFlag: 0,
                  annotation: "导入的负荷数据第一个点的日期（从0:00开始）；导入15分钟数据（每天96点）最准确",
                },
                select("load_curve_interval", "负荷数据间隔", 0, "电网用电信息采集系统或能源管理系统导出的数据间隔", INTERVAL_OPTIONS),
                num("operating_days", "年运行天数（天）", 0, "负荷数据不足一年时按此折算全年，默认330天", { min: 1, max: 366, unit: "天" }, true),
                num("critical_peak_days", "年尖峰电价天数（天）", 0, "执行尖峰电价的运行天数（如广东7–9月及35°C以上高温日）；不填则尖峰月份的全部运行日均按尖峰计算", { min: 0, max: 366, unit: "天" }, true),
              ],
            },
            {
              moldName: "移峰填谷与储能意向",
              questions: [
                num("shiftable_share_pct", "可转移负荷比例（%）", 0, "高峰（含尖峰）用电中可以调整到低谷时段的比例，如间歇生产的球磨、制冰、充电等", {
                  min: 0,
                  max: 100,
                  unit: "%",
                  tooHigh: "可转移负荷比例不能超过100%",
                }),
                num("storage_power_kw", "拟建储能功率（kW）", 0, "留空时系统按负荷曲线给出容量建议", { min: 0, minExclusive: true, unit: "kW" }),
                num("storage_energy_kwh", "拟建储能容量（kWh）", 0, "储能系统额定能量，与功率同时填写", { min: 0, minExclusive: true, unit: "kWh" }),
                num("storage_capex_yuan", "储能投资（元）", 0, "含安装的总投资；留空按1.0元/Wh估算", { min: 0, unit: "元" }),
                num("storage_dod_pct", "放电深度（%）", 0, "留空按90%", { min: 10, max: 100, unit: "%", tooHigh: "放电深度不能超过100%" }),
                num("storage_rte_pct", "往返效率（%）", 0, "留空按90%（磷酸铁锂工商业储能柜）", { min: 50, max: 100, unit: "%", tooHigh: "效率不能超过100%" }),
                num("storage_om_pct", "年运维费率（%）", 0, "年运维费占投资的比例，留空按0（首年）", { min: 0, max: 20, unit: "%" }),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "photos",
      pageName: "电费单照片",
      sections: [
        {
          key: "bill_photos",
          kind: "image",
          moldName: "电费单照片",
          multiple: 0,
          groups: [
            {
              moldName: "电费单照片",
              questions: [image("bill_photo", "电费单照片", "上传最近12个月电费单（每月一张），拍清电量、单价和金额", 12)],
            },
          ],
        },
      ],
    },
    plantPage(),
  ],
};
