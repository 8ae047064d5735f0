// Compressed-air calculations (compressed_air.md §2–§6). Not a survey card yet: kept so every worked
// example of test_vectors.md (T7–T11) is covered and a future card can reuse them.
import { naturalGasCarbon, type CarbonFigure } from "../carbon/carbon";
import { NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3 } from "../standards/carbon-factors";
import { GB19153_FIXED_SPEED, type Cooling, type LimitTriple } from "../standards/gb19153-2019";

/** SP = package input kW / FAD m³/min. */
export function specificPower(packageKw: number, fadM3PerMin: number): number {
  return packageKw / fadM3PerMin;
}

export interface CompressorGrade {
  limits: LimitTriple;
  grade: 1 | 2 | 3 | "below_3";
  gradeText: string;
}

/**
 * GB 19153-2019 grade of a fixed-speed oil-injected screw: row = rated motor kW (next lower listed row,
 * our convention), column = rated pressure (between columns the higher-pressure column, the documented
 * conservative choice). Undefined when no row or column applies.
 */
export function compressorGrade(ratedKw: number, cooling: Cooling, ratedPressureMpa: number, sp: number): CompressorGrade | undefined {
  const rows = GB19153_FIXED_SPEED.filter((r) => r.cooling === cooling && r.kw <= ratedKw + 1e-9);
  const row = rows[rows.length - 1];
  if (!row) return undefined;
  const col = ratedPressureMpa <= 0.7 + 1e-9 ? "0.7" : ratedPressureMpa <= 0.8 + 1e-9 ? "0.8" : ratedPressureMpa <= 1.0 + 1e-9 ? "1.0" : null;
  if (!col) return undefined;
  const limits = row.byPressure[col];
  const grade = sp <= limits[0] ? 1 : sp <= limits[1] ? 2 : sp <= limits[2] ? 3 : "below_3";
  return { limits, grade, gradeText: grade === "below_3" ? "未达到3级能效（不达标）" : `${grade}级能效` };
}

/** Orifice leak, choked flow in SI (compressed_air.md §3): free-air m³/min. */
export function orificeLeakM3PerMin(args: {
  diameterMm: number;
  lineGaugePa: number;
  atmosphericPa?: number;
  tempC?: number;
  dischargeCoefficient?: number;
}): number {
  const R = 287.05;
  const k = 1.4;
  const pAtm = args.atmosphericPa ?? 101325;
  const T = (args.tempC ?? 20) + 273.15;
  const cd = args.dischargeCoefficient ?? 0.61;
  const p0 = args.lineGaugePa + pAtm;
  const rho0 = p0 / (R * T);
  const rhoStar = rho0 * Math.pow(2 / (k + 1), 1 / (k - 1));
  const vStar = Math.sqrt(((2 * k) / (k + 1)) * R * T);
  const d = args.diameterMm / 1000;
  const mdot = cd * rhoStar * ((Math.PI * d * d) / 4) * vStar;
  const rhoStd = pAtm / (R * T);
  return (mdot / rhoStd) * 60;
}

/** Pressure reduction (MEASUR, k = 1.395): P_new/P_old = (π_new^c − 1)/(π_old^c − 1), c = 0.395/1.395. */
export function pressureReductionFactor(oldGaugeMpa: number, newGaugeMpa: number, atmosphericMpa = 0.101325): number {
  const c = 0.395 / 1.395;
  const piOld = (oldGaugeMpa + atmosphericMpa) / atmosphericMpa;
  const piNew = (newGaugeMpa + atmosphericMpa) / atmosphericMpa;
  return (Math.pow(piNew, c) - 1) / (Math.pow(piOld, c) - 1);
}

/** Load/unload average power; ×1.2 on the unloaded part when storage < 3 L per L/s (compressed_air.md §5). */
export function loadUnloadKw(fullLoadKw: number, q: number, unloadedFraction: number, smallStorage = false): number {
  return fullLoadKw * (q + (smallStorage ? 1.2 : 1) * (1 - q) * unloadedFraction);
}

/** VSD simple mode: P = P_fl,VSD·(0.10 + 0.90·q) for q ≥ q_min; below, load/unload at q_min. */
export function vsdKw(fullLoadVsdKw: number, q: number, unloadedFraction = 0.3, qMin = 0.35): number {
  const at = (x: number) => fullLoadVsdKw * (0.1 + 0.9 * x);
  if (q >= qMin) return at(q);
  return (q / qMin) * at(qMin) + (1 - q / qMin) * unloadedFraction * fullLoadVsdKw;
}

export interface HeatRecoveryResult {
  recoveredKwh: number;
  recoveredGj: number;
  gasM3: number;
  costYuan: number;
  carbon: CarbonFigure;
}

/** Compressor heat recovery displacing a gas boiler (compressed_air.md §6). */
export function compressorHeatRecovery(args: {
  averageInputKw: number;
  hours: number;
  recoverableFraction?: number;
  heatDemandShare?: number;
  boilerEfficiency: number;
  gasPriceYuanPerM3: number;
}): HeatRecoveryResult {
  const recoveredKwh = args.averageInputKw * args.hours * (args.recoverableFraction ?? 0.7) * (args.heatDemandShare ?? 1);
  const recoveredGj = recoveredKwh * 0.0036;
  const gasM3 = (recoveredGj * 1000) / (args.boilerEfficiency * NATURAL_GAS_DEFAULT_LHV_MJ_PER_M3);
  return { recoveredKwh, recoveredGj, gasM3, costYuan: gasM3 * args.gasPriceYuanPerM3, carbon: naturalGasCarbon(gasM3) };
}
