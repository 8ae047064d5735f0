// Standard coal (tce) and CO2 (tCO2) for a saving, with the factor and its source year shown
// (carbon.md §1–§4). Full precision is kept; rounding to 3 significant figures is for display only.
import {
  ELECTRICITY_KGCE_PER_KWH_EQUIVALENT,
  FUEL_FACTOR_SOURCE,
  GRID_FACTOR_SOURCE,
  GRID_REGION_NAMES,
  HEAT_KGCE_PER_MJ,
  HEAT_TCO2_PER_GJ,
  LATEST_GRID_FACTOR_YEAR,
  MJ_PER_KGCE,
  NATIONAL_GRID_FACTOR,
  NATURAL_GAS_CARBON_KGC_PER_GJ,
  NATURAL_GAS_KGCE_PER_M3_PRINTED,
  NATURAL_GAS_KGCO2_PER_M3_DEFAULT,
  NATURAL_GAS_OXIDATION,
  PROVINCE_GRID_REGION,
  PROVINCIAL_GRID_FACTOR,
  RAW_COAL_KGCE_PER_KG_PRINTED,
  REGIONAL_GRID_FACTOR,
  STANDARD_COAL_SOURCE,
  STEAM_REFERENCE_ENTHALPY_KJ_PER_KG,
} from "../standards/carbon-factors";

const CO2_PER_C = 44 / 12;

export interface GridFactor {
  kgCo2PerKwh: number;
  year: number;
  scope: "provincial" | "regional" | "national";
  /** Chinese label for the report, e.g. "华东区域电网 2023年". */
  label: string;
  source: string;
}

export interface Factor {
  value: number;
  unit: string;
  source: string;
  year?: number;
}

export interface CarbonFigure {
  carrier: "electricity" | "natural_gas" | "coal" | "steam" | "heat";
  quantity: number;
  unit: string;
  tce: number;
  tceFactor: Factor;
  /** Null when no CO2 factor is configured for the carrier (e.g. coal in the first release). */
  tco2: number | null;
  co2Factor: Factor | null;
  /** Electricity only: tce at the equal-value (等价值) coefficient when one is supplied. */
  tceEqualValue?: number;
}

/**
 * carbon.md §1 rule: the latest year's provincial factor if configured, else the regional factor of
 * the province, else the national average. Province codes are lower-case pinyin (e.g. "jiangsu").
 */
export function gridFactorFor(province?: string | null): GridFactor {
  const year = LATEST_GRID_FACTOR_YEAR;
  const provincial = province ? PROVINCIAL_GRID_FACTOR[year]?.[province] : undefined;
  if (provincial !== undefined) {
    return { kgCo2PerKwh: provincial, year, scope: "provincial", label: `省级电网 ${year}年`, source: GRID_FACTOR_SOURCE };
  }
  const region = province ? PROVINCE_GRID_REGION[province] : undefined;
  const regional = region ? REGIONAL_GRID_FACTOR[year]?.[region] : undefined;
  if (region && regional !== undefined) {
    return {
      kgCo2PerKwh: regional,
      year,
      scope: "regional",
      label: `${GRID_REGION_NAMES[region]}区域电网 ${year}年`,
      source: GRID_FACTOR_SOURCE,
    };
  }
  return {
    kgCo2PerKwh: NATIONAL_GRID_FACTOR[year],
    year,
    scope: "national",
    label: `全国电网平均 ${year}年`,
    source: GRID_FACTOR_SOURCE,
  };
}

/** Electricity: tce at the equivalent value 0.1229 kgce/kWh (default), optional equal value (等价值). */
export function electricityCarbon(kwh: number, grid: GridFactor, equalValueKgcePerKwh?: number): CarbonFigure {
  const figure: CarbonFigure = {
    carrier: "electricity",
    quantity: kwh,
    unit: "kWh",
    tce: (kwh * ELECTRICITY_KGCE_PER_KWH_EQUIVALENT) / 1000,
    tceFactor: { value: ELECTRICITY_KGCE_PER_KWH_EQUIVALENT, unit: "kgce/kWh（当量值）", source: STANDARD_COAL_SOURCE },
    tco2: (kwh * grid.kgCo2PerKwh) / 1000,
    co2Factor: { value: grid.kgCo2PerKwh, unit: "kgCO2/kWh", source: `${grid.source}（${grid.label}）`, year: grid.year },
  };
  if (equalValueKgcePerKwh !== undefined) figure.tceEqualValue = (kwh * equalValueKgcePerKwh) / 1000;
  return figure;
}

/**
 * Natural gas: printed 1.3300 kgce/m³ and 2.162 kgCO2/m³ without a supplier LHV; with one,
 * kgce/m³ = LHV/29.3076 and EF = LHV[GJ/m³] × 15.3 × 0.99 × 44/12 (carbon.md §2, §3).
 */
export function naturalGasCarbon(m3: number, supplierLhvMjPerM3?: number): CarbonFigure {
  const kgcePerM3 = supplierLhvMjPerM3 === undefined ? NATURAL_GAS_KGCE_PER_M3_PRINTED : supplierLhvMjPerM3 / MJ_PER_KGCE;
  const kgCo2PerM3 =
    supplierLhvMjPerM3 === undefined
      ? NATURAL_GAS_KGCO2_PER_M3_DEFAULT
      : (supplierLhvMjPerM3 / 1000) * NATURAL_GAS_CARBON_KGC_PER_GJ * NATURAL_GAS_OXIDATION * CO2_PER_C;
  return {
    carrier: "natural_gas",
    quantity: m3,
    unit: "m³",
    tce: (m3 * kgcePerM3) / 1000,
    tceFactor: { value: kgcePerM3, unit: "kgce/m³", source: STANDARD_COAL_SOURCE },
    tco2: (m3 * kgCo2PerM3) / 1000,
    co2Factor: { value: kgCo2PerM3, unit: "kgCO2/m³", source: FUEL_FACTOR_SOURCE },
  };
}

/** Raw coal: printed 0.7143 kgce/kg or LHV/29.3076; no CO2 default configured (carbon.md §3). */
export function coalCarbon(kg: number, measuredLhvMjPerKg?: number): CarbonFigure {
  const kgcePerKg = measuredLhvMjPerKg === undefined ? RAW_COAL_KGCE_PER_KG_PRINTED : measuredLhvMjPerKg / MJ_PER_KGCE;
  return {
    carrier: "coal",
    quantity: kg,
    unit: "kg",
    tce: (kg * kgcePerKg) / 1000,
    tceFactor: { value: kgcePerKg, unit: "kgce/kg", source: STANDARD_COAL_SOURCE },
    tco2: null,
    co2Factor: null,
  };
}

/** Heat in GJ: 34.12 kgce/GJ and 0.11 tCO2/GJ (purchased heat). */
export function heatCarbon(gj: number): CarbonFigure {
  return {
    carrier: "heat",
    quantity: gj,
    unit: "GJ",
    tce: (gj * 1000 * HEAT_KGCE_PER_MJ) / 1000,
    tceFactor: { value: HEAT_KGCE_PER_MJ, unit: "kgce/MJ", source: STANDARD_COAL_SOURCE },
    tco2: gj * HEAT_TCO2_PER_GJ,
    co2Factor: { value: HEAT_TCO2_PER_GJ, unit: "tCO2/GJ", source: FUEL_FACTOR_SOURCE },
  };
}

/** Heat content of steam above 20 °C feed water, GJ: t × (h − 83.74 kJ/kg) / 1000. */
export function steamHeatGj(tonnes: number, steamEnthalpyKjPerKg: number): number {
  return (tonnes * (steamEnthalpyKjPerKg - STEAM_REFERENCE_ENTHALPY_KJ_PER_KG)) / 1000;
}

/** Steam: converted by heat content, then heat factors. */
export function steamCarbon(tonnes: number, steamEnthalpyKjPerKg: number): CarbonFigure {
  const heat = heatCarbon(steamHeatGj(tonnes, steamEnthalpyKjPerKg));
  return { ...heat, carrier: "steam", quantity: tonnes, unit: "t" };
}

export interface CarbonTotals {
  tce: number;
  tco2: number;
  /** True when at least one figure had no CO2 factor, so tco2 is a lower bound. */
  tco2Incomplete: boolean;
}

export function totalCarbon(figures: readonly CarbonFigure[]): CarbonTotals {
  let tce = 0;
  let tco2 = 0;
  let tco2Incomplete = false;
  for (const f of figures) {
    tce += f.tce;
    if (f.tco2 === null) tco2Incomplete = true;
    else tco2 += f.tco2;
  }
  return { tce, tco2, tco2Incomplete };
}
