// Stenter exhaust waste-heat recovery (stenter_heat_recovery.md §3, standard method):
// dry-air mass flow from the humid specific volume, Φ = ε·C_min·(T_ex − T_c,in), the dew-point check
// (T_out ≥ T_dew + 10 K, else ε is capped), annual heat, fuel displaced by heating type, money, tce and
// tCO2 (headline), the exchanger fan penalty as a separate line, and the saving share of stenter fuel.
import {
  coalCarbon,
  electricityCarbon,
  gridFactorFor,
  naturalGasCarbon,
  steamCarbon,
  totalCarbon,
  type CarbonFigure,
  type CarbonTotals,
  type GridFactor,
} from "../carbon/carbon";
import { safeRatio } from "../shared/math";
import { note, type EngineNote } from "../shared/notes";
import {
  NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3,
  RAW_COAL_DEFAULT_LHV_MJ_PER_KG,
  STEAM_DEFAULT_ENTHALPY_KJ_PER_KG,
  STEAM_REFERENCE_ENTHALPY_KJ_PER_KG,
} from "../standards/carbon-factors";
import {
  ATMOSPHERIC_PRESSURE_PA,
  STENTER_DEFAULT_HUMIDITY_KG_PER_KG,
  STENTER_DEW_POINT_MARGIN_K,
  STENTER_HEATER_EFFICIENCY,
  STENTER_FOULING_FACTOR,
  STENTER_MAX_PLAUSIBLE_SHARE,
  STENTER_HUMIDITY_PLAUSIBLE_MAX,
  STENTER_PRACTICE_BAND,
  STENTER_PAYBACK_BAND_YEARS,
} from "../standards/conventions";
import { dewPointC, dryAirDensity, humidityFromDewPoint, humidSpecificHeat, specificVolume } from "./humid-air";
import type { StenterHeating, StenterInput, StenterUnitInput } from "./types";

export interface FuelSaved {
  fuel: "natural_gas" | "coal" | "steam";
  amount: number;
  /** "m³" for gas, "t" for coal and steam. */
  unit: string;
}

export interface FanPenaltyLine {
  addedFanKw: number;
  annualKwh: number;
  costYuan: number;
}

export interface StenterAssessment {
  name: string;
  humidity: number;
  humidityAssumed: boolean;
  specificVolumeM3PerKg: number;
  dryAirKgPerH: number;
  specificHeatKjPerKgK: number;
  hotCapacityKwPerK: number;
  coldCapacityKwPerK: number | null;
  minCapacityKwPerK: number;
  maxRecoverableKw: number;
  effectivenessRequested: number;
  /** Oil-mist fouling factor applied to the clean effectiveness. */
  foulingFactor: number;
  effectivenessUsed: number;
  /** What the recovered heat displaces: the stenter's heating, or the process-water heating. */
  displaces: "stenter_heating" | "water_heating";
  cappedByDewPoint: boolean;
  recoveredKw: number;
  exhaustOutTempC: number;
  dewPointC: number;
  annualHeatKwh: number;
  annualHeatGj: number;
  fuelSaved: FuelSaved;
  costSavingYuan: number;
  carbon: CarbonFigure;
  /** Reported next to the headline, never subtracted from it; null = "fan penalty not assessed". */
  fanPenalty: FanPenaltyLine | null;
  fuelSavingShare: number | null;
  investmentYuan: number | null;
  /** Investment / headline fuel-cost saving. */
  paybackYears: number | null;
  /** Investment / (fuel-cost saving − fan electricity cost). */
  netPaybackYears: number | null;
  flags: EngineNote[];
  /**
   * Why the unit is left out of every total (headline, roll-up, tracker), or null when it counts: a result the
   * report itself calls impossible (recovered fuel above the declared fuel) never reaches a total (issue 22).
   */
  withheld: string | null;
}

export interface StenterResult {
  stenters: StenterAssessment[];
  heating: StenterHeating;
  heaterEfficiency: number | null;
  totals: {
    recoveredKw: number;
    annualHeatKwh: number;
    annualHeatGj: number;
    /** The stenter heating's own fuel displaced (units whose heat preheats air or that have no water heating given). */
    fuelSaved: FuelSaved;
    /** Fuels of the process-water heating displaced by units heating water. */
    otherFuelsSaved: FuelSaved[];
    costSavingYuan: number;
    fanPenaltyKwh: number;
    fanPenaltyCostYuan: number;
    netCostSavingYuan: number;
    investmentYuan: number | null;
    paybackYears: number | null;
    netPaybackYears: number | null;
    fuelSavingShare: number | null;
  };
  carbon: CarbonTotals & { figures: CarbonFigure[] };
  gridFactor: GridFactor;
  coBenefits: string[];
}

export const STENTER_CO_BENEFITS: readonly string[] = [
  "排气在换热器中降温，部分油烟冷凝，有利于后续静电除油烟或喷淋设施提高去除效率",
  "减少可见烟羽和异味，回收的废油可集中处置或出售",
  "配合定期清洗，可降低排风管道积油引发火灾的风险",
  "有助于满足纺织染整行业大气污染物排放要求（是否达标以监测为准）",
];

function fuelFor(input: Pick<StenterInput, "heating" | "steamEnthalpyKjPerKg" | "coalLhvMjPerKg" | "gasLhvMjPerM3">, gj: number, eta: number): { saved: FuelSaved; carbon: CarbonFigure } {
  if (input.heating === "steam") {
    const h = input.steamEnthalpyKjPerKg ?? STEAM_DEFAULT_ENTHALPY_KJ_PER_KG;
    const tonnes = gj / ((h - STEAM_REFERENCE_ENTHALPY_KJ_PER_KG) / 1000);
    return { saved: { fuel: "steam", amount: tonnes, unit: "t" }, carbon: steamCarbon(tonnes, h) };
  }
  if (input.heating === "thermal_oil_coal") {
    const lhv = input.coalLhvMjPerKg ?? RAW_COAL_DEFAULT_LHV_MJ_PER_KG;
    const kg = (gj * 1000) / (eta * lhv);
    return { saved: { fuel: "coal", amount: kg / 1000, unit: "t" }, carbon: coalCarbon(kg, input.coalLhvMjPerKg) };
  }
  const lhv = input.gasLhvMjPerM3 ?? NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3;
  const m3 = (gj * 1000) / (eta * lhv);
  return { saved: { fuel: "natural_gas", amount: m3, unit: "m³" }, carbon: naturalGasCarbon(m3, input.gasLhvMjPerM3) };
}

export function heaterEfficiencyFor(input: StenterInput): number {
  return input.heaterEfficiency ?? STENTER_HEATER_EFFICIENCY[input.heating];
}

export function assessStenterUnit(input: StenterInput, unit: StenterUnitInput): StenterAssessment {
  const flags: EngineNote[] = [];
  const p = unit.pressurePa ?? ATMOSPHERIC_PRESSURE_PA;
  let humidity: number;
  let humidityAssumed = false;
  if (!unit.humidity) {
    humidity = STENTER_DEFAULT_HUMIDITY_KG_PER_KG;
    humidityAssumed = true;
    flags.push(note("humidity_assumed", `未提供排气含湿量实测值，按${STENTER_DEFAULT_HUMIDITY_KG_PER_KG} kg/kg干空气估算`));
  } else if (unit.humidity.kind === "ratio") {
    humidity = unit.humidity.kgPerKgDryAir;
  } else {
    humidity = humidityFromDewPoint(unit.humidity.dewPointC, p);
  }
  // Normal-condition flows are referred to 0 °C and 101.325 kPa.
  const v =
    unit.flowBasis === "normal"
      ? specificVolume(0, humidity, ATMOSPHERIC_PRESSURE_PA)
      : specificVolume(unit.exhaustTempC, humidity, p);
  const mDa = unit.exhaustFlowM3h / v;
  const cp = humidSpecificHeat(humidity);
  const cHot = (mDa * cp) / 3600;
  let cCold: number | null = null;
  if (unit.coldStream?.kind === "air" && unit.coldStream.flowM3h !== undefined) cCold = (unit.coldStream.flowM3h * dryAirDensity(unit.coldInletTempC, p) * 1.006) / 3600;
  if (unit.coldStream?.kind === "water" && unit.coldStream.flowTph !== undefined) cCold = (unit.coldStream.flowTph * 1000 * 4.186) / 3600;
  const cMin = cCold === null ? cHot : Math.min(cHot, cCold);
  const dT = unit.exhaustTempC - unit.coldInletTempC;
  const phiMax = cMin * dT;
  const tDew = dewPointC(humidity, p);
  // Non-condensing design: the exhaust must leave at least 10 K above its dew point.
  const phiDewLimit = Math.max(cHot * (unit.exhaustTempC - (tDew + STENTER_DEW_POINT_MARGIN_K)), 0);
  const fouling = unit.foulingFactor ?? STENTER_FOULING_FACTOR;
  let eps = unit.effectiveness * fouling;
  let capped = false;
  if (eps * phiMax > phiDewLimit) {
    eps = phiMax > 0 ? phiDewLimit / phiMax : 0;
    capped = true;
    flags.push(
      note("dew_point_cap", `按露点校核（排气出口不低于露点${tDew.toFixed(1)}°C+${STENTER_DEW_POINT_MARGIN_K}K），换热效率由${(unit.effectiveness * fouling).toFixed(3)}下调为${eps.toFixed(3)}`),
    );
  }
  const phi = eps * phiMax;
  const tOut = unit.exhaustTempC - phi / cHot;
  const annualHeatKwh = phi * unit.annualHours;
  const annualHeatGj = annualHeatKwh * 0.0036;
  // Heat into process water displaces the water's heating, priced at its own fuel (issue 15).
  const toWater = unit.coldStream?.kind === "water";
  const water = toWater ? input.waterHeating : undefined;
  if (toWater && !water) {
    flags.push(note("water_heating_unknown", "回收热量用于加热工艺用水，但未填写工艺用水现有加热方式与燃料价格，暂按定型机燃料计价，请核实"));
  }
  const heater = water ? { ...input, heating: water.heating } : input;
  const eta = water ? (water.heaterEfficiency ?? STENTER_HEATER_EFFICIENCY[water.heating]) : heaterEfficiencyFor(input);
  const { saved, carbon } = fuelFor(heater, annualHeatGj, eta);
  const costSavingYuan = saved.amount * (water ? water.fuelPrice : input.fuelPrice);

  let fanPenalty: FanPenaltyLine | null = null;
  if (unit.fanPenalty && input.electricityPriceYuanPerKwh !== undefined) {
    const addedFanKw = ((unit.exhaustFlowM3h / 3600) * unit.fanPenalty.pressureDropPa) / (unit.fanPenalty.fanEfficiency * 1000);
    const annualKwh = addedFanKw * unit.annualHours;
    fanPenalty = { addedFanKw, annualKwh, costYuan: annualKwh * input.electricityPriceYuanPerKwh };
  } else {
    flags.push(note("fan_penalty_not_assessed", "未提供换热器阻力、风机效率或电价，未评估风机附加电耗"));
  }
  // The share of the stenter's own fuel: only when the heat displaces that fuel.
  const share = unit.baselineFuelPerYear && !water ? safeRatio(saved.amount, unit.baselineFuelPerYear) : null;
  let withheld: string | null = null;
  if (share !== null && share > 1) {
    withheld = `回收热量折合燃料为申报年燃料用量的${share.toFixed(1)}倍，输入数据必有误，未计入任何合计；请核对排风量、排气温度、运行时间和年燃料用量`;
    flags.push(
      note("recovered_above_declared", `回收热量折合燃料为定型机申报年燃料用量的${share.toFixed(1)}倍，超过定型机全部用能，输入数据必有误，请核对排风量、温度、运行时间和燃料用量`),
    );
  } else if (share !== null && share > STENTER_MAX_PLAUSIBLE_SHARE) {
    flags.push(note("implausible_share", "回收热量超过定型机用热的50%，输入数据可能有误，请核对排风量、温度和燃料用量"));
  } else if (share !== null && share > STENTER_PRACTICE_BAND.high) {
    flags.push(
      note(
        "above_practice_band",
        `节约燃料占定型机年燃料的${(share * 100).toFixed(0)}%，高于工程实践常见的${STENTER_PRACTICE_BAND.low * 100}–${STENTER_PRACTICE_BAND.high * 100}%，请核对排风量、排气温度与换热效率，结果可能偏高`,
      ),
    );
  }
  if (humidity > STENTER_HUMIDITY_PLAUSIBLE_MAX) {
    flags.push(note("humidity_implausible", `排气含湿量${humidity.toFixed(2)} kg/kg干空气超出定型机常见范围（0.03–0.15 kg/kg），请核实测量值`));
  }
  const investmentYuan = unit.investmentYuan ?? null;
  const netSaving = costSavingYuan - (fanPenalty?.costYuan ?? 0);
  const paybackYears = investmentYuan === null || costSavingYuan <= 0 ? null : safeRatio(investmentYuan, costSavingYuan);
  // Payback plausibility beside the saving-share check: outside the usual 1–3 years the inputs deserve a look. A
  // withheld unit's figures count nowhere, so its reason stands alone.
  const checkedPayback = withheld === null ? paybackYears : null;
  if (checkedPayback !== null && checkedPayback < STENTER_PAYBACK_BAND_YEARS.low) {
    flags.push(
      note(
        "payback_below_band",
        `静态回收期${(checkedPayback * 12).toFixed(1)}个月，短于定型机余热回收常见的${STENTER_PAYBACK_BAND_YEARS.low}–${STENTER_PAYBACK_BAND_YEARS.high}年，节约量可能偏高或投资偏低，请核对排风量、年燃料用量与投资`,
      ),
    );
  } else if (checkedPayback !== null && checkedPayback > STENTER_PAYBACK_BAND_YEARS.high) {
    flags.push(
      note(
        "payback_above_band",
        `静态回收期${checkedPayback.toFixed(1)}年，长于定型机余热回收常见的${STENTER_PAYBACK_BAND_YEARS.low}–${STENTER_PAYBACK_BAND_YEARS.high}年，请核对投资与运行时间`,
      ),
    );
  }
  return {
    name: unit.name,
    humidity,
    humidityAssumed,
    specificVolumeM3PerKg: v,
    dryAirKgPerH: mDa,
    specificHeatKjPerKgK: cp,
    hotCapacityKwPerK: cHot,
    coldCapacityKwPerK: cCold,
    minCapacityKwPerK: cMin,
    maxRecoverableKw: phiMax,
    effectivenessRequested: unit.effectiveness,
    foulingFactor: fouling,
    effectivenessUsed: eps,
    displaces: water ? "water_heating" : "stenter_heating",
    cappedByDewPoint: capped,
    recoveredKw: phi,
    exhaustOutTempC: tOut,
    dewPointC: tDew,
    annualHeatKwh,
    annualHeatGj,
    fuelSaved: saved,
    costSavingYuan,
    carbon,
    fanPenalty,
    fuelSavingShare: share,
    investmentYuan,
    paybackYears,
    // The fan line costs money every year even though the headline ignores it: show that payback too.
    netPaybackYears: investmentYuan === null || netSaving <= 0 ? null : safeRatio(investmentYuan, netSaving),
    flags,
    withheld,
  };
}

/** Answers that must not become a report: every unit withheld (nothing would be left to total), each named with its input. */
export function stenterRefusals(r: StenterResult): { questionKey: string; repeatIndex: number; message: string }[] {
  if (r.stenters.some((s) => s.withheld === null)) return [];
  return r.stenters.map((s, i) => ({ questionKey: "stenter_annual_fuel", repeatIndex: i, message: `${s.name}：${s.withheld}` }));
}

export function assessStenterInput(input: StenterInput): StenterResult {
  const grid = gridFactorFor(input.province);
  const all = input.stenters.map((u) => assessStenterUnit(input, u));
  // Totals are over the units that count: a withheld unit is listed with its reason, never summed (issue 22).
  const stenters = all.filter((s) => s.withheld === null);
  const counted = input.stenters.filter((_, i) => all[i].withheld === null);
  const sumOf = (f: (s: StenterAssessment) => number) => stenters.reduce((acc, s) => acc + f(s), 0);
  const own = stenters.filter((s) => s.displaces === "stenter_heating");
  const fuelAmount = own.reduce((a, s) => a + s.fuelSaved.amount, 0);
  const annualHeatGj = sumOf((s) => s.annualHeatGj);
  const eta = heaterEfficiencyFor(input);
  const { saved } = fuelFor(input, 0, eta);
  // Other fuels displaced (process-water heating), summed per fuel.
  const other = new Map<string, FuelSaved>();
  for (const s of stenters) {
    if (s.displaces !== "water_heating") continue;
    const f = other.get(s.fuelSaved.fuel) ?? { ...s.fuelSaved, amount: 0 };
    f.amount += s.fuelSaved.amount;
    other.set(s.fuelSaved.fuel, f);
  }
  // Carbon per unit (each unit's own fuel), summed: linear, so equal to the total's for a single fuel.
  const unitCarbon = stenters.map((s) => s.carbon);
  const costSavingYuan = sumOf((s) => s.costSavingYuan);
  const fanPenaltyKwh = sumOf((s) => s.fanPenalty?.annualKwh ?? 0);
  const fanPenaltyCostYuan = sumOf((s) => s.fanPenalty?.costYuan ?? 0);
  const allInvested = stenters.length > 0 && stenters.every((s) => s.investmentYuan !== null);
  const investmentYuan = allInvested ? sumOf((s) => s.investmentYuan ?? 0) : null;
  const netCostSavingYuan = costSavingYuan - fanPenaltyCostYuan;
  const baselines = counted.map((u) => u.baselineFuelPerYear);
  const baselineTotal = baselines.every((b) => b !== undefined) ? baselines.reduce((a, b) => a + (b ?? 0), 0) : null;
  // The fan penalty adds electricity use: shown as a negative carbon line so the net is visible.
  const fanCarbon = electricityCarbon(-fanPenaltyKwh, grid);
  const figures = [...unitCarbon, ...(fanPenaltyKwh > 0 ? [fanCarbon] : [])];
  return {
    stenters: all,
    heating: input.heating,
    heaterEfficiency: input.heating === "steam" ? null : eta,
    totals: {
      recoveredKw: sumOf((s) => s.recoveredKw),
      annualHeatKwh: sumOf((s) => s.annualHeatKwh),
      annualHeatGj,
      fuelSaved: { ...saved, amount: fuelAmount },
      otherFuelsSaved: [...other.values()],
      costSavingYuan,
      fanPenaltyKwh,
      fanPenaltyCostYuan,
      netCostSavingYuan,
      investmentYuan,
      paybackYears: investmentYuan === null || costSavingYuan <= 0 ? null : safeRatio(investmentYuan, costSavingYuan),
      netPaybackYears: investmentYuan === null || netCostSavingYuan <= 0 ? null : safeRatio(investmentYuan, netCostSavingYuan),
      fuelSavingShare: baselineTotal && stenters.length && own.length === stenters.length ? safeRatio(fuelAmount, baselineTotal) : null,
    },
    carbon: { ...totalCarbon(unitCarbon), figures },
    gridFactor: grid,
    coBenefits: [...STENTER_CO_BENEFITS],
  };
}

