// The form runs the definition's rangeByOption rule (issue 22 item 8): the stenter fuel price is checked in the unit
// of the fuel chosen, beside the price field, the same way generate checks it.
import { describe, expect, it } from "vitest";
import { FormRules, fieldKey, type RawValue } from "../../../app/workbench/form/rules";
import { STENTER_SURVEY } from "../../../workers/cards/stenter/survey";
import { numberRuleOf } from "../../../workers/contract/survey-rules";
import type { MoldView, SurveyInfo } from "../../../workers/contract/workbench";

/** The definition as the info response shapes it (ids assigned in form order, no answers yet). */
function infoOf(): SurveyInfo {
  let id = 0;
  const pageList = STENTER_SURVEY.pages.map((p) => {
    const molds: MoldView[] = p.sections.map((s) => ({
      id: ++id,
      key: s.key,
      moldName: s.moldName,
      kind: s.kind,
      multiple: s.multiple,
      size: 1,
      checks: s.checks ?? [],
      groups: s.groups.map((g) => ({
        moldName: g.moldName,
        showWhen: g.showWhen ?? null,
        questions: g.questions.map((q) => ({
          id: ++id,
          key: q.key,
          questionName: q.questionName,
          questionType: q.questionType,
          requiredFlag: q.requiredFlag,
          annotation: q.annotation,
          optionList: (q.options ?? []).map((o) => ({ id: ++id, key: o.key, optionName: o.optionName })),
          imageSize: null,
          valueKind: q.valueKind ?? null,
          unit: q.unit ?? null,
          rule: numberRuleOf(q),
          showWhen: q.showWhen ?? null,
          answerList: [],
        })),
      })),
    }));
    return { id: ++id, pageName: p.pageName, input: molds.filter((m) => m.kind === "input"), select: molds.filter((m) => m.kind === "select"), image: molds.filter((m) => m.kind === "image") };
  });
  return { id: 1, title: "t", typeId: 2, typeName: STENTER_SURVEY.typeName, status: 0, isDelete: 0, fileUrl: null, failReason: null, updatedAt: 0, pageList } as SurveyInfo;
}

describe("the form checks a fuel price in its fuel's unit", () => {
  const rules = new FormRules(infoOf());
  const q = (key: string) => rules.byKey.get(key)!;
  const store = (values: Record<string, string>) => (k: string): RawValue => {
    const meta = rules.byId.get(Number(k.split(":")[0]))!;
    const v = values[meta.q.key] ?? "";
    if (meta.q.questionType === "select") return { optionContent: "", answerOptionId: meta.q.optionList.find((o) => o.key === v)?.id ?? null, answerPicId: "" };
    return { optionContent: v, answerOptionId: null, answerPicId: "" };
  };
  const problemsOn = (values: Record<string, string>, key: string) => rules.crossResults(store(values), q("fuel_price").mold, 0, key).filter((r) => r.problem);

  it("5,000 元/m³ for direct gas firing: the message is shown beside the price; 220 元/t for steam is fine", () => {
    const bad = problemsOn({ stenter_heating: "direct_gas", fuel_price: "5000" }, "fuel_price");
    expect(bad).toHaveLength(1);
    expect(bad[0].problem!.key).toBe(fieldKey(q("fuel_price").q.id, 0));
    expect(bad[0].problem!.message).toContain("元/m³");
    expect(problemsOn({ stenter_heating: "steam", fuel_price: "220" }, "fuel_price")).toEqual([]);
    // Changing the heating re-checks the price (the rule reads both fields).
    expect(problemsOn({ stenter_heating: "steam", fuel_price: "3.5" }, "stenter_heating")).toHaveLength(1);
  });
});
