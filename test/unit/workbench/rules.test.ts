// The survey definition's rules (db/seed/surveys/rules.ts): what the form checks on blur, generate checks on the
// server and the engines read their limits from — one source, so the three agree (issue 14 item 2).
import { describe, expect, it } from "vitest";
import { allQuestions, MOTOR_SYSTEM_SURVEY, SURVEY_DEFINITIONS } from "../../support/cards";
import { checkNumber, crossProblems, definitionProblems, hiddenAnswers, numberRuleOf, ruleOf } from "../../../workers/contract/survey-rules";
import { polesFromRatedSpeed } from "../../../workers/engines/motors/poles";
import { motorInputFromAnswers, stenterInputFromAnswers, electricityInputFromAnswers } from "../../support/cards";
import { electricityAnswers, motorAnswers, stenterAnswers } from "../engines/answers-fixtures";

const msg = (key: string, raw: string) => {
  const r = checkNumber(ruleOf(MOTOR_SYSTEM_SURVEY, key), raw);
  return r.ok ? null : r.message;
};

describe("value rules", () => {
  it("refuses what issue 14 saw typed, with a Chinese message", () => {
    expect(msg("motor_quantity", "YE3-132M-4")).toBe("同型号台数应为数字，当前填写为“YE3-132M-4”");
    expect(msg("motor_quantity", "2.5")).toBe("同型号台数应为整数，当前填写为“2.5”");
    expect(msg("motor_quantity", "0")).toBe("同型号台数应为1–500台，当前为0");
    expect(msg("motor_rated_speed_rpm", "100")).toBe("额定转速应为600–3000 r/min，当前为100");
    expect(msg("motor_rated_speed_rpm", "2000")).toMatch(/^额定转速2000 r\/min无法判断极数/);
    expect(msg("motor_rated_speed_rpm", "1480")).toBeNull();
    expect(msg("motor_annual_hours", "9000")).toBe("年运行小时数不能超过8760小时（全年小时数）");
    expect(msg("motor_load_factor_pct", "0.75")).toMatch(/按百分数填写/);
    expect(msg("motor_rated_kw", "５５")).toBeNull(); // full-width digits are read
    expect(msg("motor_rated_kw", "1,200")).toMatch(/0\.75–1000 kW/);
  });

  it("the speed bands are exactly the speeds the engine can read poles from", () => {
    const rule = ruleOf(MOTOR_SYSTEM_SURVEY, "motor_rated_speed_rpm");
    for (let rpm = 500; rpm <= 3100; rpm++) {
      const accepted = checkNumber(rule, String(rpm)).ok;
      expect(accepted, `${rpm} r/min`).toBe(polesFromRatedSpeed(rpm) !== undefined);
    }
  });

  it("every numeric question of every card has a rule with a Chinese label, and limits that are in order", () => {
    for (const def of Object.values(SURVEY_DEFINITIONS)) {
      for (const q of allQuestions(def)) {
        const rule = numberRuleOf(q);
        if (q.valueKind === "number" || q.valueKind === "integer") {
          expect(rule?.label, q.key).toMatch(/[\u4e00-\u9fa5]/);
          if (rule!.min !== undefined && rule!.max !== undefined) expect(rule!.min, q.key).toBeLessThan(rule!.max);
        } else expect(rule).toBeNull();
      }
    }
  });

  it("the engines refuse a value exactly when the definition's rule does (same limits, same message)", () => {
    const cases: [string, string, (a: Record<string, string[]>) => { ok: boolean; errors?: { questionKey: string; message: string }[] }, () => Record<string, string[]>][] = [
      ["motor", "motor_rated_kw", motorInputFromAnswers, motorAnswers],
      ["motor", "motor_quantity", motorInputFromAnswers, motorAnswers],
      ["motor", "motor_annual_hours", motorInputFromAnswers, motorAnswers],
      ["stenter", "exhaust_temp_c", stenterInputFromAnswers, stenterAnswers],
      ["stenter", "exhaust_humidity_kg_kg", stenterInputFromAnswers, stenterAnswers],
      ["electricity", "bill_kwh_peak", (a) => electricityInputFromAnswers(a), electricityAnswers],
    ];
    for (const [card, key, map, fixture] of cases) {
      const rule = ruleOf(SURVEY_DEFINITIONS[card as keyof typeof SURVEY_DEFINITIONS], key);
      for (const raw of ["-1", "0", "0.5", "1", "60", "300", "8760", "8761", "1000000", "abc"]) {
        const answers = fixture();
        answers[key] = [raw, ...(answers[key] ?? []).slice(1)];
        const ruled = checkNumber(rule, raw);
        const engine = map(answers).errors?.find((e) => e.questionKey === key);
        if (ruled.ok) expect(engine, `${key}=${raw}`).toBeUndefined();
        else expect(engine?.message, `${key}=${raw}`).toBe(ruled.message);
      }
    }
  });
});

describe("cross-field rules and visibility", () => {
  const check = MOTOR_SYSTEM_SURVEY.pages.flatMap((p) => p.sections).find((s) => s.key === "motor_unit")!.checks!;
  const values = (v: Record<string, string>) => (k: string) => v[k] ?? "";
  const num = (v: Record<string, string>) => (k: string) => (v[k] ? Number(v[k]) : undefined);

  it("time shares must add up to 100 %", () => {
    const v = { flow_bin1_time_pct: "100", flow_bin2_time_pct: "80", flow_bin3_time_pct: "80", motor_load_factor_pct: "75" };
    expect(crossProblems(check, values(v), num(v))).toEqual([{ key: "flow_bin1_time_pct", message: "各工况时间占比之和应为100%，当前为260%" }]);
    const ok = { flow_bin1_time_pct: "60", flow_bin2_time_pct: "40", motor_load_factor_pct: "75" };
    expect(crossProblems(check, values(ok), num(ok))).toEqual([]);
  });

  it("pump and fan blocks apply to their load type only; generate's rule check ignores hidden answers", () => {
    const a = motorAnswers();
    a.fan_design_pressure_pa = ["99999", ""];
    const hidden = hiddenAnswers(MOTOR_SYSTEM_SURVEY, a);
    expect(hidden.has("fan_design_pressure_pa:0")).toBe(true); // constant-torque motor
    expect(hidden.has("pump_design_flow_m3h:1")).toBe(false); // pump motor
    expect(hidden.has("pump_design_flow_m3h:0")).toBe(true);
    expect(definitionProblems(MOTOR_SYSTEM_SURVEY, a)).toEqual([]);
    a.motor_application = ["fan", "pump"];
    expect(definitionProblems(MOTOR_SYSTEM_SURVEY, a)).toEqual([{ key: "fan_design_pressure_pa", index: 0, message: "设计全压应为大于0 Pa且不超过30000 Pa，当前为99999" }]);
  });

  it("lists every problem of a survey at once", () => {
    const a = motorAnswers();
    a.motor_quantity = ["YE3-132M-4", "1"];
    a.motor_rated_speed_rpm = ["1480", "100"];
    a.flow_bin1_time_pct = ["", "100"];
    a.flow_bin2_pct = ["", "50"];
    a.flow_bin2_time_pct = ["", "160"];
    expect(definitionProblems(MOTOR_SYSTEM_SURVEY, a).map((p) => `${p.key}:${p.index}`)).toEqual([
      "motor_quantity:0",
      "motor_rated_speed_rpm:1",
      "flow_bin2_time_pct:1",
    ]);
  });
});
