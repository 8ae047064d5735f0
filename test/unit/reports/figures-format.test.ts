// The report's number formatting keeps its formatters (issue 26 item 2: building one per call was most of a
// 100-motor model's CPU time); the text must stay exactly what toLocaleString printed.
import { describe, expect, it } from "vitest";
import { fmtExact, fmtInt, fmtPct, sig3 } from "../../../workers/reports/model/figures";

const reference = (n: number) => {
  const abs = Math.abs(n);
  const digits = Math.floor(Math.log10(abs)) + 1;
  const decimals = Math.max(0, 3 - digits);
  const rounded = decimals > 0 ? Number(n.toFixed(decimals)) : Math.round(n / 10 ** (digits - 3)) * 10 ** (digits - 3);
  return rounded.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
};

describe("report number formatting", () => {
  it("prints what toLocaleString printed, across magnitudes, signs and fraction-digit counts", () => {
    const values: number[] = [];
    for (let e = -12; e <= 12; e++) for (const m of [1, 1.005, 2.345, 4.5678, 9.9951, 7]) values.push(m * 10 ** e, -m * 10 ** e);
    for (const v of values) expect(sig3(v), String(v)).toBe(reference(v));
    expect(sig3(123456)).toBe("123,000");
    expect(sig3(0.04567)).toBe("0.0457");
    expect(sig3(1e-15)).toBe("0.00000000000000100"); // more fraction digits than the kept formatters cover
    expect(fmtPct(0.123456)).toBe("12.3%");
    expect(fmtPct(0.0123)).toBe("1.23%");
    expect(fmtPct(1.5)).toBe("150%");
    expect(fmtExact(1512.5, "kW")).toBe("1,512.5 kW");
    expect(fmtExact(3)).toBe("3");
    expect(fmtInt(1234567.6)).toBe("1,234,568");
  });
});
