// Test helpers: the 0.5 % relative tolerance of test_vectors.md and a deep finiteness check.
import { expect } from "vitest";

export const REL_TOL = 0.005;

/** Pass when |computed − expected| ≤ 0.005 × |expected| (test_vectors.md: full precision vs printed value). */
export function expectClose(computed: number | null | undefined, expected: number, label = ""): void {
  expect(computed, `${label} is not a number`).toBeTypeOf("number");
  const c = computed as number;
  const ok = Math.abs(c - expected) <= REL_TOL * Math.abs(expected);
  expect(ok, `${label}: computed ${c}, expected ${expected} ±0.5 %`).toBe(true);
}

/** Every number reachable from `value` is finite (no NaN, no ±Infinity). Returns offending paths. */
export function nonFinitePaths(value: unknown, path = "$", out: string[] = [], seen = new Set<unknown>()): string[] {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push(`${path}=${value}`);
  } else if (value && typeof value === "object") {
    if (seen.has(value)) return out;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      const arr = value as unknown as ArrayLike<number>;
      for (let i = 0; i < arr.length; i++) if (!Number.isFinite(arr[i])) out.push(`${path}[${i}]=${arr[i]}`);
    } else {
      for (const [k, v] of Object.entries(value)) nonFinitePaths(v, `${path}.${k}`, out, seen);
    }
  }
  return out;
}

export function expectAllFinite(value: unknown): void {
  expect(nonFinitePaths(value)).toEqual([]);
}
