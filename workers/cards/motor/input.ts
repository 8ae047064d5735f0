// Motor card answers → MotorSystemInput, with a Chinese message for each missing or implausible value.
import { loadFromInputPower } from "../../engines/motors/efficiency";
import { classNeedsFourPole, resolveEfficiency, type EfficiencySource, type MotorClassCode } from "../../engines/motors/efficiency-basis";
import { polesFromRatedSpeed } from "../../engines/motors/poles";
import type { FlowControl, FlowShare, MotorApplication, MotorSystemInput, MotorUnitInput } from "../../engines/motors/types";
import type { ClearWaterPumpType } from "../../engines/standards/gb19762-2025";
import type { DriveType } from "../../engines/standards/belt-loss";
import { FAN_DAMPER_MAX_FLOW_RATIO, FAN_DAMPER_MIN_FLOW_RATIO, LOAD_FACTOR_PLAUSIBLE_MIN, MAX_LOAD_FACTOR } from "../../engines/standards/conventions";
import { MOTOR_SYSTEM_SURVEY } from "./survey";
import { checkOf, ruleLookup } from "../../contract/survey-rules";
import { DAMPER_RANGE_MESSAGE } from "../../engines/pumps-fans/fan-curves";
import { AnswerReader, YES_NO, type Answers, type MappingResult } from "../kit/answers";
import {
  APPLICATION_OPTIONS,
  DRIVE_OPTIONS,
  FLOW_CONTROL_OPTIONS,
  MOTOR_CLASS_OPTIONS,
  PROVINCE_KEYS,
  PUMP_TYPE_OPTIONS,
} from "../../contract/card-options";
import { readCompany } from "../kit/company";

export const FLOW_BIN_COUNT = 4;

/** Question keys read by this mapping (checked against the survey definition in tests). */
export const MOTOR_SECTION_KEYS = [
  "motor_name",
  "motor_quantity",
  "motor_rated_kw",
  "motor_rated_speed_rpm",
  "motor_efficiency_class",
  "motor_nameplate_efficiency_pct",
  "motor_rewound",
  "motor_annual_hours",
  "motor_load_factor_pct",
  "motor_measured_input_kw",
  "motor_drive",
  "motor_vfd_present",
  "motor_application",
  "motor_flow_control",
  "pump_design_flow_m3h",
  "pump_design_head_m",
  "pump_bep_efficiency_pct",
  "pump_static_head_m",
  "pump_shutoff_head_ratio",
  "pump_type",
  "pump_rated_speed_rpm",
  "pump_stages",
  "pump_measured_flow_m3h",
  "pump_measured_head_m",
  "fan_design_flow_m3h",
  "fan_design_pressure_pa",
  "fan_efficiency_pct",
  "fan_static_pressure_pa",
  ...Array.from({ length: FLOW_BIN_COUNT }, (_, i) => [`flow_bin${i + 1}_pct`, `flow_bin${i + 1}_time_pct`]).flat(),
  "quote_motor_grade1_yuan",
  "quote_motor_grade2_yuan",
  "quote_vfd_yuan",
  "quote_belt_yuan",
] as const;

export const MOTOR_PLANT_KEYS = ["electricity_price"] as const;

const optionKeys = (o: readonly { key: string }[]) => o.map((x) => x.key);

/** Limits and messages of every numeric question: the survey definition's rules (the form checks the same). */
const { rules: RULES, rule } = ruleLookup(MOTOR_SYSTEM_SURVEY);

const SPECS = {
  price: rule("electricity_price"),
  quantity: rule("motor_quantity"),
  ratedKw: rule("motor_rated_kw"),
  speed: rule("motor_rated_speed_rpm"),
  efficiency: rule("motor_nameplate_efficiency_pct"),
  hours: rule("motor_annual_hours"),
  loadFactor: rule("motor_load_factor_pct"),
  inputKw: rule("motor_measured_input_kw"),
  pumpFlow: rule("pump_design_flow_m3h"),
  pumpHead: rule("pump_design_head_m"),
  pumpEff: rule("pump_bep_efficiency_pct"),
  staticHead: rule("pump_static_head_m"),
  shutoff: rule("pump_shutoff_head_ratio"),
  pumpSpeed: rule("pump_rated_speed_rpm"),
  stages: rule("pump_stages"),
  measuredFlow: rule("pump_measured_flow_m3h"),
  measuredHead: rule("pump_measured_head_m"),
  fanFlow: rule("fan_design_flow_m3h"),
  fanPressure: rule("fan_design_pressure_pa"),
  fanEff: rule("fan_efficiency_pct"),
  fanStatic: rule("fan_static_pressure_pa"),
};

const CHECKS = {
  timeSum: checkOf(MOTOR_SYSTEM_SURVEY, "sum", "flow_bin1_time_pct"),
  inputOrLoad: checkOf(MOTOR_SYSTEM_SURVEY, "anyOf", "motor_measured_input_kw"),
  staticHead: checkOf(MOTOR_SYSTEM_SURVEY, "less", "pump_static_head_m"),
  fanStatic: checkOf(MOTOR_SYSTEM_SURVEY, "less", "fan_static_pressure_pa"),
};

function readMotor(r: AnswerReader, i: number): MotorUnitInput | undefined {
  const before = r.errors.length;
  const name = r.text("motor_name", i, "电机名称/编号", true) ?? "";
  const quantity = r.number("motor_quantity", i, SPECS.quantity, false) ?? 1;
  const ratedKw = r.number("motor_rated_kw", i, SPECS.ratedKw, true);
  const speed = r.number("motor_rated_speed_rpm", i, SPECS.speed, true);
  const poles = speed !== undefined ? polesFromRatedSpeed(speed) : undefined;
  if (speed !== undefined && poles === undefined) {
    r.error("motor_rated_speed_rpm", i, `额定转速${speed} r/min无法判断极数（2极约2700–3000，4极约1350–1500，6极约900–1000，8极约675–750）`);
  }
  const cls = r.option("motor_efficiency_class", i, "能效等级/系列", optionKeys(MOTOR_CLASS_OPTIONS), false);
  const etaPct = r.number("motor_nameplate_efficiency_pct", i, SPECS.efficiency, false);
  if (etaPct === undefined && (cls === undefined || cls === "unknown") && !r.has("motor_nameplate_efficiency_pct", i)) {
    r.error("motor_nameplate_efficiency_pct", i, "请填写铭牌效率，或选择能效等级/系列（两者至少填一项）");
  }
  if (etaPct === undefined && cls && cls !== "unknown" && poles !== undefined && poles !== 4 && classNeedsFourPole(cls as MotorClassCode)) {
    r.error("motor_nameplate_efficiency_pct", i, "IE1/IE2/YE2/Y系列仅有4极电机的效率数据，非4极电机请填写铭牌效率");
  }
  const rewound = r.option("motor_rewound", i, "是否修复过", YES_NO, false) === "yes";
  const hours = r.number("motor_annual_hours", i, SPECS.hours, true);
  const lfPct = r.number("motor_load_factor_pct", i, SPECS.loadFactor, false);
  const inputKw = r.number("motor_measured_input_kw", i, SPECS.inputKw, false);
  r.cross(CHECKS.inputOrLoad, i, RULES);
  const drive = r.option("motor_drive", i, "传动方式", optionKeys(DRIVE_OPTIONS), true) as DriveType | undefined;
  const vfdPresent = r.option("motor_vfd_present", i, "是否已装变频器", YES_NO, true) === "yes";
  const application = r.option("motor_application", i, "负载类型", optionKeys(APPLICATION_OPTIONS), true) as MotorApplication | undefined;
  const flowControl = r.option("motor_flow_control", i, "流量调节方式", optionKeys(FLOW_CONTROL_OPTIONS), false) as FlowControl | undefined;

  const unit: Partial<MotorUnitInput> = {};
  if (application === "pump") readPump(r, i, unit);
  if (application === "fan") readFan(r, i, unit);
  const profile = readFlowProfile(r, i, application === "fan" && flowControl === "outlet_damper");
  if (profile) unit.flowProfile = profile;
  const quotes = {
    motorGrade1Yuan: r.number("quote_motor_grade1_yuan", i, rule("quote_motor_grade1_yuan"), false),
    motorGrade2Yuan: r.number("quote_motor_grade2_yuan", i, rule("quote_motor_grade2_yuan"), false),
    vfdYuan: r.number("quote_vfd_yuan", i, rule("quote_vfd_yuan"), false),
    beltYuan: r.number("quote_belt_yuan", i, rule("quote_belt_yuan"), false),
  };
  if (r.errors.length > before || ratedKw === undefined || poles === undefined || hours === undefined || !drive || !application) return undefined;
  const efficiency: EfficiencySource =
    etaPct !== undefined ? { source: "nameplate", fullLoadPercent: etaPct } : { source: "class", cls: cls as MotorClassCode };
  const basis = resolveEfficiency(ratedKw, poles, efficiency, rewound);
  if (!basis) return r.error("motor_efficiency_class", i, "无法按所选能效等级查到该功率、极数电机的效率，请填写铭牌效率");
  if (inputKw !== undefined) {
    // The load factor implied by the measured input must pass the same plausibility check (motors.md §4).
    const lf = loadFromInputPower({ ratedKw, fullLoadEfficiency: basis.fullLoadEfficiency }, inputKw).loadFactor;
    if (lf > MAX_LOAD_FACTOR) {
      return r.error("motor_measured_input_kw", i, `按实测输入功率推算负载率为${Math.round(lf * 100)}%，超过125%（1.25），请核对实测数据或额定功率`);
    }
    if (lf < LOAD_FACTOR_PLAUSIBLE_MIN) {
      return r.error("motor_measured_input_kw", i, `按实测输入功率推算负载率为${(lf * 100).toFixed(1)}%，低于5%，请核对实测数据`);
    }
  }
  return {
    name,
    quantity,
    ratedKw,
    poles,
    efficiency,
    ...(cls && cls !== "unknown" ? { series: cls as MotorClassCode } : {}),
    rewound,
    annualHours: hours,
    // The input-power method is the better one (motors.md §4), so it wins when both are given.
    load: inputKw !== undefined ? { method: "input_power", inputKw } : { method: "load_factor", loadFactor: (lfPct ?? 0) / 100 },
    drive,
    vfdPresent,
    application,
    flowControl,
    ...unit,
    quotes: Object.fromEntries(Object.entries(quotes).filter(([, v]) => v !== undefined)),
  };
}

function readPump(r: AnswerReader, i: number, unit: Partial<MotorUnitInput>): void {
  const flow = r.number("pump_design_flow_m3h", i, SPECS.pumpFlow, false);
  const head = r.number("pump_design_head_m", i, SPECS.pumpHead, false);
  const eff = r.number("pump_bep_efficiency_pct", i, SPECS.pumpEff, false);
  const staticHead = r.number("pump_static_head_m", i, SPECS.staticHead, false);
  const shutoff = r.number("pump_shutoff_head_ratio", i, SPECS.shutoff, false);
  if (head !== undefined && staticHead !== undefined) r.cross(CHECKS.staticHead, i, RULES);
  if (flow !== undefined && head !== undefined && eff !== undefined) {
    unit.pump = { designFlowM3h: flow, designHeadM: head, bepEfficiency: eff / 100, staticHeadM: staticHead ?? 0 };
    if (shutoff !== undefined) unit.pump.shutoffHeadRatio = shutoff;
  }
  const mFlow = r.number("pump_measured_flow_m3h", i, SPECS.measuredFlow, false);
  const mHead = r.number("pump_measured_head_m", i, SPECS.measuredHead, false);
  if (mFlow !== undefined && mHead !== undefined) unit.pumpField = { flowM3h: mFlow, headM: mHead };
  const type = r.option("pump_type", i, "水泵类型", optionKeys(PUMP_TYPE_OPTIONS), false) as ClearWaterPumpType | undefined;
  const speed = r.number("pump_rated_speed_rpm", i, SPECS.pumpSpeed, false);
  const stages = r.number("pump_stages", i, SPECS.stages, false);
  if (type && speed !== undefined && flow !== undefined && head !== undefined && eff !== undefined) {
    unit.pumpCatalogue = { type, ratedFlowM3h: flow, ratedHeadM: head, speedRpm: speed, stages: stages ?? 1, bepEfficiencyPercent: eff };
  }
}

function readFan(r: AnswerReader, i: number, unit: Partial<MotorUnitInput>): void {
  const flow = r.number("fan_design_flow_m3h", i, SPECS.fanFlow, false);
  const pressure = r.number("fan_design_pressure_pa", i, SPECS.fanPressure, false);
  const eff = r.number("fan_efficiency_pct", i, SPECS.fanEff, false);
  const staticP = r.number("fan_static_pressure_pa", i, SPECS.fanStatic, false);
  if (pressure !== undefined && staticP !== undefined) r.cross(CHECKS.fanStatic, i, RULES);
  if (flow !== undefined && pressure !== undefined && eff !== undefined) {
    unit.fan = { designFlowM3h: flow, designPressurePa: pressure, fanEfficiency: eff / 100, staticPressurePa: staticP ?? 0 };
  }
}

/** Flow bins: flow % of design and % of time; the time shares of a motor must add up to 100 %. */
function readFlowProfile(r: AnswerReader, i: number, damper: boolean): FlowShare[] | undefined {
  const bins: FlowShare[] = [];
  let timeTotal = 0;
  let any = false;
  for (let b = 1; b <= FLOW_BIN_COUNT; b++) {
    const fk = `flow_bin${b}_pct`;
    const tk = `flow_bin${b}_time_pct`;
    if (!r.has(fk, i) && !r.has(tk, i)) continue;
    any = true;
    const flow = r.number(fk, i, rule(fk), true);
    const time = r.number(tk, i, rule(tk), true);
    if (flow === undefined || time === undefined) continue;
    if (damper && (flow / 100 < FAN_DAMPER_MIN_FLOW_RATIO || flow / 100 > FAN_DAMPER_MAX_FLOW_RATIO)) {
      r.error(fk, i, DAMPER_RANGE_MESSAGE);
      continue;
    }
    timeTotal += time;
    if (time > 0) bins.push({ flowRatio: flow / 100, timeShare: time / 100 });
  }
  if (!any) return undefined;
  // The definition's rule: time shares add up to 100 % (± its tolerance).
  if (!r.cross(CHECKS.timeSum, i, RULES) || timeTotal <= 0) return undefined;
  // Normalise a 99–101 % total to exactly 1 so hours add up to the annual hours.
  return bins.map((b) => ({ ...b, timeShare: (b.timeShare * 100) / timeTotal }));
}

export function motorInputFromAnswers(answers: Answers): MappingResult<MotorSystemInput> {
  const r = new AnswerReader(answers);
  const company = readCompany(r, PROVINCE_KEYS);
  const price = r.number("electricity_price", 0, SPECS.price, true);
  const motors: MotorUnitInput[] = r.repeats(MOTOR_SECTION_KEYS, (i) => readMotor(r, i));
  if (r.repeatCount(MOTOR_SECTION_KEYS) === 0 || (motors.length === 0 && r.errors.length === 0)) r.error("motor_rated_kw", 0, "请至少填写一台电机");
  return r.result({ province: company.province, electricityPriceYuanPerKwh: price ?? 0, motors });
}
