// 空压机系统 answers → CompressedAirInput, with a Chinese message for each missing or implausible value. Limits and
// their messages come from the survey definition (./survey.ts) through the shared rules.
import { PROVINCE_KEYS, YES_NO_OPTIONS } from "../../contract/card-options";
import { ruleLookup } from "../../contract/survey-rules";
import { AnswerReader, type Answers, type MappingResult } from "../kit/answers";
import { readCompany } from "../kit/company";
import { AIR_COMPRESSOR_SURVEY, CONTROL_OPTIONS, COOLING_OPTIONS, HEAT_SINK_OPTIONS } from "./survey";

export interface CompressorInput {
  name: string;
  control: "load_unload" | "vsd";
  cooling: "air" | "water";
  ratedKw: number;
  /** Full-load package input, kW (P_fl). */
  packageKw: number;
  fadM3PerMin: number;
  ratedPressureMpa: number;
  /** Average delivered flow / rated FAD, 0–1 (q). */
  loadRatio: number;
  /** Unloaded power / full-load power (u). */
  unloadedFraction: number;
  vsdInvestmentYuan?: number;
}

export interface LeakGroupInput {
  location: string;
  count: number;
  diameterMm: number;
}

export interface CompressedAirInput {
  province?: string;
  hours: number;
  priceYuanPerKwh: number;
  smallStorage: boolean;
  setPressureMpa: number;
  requiredPressureMpa?: number;
  compressors: CompressorInput[];
  leaks: LeakGroupInput[];
  leakRepairInvestmentYuan?: number;
  heatRecovery?: { sink: string; demandShare: number; boilerEfficiency: number; gasPriceYuanPerM3: number; investmentYuan?: number };
}

export const DEFAULT_UNLOADED_FRACTION = 0.3;
export const DEFAULT_BOILER_EFFICIENCY = 0.9;

export const COMPRESSOR_KEYS = [
  "compressor_name",
  "compressor_control",
  "compressor_cooling",
  "compressor_rated_kw",
  "compressor_package_kw",
  "compressor_fad_m3min",
  "compressor_rated_pressure_mpa",
  "compressor_load_pct",
  "compressor_unloaded_pct",
  "vsd_investment_yuan",
] as const;
export const LEAK_KEYS = ["leak_location", "leak_count", "leak_diameter_mm"] as const;

const { rule } = ruleLookup(AIR_COMPRESSOR_SURVEY);
const keysOf = <K extends string>(items: readonly { key: K }[]) => items.map((o) => o.key);

function readCompressor(r: AnswerReader, i: number): CompressorInput | undefined {
  const before = r.errors.length;
  const name = r.text("compressor_name", i, "空压机名称/编号", true) ?? "";
  const control = r.option("compressor_control", i, "控制方式", keysOf(CONTROL_OPTIONS), true);
  const cooling = r.option("compressor_cooling", i, "冷却方式", keysOf(COOLING_OPTIONS), true);
  const ratedKw = r.number("compressor_rated_kw", i, rule("compressor_rated_kw"), true);
  const packageKw = r.number("compressor_package_kw", i, rule("compressor_package_kw"), true);
  const fad = r.number("compressor_fad_m3min", i, rule("compressor_fad_m3min"), true);
  const pressure = r.number("compressor_rated_pressure_mpa", i, rule("compressor_rated_pressure_mpa"), true);
  const loadPct = r.number("compressor_load_pct", i, rule("compressor_load_pct"), true);
  const unloadedPct = r.number("compressor_unloaded_pct", i, rule("compressor_unloaded_pct"), false);
  const invest = r.number("vsd_investment_yuan", i, rule("vsd_investment_yuan"), false);
  if (r.errors.length > before || !control || !cooling || ratedKw === undefined || packageKw === undefined || fad === undefined || pressure === undefined || loadPct === undefined) return undefined;
  if (unloadedPct === undefined && control === "load_unload") r.warn("compressor_unloaded_pct", i, `未填写卸载功率比例，按${DEFAULT_UNLOADED_FRACTION * 100}%估算`);
  const unit: CompressorInput = {
    name,
    control,
    cooling,
    ratedKw,
    packageKw,
    fadM3PerMin: fad,
    ratedPressureMpa: pressure,
    loadRatio: loadPct / 100,
    unloadedFraction: unloadedPct === undefined ? DEFAULT_UNLOADED_FRACTION : unloadedPct / 100,
  };
  if (invest !== undefined) unit.vsdInvestmentYuan = invest;
  return unit;
}

function readLeak(r: AnswerReader, i: number): LeakGroupInput | undefined {
  const count = r.number("leak_count", i, rule("leak_count"), true);
  const d = r.number("leak_diameter_mm", i, rule("leak_diameter_mm"), true);
  if (count === undefined || d === undefined) return undefined;
  return { location: r.text("leak_location", i, "位置", false) ?? `泄漏点组${i + 1}`, count, diameterMm: d };
}

export function compressedAirInputFromAnswers(answers: Answers): MappingResult<CompressedAirInput> {
  const r = new AnswerReader(answers);
  const company = readCompany(r, PROVINCE_KEYS);
  const hours = r.number("air_annual_hours", 0, rule("air_annual_hours"), true);
  const price = r.number("electricity_price", 0, rule("electricity_price"), true);
  const small = r.option("air_small_storage", 0, "储气罐容积", keysOf(YES_NO_OPTIONS), false);
  const setP = r.number("air_set_pressure_mpa", 0, rule("air_set_pressure_mpa"), true);
  const needP = r.number("air_required_pressure_mpa", 0, rule("air_required_pressure_mpa"), false);
  if (setP !== undefined && needP !== undefined && needP >= setP) r.error("air_required_pressure_mpa", 0, "用气点所需压力应低于当前排气压力设定");
  const leakInvest = r.number("leak_repair_investment_yuan", 0, rule("leak_repair_investment_yuan"), false);
  const sink = r.option("heat_sink", 0, "余热热用户", keysOf(HEAT_SINK_OPTIONS), false);
  const compressors = r.repeats(COMPRESSOR_KEYS, (i) => readCompressor(r, i));
  if (r.repeatCount(COMPRESSOR_KEYS) === 0 || (compressors.length === 0 && r.errors.length === 0)) r.error("compressor_name", 0, "请至少填写一台空压机");
  const leaks = r.repeats(LEAK_KEYS, (i) => readLeak(r, i));
  const input: CompressedAirInput = {
    province: company.province,
    hours: hours ?? 0,
    priceYuanPerKwh: price ?? 0,
    smallStorage: small === "yes",
    setPressureMpa: setP ?? 0,
    compressors,
    leaks,
  };
  if (needP !== undefined) input.requiredPressureMpa = needP;
  if (leakInvest !== undefined) input.leakRepairInvestmentYuan = leakInvest;
  if (sink && sink !== "none") {
    const share = r.number("heat_demand_share_pct", 0, rule("heat_demand_share_pct"), false);
    const eff = r.number("boiler_efficiency_pct", 0, rule("boiler_efficiency_pct"), false);
    const gas = r.number("gas_price", 0, rule("gas_price"), true);
    const invest = r.number("heat_recovery_investment_yuan", 0, rule("heat_recovery_investment_yuan"), false);
    if (gas !== undefined) {
      input.heatRecovery = { sink, demandShare: share === undefined ? 1 : share / 100, boilerEfficiency: eff === undefined ? DEFAULT_BOILER_EFFICIENCY : eff / 100, gasPriceYuanPerM3: gas };
      if (invest !== undefined) input.heatRecovery.investmentYuan = invest;
    }
  }
  return r.result(input);
}
