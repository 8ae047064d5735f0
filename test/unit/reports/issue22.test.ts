// Issue 22: reports that agree with themselves. One test (or more) per defect, each failing on the code before.
import { describe, expect, it } from "vitest";
import { assessStenterFromAnswers } from "../../../workers/engines";
import { stenterAnswers } from "../engines/answers-fixtures";

describe("item 1: the fuel a stenter saving displaces depends on what the heat goes into", () => {
  const water = (flow: string | null) => {
    const a = stenterAnswers();
    Object.assign(a, { cold_stream: ["water"], water_heating: ["steam"], water_heating_price: ["220"] });
    if (flow !== null) a.cold_flow = [flow];
    const r = assessStenterFromAnswers(a);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.result;
  };

  it("process water heated by purchased steam is priced as steam when cold_flow is left blank", () => {
    const r = water(null);
    const s = r.stenters[0];
    expect(s.displaces).toBe("water_heating");
    expect(s.fuelSaved.fuel).toBe("steam");
    expect(s.costSavingYuan).toBeCloseTo(s.fuelSaved.amount * 220, 6);
    // Nothing of it counts as the stenter's own gas in the headline.
    expect(r.totals.fuelSaved.amount).toBe(0);
    expect(r.totals.otherFuelsSaved.map((f) => f.fuel)).toEqual(["steam"]);
  });

  it("with and without a (non-limiting) flow the displaced fuel and its price are the same", () => {
    const blank = water(null).stenters[0];
    const filled = water("200").stenters[0]; // 200 t/h of water: the exhaust stays C_min
    expect(filled.minCapacityKwPerK).toBeCloseTo(blank.minCapacityKwPerK, 9);
    expect(filled.fuelSaved.fuel).toBe(blank.fuelSaved.fuel);
    expect(filled.costSavingYuan).toBeCloseTo(blank.costSavingYuan, 6);
  });
});
