// The electricity cost optimisation card (电费优化): engine result → stored figures and report document.
import type { ElectricityInput, ElectricityResult } from "../../engines";
import { normaliseCurve } from "../../engines/electricity/curve";
import { periodGrid, tariffFor, SLOTS_PER_DAY } from "../../engines/electricity/periods";
import { factor4, fmt, fmtIncrease, fmtPct, fmtYears, sig3, type ReportFigures } from "../../reports/model/figures";
import {
  CAPACITOR_YUAN_PER_KVAR,
  PF_LOW_LOAD_MONTH_SHARE,
  STORAGE_DEFAULT_CAPEX_YUAN_PER_WH,
  STORAGE_DEFAULT_DOD,
  STORAGE_DEFAULT_OPERATING_DAYS,
  STORAGE_DEFAULT_ROUND_TRIP,
  TARGET_POWER_FACTOR,
} from "../../engines/standards/conventions";
import type { StorageResult } from "../../engines/electricity/storage";
import { ELECTRICITY_KGCE_PER_KWH_EQUIVALENT } from "../../engines/standards/carbon-factors";
import { type Block, type Section, type ReportDoc, type ModelContext, type RollupRow, ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE, PERIOD_NAMES, PERIOD_ORDER, text, num, figureBase, shell, headlineTable, auditSections, commonSources, rollupTotals } from "../../reports/model/doc";
import { ELECTRICITY_METHOD } from "./method";

/** Days whose energy is below this share of the month's median day are holidays or shutdowns (PROJECT CONVENTION). */
export const NON_WORKING_DAY_SHARE = 0.6;

export interface TypicalDay {
  month: number;
  /** Average load per 15-minute slot over the representative working days (96). */
  kw: number[];
  daysUsed: number;
  /** Days of the month left out (holiday, shutdown): "YYYY-MM-DD". */
  excludedDates: string[];
  maxKw: number;
  minKw: number;
  averageKw: number;
  loadFactor: number | null;
  peakValleyDifferenceRate: number | null;
}

/**
 * The typical day of one calendar month: the mean of its representative working days. Days whose energy is below
 * 60 % of the month's median day (Spring Festival, shutdowns, maintenance) are left out and listed (issue 15: a
 * January average with the holiday in it showed a 180 kW minimum and a 91.8 % peak-valley rate).
 */
export function typicalDay(input: ElectricityInput, month: number): TypicalDay | null {
  if (!input.loadCurve) return null;
  const curve = normaliseCurve(input.loadCurve);
  const start = new Date(`${input.loadCurve.startDate}T00:00:00Z`).getTime();
  const days: { d: number; kwh: number }[] = [];
  for (let d = 0; d < curve.days; d++) {
    if (curve.dayMonth[d] !== month) continue;
    let e = 0;
    for (let s = 0; s < SLOTS_PER_DAY; s++) e += curve.kw[d * SLOTS_PER_DAY + s];
    days.push({ d, kwh: e / 4 });
  }
  if (!days.length) return null;
  const sorted = days.map((x) => x.kwh).sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const working = days.filter((x) => x.kwh >= NON_WORKING_DAY_SHARE * median);
  const used = working.length ? working : days;
  const excluded = days.filter((x) => !used.includes(x));
  const kw = new Array<number>(SLOTS_PER_DAY).fill(0);
  for (const { d } of used) for (let s = 0; s < SLOTS_PER_DAY; s++) kw[s] += curve.kw[d * SLOTS_PER_DAY + s];
  for (let s = 0; s < SLOTS_PER_DAY; s++) kw[s] /= used.length;
  const maxKw = Math.max(...kw);
  const minKw = Math.min(...kw);
  const averageKw = kw.reduce((a, b) => a + b, 0) / SLOTS_PER_DAY;
  return {
    month,
    kw,
    daysUsed: used.length,
    excludedDates: excluded.map(({ d }) => new Date(start + d * 86_400_000).toISOString().slice(0, 10)),
    maxKw,
    minKw,
    averageKw,
    loadFactor: maxKw > 0 ? averageKw / maxKw : null,
    peakValleyDifferenceRate: maxKw > 0 ? (maxKw - minKw) / maxKw : null,
  };
}

/** The roll-up rows, built first: the headline, the pie, the summary and the roll-up all read their totals (issue 22). */
function electricityRollupRows(r: ElectricityResult): RollupRow[] {
  const o = r.optimisation;
  const storage = r.storage;
  return o.items.map((i) => {
    const isStorage = i.code === "storage" && storage;
    return {
      name: i.name,
      investmentYuan: i.investmentYuan,
      electricKwh: isStorage ? -storage.annualLossKwh : 0,
      heatKwh: 0,
      yuan: i.annualSavingYuan,
      tceEquivalent: isStorage ? r.carbon.tce : 0,
      tco2: isStorage ? r.carbon.tco2 : 0,
      life: i.code === "storage" ? "storage" : i.code === "power_factor" ? "capacitor" : "management",
      inTotal: i.inTotal,
      remark: isStorage ? "充放电损耗使用电量增加（负节电量）" : i.inTotal ? undefined : "与储能竞争低谷容量",
    };
  });
}

function electricityFigures(ctx: ModelContext, r: ElectricityResult, rows: RollupRow[]): ReportFigures {
  const o = r.optimisation;
  const storage = r.storage;
  const totals = rollupTotals(rows);
  return {
    ...figureBase(ctx),
    headline: {
      savingKwh: storage && o.items.some((i) => i.code === "storage" && i.inTotal) ? totals.electricKwh : null,
      savingKwhLabel: "储能充放电损耗（年用电增加）",
      energyIncrease: true,
      savingYuan: totals.yuan,
      tce: totals.tceEquivalent,
      tco2: totals.tco2,
      investmentYuan: totals.investmentYuan,
      investmentIncomplete: false,
      paybackYears: totals.paybackYears,
      roomShare: o.roomShare,
      baseline: { label: "年电费", value: o.annualBillYuan, unit: "元" },
      fuel: null,
    },
    measures: o.items.map((i) => ({
      code: i.code,
      name: i.name,
      savingKwh: null,
      savingYuan: i.annualSavingYuan,
      investmentYuan: i.investmentYuan,
      paybackYears:
        i.code === "storage" && storage ? storage.paybackYears : i.code === "power_factor" && r.powerFactor && i.investmentYuan ? r.powerFactor.paybackYears : null,
      remark: [
        i.code === "storage"
          ? storage?.capexBasis === "input"
            ? "投资为填写值"
            : `投资按${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh估算（缺省值）`
          : i.code === "power_factor"
            ? `电容器${fmt(r.powerFactor?.sizedKvar ?? 0, "kvar")}，投资按${CAPACITOR_YUAN_PER_KVAR}元/kvar估算`
            : "管理措施，无需投资",
        i.inTotal ? "" : "与储能/移峰填谷竞争低谷容量，不计入合计",
      ]
        .filter(Boolean)
        .join("；"),
    })),
  };
}

function electricitySummary(r: ElectricityResult, figures: ReportFigures): Block[] {
  const o = r.optimisation;
  const storage = r.storage;
  const h = figures.headline;
  const excluded = o.items.filter((i) => !i.inTotal);
  const summary: Block[] = [
    {
      kind: "para",
      text:
        `依据${r.tariff.name}（${r.tariff.document}）及企业${r.source === "load_curve" ? "负荷曲线" : `${r.bills.length}个月电费单`}测算，年用电量约${fmt(r.annualEnergyKwh, "kWh")}，` +
        `年电费约${fmt(o.annualBillYuan, "元")}（电度电费${fmt(r.annualEnergyCostYuan, "元")}）。各项优化措施合计年节约电费${fmt(h.savingYuan, "元")}${excluded.length ? `（${excluded.map((i) => `“${i.name}”`).join("、")}与其他措施竞争低谷容量，未计入合计）` : ""}，` +
        `电费优化空间为${fmtPct(h.roomShare)}；计入合计的措施投资${fmt(h.investmentYuan, "元")}，静态投资回收期${fmtYears(h.paybackYears)}` +
        `${storage ? `（其中储能单项投资${fmt(storage.capexYuan, "元")}、回收期${fmtYears(storage.paybackYears)}${o.items.some((i) => i.code === "storage" && !i.inTotal) ? "，未计入合计" : ""}）` : ""}。`,
    },
    headlineTable(figures),
  ];
  // The pie splits the headline total: only the measures in it (storage and shifting compete for the valley).
  const counted = o.items.filter((i) => i.inTotal && i.annualSavingYuan > 0);
  if (counted.length > 1) summary.push({ kind: "pie", title: `年节约电费构成 (元，合计${fmt(h.savingYuan)})`, unit: "元", items: counted.map((i) => ({ label: i.name, value: i.annualSavingYuan })) });
  return summary;
}

function touSection(r: ElectricityResult): Section {
  const allInPrice = r.annualEnergyKwh > 0 ? r.optimisation.annualBillYuan / r.annualEnergyKwh : null;
  const tou = r.tou;
  const periods = PERIOD_ORDER.filter((p) => tou.kwhByPeriod[p] > 0 || tou.costByPeriod[p] > 0);
  return {
    title: "分时电价与用电结构",
    blocks: [
      {
        kind: "kv",
        rows: [
          ["执行电价政策", `${r.tariff.name}（${r.tariff.document}）`],
          ["用电类别", { two_part: "两部制", single_part_ge100: "单一制（100 kVA及以上）", single_part_lt100: "单一制（100 kVA以下）" }[r.tariff.category]],
          ["数据来源", r.source === "load_curve" ? `负荷曲线（${r.loadStatistics?.days ?? 0}天）` : `月度电费单（${r.bills.length}个月）`],
          ["平均电度电价（仅电度电费）", fmt(tou.averagePriceYuanPerKwh, "元/kWh")],
          ["综合平均电价（含基本电费、力调电费）", fmt(allInPrice, "元/kWh")],
        ],
      },
      {
        kind: "table",
        title: r.source === "load_curve" ? "负荷数据期间分时电量与电费" : "电费单期间分时电量与电费",
        columns: [
          text("时段", 1),
          num("电量 (kWh)", 1.5),
          num("电量占比", 1.1),
          num("电费 (元)", 1.5),
          num("电费占比", 1.1),
        ],
        rows: periods.map((p) => [PERIOD_NAMES[p], fmt(tou.kwhByPeriod[p]), fmtPct(tou.kwhShareByPeriod[p]), fmt(tou.costByPeriod[p]), fmtPct(tou.costShareByPeriod[p])]),
        total: ["合计", fmt(tou.kwh), "100%", fmt(tou.costYuan), "100%"],
      },
      { kind: "pie", title: "分时电量占比 (kWh)", unit: "kWh", items: periods.map((p) => ({ label: PERIOD_NAMES[p], value: tou.kwhByPeriod[p] })) },
    ],
  };
}

/** Comprehensive energy consumption of the electricity supplied (GB/T 2589-2020), where the data allow (issue 15). */
function energySection(r: ElectricityResult): Section {
  return {
    title: "综合能耗（电力部分）",
    blocks: [
      {
        kind: "table",
        columns: [text("项目", 2.4), num("实物量", 1.4), num("折标系数", 1.6), num("综合能耗 (tce)", 1.4)],
        rows: [
          ["电力（当量值）", fmt(r.annualEnergyKwh, "kWh"), `${ELECTRICITY_KGCE_PER_KWH_EQUIVALENT} kgce/kWh`, fmt((r.annualEnergyKwh * ELECTRICITY_KGCE_PER_KWH_EQUIVALENT) / 1000)],
          ["电力（等价值）", fmt(r.annualEnergyKwh, "kWh"), `${ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE} kgce/kWh`, fmt((r.annualEnergyKwh * ELECTRICITY_KGCE_PER_KWH_EQUAL_VALUE) / 1000)],
        ],
      },
      {
        kind: "para",
        text: "按GB/T 2589-2020《综合能耗计算通则》折算本次电费数据所含的年用电量；综合能耗应加总企业全部能源品种（燃料、热力等），本次调查仅含电力，未给出全厂综合能耗与单位产品能耗，计量覆盖情况以企业能源计量器具配备为准。",
      },
    ],
  };
}

/** The daily load curve over the TOU bands: the month with the most data (curve) or the first bill's month. */
function typicalDaySections(r: ElectricityResult, input: ElectricityInput): Section[] {
  const tariff = tariffFor(input.province);
  const month = r.months.length ? [...r.months].sort((a, b) => b.days - a.days)[0].month : r.bills.length ? Number(r.bills[0].month.slice(5, 7)) : 7;
  const bands = tariff ? periodGrid(tariff, month, input.options ?? {}) : null;
  if (!bands) return [];
  const prices = r.tariff.pricesByMonth.find((p) => p.month === month)?.prices ?? null;
  const td = typicalDay(input, month);
  const stats = r.loadStatistics;
  const blocks: Block[] = [
    {
      kind: "loadCurve",
      title: td ? `典型日负荷曲线（${month}月代表性工作日）与分时时段` : `${month}月分时时段与电价（未导入负荷曲线）`,
      bands,
      prices,
      loadKw: td?.kw ?? null,
    },
  ];
  if (td) {
    blocks.push({
      kind: "para",
      text:
        `典型日取${month}月${td.daysUsed}个代表性工作日的逐15分钟平均负荷；` +
        (td.excludedDates.length
          ? `日用电量低于当月日用电量中位数${Math.round(NON_WORKING_DAY_SHARE * 100)}%的${td.excludedDates.length}天（节假日、停产检修等：${td.excludedDates.join("、")}）未计入。`
          : `当月无日用电量低于中位数${Math.round(NON_WORKING_DAY_SHARE * 100)}%的停产或节假日。`),
    });
  }
  if (stats && td) {
    blocks.push({
      kind: "table",
      title: "负荷特性",
      columns: [text("指标", 1.4), num("典型日", 1.2), num("全部数据期间", 1.4)],
      rows: [
        ["最大负荷", fmt(td.maxKw, "kW"), fmt(stats.maxKw, "kW")],
        ["最小负荷", fmt(td.minKw, "kW"), fmt(stats.minKw, "kW")],
        ["平均负荷", fmt(td.averageKw, "kW"), fmt(stats.averageKw, "kW")],
        ["负荷率", fmtPct(td.loadFactor), fmtPct(stats.loadFactor)],
        ["峰谷差率", fmtPct(td.peakValleyDifferenceRate), fmtPct(stats.peakValleyDifferenceRate)],
      ],
    });
  } else {
    blocks.push({ kind: "para", text: "导入15分钟负荷曲线后，报告将给出典型日负荷、最大需量与峰谷差分析。" });
  }
  return [{ title: "典型日负荷与分时时段", blocks }];
}

function twoPartSections(r: ElectricityResult): Section[] {
  if (!r.twoPart) return [];
  const tp = r.twoPart;
  const basisName = { capacity: "按变压器容量", actual_md: "按实际最大需量", contract: "按合同最大需量" } as const;
  const scale = 12 / Math.max(tp.monthsOfData, 1);
  return [{
    title: "措施：基本电费计费方式优化",
    blocks: [
      {
        kind: "table",
        title: `三种计费方式年基本电费比较（按${tp.monthsOfData}个月数据折算全年）`,
        columns: [
          text("计费方式", 2),
          num("年基本电费 (元)", 1.6),
          text("说明", 2.4),
        ],
        rows: [
          [basisName.capacity, fmt(tp.totals.capacityYuan * scale), tp.currentBasis === "capacity" ? "现行" : ""],
          [basisName.actual_md, fmt(tp.totals.actualDemandYuan * scale), tp.currentBasis === "actual_md" ? "现行" : ""],
          [basisName.contract, fmt(tp.totals.contractYuan * scale), `最优合同需量 ${fmt(tp.totals.optimalContractKw, "kW")}${tp.currentBasis === "contract" ? "（现行）" : ""}`],
        ],
      },
      {
        kind: "bar",
        title: "年基本电费比较 (元)",
        unit: "元",
        items: [
          { label: "按容量", value: tp.totals.capacityYuan * scale },
          { label: "按实际需量", value: tp.totals.actualDemandYuan * scale },
          { label: "按合同需量", value: tp.totals.contractYuan * scale },
        ],
      },
      {
        kind: "para",
        text: `现行${basisName[tp.currentBasis]}，年基本电费${fmt(tp.annualCurrentYuan, "元")}；建议${basisName[tp.bestBasis]}，年节约${fmt(tp.annualSavingYuan, "元")}。`,
      },
    ],
  }];
}

function powerFactorSections(r: ElectricityResult): Section[] {
  if (!r.powerFactor) return [];
  const pf = r.powerFactor;
  return [{
    title: "措施：无功补偿（提高功率因数）",
    blocks: [
      {
        kind: "table",
        title: `功率因数调整电费（考核标准${pf.standard.toFixed(2)}，目标${pf.targetPowerFactor.toFixed(2)}）`,
        columns: [
          text("月份", 1),
          num("功率因数", 1),
          num("调整比例", 1),
          num("调整电费 (元)", 1.4),
          num("补偿后收益 (元)", 1.4),
          num("平均负荷补偿 (kvar)", 1.4),
          num("最大负荷补偿 (kvar)", 1.4),
        ],
        rows: pf.months.map((m) => [m.lowLoad ? `${m.monthKey}（低负荷）` : m.monthKey, m.powerFactor.toFixed(2), `${sig3(m.adjustmentPercent)}%`, fmt(m.adjustmentYuan), fmt(m.benefitYuan), fmt(m.capacitorKvar), fmt(m.capacitorKvarAtPeak)]),
      },
      {
        kind: "para",
        text:
          `按${pf.monthsOfData}个月数据折算，年功率因数调整电费${fmt(pf.annualAdjustmentYuan, "元")}，补偿至${pf.targetPowerFactor.toFixed(2)}后年收益${fmt(pf.annualBenefitYuan, "元")}。` +
          (pf.sizedAt === "peak"
            ? `按月最大需量计算所需补偿容量${fmt(pf.capacitorKvarAtPeak, "kvar")}（按月平均负荷计算为${fmt(pf.capacitorKvar, "kvar")}），建议按最大负荷配置约${fmt(pf.sizedKvar, "kvar")}的自动投切电容补偿装置。`
            : `未提供最大需量，按月平均负荷计算所需补偿容量约${fmt(pf.capacitorKvar, "kvar")}；实际应按最大负荷配置并设自动投切分组。`) +
          (pf.months.some((m) => m.lowLoad)
            ? `补偿容量按正常生产月份确定；${pf.months.filter((m) => m.lowLoad).map((m) => m.monthKey).join("、")}平均负荷低于各月中位数的${Math.round(PF_LOW_LOAD_MONTH_SHARE * 100)}%（停产、节假日等），` +
              (pf.lowLoadMonths.length ? `其中${pf.lowLoadMonths.join("、")}的低功率因数主要由低负荷（变压器励磁与轻载电机）引起，` : "") +
              "不作为补偿容量依据，宜在停产期间切除部分电容或停运空载变压器。"
            : "") +
          `电容器投资按${CAPACITOR_YUAN_PER_KVAR}元/kvar估算约${fmt(pf.capacitorCostYuan, "元")}，静态投资回收期${fmtYears(pf.paybackYears)}。`,
      },
    ],
  }];
}

function loadShiftSections(r: ElectricityResult): Section[] {
  if (!(r.loadShift || r.loadShiftPer10Percent)) return [];
  const rows: string[][] = [];
  if (r.loadShift) rows.push([`可转移比例 ${fmtPct(r.loadShift.share)}`, fmt(r.loadShift.movedKwh), fmt(r.loadShift.savingYuan), r.loadShift.limitedByHeadroom ? "受低谷容量限制" : ""]);
  if (r.loadShiftPer10Percent) rows.push(["参考：每转移10%", fmt(r.loadShiftPer10Percent.movedKwh), fmt(r.loadShiftPer10Percent.savingYuan), ""]);
  return [{
    title: "措施：移峰填谷",
    blocks: [
      {
        kind: "table",
        columns: [
          text("方案", 2),
          num("年转移电量 (kWh)", 1.5),
          num("年节约 (元)", 1.5),
          text("说明", 1.5),
        ],
        rows,
      },
      { kind: "para", text: "将高峰（含尖峰）时段的部分可调负荷调整到低谷时段生产，节约电费 = 转移电量 × (高峰电价 − 低谷电价)。" },
    ],
  }];
}

function storageSections(r: ElectricityResult): Section[] {
  const storage = r.storage;
  if (!(storage || r.storageSizing)) return [];
  const blocks: Block[] = [];
  if (storage) {
    blocks.push({
      kind: "kv",
      rows: [
        ["储能规模", `${fmt(storage.powerKw, "kW")} / ${fmt(storage.energyKwh, "kWh")}`],
        ["放电深度 / 往返效率", `${fmtPct(storage.depthOfDischarge)} / ${fmtPct(storage.roundTripEfficiency)}`],
        ["测算方法", storage.method === "load_curve" ? "按负荷曲线逐15分钟调度" : "按分时电价时段估算（偏乐观）"],
        ["年放电量", fmt(storage.annualDischargeKwh, "kWh")],
        ["年充电量", fmt(storage.annualChargeKwh, "kWh")],
        ["充放电损耗（年用电增加）", fmtIncrease(storage.annualLossKwh, "kWh")],
        ...(storage.criticalPeakDays !== null ? ([["尖峰电价天数", `${storage.criticalPeakDays} 天/年（其余运行日按无尖峰时段计算）`]] as [string, string][]) : []),
        ["年套利收益（每日一充一放）", fmt(storage.annualHeadlineYuan, "元")],
        ["第二次循环潜在收益（未计入）", fmt(storage.annualUpsideYuan, "元")],
        ["投资", `${fmt(storage.capexYuan, "元")}${storage.capexBasis === "input" ? "" : `（按${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh估算，缺省值）`}`],
        ["静态投资回收期", fmtYears(storage.paybackYears)],
      ],
    });
  }
  const sizing = r.storageSizing;
  if (sizing && sizing.candidates.length) {
    blocks.push({
      kind: "table",
      // The candidates are priced with the defaults, whatever the user's own system uses: say so beside them.
      title: `储能容量方案比选（2小时系统；按缺省参数：放电深度${fmtPct(STORAGE_DEFAULT_DOD)}、往返效率${fmtPct(STORAGE_DEFAULT_ROUND_TRIP)}、投资${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh、运维费0）`,
      columns: [
        num("功率 (kW)", 1),
        num("容量 (kWh)", 1),
        num("年收益 (元)", 1.3),
        num("投资 (元)", 1.3),
        num("回收期", 1),
        text("推荐", 0.8),
      ],
      rows: sizing.candidates.map((c) => [fmt(c.powerKw), fmt(c.energyKwh), fmt(c.annualHeadlineYuan), fmt(c.capexYuan), fmtYears(c.paybackYears), c === sizing.recommended ? "★" : ""]),
    });
  }
  return [{ title: "措施：储能峰谷套利", blocks }];
}

function billSections(r: ElectricityResult): Section[] {
  if (!r.bills.length) return [];
  return [{
    title: "电费单复核",
    blocks: [
      {
        kind: "table",
        columns: [
          text("月份", 1),
          num("电量 (kWh)", 1.4),
          num("复算电度电费 (元)", 1.6),
          num("账单电度电费 (元)", 1.6),
          num("差异", 1),
        ],
        rows: r.bills.map((b) => [b.month, fmt(b.kwh), fmt(b.recomputedEnergyChargeYuan), fmt(b.billedEnergyChargeYuan), `${fmtPct(b.differenceShare)}${b.flagged ? " ⚠" : ""}`]),
      },
    ],
  }];
}

function electricityAudit(r: ElectricityResult, rows: RollupRow[]): Section[] {
  const o = r.optimisation;
  return auditSections(
      rows,
      `电费优化措施主要减少电费而非电量。${o.items.some((i) => !i.inTotal) ? "储能与移峰填谷均占用低谷时段容量，不能同时全额实现，合计只计入年节约较大的一项，另一项单列不计入；" : ""}基本电费计费方式与功率因数补偿相互独立。`,
      {
        boundary: "企业供电关口（电网结算电能表）；储能系统另设充放电计量表。",
        baseline: `改造前12个月电费单（或负荷曲线）：年电费约${fmt(o.annualBillYuan, "元")}、年用电量约${fmt(r.annualEnergyKwh, "kWh")}。`,
        metering: "以电网结算电费单为准，按相同电价政策与用电量（常规调整）比较改造前后电费；储能按充放电计量与分时电价核算套利收益。",
      },
    );
}

function noteSections(r: ElectricityResult): Section[] {
  const notes = [...r.notes.map((n) => n.message), ...r.tariff.caveats];
  return notes.length ? [{ title: "测算提示", blocks: [{ kind: "bullets", items: notes }] }] : [];
}

function electricityAssumptions(r: ElectricityResult, input: ElectricityInput): string[] {
  const storage = r.storage;
  return [
    `分时电价政策：${r.tariff.name}（${r.tariff.document}${r.tariff.effectiveFrom ? `，${r.tariff.effectiveFrom}起执行` : ""}）。`,
    r.tariff.priceMode === "components" ? "各时段电价 = 浮动比例 × 浮动部分电价 + 不浮动部分电价。" : "各时段电价按电费单填写。",
    "负荷曲线不足一年时按年运行天数（默认330天）折算；电费单不足12个月时按12/n折算。",
    storageAssumption(input, storage),
    `功率因数补偿目标${(r.powerFactor?.targetPowerFactor ?? TARGET_POWER_FACTOR).toFixed(2)}（假设）；储能与移峰填谷均占用低谷容量，同时存在时合计只计入年节约较大的一项。`,
    `电网二氧化碳排放因子：${factor4(r.gridFactor.kgCo2PerKwh)} kgCO2/kWh，${r.gridFactor.label}。`,
  ];
}

function electricitySources(r: ElectricityResult, input: ElectricityInput): [string, string, string, string][] {
  const storage = r.storage;
  return [
    ...commonSources(r.gridFactor),
    ["分时电价政策", `${r.tariff.name}`, r.tariff.document, r.tariff.effectiveFrom ? `${r.tariff.effectiveFrom}起执行` : "—"],
    ["分时电价机制", "峰谷价差与尖峰电价原则", "国家发展改革委关于进一步完善分时电价机制的通知（发改价格〔2021〕1093号）", "2021年"],
    ["两部制电价规则", "容量/需量计费、需量电价九折条件", "发改价格〔2023〕526号；发改办价格〔2016〕1583号（按公开引用）", "2023年；2016年"],
    ["功率因数调整电费", "考核标准与调整比例表", "水电财字〔1983〕215号《功率因数调整电费办法》", "1983年"],
    ["电容补偿装置单位造价", `${CAPACITOR_YUAN_PER_KVAR} 元/kvar`, "假设值（0.4 kV自动投切装置市场报价约80–150元/kvar，未核实）", "2025–2026年"],
    ...storageSources(input, storage),
  ];
}

export function electricityReport(ctx: ModelContext, r: ElectricityResult, input: ElectricityInput): ReportDoc {
  const rows = electricityRollupRows(r);
  const figures = electricityFigures(ctx, r, rows);
  const sections: Section[] = [
    touSection(r),
    energySection(r),
    ...typicalDaySections(r, input),
    ...twoPartSections(r),
    ...powerFactorSections(r),
    ...loadShiftSections(r),
    ...storageSections(r),
    ...billSections(r),
    ...electricityAudit(r, rows),
    ...noteSections(r),
  ];
  return shell(ctx, figures, electricitySummary(r, figures), sections, electricityAssumptions(r, input), ELECTRICITY_METHOD, electricitySources(r, input));
}

/** Each storage parameter the results used, labelled as entered (填写值) or default (缺省值) (issue 22: the page printed the defaults). */
function storageParameters(input: ElectricityInput, storage: StorageResult): [string, string, boolean][] {
  const given = input.storage;
  const omRate = given?.omRatePerYear ?? 0;
  return [
    ["放电深度", fmtPct(storage.depthOfDischarge), given?.depthOfDischarge !== undefined],
    ["往返效率", fmtPct(storage.roundTripEfficiency), given?.roundTripEfficiency !== undefined],
    ["投资", storage.capexBasis === "input" ? fmt(storage.capexYuan, "元") : `${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh`, storage.capexBasis === "input"],
    ["年运维费", `投资的${fmtPct(omRate)}`, given?.omRatePerYear !== undefined],
    ["年运行天数", `${storage.operatingDays}天`, storage.operatingDays !== STORAGE_DEFAULT_OPERATING_DAYS],
  ];
}

function storageAssumption(input: ElectricityInput, storage: StorageResult | null): string {
  if (!storage) return `本次未评估储能；储能方案比选按缺省参数：放电深度${fmtPct(STORAGE_DEFAULT_DOD)}、往返效率${fmtPct(STORAGE_DEFAULT_ROUND_TRIP)}、投资${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh、运维费0。`;
  const parts = storageParameters(input, storage).map(([k, v, own]) => `${k}${v}（${own ? "填写值" : "缺省值"}）`);
  return `储能（${fmt(storage.powerKw, "kW")} / ${fmt(storage.energyKwh, "kWh")}）：${parts.join("、")}，不计容量衰减（首年数据）。`;
}

function storageSources(input: ElectricityInput, storage: StorageResult | null): [string, string, string, string][] {
  const defaults: [string, string, string, string] = [
    "储能缺省参数（方案比选）",
    `放电深度${fmtPct(STORAGE_DEFAULT_DOD)}、往返效率${fmtPct(STORAGE_DEFAULT_ROUND_TRIP)}、${STORAGE_DEFAULT_CAPEX_YUAN_PER_WH}元/Wh、年运行${STORAGE_DEFAULT_OPERATING_DAYS}天`,
    "假设值（2024–2026年工商业储能市场区间）",
    "2024–2026年",
  ];
  if (!storage) return [defaults];
  const params = storageParameters(input, storage);
  const own = params.filter(([, , o]) => o);
  const rest = params.filter(([, , o]) => !o);
  return [
    ...(own.length ? ([["储能参数（本报告所用，填写值）", own.map(([k, v]) => `${k}${v}`).join("、"), "企业填写（调查表）", "—"]] as [string, string, string, string][]) : []),
    ...(rest.length ? ([["储能参数（本报告所用，缺省值）", rest.map(([k, v]) => `${k}${v}`).join("、"), "假设值（2024–2026年工商业储能市场区间）", "2024–2026年"]] as [string, string, string, string][]) : []),
    // The sizing candidates (priced with the defaults) appear only with a load curve.
    ...(input.loadCurve ? [defaults] : []),
  ];
}
