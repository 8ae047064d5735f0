// Motor drive system assessment: a per-motor table (baseline, each measure against the baseline,
// the combined package) and plant totals. Measures are each computed against the baseline, so they
// are not additive; the package chains them (belt → VFD → grade 1 motor) on one duty, so its step
// savings add up to baseline − proposed without double counting.
import { electricityCarbon, gridFactorFor, type CarbonFigure, type GridFactor } from "../carbon/carbon";
import { loadShaftKwFromMotorShaft } from "../pumps-fans/drive-train";
import { pumpOperatingEfficiency, type PumpFieldResult } from "../pumps-fans/pump-field";
import { pumpGrade, type PumpGradeResult } from "../pumps-fans/pump-grade";
import { calibrateToMeasuredInput, fanVfdSavings, pumpVfdSavings, type VfdAssessment } from "../pumps-fans/vfd-savings";
import { safeRatio } from "../shared/math";
import { note, type EngineNote } from "../shared/notes";
import {
  OVERLOADED_ABOVE_LOAD_FACTOR,
  OVERSIZED_BELOW_LOAD_FACTOR,
  PLANT_INSTALLED_KW_WARNING,
  PLANT_MOTOR_COUNT_WARNING,
  VERY_LOW_LOAD_FACTOR,
} from "../standards/conventions";
import { gb18613Efficiency, type Gb2020Grade } from "../standards/gb18613-2020";
import { phaseOutCitation, phaseOutItemFor, type PhaseOutItem } from "../standards/phase-out-catalogue";
import { beltFixMeasure, type BeltFixMeasure } from "./belt-fix";
import { defaultMotorInvestmentYuan, defaultVfdInvestmentYuan, investment, type Investment } from "./cost";
import { dutyEnergy, meanLoadFactor, type DutyBin, type MotorConfig } from "./duty";
import { resolveEfficiency, type EfficiencyBasis } from "./efficiency-basis";
import { loadFromInputPower, motorEfficiency, partLoadRatio, type MotorModel } from "./efficiency";
import { rightSizing, type RightSizingOption } from "./right-sizing";
import type { MotorSystemInput, MotorUnitInput } from "./types";
import { upgradeMeasure, type UpgradeMeasure } from "./upgrade";

export interface MeasuredLoad {
  loadFactor: number;
  shaftKw: number;
  efficiency: number;
  partLoadRatio: number;
  inputKw: number;
  method: "load_factor" | "input_power";
}

export interface PackageStep {
  measure: "belt" | "vfd" | "upgrade_grade1";
  name: string;
  energyBeforeKwh: number;
  energyAfterKwh: number;
  savingKwh: number;
  costSavingYuan: number;
  investment: Investment;
}

export interface MotorPackage {
  steps: PackageStep[];
  baselineKwh: number;
  proposedKwh: number;
  savingKwh: number;
  costSavingYuan: number;
  investmentYuan: number;
  /** True when some step has no investment figure (e.g. a belt fix without a quote). */
  investmentIncomplete: boolean;
  paybackYears: number | null;
  /** Input power removed at the busiest baseline bin, kW. */
  demandReductionKw: number;
}

/** A measure with the tce and tCO2 of its saving (factor and source year inside). */
export type WithCarbon<T> = T & { carbon: CarbonFigure };

/** The VFD measure with its money: cost saving, investment and simple payback. */
export type VfdMeasure = VfdAssessment & {
  costSavingYuan: number;
  investment: Investment;
  paybackYears: number | null;
};

function withCarbon<T extends { savingKwh: number }>(measure: T, grid: GridFactor): WithCarbon<T> {
  const m = measure as WithCarbon<T>;
  m.carbon = electricityCarbon(measure.savingKwh, grid);
  return m;
}

export interface MotorAssessment {
  name: string;
  quantity: number;
  ratedKw: number;
  poles: number;
  efficiencyBasis: EfficiencyBasis;
  measured: MeasuredLoad;
  /** Where the baseline duty comes from. */
  dutyBasis: "measured_point" | "pump_model" | "fan_model";
  /** Whether the baseline energy rests on a measured input power ("measured") or on an entered load factor or the flow model alone ("estimated"). */
  loadBasis: "measured" | "estimated";
  /** Per unit: hours-weighted mean grid input (× annual hours = baseline kWh) and mean load factor of the baseline duty. */
  baselineMean: { inputKw: number; loadFactor: number };
  annualHours: number;
  /** Per-unit figures (multiply by quantity for the row totals below); each saving with its carbon. */
  perUnit: {
    baselineKwh: number;
    baselineCostYuan: number;
    upgradeGrade2: WithCarbon<UpgradeMeasure>;
    upgradeGrade1: WithCarbon<UpgradeMeasure>;
    vfd: WithCarbon<VfdMeasure> | null;
    beltFix: WithCarbon<BeltFixMeasure> | null;
    package: WithCarbon<MotorPackage>;
    rightSizing: WithCarbon<RightSizingOption> | null;
  };
  /** Row totals (× quantity). */
  baselineKwh: number;
  baselineCostYuan: number;
  savingKwh: number;
  costSavingYuan: number;
  investmentYuan: number;
  carbon: CarbonFigure;
  pumpField: PumpFieldResult | null;
  pumpGrade: PumpGradeResult | null;
  /**
   * The 淘汰目录 item of the stated series (Y, Y2) when the rating and poles fall in what the item lists, else null;
   * printed as the flag "phase_out_catalogue" (issue 22 item 9).
   */
  phaseOut: PhaseOutItem | null;
  flags: EngineNote[];
  notes: EngineNote[];
}

export interface MotorSystemResult {
  motors: MotorAssessment[];
  totals: {
    motorCount: number;
    installedKw: number;
    baselineKwh: number;
    baselineCostYuan: number;
    /** Combined package (no double counting). */
    savingKwh: number;
    savingShare: number | null;
    costSavingYuan: number;
    investmentYuan: number;
    investmentIncomplete: boolean;
    paybackYears: number | null;
    demandReductionKw: number;
    /** Motors (× quantity) of a series on the 淘汰目录, and their rated kW. */
    phaseOutUnits: number;
    phaseOutKw: number;
    /** Independent measure sums, each against the baseline (not additive with each other). */
    byMeasure: { upgradeGrade2Kwh: number; upgradeGrade1Kwh: number; vfdKwh: number; beltKwh: number };
  };
  carbon: CarbonFigure;
  gridFactor: GridFactor;
  priceYuanPerKwh: number;
  /** Plant-level plausibility warnings (named; printed in the report). */
  warnings: EngineNote[];
}

function gradeMotor(unit: MotorUnitInput, grade: Gb2020Grade): MotorModel {
  // Callers validate the rating range, so the table always has a row.
  const eta = gb18613Efficiency(unit.ratedKw, unit.poles, grade) ?? 0;
  return { ratedKw: unit.ratedKw, fullLoadEfficiency: eta };
}

function measuredLoad(unit: MotorUnitInput, motor: MotorModel): MeasuredLoad {
  if (unit.load.method === "input_power") {
    const r = loadFromInputPower(motor, unit.load.inputKw);
    return {
      method: "input_power",
      loadFactor: r.loadFactor,
      shaftKw: r.shaftKw,
      efficiency: r.efficiency,
      partLoadRatio: partLoadRatio(unit.ratedKw, Math.max(r.loadFactor, 0.25)),
      inputKw: unit.load.inputKw,
    };
  }
  const lf = unit.load.loadFactor;
  const eta = motorEfficiency(motor, lf);
  const shaftKw = unit.ratedKw * lf;
  return {
    method: "load_factor",
    loadFactor: lf,
    shaftKw,
    efficiency: eta,
    partLoadRatio: partLoadRatio(unit.ratedKw, Math.max(lf, 0.25)),
    inputKw: eta > 0 ? shaftKw / eta : 0,
  };
}

/** VFD measure when the motor drives a throttled/damped pump or fan with design data and a profile. */
function vfdFor(unit: MotorUnitInput, motor: MotorModel, notes: EngineNote[]): VfdAssessment | null {
  if (unit.vfdPresent) return null;
  if (unit.application === "constant_torque") {
    notes.push(note("constant_torque", "恒转矩负载：仅当工艺允许降速时变频才节能（功率约与转速成正比），未计算变频节能"));
    return null;
  }
  if (unit.application !== "pump" && unit.application !== "fan") return null;
  const profile = unit.flowProfile ?? [];
  const bins = profile.map((b) => ({ flowRatio: b.flowRatio, hours: b.timeShare * unit.annualHours }));
  if (unit.application === "pump") {
    if (unit.flowControl === "inlet_vane" || unit.flowControl === "on_off" || unit.flowControl === "none") {
      if (unit.flowControl === "on_off") notes.push(note("on_off", "启停控制（配水箱）：能耗与输送水量成正比，变频一般收益不大，未计算"));
      return null;
    }
    if (!unit.pump || bins.length === 0 || (unit.flowControl !== "throttle_valve" && unit.flowControl !== "bypass")) {
      notes.push(note("vfd_data_missing", "缺少水泵设计参数、调节方式或流量工况分布，未计算变频节能"));
      return null;
    }
    return pumpVfdSavings(unit.pump, motor, unit.drive, unit.flowControl, bins);
  }
  if (unit.flowControl === "inlet_vane") {
    notes.push(note("inlet_vane", "入口导叶调节未建模，请提供各工况的实测电机输入功率"));
    return null;
  }
  if (!unit.fan || bins.length === 0 || unit.flowControl !== "outlet_damper") {
    notes.push(note("vfd_data_missing", "缺少风机设计参数、调节方式或风量工况分布，未计算变频节能"));
    return null;
  }
  return fanVfdSavings(unit.fan, motor, unit.drive, bins);
}

/** Baseline duty: from the flow model when the VFD measure has one, else the measured point. */
function baselineDuty(unit: MotorUnitInput, measured: MeasuredLoad, vfd: VfdAssessment | null): { bins: DutyBin[]; basis: MotorAssessment["dutyBasis"] } {
  if (vfd && vfd.status !== "refused") {
    return {
      bins: vfd.bins.map((b) => ({ hours: b.hours, loadShaftKw: b.baseline.loadShaftKw, flowRatio: b.flowRatio })),
      basis: unit.application === "fan" ? "fan_model" : "pump_model",
    };
  }
  const loadShaftKw = loadShaftKwFromMotorShaft(measured.shaftKw, unit.drive);
  return { bins: [{ hours: unit.annualHours, loadShaftKw }], basis: "measured_point" };
}

function packageFor(
  existing: MotorConfig,
  bins: DutyBin[],
  vfd: VfdAssessment | null,
  belt: BeltFixMeasure | null,
  grade1: MotorModel,
  price: number,
  invest: { belt: Investment; vfd: Investment; grade1: Investment },
): MotorPackage {
  const steps: PackageStep[] = [];
  let config = existing;
  let duty = bins;
  const baselineKwh = dutyEnergy(duty, config).kwh;
  let current = baselineKwh;
  const tryStep = (measure: PackageStep["measure"], name: string, nextConfig: MotorConfig, nextDuty: DutyBin[], inv: Investment) => {
    const after = dutyEnergy(nextDuty, nextConfig).kwh;
    if (after < current) {
      steps.push({ measure, name, energyBeforeKwh: current, energyAfterKwh: after, savingKwh: current - after, costSavingYuan: (current - after) * price, investment: inv });
      config = nextConfig;
      duty = nextDuty;
      current = after;
    }
  };
  if (belt && belt.status === "assessed") tryStep("belt", "更换为同步带传动", { ...config, drive: belt.to }, duty, invest.belt);
  if (vfd && vfd.status === "assessed") {
    const vfdDuty = vfd.bins.map((b) => ({ hours: b.hours, loadShaftKw: b.vfd.loadShaftKw, flowRatio: b.flowRatio }));
    tryStep("vfd", "加装变频调速", { ...config, vfdInLine: true }, vfdDuty, invest.vfd);
  }
  tryStep("upgrade_grade1", "更换为1级能效电机", { ...config, motor: grade1 }, duty, invest.grade1);
  const savingKwh = baselineKwh - current;
  const before = dutyEnergy(bins, existing).points;
  const after = dutyEnergy(duty, config).points;
  let busiest = 0;
  before.forEach((p, i) => {
    if (p.inputKw > before[busiest].inputKw) busiest = i;
  });
  const demandReductionKw = before.length ? Math.max(before[busiest].inputKw - after[busiest].inputKw, 0) : 0;
  const investmentIncomplete = steps.some((s) => s.investment.yuan === null);
  const investmentYuan = steps.reduce((s, st) => s + (st.investment.yuan ?? 0), 0);
  const costSavingYuan = savingKwh * price;
  return {
    steps,
    baselineKwh,
    proposedKwh: current,
    savingKwh,
    costSavingYuan,
    investmentYuan,
    investmentIncomplete,
    paybackYears: steps.length === 0 ? null : safeRatio(investmentYuan, costSavingYuan),
    demandReductionKw,
  };
}

export function assessMotorUnit(unit: MotorUnitInput, price: number, grid: GridFactor): MotorAssessment {
  const quantity = unit.quantity ?? 1;
  const notes: EngineNote[] = [];
  const flags: EngineNote[] = [];
  const basis = resolveEfficiency(unit.ratedKw, unit.poles, unit.efficiency, unit.rewound);
  if (!basis) throw new Error("efficiency basis unavailable: validate inputs with motorInputFromAnswers first");
  const motor: MotorModel = { ratedKw: unit.ratedKw, fullLoadEfficiency: basis.fullLoadEfficiency };
  const measured = measuredLoad(unit, motor);
  if (measured.loadFactor < OVERSIZED_BELOW_LOAD_FACTOR) flags.push(note("oversized", "负载率低于40%，电机容量偏大，建议核算更换小容量电机"));
  if (measured.loadFactor > OVERLOADED_ABOVE_LOAD_FACTOR) flags.push(note("overloaded", "负载率高于105%，电机过载运行"));
  const phaseOut = phaseOutOf(unit);
  if (phaseOut) flags.push(phaseOutNote(phaseOut));

  const modelled = vfdFor(unit, motor, notes);
  // A measured input power sets the baseline: the flow model is scaled to it (issue 15).
  const vfd = modelled && unit.load.method === "input_power" ? calibrateToMeasuredInput(modelled, unit.load.inputKw, motor, unit.drive) : modelled;
  if (vfd?.calibration && Math.abs(vfd.calibration.factor - 1) > 0.15) {
    notes.push(
      note(
        "model_calibrated",
        `实测输入功率${vfd.calibration.measuredInputKw.toPrecision(3)} kW与流量模型估算${vfd.calibration.modelInputKw.toPrecision(3)} kW相差${Math.round(Math.abs(vfd.calibration.factor - 1) * 100)}%以上，已按实测值校准现状能耗，请核对设计参数与流量工况`,
      ),
    );
  }
  const { bins, basis: dutyBasis } = baselineDuty(unit, measured, vfd);
  const existing: MotorConfig = { motor, drive: unit.drive, vfdInLine: unit.vfdPresent };
  const baselineEnergy = dutyEnergy(bins, existing);
  const baselineKwh = baselineEnergy.kwh;
  const baselineMean = {
    inputKw: safeRatio(baselineKwh, unit.annualHours) ?? 0,
    loadFactor: meanLoadFactor(baselineEnergy),
  };
  if (measured.loadFactor < VERY_LOW_LOAD_FACTOR) {
    flags.push(note("load_factor_very_low", `负载率仅${(measured.loadFactor * 100).toFixed(1)}%，远低于电机正常运行范围，请核实实测功率、负载率或额定功率；容量优化建议在核实前不作为改造依据`));
  }

  const q = unit.quotes ?? {};
  const inv = {
    grade1: investment(q.motorGrade1Yuan, defaultMotorInvestmentYuan(unit.ratedKw, 1)),
    grade2: investment(q.motorGrade2Yuan, defaultMotorInvestmentYuan(unit.ratedKw, 2)),
    vfd: investment(q.vfdYuan, defaultVfdInvestmentYuan(unit.ratedKw)),
    belt: investment(q.beltYuan, null),
  };
  const grade1 = gradeMotor(unit, 1);
  const upgradeGrade1 = upgradeMeasure({ bins, existing, newMotor: grade1, targetGrade: 1, priceYuanPerKwh: price, investment: inv.grade1 });
  const upgradeGrade2 = upgradeMeasure({ bins, existing, newMotor: gradeMotor(unit, 2), targetGrade: 2, priceYuanPerKwh: price, investment: inv.grade2 });
  const beltFix =
    unit.drive === "v_belt" || unit.drive === "notched_belt"
      ? beltFixMeasure({ bins, existing, priceYuanPerKwh: price, investment: inv.belt })
      : null;
  if (vfd) {
    if (vfd.status === "refused") notes.push(...vfd.refusals);
    notes.push(...vfd.warnings);
  }
  const pkg = packageFor(existing, bins, vfd, beltFix, grade1, price, inv);
  let vfdMeasure: VfdMeasure | null = null;
  if (vfd) {
    vfdMeasure = vfd as VfdMeasure;
    vfdMeasure.costSavingYuan = vfd.savingKwh * price;
    vfdMeasure.investment = inv.vfd;
    vfdMeasure.paybackYears = vfd.savingKwh > 0 && inv.vfd.yuan !== null ? safeRatio(inv.vfd.yuan, vfd.savingKwh * price) : null;
  }
  const sizing = measured.loadFactor < OVERSIZED_BELOW_LOAD_FACTOR ? rightSizing(unit, measured.shaftKw, motor, price) : null;

  let pumpField: PumpFieldResult | null = null;
  if (unit.pumpField) {
    pumpField = pumpOperatingEfficiency(motor, measured.inputKw, unit.pumpField.flowM3h, unit.pumpField.headM, unit.drive);
  }
  const grade = unit.pumpCatalogue ? pumpGrade(unit.pumpCatalogue) : null;
  if (grade && grade.grade === "below_3") flags.push(note("pump_below_grade3", "水泵效率未达到GB 19762-2025能效3级"));

  const savingKwh = pkg.savingKwh * quantity;
  return {
    name: unit.name,
    quantity,
    ratedKw: unit.ratedKw,
    poles: unit.poles,
    efficiencyBasis: basis,
    measured,
    dutyBasis,
    loadBasis: unit.load.method === "input_power" ? "measured" : "estimated",
    baselineMean,
    annualHours: unit.annualHours,
    perUnit: {
      baselineKwh,
      baselineCostYuan: baselineKwh * price,
      upgradeGrade2: withCarbon(upgradeGrade2, grid),
      upgradeGrade1: withCarbon(upgradeGrade1, grid),
      vfd: vfdMeasure && withCarbon(vfdMeasure, grid),
      beltFix: beltFix && withCarbon(beltFix, grid),
      package: withCarbon(pkg, grid),
      rightSizing: sizing && withCarbon(sizing, grid),
    },
    baselineKwh: baselineKwh * quantity,
    baselineCostYuan: baselineKwh * price * quantity,
    savingKwh,
    costSavingYuan: pkg.costSavingYuan * quantity,
    investmentYuan: pkg.investmentYuan * quantity,
    carbon: electricityCarbon(savingKwh, grid),
    pumpField,
    pumpGrade: grade,
    phaseOut,
    flags,
    notes,
  };
}

/** The catalogue item of the unit's stated series when its rating and poles are among those the item lists. */
function phaseOutOf(unit: MotorUnitInput): PhaseOutItem | null {
  const item = phaseOutItemFor(unit.series);
  if (!item) return null;
  const [lo, hi] = item.kwRange;
  return unit.ratedKw >= lo && unit.ratedKw <= hi && item.poles.includes(unit.poles) ? item : null;
}

function phaseOutNote(item: PhaseOutItem): EngineNote {
  return note(
    "phase_out_catalogue",
    `${phaseOutCitation(item)}列入“${item.product}”（所列型号：${item.listedModels}），淘汰理由：${item.reason}；${item.deadline}。请对照铭牌型号与出厂日期核实，在列的应停止使用并更换为高效电机`,
  );
}

export function assessMotorSystemInput(input: MotorSystemInput): MotorSystemResult {
  const grid = gridFactorFor(input.province);
  const price = input.electricityPriceYuanPerKwh;
  const motors = input.motors.map((u) => assessMotorUnit(u, price, grid));
  let baselineKwh = 0;
  let savingKwh = 0;
  let investmentYuan = 0;
  let installedKw = 0;
  let motorCount = 0;
  let demand = 0;
  let investmentIncomplete = false;
  let phaseOutUnits = 0;
  let phaseOutKw = 0;
  const byMeasure = { upgradeGrade2Kwh: 0, upgradeGrade1Kwh: 0, vfdKwh: 0, beltKwh: 0 };
  for (const m of motors) {
    baselineKwh += m.baselineKwh;
    savingKwh += m.savingKwh;
    investmentYuan += m.investmentYuan;
    installedKw += m.ratedKw * m.quantity;
    motorCount += m.quantity;
    demand += m.perUnit.package.demandReductionKw * m.quantity;
    investmentIncomplete ||= m.perUnit.package.investmentIncomplete;
    if (m.phaseOut) {
      phaseOutUnits += m.quantity;
      phaseOutKw += m.ratedKw * m.quantity;
    }
    byMeasure.upgradeGrade2Kwh += m.perUnit.upgradeGrade2.savingKwh * m.quantity;
    byMeasure.upgradeGrade1Kwh += m.perUnit.upgradeGrade1.savingKwh * m.quantity;
    byMeasure.vfdKwh += (m.perUnit.vfd?.savingKwh ?? 0) * m.quantity;
    byMeasure.beltKwh += (m.perUnit.beltFix?.savingKwh ?? 0) * m.quantity;
  }
  const costSavingYuan = savingKwh * price;
  const warnings: EngineNote[] = [];
  if (installedKw > PLANT_INSTALLED_KW_WARNING || motorCount > PLANT_MOTOR_COUNT_WARNING) {
    warnings.push(
      note(
        "plant_total_huge",
        `本次评估电机${motorCount}台、装机容量${Math.round(installedKw).toLocaleString("en-US")} kW，超出一般单个工厂电机系统规模（${PLANT_MOTOR_COUNT_WARNING}台或${(PLANT_INSTALLED_KW_WARNING / 1000).toLocaleString("en-US")} MW），请核对台数与额定功率是否重复填写`,
      ),
    );
  }
  return {
    warnings,
    motors,
    totals: {
      motorCount,
      installedKw,
      baselineKwh,
      baselineCostYuan: baselineKwh * price,
      savingKwh,
      savingShare: safeRatio(savingKwh, baselineKwh),
      costSavingYuan,
      investmentYuan,
      investmentIncomplete,
      paybackYears: savingKwh > 0 ? safeRatio(investmentYuan, costSavingYuan) : null,
      demandReductionKw: demand,
      phaseOutUnits,
      phaseOutKw,
      byMeasure,
    },
    carbon: electricityCarbon(savingKwh, grid),
    gridFactor: grid,
    priceYuanPerKwh: price,
  };
}

