import { describe, expect, it } from "vitest";
import { fmtYears } from "../../../workers/reports/model/figures";

describe("fmtYears", () => {
  it("says months below one year and years from one year on", () => {
    expect(fmtYears(0.0303)).toBe("0.364 个月");
    expect(fmtYears(0.5)).toBe("6.00 个月");
    expect(fmtYears(1)).toBe("1.00 年");
    expect(fmtYears(2.46)).toBe("2.46 年");
    expect(fmtYears(null)).toBe("—");
  });
});
