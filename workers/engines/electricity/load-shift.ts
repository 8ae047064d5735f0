// Peak-to-valley load shifting potential (electricity_cost.md §6): saving = Σ E_moved·(p_from − p_to).
// Energy moved out of peak and critical-peak hours goes to the valley; with a load curve the valley
// headroom under the month's maximum demand limits it, so shifting never raises the recorded demand.
import type { PeriodPrices } from "./periods";
import type { PeriodAmounts } from "./tou";

export interface ShiftMonthInput {
  monthKey: string;
  kwhByPeriod: PeriodAmounts;
  prices: PeriodPrices;
  /** Σ over valley intervals of (MD − load)·0.25 h; undefined without a curve (not checked). */
  valleyHeadroomKwh?: number;
}

export interface LoadShiftResult {
  share: number;
  movedKwh: number;
  savingYuan: number;
  /** True when the valley headroom capped the moved energy in some month. */
  limitedByHeadroom: boolean;
  headroomChecked: boolean;
}

export function loadShift(months: readonly ShiftMonthInput[], share: number): LoadShiftResult {
  let moved = 0;
  let saving = 0;
  let limited = false;
  let checked = true;
  for (const m of months) {
    const fromCritical = share * m.kwhByPeriod.critical;
    const fromPeak = share * m.kwhByPeriod.peak;
    let scale = 1;
    const want = fromCritical + fromPeak;
    if (m.valleyHeadroomKwh === undefined) checked = false;
    else if (want > m.valleyHeadroomKwh) {
      scale = want > 0 ? m.valleyHeadroomKwh / want : 0;
      limited = true;
    }
    moved += want * scale;
    saving +=
      scale *
      (fromCritical * Math.max(m.prices.critical - m.prices.valley, 0) + fromPeak * Math.max(m.prices.peak - m.prices.valley, 0));
  }
  return { share, movedKwh: moved, savingYuan: saving, limitedByHeadroom: limited, headroomChecked: checked };
}
