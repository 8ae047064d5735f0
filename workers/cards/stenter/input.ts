// Stenter card answers → StenterInput, with a Chinese message for each missing or implausible value.
import { STENTER_SURVEY } from "./survey";
import { checkOf, ruleLookup } from "../../contract/survey-rules";
import { STENTER_DEFAULT_EFFECTIVENESS } from "../../engines/standards/conventions";
import type { StenterHeating, StenterInput, StenterUnitInput } from "../../engines/stenter/types";
import { AnswerReader, type Answers, type MappingResult } from "../kit/answers";
import { readCompany } from "../kit/company";
import { COLD_STREAM_OPTIONS, FLOW_BASIS_OPTIONS, HEATING_OPTIONS, WATER_HEATING_OPTIONS, PROVINCE_KEYS } from "../../contract/card-options";

export const STENTER_PLANT_KEYS = [
  "stenter_heating",
  "fuel_price",
  "gas_lhv_mj_m3",
  "coal_lhv_mj_kg",
  "steam_enthalpy_kj_kg",
  "heater_efficiency_pct",
  "electricity_price",
  "water_heating",
  "water_heating_price",
] as const;

export const STENTER_SECTION_KEYS = [
  "stenter_name",
  "stenter_annual_hours",
  "stenter_annual_fuel",
  "exhaust_flow_m3h",
  "exhaust_flow_basis",
  "exhaust_temp_c",
  "exhaust_humidity_kg_kg",
  "exhaust_dew_point_c",
  "cold_inlet_temp_c",
  "cold_stream",
  "cold_flow",
  "hx_effectiveness_pct",
  "hx_pressure_drop_pa",
  "exhaust_fan_efficiency_pct",
  "recovery_investment_yuan",
] as const;

/** Limits and messages of every numeric question: the survey definition's rules (the form checks the same). */
const { rules: RULES, rule } = ruleLookup(STENTER_SURVEY);

const SPECS = {
  fuelPrice: rule("fuel_price"),
  gasLhv: rule("gas_lhv_mj_m3"),
  coalLhv: rule("coal_lhv_mj_kg"),
  steamH: rule("steam_enthalpy_kj_kg"),
  heaterEff: rule("heater_efficiency_pct"),
  elecPrice: rule("electricity_price"),
  hours: rule("stenter_annual_hours"),
  fuel: rule("stenter_annual_fuel"),
  flow: rule("exhaust_flow_m3h"),
  temp: rule("exhaust_temp_c"),
  humidity: rule("exhaust_humidity_kg_kg"),
  dew: rule("exhaust_dew_point_c"),
  coldT: rule("cold_inlet_temp_c"),
  coldFlow: rule("cold_flow"),
  eps: rule("hx_effectiveness_pct"),
  dp: rule("hx_pressure_drop_pa"),
  fanEff: rule("exhaust_fan_efficiency_pct"),
  invest: rule("recovery_investment_yuan"),
};

const CHECKS = {
  coldBelowExhaust: checkOf(STENTER_SURVEY, "less", "cold_inlet_temp_c"),
  dewBelowExhaust: checkOf(STENTER_SURVEY, "less", "exhaust_dew_point_c"),
  fuelPriceInItsUnit: checkOf(STENTER_SURVEY, "rangeByOption", "fuel_price"),
  waterPriceInItsUnit: checkOf(STENTER_SURVEY, "rangeByOption", "water_heating_price"),
};

function readStenter(r: AnswerReader, i: number): StenterUnitInput | undefined {
  const before = r.errors.length;
  const name = r.text("stenter_name", i, "定型机名称/编号", true) ?? "";
  const hours = r.number("stenter_annual_hours", i, SPECS.hours, true);
  const fuel = r.number("stenter_annual_fuel", i, SPECS.fuel, false);
  const flow = r.number("exhaust_flow_m3h", i, SPECS.flow, true);
  const basis = r.option("exhaust_flow_basis", i, "风量口径", FLOW_BASIS_OPTIONS.map((o) => o.key), false) ?? "actual";
  const tEx = r.number("exhaust_temp_c", i, SPECS.temp, true);
  const x = r.number("exhaust_humidity_kg_kg", i, SPECS.humidity, false);
  const dew = r.number("exhaust_dew_point_c", i, SPECS.dew, false);
  const tCold = r.number("cold_inlet_temp_c", i, SPECS.coldT, true);
  if (tEx !== undefined && tCold !== undefined) r.cross(CHECKS.coldBelowExhaust, i, RULES);
  if (tEx !== undefined && dew !== undefined) r.cross(CHECKS.dewBelowExhaust, i, RULES);
  const cold = r.option("cold_stream", i, "回收热量用途", COLD_STREAM_OPTIONS.map((o) => o.key), false);
  const coldFlow = r.number("cold_flow", i, SPECS.coldFlow, false);
  const epsPct = r.number("hx_effectiveness_pct", i, SPECS.eps, false);
  const dp = r.number("hx_pressure_drop_pa", i, SPECS.dp, false);
  const fanEff = r.number("exhaust_fan_efficiency_pct", i, SPECS.fanEff, false);
  const invest = r.number("recovery_investment_yuan", i, SPECS.invest, false);
  if (r.errors.length > before || hours === undefined || flow === undefined || tEx === undefined || tCold === undefined) return undefined;
  if (epsPct === undefined) r.warn("hx_effectiveness_pct", i, `未填写换热器效率，按${Math.round(STENTER_DEFAULT_EFFECTIVENESS * 100)}%估算`);
  const unit: StenterUnitInput = {
    name,
    exhaustFlowM3h: flow,
    flowBasis: basis as "actual" | "normal",
    exhaustTempC: tEx,
    coldInletTempC: tCold,
    effectiveness: epsPct === undefined ? STENTER_DEFAULT_EFFECTIVENESS : epsPct / 100,
    annualHours: hours,
  };
  if (x !== undefined) unit.humidity = { kind: "ratio", kgPerKgDryAir: x };
  else if (dew !== undefined) unit.humidity = { kind: "dew_point", dewPointC: dew };
  // The stream's kind decides the fuel displaced even when its (optional) flow is left blank (issue 22).
  if (cold === "air") unit.coldStream = coldFlow === undefined ? { kind: "air" } : { kind: "air", flowM3h: coldFlow };
  if (cold === "water") unit.coldStream = coldFlow === undefined ? { kind: "water" } : { kind: "water", flowTph: coldFlow };
  if (dp !== undefined && fanEff !== undefined) unit.fanPenalty = { pressureDropPa: dp, fanEfficiency: fanEff / 100 };
  if (fuel !== undefined) unit.baselineFuelPerYear = fuel;
  if (invest !== undefined) unit.investmentYuan = invest;
  return unit;
}

export function stenterInputFromAnswers(answers: Answers): MappingResult<StenterInput> {
  const r = new AnswerReader(answers);
  const company = readCompany(r, PROVINCE_KEYS);
  const heating = r.option("stenter_heating", 0, "加热方式", HEATING_OPTIONS.map((o) => o.key), true) as StenterHeating | undefined;
  const fuelPrice = r.number("fuel_price", 0, SPECS.fuelPrice, true);
  const gasLhv = r.number("gas_lhv_mj_m3", 0, SPECS.gasLhv, false);
  const coalLhv = r.number("coal_lhv_mj_kg", 0, SPECS.coalLhv, false);
  const steamH = r.number("steam_enthalpy_kj_kg", 0, SPECS.steamH, false);
  const heaterEff = r.number("heater_efficiency_pct", 0, SPECS.heaterEff, false);
  const elecPrice = r.number("electricity_price", 0, SPECS.elecPrice, false);
  const waterHeating = r.option("water_heating", 0, "工艺用水现有加热方式", WATER_HEATING_OPTIONS.map((o) => o.key), false) as StenterHeating | undefined;
  const waterPrice = r.number("water_heating_price", 0, rule("water_heating_price"), false);
  // Each price against its fuel's unit: 元/m³ for gas, 元/t for coal and steam (issue 22).
  if (heating !== undefined && fuelPrice !== undefined) r.cross(CHECKS.fuelPriceInItsUnit, 0, RULES);
  if (waterHeating !== undefined && waterPrice !== undefined) r.cross(CHECKS.waterPriceInItsUnit, 0, RULES);
  const stenters: StenterUnitInput[] = r.repeats(STENTER_SECTION_KEYS, (i) => readStenter(r, i));
  if (r.repeatCount(STENTER_SECTION_KEYS) === 0 || (stenters.length === 0 && r.errors.length === 0)) r.error("exhaust_flow_m3h", 0, "请至少填写一台定型机");
  // Heat into process water displaces the water's own heating: left blank, the saving would be priced as the
  // stenter's fuel, so both answers are required as soon as one unit heats water (issue 22 item 1).
  const heatingWater = stenters.filter((s) => s.coldStream?.kind === "water").map((s) => s.name);
  if (heatingWater.length) {
    const who = `${heatingWater.join("、")}的回收热量用于加热工艺用水`;
    if (!r.has("water_heating", 0)) r.error("water_heating", 0, `${who}，请选择工艺用水现有加热方式（节约的是该加热方式的燃料，而不是定型机燃料）`);
    else if (!r.has("water_heating_price", 0)) r.error("water_heating_price", 0, `${who}，请填写工艺用水加热燃料价格`);
  }
  const input: StenterInput = { province: company.province, heating: heating ?? "thermal_oil_gas", fuelPrice: fuelPrice ?? 0, stenters };
  if (heaterEff !== undefined) input.heaterEfficiency = heaterEff / 100;
  if (gasLhv !== undefined) input.gasLhvMjPerM3 = gasLhv;
  if (coalLhv !== undefined) input.coalLhvMjPerKg = coalLhv;
  if (steamH !== undefined) input.steamEnthalpyKjPerKg = steamH;
  if (elecPrice !== undefined) input.electricityPriceYuanPerKwh = elecPrice;
  if (waterHeating && waterPrice !== undefined) input.waterHeating = { heating: waterHeating, fuelPrice: waterPrice };
  return r.result(input);
}
