import { describe, expect, it } from "vitest";
import { reportNumber } from "../../../workers/reports/build";

describe("report number", () => {
  it("BG-<China date>-<survey id, 6 digits>-<4 hex digits>: 16:30 UTC is already the next day in China", () => {
    const no = reportNumber(123, Date.UTC(2026, 10, 25, 16, 30));
    expect(no).toMatch(/^BG-20261126-000123-[0-9A-F]{4}$/);
    expect(reportNumber(7, Date.UTC(2026, 10, 25, 15, 59))).toMatch(/^BG-20261125-000007-[0-9A-F]{4}$/);
  });

  it("the random part changes between generations", () => {
    const at = Date.UTC(2026, 0, 1);
    const seen = new Set(Array.from({ length: 20 }, () => reportNumber(1, at).slice(-4)));
    expect(seen.size).toBeGreaterThan(1);
  });
});
