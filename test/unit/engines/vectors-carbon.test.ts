// test_vectors.md T16 — tce and tCO2 for a savings bundle, and the grid-factor choice rule.
import { describe, expect, it } from "vitest";
import { electricityCarbon, gridFactorFor, naturalGasCarbon, steamCarbon } from "../../../workers/engines";
import { totalCarbon } from "../../../workers/engines/carbon/carbon";
import { expectClose } from "./helpers";

describe("T16 — savings bundle", () => {
  const national = gridFactorFor(undefined);
  const e = electricityCarbon(500000, national, 0.3);
  const g = naturalGasCarbon(100000);
  const st = steamCarbon(1000, 2777);
  it("electricity: 当量 61.5 tce, 等价 150 tce, 265 tCO2 national, 275 East China", () => {
    expectClose(e.tce, 61.5, "tce");
    expectClose(e.tceEqualValue!, 150, "tce 等价");
    expectClose(e.tco2!, 265, "tCO2");
    expectClose(electricityCarbon(500000, gridFactorFor("jiangsu")).tco2!, 275.0, "tCO2 East China");
  });
  it("gas: printed 1.33 kgce/m³ and 2.162 kgCO2/m³", () => {
    expectClose(g.tce, 133, "tce");
    expectClose(g.tco2!, 216, "tCO2");
  });
  it("steam by heat content above 20 °C water", () => {
    expectClose(st.tce, 91.9, "tce");
    expectClose(st.tco2!, 296, "tCO2");
  });
  it("totals", () => {
    const t = totalCarbon([e, g, st]);
    expectClose(t.tce, 286, "tce total");
    expectClose(t.tco2, 778, "tCO2 total");
    expect(t.tco2Incomplete).toBe(false);
  });
});

describe("grid factor rule (carbon.md §1)", () => {
  it("regional factor of the province's grid for 2023, else national", () => {
    expect(gridFactorFor("guangdong")).toMatchObject({ kgCo2PerKwh: 0.4042, scope: "regional", year: 2023 });
    expect(gridFactorFor("zhejiang")).toMatchObject({ kgCo2PerKwh: 0.55, scope: "regional" });
    expect(gridFactorFor(undefined)).toMatchObject({ kgCo2PerKwh: 0.5306, scope: "national" });
    expect(gridFactorFor("atlantis")).toMatchObject({ kgCo2PerKwh: 0.5306, scope: "national" });
  });
  it("a supplier LHV switches gas to LHV/29.3076 (0.12 % below the printed coefficient)", () => {
    const printed = naturalGasCarbon(1000).tce;
    const withLhv = naturalGasCarbon(1000, 38.931).tce;
    expectClose(withLhv, 1.3284, "1000 m³ at LHV");
    expect(withLhv).toBeLessThan(printed);
  });
});
