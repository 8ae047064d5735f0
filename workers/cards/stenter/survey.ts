// Survey definition: 定型机余热回收 (stenter exhaust waste-heat recovery). Collects what
// workers/cards/stenter/input.ts reads: company → heating and prices → one repeatable section per
// stenter (operation, measured exhaust, recovery plan) → photos.
import {
  COLD_STREAM_OPTIONS,
  FLOW_BASIS_OPTIONS,
  HEATING_OPTIONS,
  PROVINCE_OPTIONS,
  WATER_HEATING_OPTIONS,
} from "../../contract/card-options";
import { companyPage, image, num, select, text } from "../kit/survey";
import type { OptionRange, ShowWhen, SurveyDefinition } from "../../contract/survey-definition";
import { plantPage } from "../kit/plant";

/** Fuel-specific questions apply to their heating only. */
const heatedBy = (...keys: string[]): ShowWhen => ({ key: "stenter_heating", in: keys });

/**
 * PROJECT CONVENTION (issue 22): the plausible price of each fuel in its own unit, generous on both sides so that
 * only a number in the wrong unit (元/t typed for gas, 元/m³ or 元/kg for steam or coal) or a slipped digit is
 * refused. Industrial pipeline gas has cost about 2.5–5 元/m³ and trucked LNG up to about 10; thermal coal about
 * 600–2,500 元/t (2021 peak included); purchased steam about 150–400 元/t.
 */
const GAS_PRICE: OptionRange = { label: "天然气价格", min: 0.5, max: 20, unit: "元/m³" };
const COAL_PRICE: OptionRange = { label: "燃煤价格", min: 100, max: 5000, unit: "元/t" };
const STEAM_PRICE: OptionRange = { label: "蒸汽价格", min: 30, max: 1000, unit: "元/t" };
/** Option keys of HEATING_OPTIONS and WATER_HEATING_OPTIONS (gas boilers are "thermal_oil_gas" in both). */
export const FUEL_PRICE_RANGES: Readonly<Record<string, OptionRange>> = {
  direct_gas: GAS_PRICE,
  thermal_oil_gas: GAS_PRICE,
  thermal_oil_coal: COAL_PRICE,
  steam: STEAM_PRICE,
};

export const STENTER_SURVEY: SurveyDefinition<"stenter"> = {
  card: "stenter",
  typeName: "定型机余热回收",
  version: 1,
  pages: [
    companyPage(PROVINCE_OPTIONS, "用于选取电网排放因子（按所在区域电网）"),
    {
      key: "energy",
      pageName: "供热方式与能源价格",
      sections: [
        {
          key: "stenter_energy",
          kind: "input",
          moldName: "供热方式与能源价格",
          multiple: 0,
          groups: [
            {
              moldName: "供热方式",
              questions: [
                select("stenter_heating", "定型机加热方式", 1, "定型机烘房的热源：天然气直燃、导热油炉（燃气或燃煤）或蒸汽", HEATING_OPTIONS),
                num(
                  "heater_efficiency_pct",
                  "供热系统效率（%）",
                  0,
                  "不清楚可留空：直燃92%、燃气导热油炉85%、燃煤导热油炉75%（蒸汽加热不使用本项）",
                  { min: 40, max: 100, unit: "%", tooHigh: "效率不能超过100%" },
                ),
              ],
            },
            {
              moldName: "能源价格",
              questions: [
                num("fuel_price", "燃料价格（天然气元/m³；煤、蒸汽元/t）", 1, "按近期结算单价填写：天然气按元/立方米，燃煤或外购蒸汽按元/吨", { min: 0, minExclusive: true, max: 10000 }),
                {
                  ...num("gas_lhv_mj_m3", "天然气低位热值（MJ/m³）", 0, "供气合同或气质报告上的低位热值；不清楚留空（按38.931 MJ/m³）", { min: 30, max: 45, unit: "MJ/m³" }),
                  showWhen: heatedBy("direct_gas", "thermal_oil_gas"),
                },
                {
                  ...num("coal_lhv_mj_kg", "燃煤低位热值（MJ/kg）", 0, "煤质化验单上的收到基低位发热量；不清楚留空（按20.908 MJ/kg）", { min: 10, max: 32, unit: "MJ/kg" }),
                  showWhen: heatedBy("thermal_oil_coal"),
                },
                {
                  ...num("steam_enthalpy_kj_kg", "蒸汽焓值（kJ/kg）", 0, "按蒸汽压力温度查焓值表；不清楚留空（按2777 kJ/kg饱和蒸汽）", { min: 2500, max: 3500, unit: "kJ/kg" }),
                  showWhen: heatedBy("steam"),
                },
                num("electricity_price", "电价（元/kWh）", 0, "用于计算换热器增加的排风机电耗；留空则不评估该项", { min: 0.1, max: 3, unit: "元/kWh" }),
                select("water_heating", "工艺用水现有加热方式", 0, "回收热量用于加热工艺用水时必填：节约的是工艺用水的加热燃料，而不是定型机燃料", WATER_HEATING_OPTIONS),
                num("water_heating_price", "工艺用水加热燃料价格（天然气元/m³；煤、蒸汽元/t）", 0, "回收热量用于加热工艺用水时必填，按近期结算单价", { min: 0.01, max: 10000 }),
              ],
            },
          ],
          // One price question serves two units: its range follows the fuel chosen (issue 22).
          checks: [
            { kind: "rangeByOption", keys: ["fuel_price", "stenter_heating"], at: "fuel_price", ranges: FUEL_PRICE_RANGES },
            { kind: "rangeByOption", keys: ["water_heating_price", "water_heating"], at: "water_heating_price", ranges: FUEL_PRICE_RANGES },
          ],
        },
      ],
    },
    {
      key: "stenters",
      pageName: "定型机与排气数据",
      sections: [
        {
          key: "stenter_unit",
          kind: "input",
          moldName: "定型机",
          multiple: 1,
          checks: [
            { kind: "less", key: "cold_inlet_temp_c", than: "exhaust_temp_c", message: "被加热介质进口温度应低于排气温度" },
            { kind: "less", key: "exhaust_dew_point_c", than: "exhaust_temp_c", message: "排气露点应低于排气温度" },
          ],
          groups: [
            {
              moldName: "设备与运行",
              questions: [
                text("stenter_name", "定型机名称/编号", 1, "如“1#定型机（10节烘房）”"),
                num("stenter_annual_hours", "年运行小时数（h）", 1, "按 每天运行小时 × 年运行天数 估算，不超过8760", {
                  min: 0,
                  minExclusive: true,
                  max: 8760,
                  unit: "h",
                  tooHigh: "年运行小时数不能超过8760小时（全年小时数）",
                }),
                num(
                  "stenter_annual_fuel",
                  "定型机年燃料用量（m³或t）",
                  0,
                  "该定型机单独计量的年用气量（m³）、用煤量（t）或蒸汽量（t），用于计算节能比例；无单独计量可留空",
                  { min: 0, minExclusive: true },
                ),
              ],
            },
            {
              moldName: "排气实测数据",
              questions: [
                num(
                  "exhaust_flow_m3h",
                  "排风量（m³/h）",
                  1,
                  "排风总管实测风量；未实测时可按排风机铭牌风量估计（每台定型机常见8000–25000 m³/h）",
                  { min: 500, max: 200000, unit: "m³/h" },
                ),
                select("exhaust_flow_basis", "风量口径", 0, "实测风量一般为工况风量（排气温度下）；环保监测报告中多为标况风量", FLOW_BASIS_OPTIONS),
                num("exhaust_temp_c", "排气温度（°C）", 1, "排风总管处测得的温度，烘干常见120–160°C，涤纶热定型180–210°C", { min: 60, max: 300, unit: "°C" }),
                num(
                  "exhaust_humidity_kg_kg",
                  "排气含湿量（kg/kg干空气）",
                  0,
                  "湿度仪实测的含湿量，常见0.03–0.15；未实测可填露点或留空（按0.10估算）",
                  { min: 0.001, max: 0.6, unit: "kg/kg", tooHigh: "排气含湿量超过0.6 kg/kg，请核对（常见0.03–0.15）" },
                ),
                num("exhaust_dew_point_c", "排气露点（°C）", 0, "露点仪实测值；已填含湿量可不填", { min: 0, max: 90, unit: "°C" }),
              ],
            },
            {
              moldName: "回收方案",
              questions: [
                select("cold_stream", "回收热量用途", 0, "预热定型机新风，或加热染色等工艺用水", COLD_STREAM_OPTIONS),
                num("cold_inlet_temp_c", "被加热介质进口温度（°C）", 1, "新风取环境温度（年平均约20–25°C）；工艺水取进水温度", { min: -20, max: 80, unit: "°C" }),
                num("cold_flow", "被加热介质流量（新风m³/h；水t/h）", 0, "不清楚可留空（按排气侧为较小热容量侧计算）", { min: 0, minExclusive: true }),
                num("hx_effectiveness_pct", "换热器效率（%）", 0, "换热器温度效率：气-气板式或热管50%–65%，气-水翅片管60%–75%；留空按55%", {
                  min: 10,
                  max: 90,
                  unit: "%",
                  tooHigh: "换热器效率不能超过90%（常见40%–70%），效率不能超过100%",
                }),
                num("hx_pressure_drop_pa", "换热器阻力（Pa）", 0, "加装换热器后排风侧增加的阻力，常见200–500 Pa", { min: 0, max: 3000, unit: "Pa" }),
                num("exhaust_fan_efficiency_pct", "排风机效率（%）", 0, "风机效率×电机效率，常见60%–70%", {
                  min: 20,
                  max: 95,
                  unit: "%",
                  tooHigh: "效率不能超过100%，风机×电机效率常见60%–70%",
                }),
                num("recovery_investment_yuan", "余热回收装置投资（元）", 0, "供应商报价（含安装）；留空则不计算回收期", { min: 0, unit: "元" }),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "photos",
      pageName: "设备照片",
      sections: [
        {
          key: "stenter_photos",
          kind: "image",
          moldName: "定型机照片",
          multiple: 1,
          groups: [
            {
              moldName: "照片（按定型机顺序上传）",
              questions: [
                image("stenter_nameplate_photo", "定型机铭牌照片", "第N组对应第N台定型机", 4),
                image("exhaust_fan_photo", "排风机铭牌与排风管照片", "拍清风机风量、功率和测点位置", 6),
              ],
            },
          ],
        },
      ],
    },
    plantPage(),
  ],
};
