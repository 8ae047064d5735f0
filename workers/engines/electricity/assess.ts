// Electricity cost optimisation: TOU breakdown (curve or bills), two-part basis choice, power-factor
// adjustment, load shifting, battery storage, and the total optimisation room as a share of the annual
// bill (electricity_cost.md). Cost measures move money, not energy; only storage changes kWh (its losses).
import { electricityCarbon, gridFactorFor, type CarbonFigure, type GridFactor } from "../carbon/carbon";
import { safeRatio } from "../shared/math";
import { note, type EngineNote } from "../shared/notes";
import { BILL_RECONCILIATION_TOLERANCE, STORAGE_DEFAULT_OPERATING_DAYS } from "../standards/conventions";
import type { Period, TariffCategory } from "../standards/tariffs/types";
import { normaliseCurve, type Curve15 } from "./curve";
import { loadShift, type LoadShiftResult, type ShiftMonthInput } from "./load-shift";
import { hasCritical, periodGrid, periodPrices, PERIODS, tariffFor, type PeriodPrices } from "./periods";
import { assessPowerFactor, type PfMonthInput, type PfResult } from "./power-factor";
import {
  sizeStorage,
  sizingSystems,
  storageFromCurveMany,
  storageFromSchedule,
  withCriticalPeakDays,
  type MonthPricing,
  type SizingCandidate,
  type StorageResult,
} from "./storage";
import { analyseCurve, breakdown, zeroAmounts, type LoadStatistics, type MonthTariff, type MonthTou, type PeriodAmounts, type TouBreakdown } from "./tou";
import { assessTwoPart, type DemandMonth, type TwoPartResult } from "./two-part";
import type { ElectricityInput, MonthlyBill } from "./types";

export interface BillCheck {
  month: string;
  kwh: number;
  recomputedEnergyChargeYuan: number;
  billedEnergyChargeYuan: number | null;
  differenceShare: number | null;
  /** Differences above 1 % are flagged for the reader. */
  flagged: boolean;
}

export interface OptimisationItem {
  code: "basic_charge" | "power_factor" | "storage" | "load_shift";
  name: string;
  annualSavingYuan: number;
  /**
   * False for the smaller of storage and load shifting when both are present: they compete for the same valley
   * capacity, so only the larger enters the total (issue 15).
   */
  inTotal: boolean;
  /** Why the measure is out of the totals, printed beside it (null when it counts). */
  excludedReason: string | null;
  /** Investment, 元, where the measure has one (storage capex, capacitor bank). */
  investmentYuan: number | null;
}

export interface ElectricityResult {
  tariff: {
    province: string;
    name: string;
    document: string;
    effectiveFrom?: string;
    category: TariffCategory;
    priceMode: "components" | "periods";
    pricesByMonth: { month: number; prices: PeriodPrices | null }[];
    caveats: string[];
  };
  source: "load_curve" | "bills";
  loadStatistics: LoadStatistics | null;
  /** Per calendar month of the curve (empty with bills only). */
  months: MonthTou[];
  /** TOU breakdown over the data supplied (e.g. one day for a one-day curve). */
  tou: TouBreakdown;
  /** Annual energy charge: a full year summed, a partial curve scaled to the operating days, bills × 12/n. */
  annualEnergyKwh: number;
  annualEnergyCostYuan: number;
  bills: BillCheck[];
  twoPart: TwoPartResult | null;
  powerFactor: PfResult | null;
  storage: StorageResult | null;
  storageSizing: { candidates: SizingCandidate[]; recommended: SizingCandidate | null } | null;
  loadShift: LoadShiftResult | null;
  /** What moving 10 % of peak energy would save, as a yardstick when no shiftable share was given. */
  loadShiftPer10Percent: LoadShiftResult | null;
  optimisation: {
    annualBillYuan: number;
    items: OptimisationItem[];
    totalAnnualSavingYuan: number;
    /** Total optimisation room as a share of the annual bill. */
    roomShare: number | null;
  };
  /** Energy effect of the headline storage cycles (a negative saving: charging losses). */
  carbon: CarbonFigure;
  gridFactor: GridFactor;
  notes: EngineNote[];
}

function daysInMonth(monthKey: string): number {
  const [y, m] = monthKey.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function monthOf(monthKey: string): number {
  return Number(monthKey.slice(5, 7));
}

/** The tariff of the input and its per-month prices, computed once per calendar month (closures over caches). */
function tariffContext(input: ElectricityInput) {
  const tariff = tariffFor(input.province);
  if (!tariff) throw new Error(`no tariff configured for ${input.province}: validate with electricityInputFromAnswers first`);
  const options = input.options ?? {};
  // Month → period grid, period prices and slot prices, computed once per calendar month.
  const monthCache = new Map<number, MonthTariff>();
  const monthTariff = (month: number): MonthTariff => {
    let c = monthCache.get(month);
    if (!c) {
      const grid = periodGrid(tariff, month, options);
      const prices = grid ? periodPrices(tariff, month, input.category, input.prices) : null;
      const slotPrices = grid && prices ? Float64Array.from(grid, (p) => prices[p]) : null;
      const slotPeriod = grid ? Uint8Array.from(grid, (p) => PERIODS.indexOf(p)) : null;
      c = { grid, prices, slotPrices, slotPeriod };
      monthCache.set(month, c);
    }
    return c;
  };
  const pricing = (month: number): MonthPricing => ({ slotPrices: monthTariff(month).slotPrices });
  // Slot prices of an ordinary (non-critical-peak) day, for the critical-peak day count (issue 15).
  const normalCache = new Map<number, Float64Array | null>();
  const normalPricing = (month: number): MonthPricing => {
    if (!normalCache.has(month)) {
      const grid = periodGrid(tariff, month, options, false);
      const prices = monthTariff(month).prices;
      normalCache.set(month, grid && prices ? Float64Array.from(grid, (p) => prices[p]) : null);
    }
    return { slotPrices: normalCache.get(month)! };
  };
  const criticalMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].filter((m) => hasCritical(tariff, m, options));
  return { tariff, options, monthTariff, pricing, normalPricing, criticalMonths };
}

type TariffContext = ReturnType<typeof tariffContext>;

interface CurveData {
  curve: Curve15 | null;
  months: MonthTou[];
  stats: LoadStatistics | null;
}

/** The load curve, normalised and analysed per month (empty without one). */
function readCurve(input: ElectricityInput, t: TariffContext, notes: EngineNote[]): CurveData {
  if (!input.loadCurve) return { curve: null, months: [], stats: null };
  const curve = normaliseCurve(input.loadCurve);
  const { months, stats } = analyseCurve(curve, t.monthTariff);
  if (curve.fromHourly) notes.push(note("hourly_data", "负荷数据为小时值：15分钟最大需量按小时平均值估计，可能偏低"));
  const unconfigured = months.filter((m) => !m.configured).map((m) => m.monthKey);
  if (unconfigured.length) notes.push(note("months_not_configured", `${unconfigured.join("、")}未配置分时时段，未计入分时电费拆分`));
  return { curve, months, stats };
}

/** TOU breakdown and the annual energy charge: a full-year curve summed, a partial one scaled, bills × 12/n. */
function energyTotals(data: CurveData, bills: readonly MonthlyBill[], t: TariffContext, operatingDays: number, notes: EngineNote[]) {
  const { curve, months, stats } = data;
  const kwh = zeroAmounts();
  const cost = zeroAmounts();
  if (curve) {
    const curveFullYear = curve.days >= 364;
    const curveScale = curveFullYear ? 1 : curve.days > 0 ? operatingDays / curve.days : 0;
    for (const m of months) for (const p of PERIODS) {
      kwh[p] += m.kwhByPeriod[p];
      cost[p] += m.costByPeriod[p];
    }
    const tou = breakdown(kwh, cost);
    if (!curveFullYear) notes.push(note("curve_scaled", `负荷曲线覆盖${curve.days}天，年度数据按${operatingDays}个运行日折算`));
    return { tou, annualEnergyKwh: (stats?.totalKwh ?? 0) * curveScale, annualEnergyCostYuan: tou.costYuan * curveScale, curveScale };
  }
  for (const b of bills) {
    const prices = t.monthTariff(monthOf(b.month)).prices;
    for (const p of PERIODS) {
      const e = b.kwhByPeriod[p] ?? 0;
      kwh[p] += e;
      if (prices) cost[p] += e * prices[p];
    }
  }
  const tou = breakdown(kwh, cost);
  const scale = bills.length ? 12 / bills.length : 0;
  if (bills.length && bills.length < 12) notes.push(note("bills_scaled", `仅有${bills.length}个月电费单，年度数据按12个月折算`));
  return { tou, annualEnergyKwh: tou.kwh * scale, annualEnergyCostYuan: tou.costYuan * scale, curveScale: 0 };
}

/** Two-part basic charge: monthly MD from the bills (the billing record) or else from the curve. */
function twoPartOf(input: ElectricityInput, bills: readonly MonthlyBill[], months: readonly MonthTou[]): TwoPartResult | null {
  if (input.category !== "two_part" || !input.basic) return null;
  const demandMonths: DemandMonth[] = bills.some((b) => b.maxDemandKw !== undefined)
    ? bills
        .filter((b) => b.maxDemandKw !== undefined)
        .map((b) => ({ monthKey: b.month, maxDemandKw: b.maxDemandKw ?? 0, kwh: PERIODS.reduce((s, p) => s + (b.kwhByPeriod[p] ?? 0), 0) }))
    : months.map((m) => ({
        monthKey: m.monthKey,
        maxDemandKw: m.maxDemandKw,
        // A partial month is scaled to the whole month for the 260 kWh/kVA rule.
        kwh: (m.kwh * daysInMonth(m.monthKey)) / Math.max(m.days, 1),
      }));
  return demandMonths.length ? assessTwoPart(input.basic, demandMonths, input.options ?? {}) : null;
}

/** Power factor from the bills with reactive energy. */
function powerFactorOf(input: ElectricityInput, bills: readonly MonthlyBill[], months: readonly MonthTou[], t: TariffContext, twoPart: TwoPartResult | null, notes: EngineNote[]): PfResult | null {
  const pfBills = bills.filter((b) => b.kvarh !== undefined);
  if (!input.powerFactorStandard || !pfBills.length) return null;
  const pfMonths: PfMonthInput[] = pfBills.map((b) => {
    const kwh = PERIODS.reduce((s, p) => s + (b.kwhByPeriod[p] ?? 0), 0);
    const prices = t.monthTariff(monthOf(b.month)).prices;
    const recomputed = prices ? PERIODS.reduce((s, p) => s + (b.kwhByPeriod[p] ?? 0) * prices[p], 0) : 0;
    const energyCharge = b.energyChargeYuan ?? recomputed;
    const funds = b.fundsYuan ?? (input.fundsYuanPerKwh ?? 0) * kwh;
    const basicMonth = twoPart?.months.find((m) => m.monthKey === b.month);
    const basicCharge =
      b.basicChargeYuan ??
      (basicMonth && twoPart
        ? twoPart.currentBasis === "capacity"
          ? basicMonth.capacityYuan
          : twoPart.currentBasis === "actual_md"
            ? basicMonth.actualDemandYuan
            : basicMonth.contractYuan
        : 0);
    const md = b.maxDemandKw ?? months.find((m) => m.monthKey === b.month)?.maxDemandKw;
    return { monthKey: b.month, kwh, kvarh: b.kvarh ?? 0, adjustmentBaseYuan: basicCharge + energyCharge - funds, hours: daysInMonth(b.month) * 24, maxDemandKw: md };
  });
  if (fundsMissing(pfBills, input.fundsYuanPerKwh)) notes.push(note("funds_unknown", "未提供政府性基金及附加，力调电费基数含基金附加，结果略偏大"));
  return assessPowerFactor(input.powerFactorStandard, pfMonths);
}

/** Storage: the given system, and sizing candidates when a curve exists (evaluated in one pass over the data). */
function storageOf(input: ElectricityInput, data: CurveData, bills: readonly MonthlyBill[], t: TariffContext, operatingDays: number) {
  const { curve, months, stats } = data;
  const { pricing, normalPricing, criticalMonths } = t;
  const criticalDays = input.criticalPeakDaysPerYear;
  const monthMax = new Map(months.map((m) => [m.monthKey, m.maxDemandKw] as const));
  const scheduleMonths = bills.length ? bills.map((b) => monthOf(b.month)) : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  let storage: StorageResult | null = null;
  let storageSizing: ElectricityResult["storageSizing"] = null;
  // With a critical-peak day count, ordinary days are priced without the windows and the critical-peak days add
  // their mean uplift (storage.ts withCriticalPeakDays); without it every day of a critical month is one.
  const dayTypes = criticalDays !== undefined && criticalMonths.length > 0;
  const only = (f: (m: number) => MonthPricing) => (m: number): MonthPricing => (criticalMonths.includes(m) ? f(m) : { slotPrices: null });
  if (curve) {
    const candidates = stats && stats.maxKw > 0 ? sizingSystems(stats.maxKw) : [];
    const systems = input.storage ? [input.storage, ...candidates] : candidates;
    let results = systems.length ? storageFromCurveMany(systems, curve, dayTypes ? normalPricing : pricing, monthMax, operatingDays) : [];
    if (dayTypes && systems.length) {
      const crit = storageFromCurveMany(systems, curve, only(pricing), monthMax, 1);
      const norm = storageFromCurveMany(systems, curve, only(normalPricing), monthMax, 1);
      // Without curve days in a critical-peak month the uplift cannot be measured: the ordinary days stand.
      if (crit[0].daysAnalysed > 0) results = results.map((r, k) => withCriticalPeakDays(r, crit[k], norm[k], criticalDays!));
    }
    if (input.storage) storage = results.shift() ?? null;
    if (candidates.length) storageSizing = sizeStorage(results);
  } else if (input.storage) {
    if (dayTypes) {
      const ordinary = storageFromSchedule(input.storage, scheduleMonths, normalPricing, operatingDays);
      const crit = storageFromSchedule(input.storage, criticalMonths, pricing, 1);
      const norm = storageFromSchedule(input.storage, criticalMonths, normalPricing, 1);
      storage = withCriticalPeakDays(ordinary, crit, norm, criticalDays!);
    } else {
      storage = storageFromSchedule(input.storage, scheduleMonths, pricing, operatingDays);
    }
  }
  return { storage, storageSizing };
}

/** Load shifting: per month, limited by valley headroom under the month's MD when a curve exists; annualised. */
function shiftOf(input: ElectricityInput, data: CurveData, bills: readonly MonthlyBill[], t: TariffContext, curveScale: number) {
  const shiftMonths: ShiftMonthInput[] = data.curve
    ? data.months.filter((m) => m.configured).map((m) => ({
        monthKey: m.monthKey,
        kwhByPeriod: m.kwhByPeriod,
        prices: t.monthTariff(m.month).prices as PeriodPrices,
        valleyHeadroomKwh: m.valleyHeadroomKwh,
      }))
    : bills
        .filter((b) => t.monthTariff(monthOf(b.month)).prices)
        .map((b) => ({ monthKey: b.month, kwhByPeriod: fill(b.kwhByPeriod), prices: t.monthTariff(monthOf(b.month)).prices as PeriodPrices }));
  const shiftScale = data.curve ? curveScale : bills.length ? 12 / bills.length : 0;
  const annualise = (r: LoadShiftResult): LoadShiftResult => ({ ...r, movedKwh: r.movedKwh * shiftScale, savingYuan: r.savingYuan * shiftScale });
  const shift = input.shiftableShare !== undefined ? annualise(loadShift(shiftMonths, input.shiftableShare)) : null;
  const shift10 = shiftMonths.length ? annualise(loadShift(shiftMonths, 0.1)) : null;
  return { shift, shift10 };
}

/** The optimisation items; storage and load shifting compete for the valley, so only the larger counts. */
function optimisationItems(twoPart: TwoPartResult | null, powerFactor: PfResult | null, storage: StorageResult | null, shift: LoadShiftResult | null, notes: EngineNote[]): OptimisationItem[] {
  const items: OptimisationItem[] = [];
  if (twoPart) items.push({ code: "basic_charge", name: "基本电费计费方式优化", annualSavingYuan: twoPart.annualSavingYuan, inTotal: true, excludedReason: null, investmentYuan: 0 });
  if (powerFactor) {
    const benefit = Math.max(powerFactor.annualBenefitYuan, 0);
    items.push({ code: "power_factor", name: "无功补偿（功率因数提高至0.95）", annualSavingYuan: benefit, inTotal: true, excludedReason: null, investmentYuan: benefit > 0 ? powerFactor.capacitorCostYuan : null });
  }
  if (storage)
    items.push({
      code: "storage",
      name: "储能峰谷套利（每日一充一放）",
      annualSavingYuan: storage.annualHeadlineYuan - storage.annualOmYuan > 0 ? storage.annualHeadlineYuan - storage.annualOmYuan : 0,
      inTotal: true,
      excludedReason: null,
      investmentYuan: storage.capexYuan,
    });
  if (shift) items.push({ code: "load_shift", name: "可调负荷移峰填谷", annualSavingYuan: shift.savingYuan, inTotal: true, excludedReason: null, investmentYuan: 0 });
  const storageItem = items.find((i) => i.code === "storage");
  const shiftItem = items.find((i) => i.code === "load_shift");
  if (storageItem && shiftItem) {
    const smaller = storageItem.annualSavingYuan >= shiftItem.annualSavingYuan ? shiftItem : storageItem;
    smaller.inTotal = false;
    const larger = smaller === shiftItem ? storageItem : shiftItem;
    smaller.excludedReason = `与“${larger.name}”均占用低谷时段容量，不能同时全额实现，只计入年节约较大的“${larger.name}”`;
    notes.push(
      note(
        "storage_shift_overlap",
        `储能与移峰填谷均占用低谷时段容量，不能同时全额实现；合计只计入年节约较大的“${larger.name}”，“${smaller.name}”单列、不计入合计`,
      ),
    );
  }
  return items;
}

export function assessElectricityInput(input: ElectricityInput): ElectricityResult {
  const t = tariffContext(input);
  const { tariff } = t;
  const notes: EngineNote[] = [];
  const operatingDays = input.operatingDaysPerYear ?? STORAGE_DEFAULT_OPERATING_DAYS;
  const data = readCurve(input, t, notes);
  const { curve, months, stats } = data;

  // Bills: recompute each month's energy charge from kWh by period and flag differences > 1 %.
  const bills = input.bills ?? [];
  const billChecks: BillCheck[] = bills.map((b) => billCheck(b, t.monthTariff(monthOf(b.month)).prices));
  const flaggedBills = billChecks.filter((c) => c.flagged).map((c) => c.month);
  if (flaggedBills.length) notes.push(note("bill_mismatch", `${flaggedBills.join("、")}电费单电度电费与按时段电价复算结果相差超过1%，请核对电价`));

  const { tou, annualEnergyKwh, annualEnergyCostYuan, curveScale } = energyTotals(data, bills, t, operatingDays, notes);
  const twoPart = twoPartOf(input, bills, months);
  const powerFactor = powerFactorOf(input, bills, months, t, twoPart, notes);
  const { storage, storageSizing } = storageOf(input, data, bills, t, operatingDays);
  const { shift, shift10 } = shiftOf(input, data, bills, t, curveScale);

  // Total optimisation room against the annual bill (energy + basic + PF adjustment).
  const annualBillYuan = annualEnergyCostYuan + (twoPart?.annualCurrentYuan ?? 0) + (powerFactor?.annualAdjustmentYuan ?? 0);
  const items = optimisationItems(twoPart, powerFactor, storage, shift, notes);
  const totalAnnualSavingYuan = items.filter((i) => i.inTotal).reduce((s, i) => s + i.annualSavingYuan, 0);

  const grid = gridFactorFor(input.province);
  return {
    tariff: {
      province: tariff.province,
      name: tariff.name,
      document: tariff.document,
      effectiveFrom: tariff.effectiveFrom,
      category: input.category,
      priceMode: input.prices.mode,
      pricesByMonth: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => ({ month: m, prices: t.monthTariff(m).prices })),
      caveats: [...tariff.caveats],
    },
    source: curve ? "load_curve" : "bills",
    loadStatistics: stats,
    months,
    tou,
    annualEnergyKwh,
    annualEnergyCostYuan,
    bills: billChecks,
    twoPart,
    powerFactor,
    storage,
    storageSizing,
    loadShift: shift,
    loadShiftPer10Percent: shift10,
    optimisation: { annualBillYuan, items, totalAnnualSavingYuan, roomShare: safeRatio(totalAnnualSavingYuan, annualBillYuan) },
    carbon: electricityCarbon(-(storage?.annualLossKwh ?? 0), grid),
    gridFactor: grid,
    notes,
  };
}

function fill(partial: Partial<Record<Period, number>>): PeriodAmounts {
  const out = zeroAmounts();
  for (const p of PERIODS) out[p] = partial[p] ?? 0;
  return out;
}

function fundsMissing(bills: readonly MonthlyBill[], fundsPerKwh: number | undefined): boolean {
  return fundsPerKwh === undefined && bills.some((b) => b.fundsYuan === undefined);
}

function billCheck(b: MonthlyBill, prices: PeriodPrices | null): BillCheck {
  const kwh = PERIODS.reduce((s, p) => s + (b.kwhByPeriod[p] ?? 0), 0);
  const recomputed = prices ? PERIODS.reduce((s, p) => s + (b.kwhByPeriod[p] ?? 0) * prices[p], 0) : 0;
  const billed = b.energyChargeYuan ?? null;
  const diff = billed !== null && billed !== 0 ? (recomputed - billed) / billed : null;
  return {
    month: b.month,
    kwh,
    recomputedEnergyChargeYuan: recomputed,
    billedEnergyChargeYuan: billed,
    differenceShare: diff,
    flagged: diff !== null && Math.abs(diff) > BILL_RECONCILIATION_TOLERANCE,
  };
}
