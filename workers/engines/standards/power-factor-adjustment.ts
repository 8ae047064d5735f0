// Power-factor adjustment (功率因数调整电费办法, 水电财字〔1983〕215号), electricity_cost.md §5.
// Adjustment % of the month's (basic charge + kWh charge excluding government funds); negative = credit.
// Rows 0.75–1.00 cross-checked against a public billing system's table; the rules below 0.75 are from the
// 1983 method as commonly reproduced — UNVERIFIED.
// The monthly PF is rounded to 2 decimals before lookup, so the table works in hundredths.

export type PfStandard = 0.9 | 0.85 | 0.8;

interface PfRule {
  /** At or above this PF (hundredths) the best credit applies. */
  bestFrom: number;
  bestCredit: number;
  /** Credits (negative %) for each PF between the standard and bestFrom, keyed by hundredths. */
  credits: Readonly<Record<number, number>>;
  /** Standard in hundredths: adjustment 0. */
  standard: number;
  /** Surcharge bands below the standard: +0.5 per 0.01 down to band1, +1 per 0.01 down to band2, then +2. */
  band1: number;
  band2: number;
}

const RULES: Record<string, PfRule> = {
  "0.9": { bestFrom: 95, bestCredit: -0.75, credits: { 94: -0.6, 93: -0.45, 92: -0.3, 91: -0.15 }, standard: 90, band1: 70, band2: 65 },
  "0.85": {
    bestFrom: 94,
    bestCredit: -1.1,
    credits: { 93: -0.95, 92: -0.8, 91: -0.65, 90: -0.5, 89: -0.4, 88: -0.3, 87: -0.2, 86: -0.1 },
    standard: 85,
    band1: 65,
    band2: 60,
  },
  "0.8": {
    bestFrom: 92,
    bestCredit: -1.3,
    credits: { 91: -1.15, 90: -1.0, 89: -0.9, 88: -0.8, 87: -0.7, 86: -0.6, 85: -0.5, 84: -0.4, 83: -0.3, 82: -0.2, 81: -0.1 },
    standard: 80,
    band1: 60,
    band2: 55,
  },
};

/** Monthly PF = kWh / √(kWh² + kvarh²), rounded to 2 decimals (the method itself rounds). */
export function monthlyPowerFactor(kwh: number, kvarh: number): { raw: number; rounded: number } {
  const denom = Math.hypot(kwh, kvarh);
  const raw = denom > 0 ? kwh / denom : 1;
  return { raw, rounded: Math.round(raw * 100) / 100 };
}

/** Adjustment in % for a PF already rounded to 2 decimals. */
export function powerFactorAdjustmentPercent(pfRounded: number, standard: PfStandard): number {
  const rule = RULES[String(standard)];
  const h = Math.round(pfRounded * 100);
  if (h >= rule.bestFrom) return rule.bestCredit;
  if (h >= rule.standard) return h === rule.standard ? 0 : rule.credits[h];
  // Below the standard: +0.5 per 0.01 to band1, +1 per 0.01 to band2, +2 per 0.01 below that.
  const step1 = Math.min(rule.standard - h, rule.standard - rule.band1) * 0.5;
  const step2 = h < rule.band1 ? Math.min(rule.band1 - h, rule.band1 - rule.band2) * 1 : 0;
  const step3 = h < rule.band2 ? (rule.band2 - h) * 2 : 0;
  return step1 + step2 + step3;
}
