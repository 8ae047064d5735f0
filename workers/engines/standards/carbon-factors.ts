// CO2 factors and standard-coal coefficients. Source for every value: ../shared/domain/carbon.md.
// Grid factors: MEE/NBS location-based "electricity average CO2 emission factor" announcements
// (2021: 公告2024年第12号; 2022: announcement of 2024-12-20; 2023: 《关于发布2023年电力二氧化碳排放因子的公告》).
// Standard coal: GB/T 2589-2020 《综合能耗计算通则》. Fuel CO2: NDRC/MEE enterprise GHG accounting guidelines.

export type GridRegion = "north" | "northeast" | "east" | "central" | "northwest" | "south" | "southwest";

export const GRID_REGION_NAMES: Record<GridRegion, string> = {
  north: "华北",
  northeast: "东北",
  east: "华东",
  central: "华中",
  northwest: "西北",
  south: "南方",
  southwest: "西南",
};

/** kgCO2/kWh by year. */
export const NATIONAL_GRID_FACTOR: Record<number, number> = { 2021: 0.5568, 2022: 0.5366, 2023: 0.5306 };
export const REGIONAL_GRID_FACTOR: Record<number, Partial<Record<GridRegion, number>>> = {
  2022: { north: 0.6776, northeast: 0.5564, east: 0.5617, central: 0.5395, northwest: 0.5857, south: 0.3869, southwest: 0.2268 },
  2023: { north: 0.6361, northeast: 0.5122, east: 0.55, central: 0.5271, northwest: 0.5543, south: 0.4042, southwest: 0.2472 },
};
/** Provincial factors by year (2022 examples only; no 2023 provincial table was retrieved). */
export const PROVINCIAL_GRID_FACTOR: Record<number, Record<string, number>> = {
  2022: {
    hebei: 0.7252,
    shanxi: 0.7096,
    tianjin: 0.7041,
    inner_mongolia: 0.6849,
    anhui: 0.6782,
    fujian: 0.4092,
    guangxi: 0.4044,
    qinghai: 0.1567,
    sichuan: 0.1404,
    yunnan: 0.1073,
  },
};
export const LATEST_GRID_FACTOR_YEAR = 2023;

/**
 * Province → regional grid. carbon.md lists the members of 华东, 南方 and 西南; the other regions'
 * members follow the usual MEE regional grid grouping, which carbon.md does not list — flagged for
 * review; a province missing here falls back to the national factor.
 */
export const PROVINCE_GRID_REGION: Record<string, GridRegion> = {
  shanghai: "east",
  jiangsu: "east",
  zhejiang: "east",
  anhui: "east",
  fujian: "east",
  guangdong: "south",
  guangxi: "south",
  yunnan: "south",
  guizhou: "south",
  hainan: "south",
  sichuan: "southwest",
  chongqing: "southwest",
  tibet: "southwest",
  beijing: "north",
  tianjin: "north",
  hebei: "north",
  shanxi: "north",
  shandong: "north",
  inner_mongolia: "north",
  liaoning: "northeast",
  jilin: "northeast",
  heilongjiang: "northeast",
  henan: "central",
  hubei: "central",
  hunan: "central",
  jiangxi: "central",
  shaanxi: "northwest",
  gansu: "northwest",
  qinghai: "northwest",
  ningxia: "northwest",
  xinjiang: "northwest",
};

export const GRID_FACTOR_SOURCE = "生态环境部、国家统计局发布的电力平均二氧化碳排放因子";

/** GB/T 2589-2020: 1 kgce = 29.3076 MJ. */
export const MJ_PER_KGCE = 29.3076;
/** Electricity, equivalent value (当量值) 3.6 MJ/kWh → kgce/kWh. */
export const ELECTRICITY_KGCE_PER_KWH_EQUIVALENT = 0.1229;
/**
 * ASSUMPTION (carbon.md §2): equal value (等价值) of electricity, kgce/kWh — the national average coal use per kWh
 * supplied, ≈ 0.300–0.305 in recent years; the year's official figure replaces it when configured.
 */
export const ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE = 0.3;
/** Heat: 0.03412 kgce/MJ (= 1/29.3076). */
export const HEAT_KGCE_PER_MJ = 0.03412;
/** Natural gas with no supplier LHV: the printed GB/T 2589 appendix coefficient (38,931 kJ/m³). */
export const NATURAL_GAS_KGCE_PER_M3_PRINTED = 1.33;
export const NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3 = 38.931;
/** Raw coal 20.908 MJ/kg → printed 0.7143 kgce/kg. */
export const RAW_COAL_KGCE_PER_KG_PRINTED = 0.7143;
export const RAW_COAL_DEFAULT_LHV_MJ_PER_KG = 20.908;
/** Steam heat is counted above 20 °C feed water (NDRC/MEE GHG accounting convention). */
export const STEAM_REFERENCE_ENTHALPY_KJ_PER_KG = 83.74;
/** Saturated steam enthalpy used when the survey gives none (T16 uses 2,777 kJ/kg; ASSUMPTION default). */
export const STEAM_DEFAULT_ENTHALPY_KJ_PER_KG = 2777;

/** Natural gas CO2: carbon content 15.3 tC/TJ, oxidation 99 %; 2.162 kgCO2/m³ at the default LHV. */
export const NATURAL_GAS_CARBON_KGC_PER_GJ = 15.3;
export const NATURAL_GAS_OXIDATION = 0.99;
export const NATURAL_GAS_KGCO2_PER_M3_DEFAULT = 2.162;
/** Purchased heat (steam, hot water): 0.11 tCO2/GJ. */
export const HEAT_TCO2_PER_GJ = 0.11;
export const FUEL_FACTOR_SOURCE = "国家发展改革委《企业温室气体排放核算方法与报告指南》系列（2013–2015年发布，生态环境部沿用）缺省值";
export const STANDARD_COAL_SOURCE = "GB/T 2589-2020《综合能耗计算通则》";
