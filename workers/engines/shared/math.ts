// Small numeric helpers shared by the engines. Engines never return NaN or Infinity:
// every division that can meet a zero goes through `safeRatio`.

/** Lagrange interpolating polynomial through (xs[i], ys[i]), evaluated at x. */
export function lagrange(xs: readonly number[], ys: readonly number[], x: number): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) {
    let weight = 1;
    for (let j = 0; j < xs.length; j++) {
      if (j !== i) weight *= (x - xs[j]) / (xs[i] - xs[j]);
    }
    sum += weight * ys[i];
  }
  return sum;
}

/** a / b, or null when the result would not be a finite number (e.g. payback with zero saving). */
export function safeRatio(a: number, b: number): number | null {
  if (b === 0) return null;
  const r = a / b;
  return Number.isFinite(r) ? r : null;
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

export function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

/**
 * Row lookup used by the standards tables: the row with the largest key not above `value`
 * ("next lower row", the conservative convention of motors.md §2). Undefined below the first row.
 */
export function nextLowerRow<T extends { kw: number }>(rows: readonly T[], value: number): T | undefined {
  let found: T | undefined;
  for (const row of rows) {
    if (row.kw <= value + 1e-9) found = row;
    else break;
  }
  return found;
}
