// 空压机系统 engine glue: the compressed-air engine functions (workers/engines/compressed-air) applied to the card's
// input — per compressor specific power, GB 19153 grade and average power by its control; plant measures: leak
// repair (orifice method), pressure reduction (MEASUR), load/unload → VSD, replacement to grade 1, heat recovery.
import { electricityCarbon, gridFactorFor, type CarbonFigure, type GridFactor } from "../../engines";
import {
  compressorGrade,
  compressorHeatRecovery,
  loadUnloadKw,
  orificeLeakM3PerMin,
  pressureReductionFactor,
  specificPower,
  vsdKw,
  type CompressorGrade,
  type HeatRecoveryResult,
} from "../../engines/compressed-air/compressed-air";
import type { CompressedAirInput, CompressorInput } from "./input";

export interface CompressorAssessment {
  unit: CompressorInput;
  /** Nameplate specific power at full load, kW/(m³/min). */
  specificPower: number;
  /** GB 19153-2019 fixed-speed table: only for load/unload (工频) units; undefined outside the table. */
  grade?: CompressorGrade;
  averageKw: number;
  deliveredM3PerMin: number;
  annualKwh: number;
  /** Load/unload → VSD of the same FAD (P_fl,VSD = P_fl, k_VSD = 1.00). */
  vsd?: { vsdKw: number; savingKw: number; savingKwh: number; savingYuan: number; paybackYears: number | null };
  /** Replacement by a grade-1 unit at the same delivered flow (when the unit is not grade 1). */
  gradeOne?: { savingKw: number; savingKwh: number; savingYuan: number };
}

export interface CompressedAirResult {
  compressors: CompressorAssessment[];
  hours: number;
  price: number;
  totalAverageKw: number;
  totalDeliveredM3PerMin: number;
  annualKwh: number;
  /** System specific power: average input / delivered flow, kW/(m³/min). */
  systemSpecificPower: number;
  leaks: { perLeakM3PerMin: number[]; totalM3PerMin: number; share: number; savingKw: number; savingKwh: number; savingYuan: number; investmentYuan: number | null } | null;
  pressure: { factor: number; savingShare: number; savingKw: number; savingKwh: number; savingYuan: number } | null;
  heat: (HeatRecoveryResult & { investmentYuan: number | null }) | null;
  gridFactor: GridFactor;
  /** Carbon of the measures in the total (leak repair + pressure reduction), electricity. */
  carbon: CarbonFigure;
  notes: string[];
}

const ATM_PA = 101325;

function assessCompressor(c: CompressorInput, hours: number, price: number, smallStorage: boolean): CompressorAssessment {
  const sp = specificPower(c.packageKw, c.fadM3PerMin);
  const averageKw = c.control === "vsd" ? vsdKw(c.packageKw, c.loadRatio, c.unloadedFraction) : loadUnloadKw(c.packageKw, c.loadRatio, c.unloadedFraction, smallStorage);
  const delivered = c.loadRatio * c.fadM3PerMin;
  const out: CompressorAssessment = { unit: c, specificPower: sp, averageKw, deliveredM3PerMin: delivered, annualKwh: averageKw * hours };
  if (c.control === "load_unload") {
    out.grade = compressorGrade(c.ratedKw, c.cooling, c.ratedPressureMpa, sp);
    const v = vsdKw(c.packageKw, c.loadRatio, c.unloadedFraction);
    const savingKw = Math.max(averageKw - v, 0);
    const savingYuan = savingKw * hours * price;
    out.vsd = { vsdKw: v, savingKw, savingKwh: savingKw * hours, savingYuan, paybackYears: c.vsdInvestmentYuan !== undefined && savingYuan > 0 ? c.vsdInvestmentYuan / savingYuan : null };
    if (out.grade && out.grade.grade !== 1) {
      // ΔkWh = Q_delivered × (SP_old − SP_new) × h (compressed_air.md §7), SP_new = the grade-1 limit.
      const savingKw = delivered * (sp - out.grade.limits[0]);
      out.gradeOne = { savingKw, savingKwh: savingKw * hours, savingYuan: savingKw * hours * price };
    }
  }
  return out;
}

export function assessCompressedAir(input: CompressedAirInput): CompressedAirResult {
  const { hours, priceYuanPerKwh: price } = input;
  const compressors = input.compressors.map((c) => assessCompressor(c, hours, price, input.smallStorage));
  const totalAverageKw = compressors.reduce((s, c) => s + c.averageKw, 0);
  const totalDelivered = compressors.reduce((s, c) => s + c.deliveredM3PerMin, 0);
  const systemSp = totalAverageKw / totalDelivered;
  const notes: string[] = [];

  let leaks: CompressedAirResult["leaks"] = null;
  if (input.leaks.length) {
    const perLeak = input.leaks.map((l) => orificeLeakM3PerMin({ diameterMm: l.diameterMm, lineGaugePa: input.setPressureMpa * 1e6, atmosphericPa: ATM_PA }));
    const total = input.leaks.reduce((s, l, i) => s + l.count * perLeak[i]!, 0);
    // Leak energy at the system SP (compressed_air.md §3); never more than the compressors deliver.
    const savingKw = Math.min(total * systemSp, totalAverageKw);
    if (total > totalDelivered) notes.push("估算泄漏量超过空压机平均供气量，请复核泄漏点孔径与数量（节电量按全部压缩空气用电封顶）。");
    leaks = { perLeakM3PerMin: perLeak, totalM3PerMin: total, share: total / totalDelivered, savingKw, savingKwh: savingKw * hours, savingYuan: savingKw * hours * price, investmentYuan: input.leakRepairInvestmentYuan ?? null };
  }

  let pressure: CompressedAirResult["pressure"] = null;
  if (input.requiredPressureMpa !== undefined && input.requiredPressureMpa < input.setPressureMpa) {
    const factor = pressureReductionFactor(input.setPressureMpa, input.requiredPressureMpa);
    // Applied to the power left after leak repair, so the two measures are not counted twice.
    const basis = totalAverageKw - (leaks?.savingKw ?? 0);
    const savingKw = basis * (1 - factor);
    pressure = { factor, savingShare: 1 - factor, savingKw, savingKwh: savingKw * hours, savingYuan: savingKw * hours * price };
  }

  let heat: CompressedAirResult["heat"] = null;
  if (input.heatRecovery) {
    const h = input.heatRecovery;
    heat = {
      ...compressorHeatRecovery({ averageInputKw: totalAverageKw, hours, heatDemandShare: h.demandShare, boilerEfficiency: h.boilerEfficiency, gasPriceYuanPerM3: h.gasPriceYuanPerM3 }),
      investmentYuan: h.investmentYuan ?? null,
    };
  }

  const gridFactor = gridFactorFor(input.province);
  const electricSaving = (leaks?.savingKwh ?? 0) + (pressure?.savingKwh ?? 0);
  return {
    compressors,
    hours,
    price,
    totalAverageKw,
    totalDeliveredM3PerMin: totalDelivered,
    annualKwh: totalAverageKw * hours,
    systemSpecificPower: systemSp,
    leaks,
    pressure,
    heat,
    gridFactor,
    carbon: electricityCarbon(electricSaving, gridFactor),
    notes,
  };
}

/**
 * Results that must not become a report (issue 22): leaks estimated above all the air the compressors deliver are
 * impossible (the saving would be the whole compressed-air bill), so generate refuses on the leak group that
 * contributes most, naming the inputs to check.
 */
export function compressedAirRefusals(r: CompressedAirResult, input: CompressedAirInput): { questionKey: string; repeatIndex: number; message: string }[] {
  if (!r.leaks || r.leaks.totalM3PerMin <= r.totalDeliveredM3PerMin) return [];
  const flows = input.leaks.map((l, i) => l.count * (r.leaks!.perLeakM3PerMin[i] ?? 0));
  const worst = flows.indexOf(Math.max(...flows));
  return [
    {
      questionKey: "leak_count",
      repeatIndex: Math.max(worst, 0),
      message: `按泄漏点数量与孔径估算的泄漏量${r.leaks.totalM3PerMin.toFixed(2)} m³/min超过空压机平均供气量${r.totalDeliveredM3PerMin.toFixed(2)} m³/min，输入数据必有误：请核对泄漏点数量、孔径与系统压力，或空压机排气量与加载率`,
    },
  ];
}
