// Two-part tariff basic charge: capacity vs actual maximum demand vs contract demand (electricity_cost.md §4).
import {
  CONTRACT_DEMAND_MIN_SHARE,
  CONTRACT_DEMAND_TOLERANCE,
  DEMAND_DISCOUNT_FACTOR,
  DEMAND_DISCOUNT_KWH_PER_KVA,
} from "../standards/conventions";
import { safeRatio } from "../shared/math";
import type { BasicChargeBasis, BasicChargeInput, ElectricityOptions } from "./types";

export interface DemandMonth {
  monthKey: string;
  maxDemandKw: number;
  kwh: number;
}

/** c_dem,eff: 90 % of the demand price in a month with kWh/kVA ≥ 260 when the switch is on (default on). */
export function effectiveDemandPrice(demandPrice: number, kwh: number, kva: number, discountOn: boolean): number {
  return discountOn && kva > 0 && kwh / kva >= DEMAND_DISCOUNT_KWH_PER_KVA ? DEMAND_DISCOUNT_FACTOR * demandPrice : demandPrice;
}

export function capacityCharge(kva: number, capacityPrice: number): number {
  return kva * capacityPrice;
}

export function actualDemandCharge(maxDemandKw: number, demandPriceEff: number): number {
  return maxDemandKw * demandPriceEff;
}

/** Contract demand: D_c·c within 105 %; above it 1.05·D_c·c + excess·2c (or D_c·c + excess·2c by flag). */
export function contractDemandCharge(
  maxDemandKw: number,
  contractKw: number,
  demandPriceEff: number,
  nonExcessBase: "tolerance" | "contract" = "tolerance",
): number {
  const limit = CONTRACT_DEMAND_TOLERANCE * contractKw;
  if (maxDemandKw <= limit) return contractKw * demandPriceEff;
  const billedBase = nonExcessBase === "tolerance" ? limit : contractKw;
  return billedBase * demandPriceEff + (maxDemandKw - limit) * 2 * demandPriceEff;
}

/** MD below which actual-demand billing is cheaper than capacity billing: (c_cap / c_dem,eff)·S. */
export function breakEvenDemandKw(kva: number, capacityPrice: number, demandPriceEff: number): number | null {
  return safeRatio(capacityPrice * kva, demandPriceEff);
}

export interface BasisTotals {
  capacityYuan: number;
  actualDemandYuan: number;
  /** Best constant contract demand over the months and its charge. */
  contractYuan: number;
  optimalContractKw: number;
  /** Charge under the current contract demand, when the user is on contract billing. */
  currentContractYuan: number | null;
}

export interface TwoPartResult {
  months: (DemandMonth & {
    demandPriceEff: number;
    capacityYuan: number;
    actualDemandYuan: number;
    contractYuan: number;
    breakEvenKw: number | null;
  })[];
  totals: BasisTotals;
  currentBasis: BasicChargeBasis;
  currentYuan: number;
  bestBasis: BasicChargeBasis;
  bestYuan: number;
  savingYuan: number;
  /** Months of data; annual figures scale by 12 / monthsOfData. */
  monthsOfData: number;
  annualSavingYuan: number;
  annualCurrentYuan: number;
}

export function assessTwoPart(basic: BasicChargeInput, months: readonly DemandMonth[], options: ElectricityOptions = {}): TwoPartResult {
  const S = basic.transformerKva;
  const discountOn = options.demandDiscount260 ?? true;
  const base = options.contractNonExcessBase ?? "tolerance";
  const priced = months.map((m) => ({ ...m, demandPriceEff: effectiveDemandPrice(basic.demandPriceYuanPerKw, m.kwh, S, discountOn) }));
  const sumFor = (dc: number) => priced.reduce((s, m) => s + contractDemandCharge(m.maxDemandKw, dc, m.demandPriceEff, base), 0);
  // The annual sum is piecewise linear in D_c, so its minimum lies at a breakpoint MD/1.05 or a bound.
  const lo = CONTRACT_DEMAND_MIN_SHARE * S;
  const candidates = [lo, S, ...priced.map((m) => m.maxDemandKw / CONTRACT_DEMAND_TOLERANCE)]
    .map((c) => Math.min(Math.max(c, lo), S))
    .filter((c) => c > 0);
  let optimalContractKw = candidates[0] ?? 0;
  let contractYuan = sumFor(optimalContractKw);
  for (const c of candidates) {
    const v = sumFor(c);
    if (v < contractYuan - 1e-9) {
      contractYuan = v;
      optimalContractKw = c;
    }
  }
  const rows = priced.map((m) => ({
    ...m,
    capacityYuan: capacityCharge(S, basic.capacityPriceYuanPerKva),
    actualDemandYuan: actualDemandCharge(m.maxDemandKw, m.demandPriceEff),
    contractYuan: contractDemandCharge(m.maxDemandKw, optimalContractKw, m.demandPriceEff, base),
    breakEvenKw: breakEvenDemandKw(S, basic.capacityPriceYuanPerKva, m.demandPriceEff),
  }));
  const capacityYuan = rows.reduce((s, r) => s + r.capacityYuan, 0);
  const actualDemandYuan = rows.reduce((s, r) => s + r.actualDemandYuan, 0);
  const currentContractYuan = basic.contractDemandKw !== undefined ? sumFor(basic.contractDemandKw) : null;
  const byBasis: Record<BasicChargeBasis, number> = {
    capacity: capacityYuan,
    actual_md: actualDemandYuan,
    contract: contractYuan,
  };
  const currentYuan =
    basic.currentBasis === "contract" ? (currentContractYuan ?? contractYuan) : byBasis[basic.currentBasis];
  let bestBasis: BasicChargeBasis = "capacity";
  for (const b of ["actual_md", "contract"] as const) if (byBasis[b] < byBasis[bestBasis] - 1e-9) bestBasis = b;
  const bestYuan = byBasis[bestBasis];
  const savingYuan = Math.max(currentYuan - bestYuan, 0);
  const n = rows.length;
  const scale = n > 0 ? 12 / n : 0;
  return {
    months: rows,
    totals: { capacityYuan, actualDemandYuan, contractYuan, optimalContractKw, currentContractYuan },
    currentBasis: basic.currentBasis,
    currentYuan,
    bestBasis,
    bestYuan,
    savingYuan,
    monthsOfData: n,
    annualSavingYuan: savingYuan * scale,
    annualCurrentYuan: currentYuan * scale,
  };
}
