// Plant summary API (issue 22 item 9): login required, only the caller's surveys, grouped by 企业名称, each card's
// newest survey read as generate reads it, the balance computed from the cards' engines.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { PlantSummaryView } from "../../workers/services/plant";
import type { PlantReportView } from "../../workers/contract/plant";
import { plantReports } from "../../db/schema";
import { getDb } from "../../workers/lib/db";
import { call, callJson, makeUser } from "../support/api";
import { answersFor, filledSurvey, putReportFonts } from "../support/survey-fixtures";
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

describe("the plant summary as a PDF (the \"plant\" job)", () => {
  beforeAll(putReportFonts);

  const latest = (token: string, company: string) => callJson<PlantReportView | null>("/api/plant/report/latest", { token, json: { company } });

  /** Poll the newest request until it leaves queued/building (the real queue consumer runs in the pool). */
  async function waitReady(token: string, company: string): Promise<PlantReportView> {
    for (let i = 0; i < 600; i++) {
      const v = (await latest(token, company)).data;
      if (v && v.status !== "queued" && v.status !== "building") return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("plant report still pending after 60 s");
  }

  it("queues, renders and serves the PDF to its owner only; the stored summary is the page's summary", async () => {
    const owner = await makeUser();
    await filledSurvey(owner.token, "electricity");
    await filledSurvey(owner.token, "motor", { ...motorAnswers(), plant_output: ["50000"], plant_output_unit: ["cloth_100m"] });
    const company = "苏州某印染有限公司";
    const asked = await callJson<PlantReportView>("/api/plant/report", { token: owner.token, json: { company } });
    expect(asked).toMatchObject({ code: 10000, msg: "已开始生成全厂能源平衡报告，请稍候", data: { company, downloadUrl: null } });
    expect(["queued", "building", "ready"]).toContain(asked.data.status);
    const ready = await waitReady(owner.token, company);
    expect(ready).toMatchObject({ id: asked.data.id, status: "ready", statusText: "已生成", failReason: null });
    expect(ready.reportNo).toMatch(/^PB-\d{8}-[0-9A-F]{6}$/);
    expect(ready.pageCount).toBeGreaterThanOrEqual(3);
    // The PDF the owner downloads.
    const pdf = await call(ready.downloadUrl!, { token: owner.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // The summary it printed is the page's (same surveys, same engines).
    const row = await getDb(env.DB).select().from(plantReports).where(eq(plantReports.id, ready.id)).get();
    const page = (await summary(owner.token, company)).data;
    expect(JSON.parse(row!.summaryJson!).summary).toEqual(page.summary);
    // Nobody else gets it, nor a visitor.
    const stranger = await makeUser();
    expect((await call(ready.downloadUrl!, { token: stranger.token })).status).toBe(404);
    expect((await call(ready.downloadUrl!)).status).toBe(404);
    expect((await latest(stranger.token, company)).data).toBeNull();
  });

  it("refuses another user's enterprise, an enterprise with nothing to print, and a missing name", async () => {
    const owner = await makeUser();
    await filledSurvey(owner.token, "motor", { ...motorAnswers(), company_name: ["别人家的工厂"] });
    const stranger = await makeUser();
    expect(await callJson("/api/plant/report", { token: stranger.token, json: { company: "别人家的工厂" } })).toMatchObject({
      code: 10001,
      msg: "未找到该企业的调查表，请在调查表第一页填写企业名称",
    });
    expect(await callJson("/api/plant/report", { token: owner.token, json: {} })).toMatchObject({ code: 10002, msg: "未找到该企业的调查表，请在调查表第一页填写企业名称" });
    // A survey named but empty: no carrier to print.
    const empty = await makeUser();
    const id = await filledSurvey(empty.token, "motor", { company_name: ["空白工厂"] });
    expect(id).toBeGreaterThan(0);
    expect(await callJson("/api/plant/report", { token: empty.token, json: { company: "空白工厂" } })).toMatchObject({ code: 10001, msg: "该企业的调查表中还没有可计入的能源数据，无法生成报告" });
    expect((await callJson("/api/plant/report", { json: { company: "x" } })).code).toBe(401);
  });
});
