// Issue 22, engine and input side: the fuel price is checked against the unit of the fuel it prices (元/m³ for gas,
// 元/t for coal and steam), by the answer mapping (generate) and by the definition's rules (the form) alike.
import { describe, expect, it } from "vitest";
import { cardInputErrors, cardOf } from "../../../workers/cards";
import { STENTER_SURVEY } from "../../../workers/cards/stenter/survey";
import { definitionProblems } from "../../../workers/contract/survey-rules";
import { stenterAnswers } from "./answers-fixtures";

const stenter = cardOf("stenter")!;
const errorsOf = (patch: Record<string, string[]>) => cardInputErrors(stenter, { ...stenterAnswers(), ...patch }, {});
const problemsOf = (patch: Record<string, string[]>) => definitionProblems(STENTER_SURVEY, { ...stenterAnswers(), ...patch });

describe("item 8: one fuel-price range per unit (元/m³ vs 元/t)", () => {
  it("5,000 元/m³ of natural gas does not generate a report; the message names the unit", () => {
    const errors = errorsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] });
    const price = errors.filter((e) => e.questionKey === "fuel_price");
    expect(price).toHaveLength(1);
    expect(price[0].message).toContain("元/m³");
    expect(price[0].message).toContain("5000");
    // The form runs the same rule.
    expect(problemsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] }).map((p) => p.key)).toContain("fuel_price");
  });

  it("a steam or coal price in 元/t passes; a gas price typed for steam (3.5 元/t) does not", () => {
    expect(errorsOf({ stenter_heating: ["steam"], fuel_price: ["220"] })).toEqual([]);
    expect(errorsOf({ stenter_heating: ["thermal_oil_coal"], fuel_price: ["1100"] })).toEqual([]);
    expect(errorsOf({ stenter_heating: ["thermal_oil_gas"], fuel_price: ["3.5"] })).toEqual([]);
    const steam = errorsOf({ stenter_heating: ["steam"], fuel_price: ["3.5"] }).filter((e) => e.questionKey === "fuel_price");
    expect(steam).toHaveLength(1);
    expect(steam[0].message).toContain("元/t");
  });

  it("the process-water heating price is checked against the water heating's fuel", () => {
    const patch = { cold_stream: ["water"], water_heating: ["steam"], water_heating_price: ["3.2"] };
    const errors = errorsOf(patch).filter((e) => e.questionKey === "water_heating_price");
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("元/t");
    expect(problemsOf(patch).map((p) => p.key)).toContain("water_heating_price");
    expect(errorsOf({ ...patch, water_heating_price: ["220"] })).toEqual([]);
  });

  it("no message contradicts the value it rejects", () => {
    const [e] = errorsOf({ stenter_heating: ["direct_gas"], fuel_price: ["5000"] });
    // "应为0.5–20 元/m³，当前为5000": the value stated is outside the range stated.
    const m = /(\d+(?:\.\d+)?)–(\d+(?:\.\d+)?)/.exec(e.message)!;
    expect(5000 < Number(m[1]) || 5000 > Number(m[2])).toBe(true);
  });
});
