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
  STENTER_MAX_PLAUSIBLE_SHARE,
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
  effectivenessUsed: number;
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
}

export interface StenterResult {
  stenters: StenterAssessment[];
  heating: StenterHeating;
  heaterEfficiency: number | null;
  totals: {
    recoveredKw: number;
    annualHeatKwh: number;
    annualHeatGj: number;
    fuelSaved: FuelSaved;
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

function fuelFor(input: StenterInput, gj: number, eta: number): { saved: FuelSaved; carbon: CarbonFigure } {
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
  if (unit.coldStream?.kind === "air") cCold = (unit.coldStream.flowM3h * dryAirDensity(unit.coldInletTempC, p) * 1.006) / 3600;
  if (unit.coldStream?.kind === "water") cCold = (unit.coldStream.flowTph * 1000 * 4.186) / 3600;
  const cMin = cCold === null ? cHot : Math.min(cHot, cCold);
  const dT = unit.exhaustTempC - unit.coldInletTempC;
  const phiMax = cMin * dT;
  const tDew = dewPointC(humidity, p);
  // Non-condensing design: the exhaust must leave at least 10 K above its dew point.
  const phiDewLimit = Math.max(cHot * (unit.exhaustTempC - (tDew + STENTER_DEW_POINT_MARGIN_K)), 0);
  let eps = unit.effectiveness;
  let capped = false;
  if (eps * phiMax > phiDewLimit) {
    eps = phiMax > 0 ? phiDewLimit / phiMax : 0;
    capped = true;
    flags.push(
      note("dew_point_cap", `按露点校核（排气出口不低于露点${tDew.toFixed(1)}°C+${STENTER_DEW_POINT_MARGIN_K}K），换热效率由${unit.effectiveness}下调为${eps.toFixed(3)}`),
    );
  }
  const phi = eps * phiMax;
  const tOut = unit.exhaustTempC - phi / cHot;
  const annualHeatKwh = phi * unit.annualHours;
  const annualHeatGj = annualHeatKwh * 0.0036;
  const eta = heaterEfficiencyFor(input);
  const { saved, carbon } = fuelFor(input, annualHeatGj, eta);
  const costSavingYuan = saved.amount * input.fuelPrice;

  let fanPenalty: FanPenaltyLine | null = null;
  if (unit.fanPenalty && input.electricityPriceYuanPerKwh !== undefined) {
    const addedFanKw = ((unit.exhaustFlowM3h / 3600) * unit.fanPenalty.pressureDropPa) / (unit.fanPenalty.fanEfficiency * 1000);
    const annualKwh = addedFanKw * unit.annualHours;
    fanPenalty = { addedFanKw, annualKwh, costYuan: annualKwh * input.electricityPriceYuanPerKwh };
  } else {
    flags.push(note("fan_penalty_not_assessed", "未提供换热器阻力、风机效率或电价，未评估风机附加电耗"));
  }
  const share = unit.baselineFuelPerYear ? safeRatio(saved.amount, unit.baselineFuelPerYear) : null;
  if (share !== null && share > STENTER_MAX_PLAUSIBLE_SHARE) {
    flags.push(note("implausible_share", "回收热量超过定型机用热的50%，输入数据可能有误，请核对排风量、温度和燃料用量"));
  }
  const investmentYuan = unit.investmentYuan ?? null;
  const netSaving = costSavingYuan - (fanPenalty?.costYuan ?? 0);
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
    effectivenessUsed: eps,
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
    paybackYears: investmentYuan === null || costSavingYuan <= 0 ? null : safeRatio(investmentYuan, costSavingYuan),
    // The fan line costs money every year even though the headline ignores it: show that payback too.
    netPaybackYears: investmentYuan === null || netSaving <= 0 ? null : safeRatio(investmentYuan, netSaving),
    flags,
  };
}

export function assessStenterInput(input: StenterInput): StenterResult {
  const grid = gridFactorFor(input.province);
  const stenters = input.stenters.map((u) => assessStenterUnit(input, u));
  const sumOf = (f: (s: StenterAssessment) => number) => stenters.reduce((acc, s) => acc + f(s), 0);
  const fuelAmount = sumOf((s) => s.fuelSaved.amount);
  const annualHeatGj = sumOf((s) => s.annualHeatGj);
  const eta = heaterEfficiencyFor(input);
  const { saved, carbon } = fuelFor(input, annualHeatGj, eta);
  const costSavingYuan = sumOf((s) => s.costSavingYuan);
  const fanPenaltyKwh = sumOf((s) => s.fanPenalty?.annualKwh ?? 0);
  const fanPenaltyCostYuan = sumOf((s) => s.fanPenalty?.costYuan ?? 0);
  const allInvested = stenters.every((s) => s.investmentYuan !== null);
  const investmentYuan = allInvested ? sumOf((s) => s.investmentYuan ?? 0) : null;
  const netCostSavingYuan = costSavingYuan - fanPenaltyCostYuan;
  const baselines = input.stenters.map((u) => u.baselineFuelPerYear);
  const baselineTotal = baselines.every((b) => b !== undefined) ? baselines.reduce((a, b) => a + (b ?? 0), 0) : null;
  // The fan penalty adds electricity use: shown as a negative carbon line so the net is visible.
  const fanCarbon = electricityCarbon(-fanPenaltyKwh, grid);
  const figures = [carbon, ...(fanPenaltyKwh > 0 ? [fanCarbon] : [])];
  return {
    stenters,
    heating: input.heating,
    heaterEfficiency: input.heating === "steam" ? null : eta,
    totals: {
      recoveredKw: sumOf((s) => s.recoveredKw),
      annualHeatKwh: sumOf((s) => s.annualHeatKwh),
      annualHeatGj,
      fuelSaved: { ...saved, amount: fuelAmount },
      costSavingYuan,
      fanPenaltyKwh,
      fanPenaltyCostYuan,
      netCostSavingYuan,
      investmentYuan,
      paybackYears: investmentYuan === null || costSavingYuan <= 0 ? null : safeRatio(investmentYuan, costSavingYuan),
      netPaybackYears: investmentYuan === null || netCostSavingYuan <= 0 ? null : safeRatio(investmentYuan, netCostSavingYuan),
      fuelSavingShare: baselineTotal ? safeRatio(fuelAmount, baselineTotal) : null,
    },
    carbon: { ...totalCarbon([carbon]), figures },
    gridFactor: grid,
    coBenefits: [...STENTER_CO_BENEFITS],
  };
}

