// Plant summary API (issue 22 item 9): login required, only the caller's surveys, grouped by 企业名称, each card's
// newest survey read as generate reads it, the balance computed from the cards' engines.
import { describe, expect, it, vi } from "vitest";
import type { PlantSummaryView } from "../../workers/services/plant";
import { callJson, makeUser } from "../support/api";
import { answersFor, filledSurvey } from "../support/survey-fixtures";
import { motorAnswers } from "../unit/engines/answers-fixtures";

vi.setConfig({ testTimeout: 60_000 });

const summary = (token: string, company?: string) => callJson<PlantSummaryView>("/api/plant/summary", { token, json: company === undefined ? {} : { company } });

describe("POST /api/plant/summary", () => {
  it("needs a login", async () => {
    expect((await callJson("/api/plant/summary", { json: {} })).code).toBe(401);
  });

  it("an account without surveys gets an empty summary, not an error", async () => {
    const { token } = await makeUser();
    expect(await summary(token)).toMatchObject({ code: 10000, data: { companies: [], company: null, summary: null, unnamedCount: 0 } });
  });

  it("reads the caller's motor, electricity and stenter surveys of one enterprise together", async () => {
    const { token } = await makeUser();
    await filledSurvey(token, "electricity");
    await filledSurvey(token, "motor", { ...motorAnswers(), plant_output: ["50000"], plant_output_unit: ["cloth_100m"] });
    await filledSurvey(token, "stenter", { ...answersFor("stenter"), plant_gas_m3: ["1000000"] });
    const other = { ...motorAnswers(), company_name: ["另一家企业"] };
    await filledSurvey(token, "motor", other);
    const body = await summary(token, "苏州某印染有限公司");
    expect(body.code).toBe(10000);
    const v = body.data;
    expect(v.companies.map((c) => c.name).sort()).toEqual(["另一家企业", "苏州某印染有限公司"]);
    expect(v.company).toBe("苏州某印染有限公司");
    expect(v.summary!.surveys.map((s) => [s.cardName, s.counted]).sort()).toEqual([
      ["定型机余热回收", true],
      ["电机驱动系统", true],
      ["电费优化", true],
    ]);
    const b = v.summary!.balance;
    expect(b.carriers.map((c) => [c.carrier, c.basis])).toEqual([
      ["electricity", "metered"],
      ["natural_gas", "metered"],
    ]);
    expect(b.carriers[1]!.equipmentQuantity).toBe(900_000);
    expect(b.checks.map((c) => c.code)).toEqual(["motor_share_low"]);
    expect(b.perUnit).toMatchObject({ output: 50_000, unit: "cloth_100m", limit: { kgcePerUnit: 30 } });
    expect(b.totalTceEqual).toBeGreaterThan(b.totalTceEquivalent);
  });

  it("counts only the newest survey of a card and says so", async () => {
    const { token } = await makeUser();
    const older = await filledSurvey(token, "motor");
    await filledSurvey(token, "motor");
    const v = (await summary(token)).data;
    expect(v.skipped).toEqual([{ surveyId: older, title: "motor测试报告", reason: "同一卡片只计最近修改的一份调查表" }]);
  });

  it("never reads another user's surveys: their enterprise is not found", async () => {
    const owner = await makeUser();
    await filledSurvey(owner.token, "motor", { ...motorAnswers(), company_name: ["别人家的工厂"] });
    const stranger = await makeUser();
    expect(await summary(stranger.token, "别人家的工厂")).toMatchObject({ code: 10001, msg: "未找到该企业的调查表，请在调查表第一页填写企业名称", data: null });
    expect((await summary(stranger.token)).data.companies).toEqual([]);
    expect((await summary(owner.token, "别人家的工厂")).data.company).toBe("别人家的工厂");
  });

  it("validates the enterprise name with the shared schema", async () => {
    const { token } = await makeUser();
    expect(await summary(token, "长".repeat(101))).toMatchObject({ code: 10002, msg: "企业名称不能超过100个字" });
  });
});
