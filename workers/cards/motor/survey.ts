// Survey definition: 电机驱动系统 (motor drive system). Collects what workers/engines/inputs/motor.ts reads:
// company → tariff → one repeatable section per motor (nameplate, hours, drive and load, measured data,
// pump/fan data, flow profile, quotes) → nameplate photos.
import {
  APPLICATION_OPTIONS,
  DRIVE_OPTIONS,
  FLOW_CONTROL_OPTIONS,
  MOTOR_CLASS_OPTIONS,
  PROVINCE_OPTIONS,
  PUMP_TYPE_OPTIONS,
  YES_NO_OPTIONS,
} from "../../contract/card-options";
import { GB18613_MAX_KW, GB18613_MIN_KW } from "../../engines/standards/gb18613-2020";
import { HOURS_PER_YEAR, LOAD_FACTOR_PLAUSIBLE_MIN, MAX_LOAD_FACTOR } from "../../engines/standards/conventions";
import { companyPage, image, num, select, text } from "../kit/survey";
import { plantPage } from "../kit/plant";
import type { CrossCheck, QuestionDef, ShowWhen, SurveyDefinition } from "../../contract/survey-definition";

const FLOW_BINS = 4;

/** Pump and fan blocks apply to their load type only (hidden, and not read, for other loads). */
const FOR_PUMP: ShowWhen = { key: "motor_application", in: ["pump"] };
const FOR_FAN: ShowWhen = { key: "motor_application", in: ["fan"] };
const FOR_PUMP_OR_FAN: ShowWhen = { key: "motor_application", in: ["pump", "fan"] };

/** Nameplate speeds of 2/4/6/8-pole motors at 50 Hz (the bands workers/engines/motors/poles.ts reads poles from). */
const SPEED_BANDS: [number, number][] = [
  [2700, 3000],
  [1350, 1500],
  [900, 1000],
  [675, 750],
];

const MOTOR_CHECKS: CrossCheck[] = [
  {
    kind: "sum",
    keys: Array.from({ length: FLOW_BINS }, (_, i) => `flow_bin${i + 1}_time_pct`),
    total: 100,
    tolerance: 1,
    unit: "%",
    at: "flow_bin1_time_pct",
    message: "各工况时间占比之和应为100%",
  },
  { kind: "anyOf", keys: ["motor_measured_input_kw", "motor_load_factor_pct"], at: "motor_measured_input_kw", message: "请填写实测输入功率或负载率（两者至少填一项）" },
  { kind: "less", key: "pump_static_head_m", than: "pump_design_head_m", message: "静扬程应小于设计扬程" },
  { kind: "less", key: "fan_static_pressure_pa", than: "fan_design_pressure_pa", message: "系统静压应小于风机设计全压" },
];

function flowBinQuestions(): QuestionDef[] {
  const out: QuestionDef[] = [];
  for (let b = 1; b <= FLOW_BINS; b++) {
    const first = b === 1;
    out.push(
      num(
        `flow_bin${b}_pct`,
        `工况${b}流量（%设计流量）`,
        0,
        first
          ? "变频节能按流量工况计算：填写该工况流量占设计流量的百分比（如80），可从流量计记录或阀门开度估计；至少填写3个工况更准确"
          : "该工况流量占设计流量的百分比；不需要可留空",
        { min: 0, minExclusive: true, max: 100, unit: "%", tooHigh: "工况流量不能超过设计流量的100%" },
      ),
      num(
        `flow_bin${b}_time_pct`,
        `工况${b}时间占比（%）`,
        0,
        first ? "该工况运行时间占全年运行小时的百分比；各工况合计应为100%" : "该工况运行时间占比；各工况合计应为100%",
        { min: 0, max: 100, unit: "%" },
      ),
    );
  }
  return out;
}

export const MOTOR_SYSTEM_SURVEY: SurveyDefinition<"motor"> = {
  card: "motor",
  typeName: "电机驱动系统",
  version: 1,
  pages: [
    companyPage(PROVINCE_OPTIONS, "用于选取电网排放因子（按所在区域电网）"),
    {
      key: "tariff",
      pageName: "电价信息",
      sections: [
        {
          key: "motor_tariff",
          kind: "input",
          moldName: "电价",
          multiple: 0,
          groups: [
            {
              moldName: "电价",
              questions: [
                num(
                  "electricity_price",
                  "平均电价（元/kWh）",
                  1,
                  "取近12个月电费总额÷总用电量；或按电费单上的平均电价填写。电机多在峰谷时段连续运行时，按分时电量加权平均",
                  { min: 0.1, max: 3, unit: "元/kWh" },
                ),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "motors",
      pageName: "电机设备",
      sections: [
        {
          key: "motor_unit",
          kind: "input",
          moldName: "电机",
          multiple: 1,
          checks: MOTOR_CHECKS,
          groups: [
            {
              moldName: "铭牌信息",
              questions: [
                text("motor_name", "电机名称/编号", 1, "如“1#循环水泵电机”，便于报告中识别"),
                num("motor_quantity", "同型号台数（台）", 0, "型号、负载和运行时间都相同的电机可合并填写，默认1台", { min: 1, max: 500, unit: "台" }, true),
                num("motor_rated_kw", "额定功率（kW）", 1, "读取电机铭牌“功率”或“额定功率”一栏，单位kW", {
                  min: GB18613_MIN_KW,
                  max: GB18613_MAX_KW,
                  unit: "kW",
                  tooLow: `额定功率应在${GB18613_MIN_KW}–${GB18613_MAX_KW} kW之间（GB 18613-2020适用范围）`,
                  tooHigh: `额定功率应在${GB18613_MIN_KW}–${GB18613_MAX_KW} kW之间（GB 18613-2020适用范围）`,
                }),
                num(
                  "motor_rated_speed_rpm",
                  "额定转速（r/min）",
                  1,
                  "读取铭牌“转速”一栏，如2970、1480、980、740，用于判断极数",
                  {
                    min: 600,
                    max: 3000,
                    unit: "r/min",
                    bands: SPEED_BANDS,
                    bandsMessage: "额定转速{value} r/min无法判断极数（2极约2700–3000，4极约1350–1500，6极约900–1000，8极约675–750）",
                  },
                  true,
                ),
                select(
                  "motor_efficiency_class",
                  "能效等级/系列",
                  0,
                  "铭牌上的能效等级标识或型号前缀（如YE3-200L-4即YE3系列）；2021年6月前出厂的电机按GB 18613-2012标注。铭牌效率与能效等级至少填一项",
                  MOTOR_CLASS_OPTIONS,
                ),
                num(
                  "motor_nameplate_efficiency_pct",
                  "铭牌效率（%）",
                  0,
                  "读取铭牌“效率”一栏（百分数，如94.6）；优先使用铭牌值",
                  {
                    min: 50,
                    max: 100,
                    unit: "%",
                    tooHigh: "效率不能超过100%，请按铭牌填写百分数（如94.6）",
                    tooLow: "铭牌效率低于50%，请按百分数填写（如94.6，而不是0.946）",
                  },
                ),
                select("motor_rewound", "是否修复（重绕）过", 0, "重绕修复过的电机效率一般下降，报告将扣减1个百分点", YES_NO_OPTIONS),
              ],
            },
            {
              moldName: "运行时间",
              questions: [
                num(
                  "motor_annual_hours",
                  "年运行小时数（h）",
                  1,
                  "按 每天运行小时 × 年运行天数 估算，或读取设备运行记录；不超过8760",
                  {
                    min: 0,
                    minExclusive: true,
                    max: HOURS_PER_YEAR,
                    unit: "h",
                    tooHigh: `年运行小时数不能超过${HOURS_PER_YEAR}小时（全年小时数）`,
                    tooLow: "年运行小时数应大于0",
                  },
                ),
              ],
            },
            {
              moldName: "传动与负载",
              questions: [
                select("motor_drive", "传动方式", 1, "电机与设备之间的连接方式：联轴器直联，或皮带传动（普通三角带、齿形带、同步带）", DRIVE_OPTIONS),
                select("motor_vfd_present", "是否已装变频器", 1, "电机是否由变频器驱动", YES_NO_OPTIONS),
                select("motor_application", "负载类型", 1, "电机拖动的设备；离心水泵和风机可评估变频节能", APPLICATION_OPTIONS),
                {
                  ...select("motor_flow_control", "流量调节方式", 0, "水泵/风机目前如何调节流量：关小阀门、旁路回流、调风门等", FLOW_CONTROL_OPTIONS),
                  showWhen: FOR_PUMP_OR_FAN,
                },
              ],
            },
            {
              moldName: "实测数据",
              questions: [
                num(
                  "motor_measured_input_kw",
                  "实测输入功率（kW）",
                  0,
                  "用功率表或电能质量分析仪在电机接线端测得的三相有功功率（典型工况下）；与负载率至少填一项，优先填写本项",
                  { min: 0, minExclusive: true, unit: "kW", tooLow: "实测输入功率应大于0" },
                ),
                num(
                  "motor_load_factor_pct",
                  "负载率（%）",
                  0,
                  "电机实际输出功率占额定功率的百分比（如75）；无功率实测时可按 实测电流÷额定电流 粗略估计",
                  {
                    min: LOAD_FACTOR_PLAUSIBLE_MIN * 100,
                    max: MAX_LOAD_FACTOR * 100,
                    unit: "%",
                    tooHigh: `负载率不能超过${MAX_LOAD_FACTOR * 100}%（${MAX_LOAD_FACTOR}），请核对实测数据或电机额定功率`,
                    tooLow: `负载率低于${LOAD_FACTOR_PLAUSIBLE_MIN * 100}%，数据不可信；请按百分数填写（如75，而不是0.75）`,
                  },
                ),
              ],
            },
            {
              moldName: "水泵参数（负载为水泵时填写）",
              showWhen: FOR_PUMP,
              questions: [
                num("pump_design_flow_m3h", "设计流量（m³/h）", 0, "水泵铭牌“流量”，即最高效率点流量", { min: 0, minExclusive: true, unit: "m³/h" }),
                num("pump_design_head_m", "设计扬程（m）", 0, "水泵铭牌“扬程”", { min: 0, minExclusive: true, unit: "m" }),
                num("pump_bep_efficiency_pct", "水泵效率（%）", 0, "水泵铭牌或样本上的效率（最高效率点）", {
                  min: 10,
                  max: 95,
                  unit: "%",
                  tooHigh: "水泵效率不能超过95%，请核对（效率不能超过100%）",
                }),
                num("pump_static_head_m", "静扬程（m）", 0, "流量为零时管路仍需克服的扬程：吸水池液面到出水点的高差加压力差；闭式循环系统填0", { min: 0, unit: "m" }),
                num("pump_shutoff_head_ratio", "关死点扬程比", 0, "零流量扬程÷设计扬程，可从性能曲线读出；不清楚可留空（默认1.25）", { min: 1.05, max: 1.6 }),
                select("pump_type", "水泵类型", 0, "用于按GB 19762-2025判定水泵能效等级", PUMP_TYPE_OPTIONS),
                num("pump_rated_speed_rpm", "水泵转速（r/min）", 0, "水泵铭牌“转速”", { min: 300, max: 6000, unit: "r/min" }, true),
                num("pump_stages", "级数", 0, "多级泵的叶轮级数，单级泵填1", { min: 1, max: 20 }, true),
                num("pump_measured_flow_m3h", "实测流量（m³/h）", 0, "测功率时同一工况下流量计读数，用于计算水泵运行效率", { min: 0, minExclusive: true, unit: "m³/h" }),
                num("pump_measured_head_m", "实测扬程（m）", 0, "同一工况下 出口压力−进口压力 换算的扬程（1 MPa≈102 m水柱）", { min: 0, minExclusive: true, unit: "m" }),
              ],
            },
            {
              moldName: "风机参数（负载为风机时填写）",
              showWhen: FOR_FAN,
              questions: [
                num("fan_design_flow_m3h", "设计风量（m³/h）", 0, "风机铭牌“风量”", { min: 0, minExclusive: true, unit: "m³/h" }),
                num("fan_design_pressure_pa", "设计全压（Pa）", 0, "风机铭牌“全压”或“风压”", { min: 0, minExclusive: true, max: 30000, unit: "Pa" }),
                num("fan_efficiency_pct", "风机效率（%）", 0, "风机样本上设计工况的全压效率", {
                  min: 20,
                  max: 95,
                  unit: "%",
                  tooHigh: "风机效率不能超过95%，请核对（效率不能超过100%）",
                }),
                num("fan_static_pressure_pa", "系统静压（Pa）", 0, "风量为零时系统仍需克服的压力（如炉膛负压要求）；一般通风系统填0", { min: 0, unit: "Pa" }),
              ],
            },
            { moldName: "流量工况分布（水泵/风机填写）", showWhen: FOR_PUMP_OR_FAN, questions: flowBinQuestions() },
            {
              moldName: "改造报价（可选）",
              questions: [
                num("quote_motor_grade1_yuan", "1级能效电机报价（元/台）", 0, "含安装的单台报价；不填时按行业参考单价估算", { min: 0, unit: "元" }),
                num("quote_motor_grade2_yuan", "2级能效电机报价（元/台）", 0, "含安装的单台报价；不填时按行业参考单价估算", { min: 0, unit: "元" }),
                num("quote_vfd_yuan", "变频器报价（元/台）", 0, "含柜体、电缆和安装；不填时按行业参考单价估算", { min: 0, unit: "元" }),
                num("quote_belt_yuan", "同步带改造报价（元/台）", 0, "含皮带轮和同步带；不填时报告不计算该项回收期", { min: 0, unit: "元" }),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "photos",
      pageName: "铭牌照片",
      sections: [
        {
          key: "motor_photos",
          kind: "image",
          moldName: "电机铭牌照片",
          multiple: 1,
          groups: [
            {
              moldName: "铭牌照片（按电机顺序上传）",
              questions: [
                image("motor_nameplate_photo", "电机铭牌照片", "拍清铭牌上的功率、转速、效率和能效等级；第N组对应第N台电机", 4),
                image("driven_equipment_photo", "水泵/风机铭牌照片", "拍清流量、扬程（全压）和效率", 4),
              ],
            },
          ],
        },
      ],
    },
    plantPage(),
  ],
};
