// Several cards of one enterprise read together (issue 22 item 9): each card's answers through its own mapping and
// engine, the plant page's meters and output, then the balance — the figures are the engines' own.
import { describe, expect, it } from "vitest";
import { cardOf } from "../../../workers/cards";
import { plantSummaryOf, type PlantSurvey } from "../../../workers/cards/plant";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "../engines/answers-fixtures";

function engineOf(code: string, answers: AnswerMap) {
  const card = cardOf(code)!;
  const mapped = card.fromAnswers(answers, {});
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
  return card.assess(mapped.input);
}

const survey = (surveyId: number, cardCode: string, answers: AnswerMap, title = `调查表${surveyId}`): PlantSurvey => ({ surveyId, title, cardCode, answers, extras: {} });

describe("plantSummaryOf: motor + electricity + stenter surveys of one plant", () => {
  const stenter = { ...stenterAnswers(), plant_gas_m3: ["1000000"], plant_steam_t: ["2000"], plant_output: ["50000"], plant_output_unit: ["cloth_100m"] };
  const summary = plantSummaryOf("苏州某印染有限公司", [survey(3, "stenter", stenter), survey(2, "motor", motorAnswers()), survey(1, "electricity", electricityAnswers())]);
  const { balance } = summary;
  const motorKwh = engineOf("motor", motorAnswers()).totals.baselineKwh as number;
  const meteredKwh = engineOf("electricity", electricityAnswers()).annualEnergyKwh as number;

  it("counts every card with the figure its engine gives", () => {
    expect(summary.surveys.map((s) => [s.cardName, s.counted, s.reason])).toEqual([
      ["定型机余热回收", true, null],
      ["电机驱动系统", true, null],
      ["电费优化", true, null],
    ]);
    const electricity = balance.carriers.find((c) => c.carrier === "electricity")!;
    expect(electricity.quantity).toBe(meteredKwh);
    expect(electricity.basis).toBe("metered");
    expect(electricity.meteredBy).toContain("电费优化《调查表1》");
    expect(electricity.equipmentQuantity).toBe(motorKwh);
    expect(electricity.coverage).toBeCloseTo(motorKwh / meteredKwh, 12);
    const gas = balance.carriers.find((c) => c.carrier === "natural_gas")!;
    expect(gas.quantity).toBe(1_000_000);
    expect(gas.equipmentQuantity).toBe(900_000);
    expect(balance.carriers.find((c) => c.carrier === "steam")!.quantity).toBe(2000);
    expect(summary.industry).toBe("dyeing");
  });

  it("judges the motor inventory against the metered electricity (2 motors against a year of bills: far below)", () => {
    expect(motorKwh / meteredKwh).toBeLessThan(0.4);
    expect(balance.checks.map((c) => c.code)).toEqual(["motor_share_low"]);
  });

  it("totals 综合能耗 and per-unit energy from the same figures", () => {
    const sum = balance.carriers.reduce((s, c) => s + c.tceEquivalent, 0);
    expect(balance.totalTceEquivalent).toBeCloseTo(sum, 9);
    expect(balance.totalTceEquivalent).toBeCloseTo((meteredKwh * 0.1229 + 1_000_000 * 1.33 + 2000 * (2777 - 83.74) * 0.03412) / 1000, 6);
    expect(balance.perUnit!.kgceEquivalent).toBeCloseTo((balance.totalTceEquivalent * 1000) / 50_000, 9);
    expect(balance.perUnit!.limit!.kgcePerUnit).toBe(30);
  });

  it("a motor inventory inflated past the meter is an error naming the inventory", () => {
    const big = motorAnswers();
    big.motor_quantity = ["300", "300"];
    const r = plantSummaryOf("x", [survey(2, "motor", big), survey(1, "electricity", electricityAnswers())]);
    expect(r.balance.checks[0]).toMatchObject({ code: "equipment_exceeds_metered", level: "error" });
    expect(r.balance.checks[0]!.message).toContain("电机清单（2行、600台）年耗电");
  });

  it("a survey the card cannot read is listed with its first problem and stays out; its plant page still counts", () => {
    const broken = { ...motorAnswers(), motor_rated_kw: ["", "37"], plant_electricity_kwh: ["5000000"] };
    const r = plantSummaryOf("x", [survey(2, "motor", broken)]);
    expect(r.surveys[0]).toMatchObject({ counted: false });
    expect(r.surveys[0]!.reason).toMatch(/额定功率/);
    expect(r.balance.carriers).toHaveLength(1);
    expect(r.balance.carriers[0]).toMatchObject({ carrier: "electricity", quantity: 5_000_000, basis: "metered", equipmentQuantity: 0 });
  });

  it("an output without its unit is a named problem, not a guess", () => {
    const r = plantSummaryOf("x", [survey(1, "electricity", { ...electricityAnswers(), plant_output: ["1000"] })]);
    expect(r.balance.perUnit).toBeNull();
    expect(r.surveys[0]!.problems).toEqual(["已填写年产量但未选择产量单位"]);
  });
});
