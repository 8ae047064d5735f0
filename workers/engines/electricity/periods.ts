// Period of every 15-minute interval of a day, and the price of each period (electricity_cost.md §3).
// A critical-peak window overrides whatever base period its hours fall in; windows start inclusive and
// end exclusive; each calendar month maps to one schedule and one set of factors.
import { PROVINCE_TARIFFS } from "../standards/tariffs";
import type { HourWindow, Period, PeriodFactors, ProvinceTariff, TariffCategory } from "../standards/tariffs/types";
import type { ElectricityOptions, PriceInput } from "./types";

export const SLOTS_PER_DAY = 96;
export const SLOT_HOURS = 0.25;

export function tariffFor(province: string): ProvinceTariff | undefined {
  return PROVINCE_TARIFFS[province];
}

function markWindow(grid: (Period | null)[], w: HourWindow, period: Period): void {
  const from = Math.round(w.from * 4);
  const to = Math.round(w.to * 4);
  if (to > from) {
    for (let s = from; s < to; s++) grid[s] = period;
  } else {
    // Wraps past midnight, e.g. 22:00–02:00.
    for (let s = from; s < SLOTS_PER_DAY; s++) grid[s] = period;
    for (let s = 0; s < to; s++) grid[s] = period;
  }
}

/** 96 periods for a month, or null when the tariff has no schedule for that month. */
export function periodGrid(tariff: ProvinceTariff, month: number, options: ElectricityOptions = {}, withCritical = true): Period[] | null {
  const schedule = tariff.schedules.find((s) => s.months.includes(month));
  if (!schedule) return null;
  const grid: (Period | null)[] = new Array(SLOTS_PER_DAY).fill(null);
  for (const w of schedule.valley) markWindow(grid, w, "valley");
  for (const w of schedule.flat) markWindow(grid, w, "flat");
  for (const w of schedule.peak) markWindow(grid, w, "peak");
  for (const c of withCritical ? tariff.critical : []) {
    if (!c.months.includes(month)) continue;
    if (c.flag === "jiangsu_critical_peak" && !options.jiangsuCriticalPeak) continue;
    for (const w of c.windows) markWindow(grid, w, "critical");
  }
  if (grid.some((p) => p === null)) throw new Error(`tariff ${tariff.province} month ${month} leaves hours without a period`);
  return grid as Period[];
}

export function factorsFor(tariff: ProvinceTariff, month: number, category: TariffCategory): PeriodFactors | undefined {
  return tariff.factors.find((f) => f.months.includes(month))?.byCategory[category];
}

/** True when period prices can be computed from p_b and p_nf for every scheduled month. */
export function componentsSupported(tariff: ProvinceTariff, category: TariffCategory): boolean {
  return tariff.schedules.every((s) => s.months.every((m) => factorsFor(tariff, m, category) !== undefined));
}

export type PeriodPrices = Record<Period, number>;

/** Period prices for a month; throws when the inputs cannot price it (the mapping module prevents this). */
export function periodPrices(
  tariff: ProvinceTariff,
  month: number,
  category: TariffCategory,
  prices: PriceInput,
): PeriodPrices {
  if (prices.mode === "periods") {
    // Without a printed critical price the critical hours are billed at the peak price.
    const critical = prices.critical ?? prices.peak;
    return { critical, peak: prices.peak, flat: prices.flat, valley: prices.valley, deep_valley: prices.valley };
  }
  const f = factorsFor(tariff, month, category);
  if (!f) throw new Error(`no TOU factors for ${tariff.province} month ${month} ${category}`);
  const pb = prices.floatingBaseYuanPerKwh;
  const pnf = prices.nonFloatingYuanPerKwh;
  const price = (factor: number) => factor * pb + pnf;
  return {
    critical: price(f.critical ?? f.peak),
    peak: price(f.peak),
    flat: price(f.flat),
    valley: price(f.valley),
    deep_valley: price(f.valley),
  };
}

export const PERIOD_NAMES: Record<Period, string> = {
  critical: "尖峰",
  peak: "高峰",
  flat: "平段",
  valley: "低谷",
  deep_valley: "深谷",
};
export const PERIODS: readonly Period[] = ["critical", "peak", "flat", "valley", "deep_valley"];

/** True when critical-peak windows apply in this month (with the config flags). */
export function hasCritical(tariff: ProvinceTariff, month: number, options: ElectricityOptions = {}): boolean {
  return tariff.critical.some((c) => c.months.includes(month) && (c.flag !== "jiangsu_critical_peak" || !!options.jiangsuCriticalPeak));
}
