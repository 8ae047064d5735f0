// CJK line breaking for the PDF (workers/reports/fonts.ts): where textkit may break, and that it never has to
// draw a hyphen.
import { describe, expect, it } from "vitest";
import { splitForLineBreaking } from "../../../workers/reports/fonts";

/** Units a line can break between ("" is zero-width glue). */
const units = (word: string) => splitForLineBreaking(word).filter((p) => p !== "");

describe("splitForLineBreaking", () => {
  it("keeps Latin words and numbers whole", () => {
    expect(splitForLineBreaking("kgCO2/kWh")).toEqual(["kgCO2/kWh"]);
    expect(units("华中0.5271")).toEqual(["华", "中", "0.5271"]);
  });

  it("keeps closing punctuation with what precedes it, also after a number", () => {
    expect(units("华中0.5271、西北0.5543、南方")).toEqual(["华", "中", "0.5271、", "西", "北", "0.5543、", "南", "方"]);
    expect(units("当量值）、0.55")).toEqual(["当", "量", "值）、", "0.55"]);
  });

  it("a list of dates or numbers separated by 、 breaks after each separator", () => {
    expect(units("2025-01-29、2025-01-30、2025-01-31")).toEqual(["2025-01-29、", "2025-01-30、", "2025-01-31"]);
    expect(units("10、20、30")).toEqual(["10、", "20、", "30"]);
  });

  it("keeps opening punctuation with what follows it", () => {
    expect(units("kgce/kWh（当量值）")).toEqual(["kgce/kWh", "（当", "量", "值）"]);
    expect(units("《综合能耗计算通则》")).toEqual(["《综", "合", "能", "耗", "计", "算", "通", "则》"]);
  });

  it("separates every two units by glue and puts glue at CJK word edges, so no hyphen penalty arises", () => {
    const parts = splitForLineBreaking("（当量值）");
    expect(parts).toEqual(["", "（当", "", "量", "", "值）", ""]);
    const lead = splitForLineBreaking("当量值，");
    expect(lead[0]).toBe("");
    for (const p of [splitForLineBreaking("华中0.5271、西北"), parts, lead]) {
      for (let i = 1; i < p.length; i++) expect(p[i - 1] !== "" && p[i] !== "", `${p.join("|")}`).toBe(false);
    }
  });

  it("loses no characters", () => {
    const text = "电网排放因子：优先采用最新年度省级因子（华北0.6361、东北0.5122），否则采用2023年全国平均0.5306";
    expect(splitForLineBreaking(text).join("")).toBe(text);
  });

  it("a repeated word gets the same split each time, in an array of its own", () => {
    const first = splitForLineBreaking("（当量值）估算");
    first.push("altered by a caller");
    const again = splitForLineBreaking("（当量值）估算");
    expect(again).not.toBe(first);
    expect(again.join("")).toBe("（当量值）估算");
    expect(again).toEqual(first.slice(0, -1));
  });
});
