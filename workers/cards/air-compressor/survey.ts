// Survey definition: 空压机系统 (compressed-air system). Collects what ./input.ts reads: company → the compressor
// room's operation, pressure, price and heat use → one repeat per compressor → one repeat per leak group.
import { PROVINCE_OPTIONS, YES_NO_OPTIONS, type OptionItem } from "../../contract/card-options";
import type { ShowWhen, SurveyDefinition } from "../../contract/survey-definition";
import { companyPage, num, select, text } from "../kit/survey";
import { plantPage } from "../kit/plant";

export const CONTROL_OPTIONS: readonly OptionItem<"load_unload" | "vsd">[] = [
  { key: "load_unload", optionName: "加卸载（工频）" },
  { key: "vsd", optionName: "变频" },
];

export const COOLING_OPTIONS: readonly OptionItem<"air" | "water">[] = [
  { key: "air", optionName: "风冷" },
  { key: "water", optionName: "水冷" },
];

export const HEAT_SINK_OPTIONS: readonly OptionItem[] = [
  { key: "none", optionName: "无可用热用户" },
  { key: "boiler_feed", optionName: "锅炉补水预热" },
  { key: "process_water", optionName: "工艺热水" },
  { key: "washing", optionName: "洗涤/生活热水" },
];

const withHeatSink: ShowWhen = { key: "heat_sink", in: ["boiler_feed", "process_water", "washing"] };

export const AIR_COMPRESSOR_SURVEY: SurveyDefinition<"air_compressor"> = {
  card: "air_compressor",
  typeName: "空压机系统",
  version: 1,
  pages: [
    companyPage(PROVINCE_OPTIONS, "用于选取电网排放因子（按所在区域电网）"),
    {
      key: "station",
      pageName: "空压站运行与压力",
      sections: [
        {
          key: "air_station",
          kind: "input",
          moldName: "空压站运行与压力",
          multiple: 0,
          groups: [
            {
              moldName: "运行与价格",
              questions: [
                num("air_annual_hours", "年运行时间（h）", 1, "空压站全年运行小时数（按班次与开机天数估算）", { min: 0, minExclusive: true, max: 8760, unit: "h" }),
                num("electricity_price", "电价（元/kWh）", 1, "近一年平均到户电价（含基本电费分摊）", { min: 0, minExclusive: true, max: 5, unit: "元/kWh" }),
                select("air_small_storage", "储气罐容积是否小于每L/s排气量3 L", 0, "储气罐总容积（L）÷ 总额定排气量（L/s）小于3时选“是”：加卸载机组卸载损失更大", YES_NO_OPTIONS),
              ],
            },
            {
              moldName: "压力",
              questions: [
                num("air_set_pressure_mpa", "当前排气压力设定（MPa表压）", 1, "空压机加载/卸载压力的平均值或变频机的目标压力", { min: 0.3, max: 1.3, unit: "MPa" }),
                num("air_required_pressure_mpa", "用气点所需最低压力＋管损（MPa表压）", 0, "最不利用气设备的最低工作压力加上管网压降；不清楚留空（不评估降压）", { min: 0.2, max: 1.3, unit: "MPa" }),
              ],
            },
            {
              moldName: "余热利用",
              questions: [
                select("heat_sink", "可利用空压机余热的热用户", 0, "全年有稳定热水需求时才计算余热回收", HEAT_SINK_OPTIONS),
                { ...num("heat_demand_share_pct", "有热需求的运行时间占比（%）", 0, "热用户能吸收余热的时间占空压机运行时间的比例；不清楚留空（按100%）", { min: 0, minExclusive: true, max: 100, unit: "%" }), showWhen: withHeatSink },
                { ...num("boiler_efficiency_pct", "现有燃气锅炉/热水炉效率（%）", 0, "不清楚留空（按90%）", { min: 40, max: 100, unit: "%" }), showWhen: withHeatSink },
                { ...num("gas_price", "天然气价格（元/m³）", 0, "按近期结算单价填写", { min: 0, minExclusive: true, max: 20, unit: "元/m³" }), showWhen: withHeatSink },
                { ...num("heat_recovery_investment_yuan", "余热回收投资（元）", 0, "换热器、水箱与管路的报价；不清楚留空", { min: 0, max: 1e8, unit: "元" }), showWhen: withHeatSink },
              ],
            },
            {
              moldName: "泄漏治理",
              questions: [num("leak_repair_investment_yuan", "泄漏治理投资（元）", 0, "检漏与修复的费用报价；不清楚留空", { min: 0, max: 1e8, unit: "元" })],
            },
          ],
          checks: [{ kind: "less", key: "air_required_pressure_mpa", than: "air_set_pressure_mpa", message: "用气点所需压力应低于当前排气压力设定" }],
        },
      ],
    },
    {
      key: "compressors",
      pageName: "空压机",
      sections: [
        {
          key: "compressor",
          kind: "input",
          moldName: "空压机",
          multiple: 1,
          groups: [
            {
              moldName: "铭牌与运行",
              questions: [
                text("compressor_name", "空压机名称/编号", 1, "如“1#螺杆机”"),
                select("compressor_control", "控制方式", 1, "加卸载（工频）或变频", CONTROL_OPTIONS),
                select("compressor_cooling", "冷却方式", 1, "风冷或水冷", COOLING_OPTIONS),
                num("compressor_rated_kw", "电机额定功率（kW）", 1, "铭牌电机功率", { min: 1.5, max: 630, unit: "kW" }),
                num("compressor_package_kw", "满载机组输入功率（kW）", 1, "满载时整机实测输入功率（含风扇），或样本上的机组输入功率", { min: 1, max: 800, unit: "kW" }),
                num("compressor_fad_m3min", "额定排气量（m³/min）", 1, "铭牌容积流量（吸气状态）", { min: 0.1, max: 200, unit: "m³/min" }),
                num("compressor_rated_pressure_mpa", "额定排气压力（MPa表压）", 1, "铭牌额定排气压力", { min: 0.3, max: 1.3, unit: "MPa" }),
                num("compressor_load_pct", "平均负荷率（%）", 1, "平均供气量 ÷ 额定排气量；加卸载机可按控制器加载时间占比估算", { min: 0, minExclusive: true, max: 100, unit: "%" }),
                num("compressor_unloaded_pct", "卸载功率占满载功率比例（%）", 0, "不清楚留空（按30%）", { min: 10, max: 60, unit: "%" }),
                num("vsd_investment_yuan", "变频改造投资（元）", 0, "加卸载机改为变频机的报价；不清楚留空", { min: 0, max: 1e8, unit: "元" }),
              ],
            },
          ],
        },
      ],
    },
    {
      key: "leaks",
      pageName: "泄漏检测",
      sections: [
        {
          key: "leak",
          kind: "input",
          moldName: "泄漏点",
          multiple: 1,
          groups: [
            {
              moldName: "泄漏点（按孔径分组）",
              questions: [
                text("leak_location", "位置", 0, "如“二车间气动阀组”"),
                num("leak_count", "泄漏点数量（个）", 1, "同一孔径的泄漏点个数", { min: 1, max: 10000, unit: "个" }, true),
                num("leak_diameter_mm", "等效孔径（mm）", 1, "超声波检漏仪或目测估计的等效孔径", { min: 0.2, max: 12, unit: "mm" }),
              ],
            },
          ],
        },
      ],
    },
    plantPage(),
  ],
};
