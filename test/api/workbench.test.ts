// Workbench API: surveys, content, answers (last write wins), repeats, ownership, generation.
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { api } from "../../workers/api/app";
import { generateFailureSchema, type AnswerView, type GenerateProblem, type PdfInfo, type SurveyInfo, type SurveyListItem } from "../../workers/contract/workbench";
import { call, callJson, fill, info, makeUser, moldOf, MOTOR, newSurvey, questions, saveByKey } from "./workbench.helpers";

/** Two valid motors (mirrors the engines' fixture) on the motor card. */
function motorAnswers(): Record<string, string[]> {
  return {
    company_name: ["苏州某印染有限公司"],
    industry: ["dyeing"],
    province: ["jiangsu"],
    electricity_price: ["0.70"],
    motor_name: ["1#空压机电机", "2#循环水泵"],
    motor_quantity: ["1", "1"],
    motor_rated_kw: ["55", "37"],
    motor_rated_speed_rpm: ["1480", "1475"],
    motor_efficiency_class: ["gb2020_3", "ye3"],
    motor_rewound: ["no", "no"],
    motor_annual_hours: ["6000", "6000"],
    motor_load_factor_pct: ["75", ""],
    motor_measured_input_kw: ["", "25.7"],
    motor_drive: ["direct", "direct"],
    motor_vfd_present: ["no", "no"],
    motor_application: ["constant_torque", "pump"],
    motor_flow_control: ["", "throttle_valve"],
    pump_design_flow_m3h: ["", "200"],
    pump_design_head_m: ["", "40"],
    pump_bep_efficiency_pct: ["", "78"],
    pump_static_head_m: ["", "15"],
    flow_bin1_pct: ["", "70"],
    flow_bin1_time_pct: ["", "100"],
  };
}

vi.setConfig({ testTimeout: 30_000 });

const answerOf = (s: SurveyInfo, key: string, i = 0): AnswerView => questions(s).get(key)!.answerList[i]!;

describe("surveys: create, list, content", () => {
  it("needs a login", async () => {
    expect((await callJson("/api/surveyInfo/list", { json: { type: MOTOR } })).code).toBe(401);
    expect((await callJson("/api/surveyInfo/addInfo", { json: { type: MOTOR } })).code).toBe(401);
  });

  it("keeps the card list route working next to the survey routes", async () => {
    const { token } = await makeUser();
    const body = await callJson<unknown[]>("/api/surveyInfo/type/list", { method: "POST", token });
    expect(body.code).toBe(10000);
    expect(body.data.length).toBe(8);
  });

  it("creates a survey and serves its content from the card's definition", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const body = await info(token, id);
    expect(body.code).toBe(10000);
    const s = body.data;
    expect(s).toMatchObject({ id, title: "", typeName: "电机驱动系统", status: -1, isDelete: 0, fileUrl: null });
    expect(s.pageList.map((p) => p.pageName)).toEqual(["企业基本信息", "电价信息", "电机设备", "铭牌照片", "全厂能源与产量（选填）"]);
    const motor = moldOf(s, "motor_unit");
    expect(motor).toMatchObject({ moldName: "电机", multiple: 1, size: 1, kind: "input" });
    expect(motor.groups[0]!.moldName).toBe("铭牌信息");
    const kw = questions(s).get("motor_rated_kw")!;
    expect(kw).toMatchObject({ questionName: "额定功率（kW）", questionType: "text", requiredFlag: 1, imageSize: null });
    expect(kw.annotation).toContain("铭牌");
    expect(kw.answerList).toEqual([{ id: null, answerId: kw.id, answerOptionId: null, optionContent: "", answerPicId: "", indexNo: 0 }]);
    const photo = questions(s).get("motor_nameplate_photo")!;
    expect(photo.imageSize).toBe(4);
    expect(moldOf(s, "motor_photos").kind).toBe("image");
    expect(s.pageList[3]!.image).toHaveLength(1);
    expect(questions(s).get("assessment_date")!.questionType).toBe("date");
    const drive = questions(s).get("motor_drive")!;
    expect(drive.questionType).toBe("select");
    expect(drive.optionList.length).toBeGreaterThan(1);
    expect(drive.optionList[0]).toEqual({ id: expect.any(Number), optionName: expect.any(String), key: expect.any(String) });
  });

  it("lists the caller's surveys of the card with status text, searchable by title", async () => {
    const { token } = await makeUser();
    const a = await newSurvey(token);
    const b = await newSurvey(token);
    await newSurvey(token, 2);
    expect(await callJson("/api/surveyInfo/title/save", { token, json: { id: a, title: "一号车间电机" } })).toMatchObject({ code: 10000, msg: "保存成功" });
    const list = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR, condition: "", isDelete: 0 } });
    expect(list.data.map((x) => x.id).sort()).toEqual([a, b].sort());
    // Newest change first: the renamed one.
    expect(list.data[0]).toMatchObject({ id: a, evaluationTitle: "一号车间电机", disposeStatus: -1, disposeStatusStr: "未生成", isDelete: 0, isChild: 1, typeName: "电机驱动系统", fileUrl: null });
    const found = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR, condition: "车间" } });
    expect(found.data.map((x) => x.id)).toEqual([a]);
    const literal = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR, condition: "%" } });
    expect(literal.data).toEqual([]);
  });

  it("refuses cards that are not open and rejects overlong titles", async () => {
    const { token } = await makeUser();
    expect(await callJson("/api/surveyInfo/addInfo", { token, json: { type: 4 } })).toMatchObject({ code: 10001, msg: "该功能暂未开通" });
    expect((await callJson("/api/surveyInfo/addInfo", { token, json: { type: 999 } })).code).not.toBe(10000);
    const id = await newSurvey(token);
    expect(await callJson("/api/surveyInfo/title/save", { token, json: { id, title: "长".repeat(51) } })).toMatchObject({ code: 10002, msg: "调查表名称不能超过50个字" });
  });
});

describe("ownership", () => {
  it("gives another user an error and nothing of the survey on every call", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const id = await newSurvey(owner.token);
    let s = (await info(owner.token, id)).data;
    await saveByKey(owner.token, s, "company_name", "甲公司");
    s = (await info(owner.token, id)).data;
    const motor = moldOf(s, "motor_unit");
    const q = questions(s).get("company_name")!;
    const t = other.token;
    const calls: [string, unknown][] = [
      ["/api/surveyInfo/info", { id }],
      ["/api/surveyInfo/title/save", { id, title: "偷改" }],
      ["/api/surveyInfo/answer/save", { id, answerId: q.id, optionContent: "乙公司" }],
      ["/api/surveyInfo/addMode", { surveyId: id, moldId: motor.id }],
      ["/api/surveyInfo/delMode", { surveyId: id, moldId: motor.id, indexNo: 1 }],
      ["/api/surveyInfo/batchDelete", { ids: [id] }],
      ["/api/surveyInfo/restore", { ids: [id] }],
      ["/api/surveyInfo/batchDeleteTwo", { ids: [id] }],
      ["/api/surveyInfo/generate", { id }],
      ["/api/surveyInfo/queryPdf", { id }],
      ["/api/surveyInfo/queryPdfName", { id }],
    ];
    for (const [path, json] of calls) {
      const body = await callJson(path, { token: t, json });
      expect(body.code, path).not.toBe(10000);
      expect(JSON.stringify(body.data ?? null), path).not.toContain("甲公司");
    }
    const list = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token: t, json: { type: MOTOR } });
    expect(list.data).toEqual([]);
    // A mixed batch (own + foreign) changes nothing either.
    const mine = await newSurvey(t);
    expect((await callJson("/api/surveyInfo/batchDelete", { token: t, json: { ids: [mine, id] } })).code).not.toBe(10000);
    expect((await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token: t, json: { type: MOTOR } })).data.map((x) => x.id)).toEqual([mine]);
    // The owner's survey is untouched.
    const after = (await info(owner.token, id)).data;
    expect(after).toMatchObject({ title: "", isDelete: 0, status: -1 });
    expect(moldOf(after, "motor_unit").size).toBe(1);
    expect(answerOf(after, "company_name").optionContent).toBe("甲公司");
  });
});

describe("answers", () => {
  it("saves text, select and date answers and serves them back", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const s = (await info(token, id)).data;
    const saved = await saveByKey(token, s, "company_name", "  苏州某厂 ");
    expect(saved).toMatchObject({ code: 10000, msg: "保存成功", data: { answerId: questions(s).get("company_name")!.id, indexNo: 0 } });
    expect((await saveByKey(token, s, "province", "jiangsu")).code).toBe(10000);
    expect((await saveByKey(token, s, "assessment_date", "2026-11-02")).code).toBe(10000);
    const after = (await info(token, id)).data;
    expect(answerOf(after, "company_name")).toMatchObject({ id: saved.data.id, optionContent: "苏州某厂" });
    const province = questions(after).get("province")!;
    const js = province.optionList.find((o) => o.key === "jiangsu")!;
    expect(province.answerList[0]).toMatchObject({ answerOptionId: js.id, optionContent: js.optionName });
    expect(answerOf(after, "assessment_date").optionContent).toBe("2026-11-02");
    // Clearing a select.
    expect((await saveByKey(token, s, "province", "")).code).toBe(10000);
    expect(answerOf((await info(token, id)).data, "province").answerOptionId).toBeNull();
  });

  it("rejects options of other questions, questions of other cards and repeats that do not exist", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const s = (await info(token, id)).data;
    const qs = questions(s);
    const drive = qs.get("motor_drive")!;
    const province = qs.get("province")!;
    const bad = await callJson<{ answerId: number }>("/api/surveyInfo/answer/save", { token, json: { id, answerId: drive.id, answerOptionId: province.optionList[0]!.id } });
    expect(bad).toMatchObject({ code: 10001, msg: "选项不存在，请重新选择", data: { answerId: drive.id } });
    const stenterSurvey = (await info(token, await newSurvey(token, 2))).data;
    const foreignQ = [...questions(stenterSurvey).values()].find((q) => q.key === "stenter_name")!;
    expect(await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: foreignQ.id, optionContent: "x" } })).toMatchObject({ code: 10001, msg: "题目不存在，请刷新后重试" });
    expect(await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: qs.get("motor_name")!.id, indexNo: 1, optionContent: "x" } })).toMatchObject({
      code: 10001,
      msg: "该组不存在，请刷新后重试",
    });
    expect(await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: qs.get("company_name")!.id, optionContent: "长".repeat(2001) } })).toMatchObject({ code: 10002 });
  });

  it("keeps one row per field and the last write under concurrent autosaves", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const s = (await info(token, id)).data;
    const values = Array.from({ length: 12 }, (_, i) => `值${i}`);
    const results = await Promise.all(values.map((v) => saveByKey(token, s, "company_name", v)));
    expect(results.every((r) => r.code === 10000)).toBe(true);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    const q = questions(s).get("company_name")!;
    const rows = await env.DB.prepare("SELECT option_content, updated_at FROM survey_answers WHERE survey_id = ? AND question_id = ?").bind(id, q.id).all<{ option_content: string }>();
    expect(rows.results).toHaveLength(1);
    expect(values).toContain(rows.results[0]!.option_content);
    // Sequential saves: the last one wins.
    for (const v of ["一", "二", "三"]) await saveByKey(token, s, "company_name", v);
    expect(answerOf((await info(token, id)).data, "company_name").optionContent).toBe("三");
  });

  it("turns an existing report back into 'not generated' when answers change", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const s = (await info(token, id)).data;
    const db = env.DB;
    await db.prepare("UPDATE surveys SET dispose_status = 1, file_url = 'reports/x.pdf' WHERE id = ?").bind(id).run();
    expect((await callJson<PdfInfo>("/api/surveyInfo/queryPdf", { token, json: { id } })).data).toMatchObject({ fileUrl: "reports/x.pdf", disposeStatus: 1 });
    const saved = await saveByKey(token, s, "city", "苏州");
    expect(saved.data.disposeStatus).toBe(-1);
    const after = (await info(token, id)).data;
    expect(after.status).toBe(-1);
    expect((await callJson<PdfInfo>("/api/surveyInfo/queryPdf", { token, json: { id } })).data).toMatchObject({ fileUrl: null, disposeStatus: -1 });
    // A queued job keeps its status (the job compares answers_updated_at itself).
    await db.prepare("UPDATE surveys SET dispose_status = 0 WHERE id = ?").bind(id).run();
    expect((await saveByKey(token, s, "city", "无锡")).data.disposeStatus).toBe(0);
  });
});

describe("repeats", () => {
  it("adds and deletes repeats with answers renumbered; the first cannot be deleted", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    let s = await fill(token, id, { motor_name: ["A", "B", "C"], motor_rated_kw: ["1", "2", "3"] });
    const motor = moldOf(s, "motor_unit");
    expect(motor.size).toBe(3);
    const names = (x: SurveyInfo) => questions(x).get("motor_name")!.answerList.map((a) => a.optionContent);
    expect(names(s)).toEqual(["A", "B", "C"]);
    expect(questions(s).get("motor_name")!.answerList.map((a) => a.indexNo)).toEqual([0, 1, 2]);

    expect(await callJson("/api/surveyInfo/delMode", { token, json: { surveyId: id, moldId: motor.id, indexNo: 1 } })).toMatchObject({ code: 10000, data: { size: 2 } });
    s = (await info(token, id)).data;
    expect(names(s)).toEqual(["A", "C"]);
    expect(questions(s).get("motor_rated_kw")!.answerList.map((a) => a.optionContent)).toEqual(["1", "3"]);

    expect(await callJson("/api/surveyInfo/delMode", { token, json: { surveyId: id, moldId: motor.id, indexNo: 0 } })).toMatchObject({ code: 10001, msg: "第一组不能删除" });
    expect(await callJson("/api/surveyInfo/delMode", { token, json: { surveyId: id, moldId: motor.id, indexNo: 5 } })).toMatchObject({ code: 10001 });

    // Insert in the middle: later repeats move up.
    expect(await callJson("/api/surveyInfo/addMode", { token, json: { surveyId: id, moldId: motor.id, indexNo: 1 } })).toMatchObject({ code: 10000, data: { size: 3 } });
    s = (await info(token, id)).data;
    expect(names(s)).toEqual(["A", "", "C"]);
    // Append (no indexNo).
    expect((await callJson("/api/surveyInfo/addMode", { token, json: { surveyId: id, moldId: motor.id } })).data).toMatchObject({ size: 4, indexNo: 3 });
    s = (await info(token, id)).data;
    expect(names(s)).toEqual(["A", "", "C", ""]);

    const company = moldOf(s, "company_info");
    expect(await callJson("/api/surveyInfo/addMode", { token, json: { surveyId: id, moldId: company.id } })).toMatchObject({ code: 10001, msg: "该栏目不可重复填写" });
  });
});

describe("generate", () => {
  it("names the first missing required answer by repeat", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const answers = motorAnswers();
    answers.motor_rated_kw = ["55", ""];
    await fill(token, id, answers);
    const body = await callJson<{ problems: { message: string; indexNo: number }[] }>("/api/surveyInfo/generate", { token, json: { id } });
    expect(body.code).toBe(10001);
    expect(body.msg).toBe("第2台电机「额定功率（kW）」未填写");
    expect(body.data.problems[0]).toMatchObject({ indexNo: 1 });
    expect((await info(token, id)).data.status).toBe(-1);
  });

  it("names a missing answer of a section filled once", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const answers = motorAnswers();
    delete (answers as Record<string, string[] | undefined>).company_name;
    await fill(token, id, answers);
    expect(await callJson("/api/surveyInfo/generate", { token, json: { id } })).toMatchObject({ code: 10001, msg: "企业基本信息「企业名称」未填写" });
  });

  it("returns every problem at once, each with its field path and the message for beside the field (issue 14)", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const answers = motorAnswers();
    delete (answers as Record<string, string[] | undefined>).company_name;
    answers.motor_quantity = ["YE3-132M-4", "1"];
    answers.motor_rated_speed_rpm = ["1480", "100"];
    // The pump's time shares add up to 260 %.
    answers.flow_bin1_pct = ["", "70"];
    answers.flow_bin1_time_pct = ["", "100"];
    answers.flow_bin2_pct = ["", "50"];
    answers.flow_bin2_time_pct = ["", "80"];
    answers.flow_bin3_pct = ["", "30"];
    answers.flow_bin3_time_pct = ["", "80"];
    await fill(token, id, answers);
    const body = await callJson<{ problems: GenerateProblem[] }>("/api/surveyInfo/generate", { token, json: { id } });
    expect(body.code).toBe(10001);
    expect(generateFailureSchema.safeParse(body.data).success).toBe(true);
    const byPath = Object.fromEntries(body.data.problems.map((p) => [p.path, p]));
    expect(Object.keys(byPath)).toEqual([
      "company_info[0].company_name",
      "motor_unit[0].motor_quantity",
      "motor_unit[1].motor_rated_speed_rpm",
      "motor_unit[1].flow_bin1_time_pct",
    ]);
    expect(byPath["company_info[0].company_name"]).toMatchObject({ message: "企业基本信息「企业名称」未填写", field: "此项为必填项", indexNo: 0 });
    expect(byPath["motor_unit[0].motor_quantity"]).toMatchObject({ field: "同型号台数应为数字，当前填写为“YE3-132M-4”", message: "第1台电机：同型号台数应为数字，当前填写为“YE3-132M-4”" });
    expect(byPath["motor_unit[1].motor_rated_speed_rpm"]).toMatchObject({ field: "额定转速应为600–3000 r/min，当前为100", indexNo: 1 });
    expect(byPath["motor_unit[1].flow_bin1_time_pct"]!.field).toBe("各工况时间占比之和应为100%，当前为260%");
    const s = (await info(token, id)).data;
    const qs = questions(s);
    expect(byPath["motor_unit[1].motor_rated_speed_rpm"]!.questionId).toBe(qs.get("motor_rated_speed_rpm")!.id);
    expect(body.msg).toBe("共4项需要修正：企业基本信息「企业名称」未填写");
    expect(s.status).toBe(-1);
  });

  it("ignores answers of blocks that do not apply to the chosen load type, as the form hides them", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const answers = motorAnswers();
    // Motor 1 drives a conveyor: leftover fan and flow-bin answers (typed before the load type changed) do not count.
    answers.fan_design_pressure_pa = ["99999", ""];
    answers.flow_bin1_pct = ["500", "70"];
    answers.flow_bin1_time_pct = ["30", "100"];
    await fill(token, id, answers);
    const sent: unknown[] = [];
    const spyQueue = { send: async (m: unknown) => void sent.push(m), sendBatch: async () => {} } as unknown as Queue;
    const res = await api.request(
      "/api/surveyInfo/generate",
      { method: "POST", headers: { "content-type": "application/json", token }, body: JSON.stringify({ id }) },
      { ...env, REPORT_QUEUE: spyQueue },
    );
    expect(await res.json()).toMatchObject({ code: 10000 });
    // The same answers on a fan motor are refused, each beside its field.
    const id2 = await newSurvey(token);
    answers.motor_application = ["fan", "pump"];
    await fill(token, id2, answers);
    const body = await callJson<{ problems: GenerateProblem[] }>("/api/surveyInfo/generate", { token, json: { id: id2 } });
    expect(body.data.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["motor_unit[0].fan_design_pressure_pa", "motor_unit[0].flow_bin1_pct", "motor_unit[0].flow_bin1_time_pct"]),
    );
  });

  it("sends the rules with the form: limits, integer, bands, visibility and cross-field checks from the definition", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const s = (await info(token, id)).data;
    const qs = questions(s);
    expect(qs.get("motor_quantity")!.rule).toMatchObject({ label: "同型号台数", min: 1, max: 500, integer: true, unit: "台" });
    expect(qs.get("motor_rated_speed_rpm")!.rule!.bands).toHaveLength(4);
    expect(qs.get("company_name")!.rule).toBeNull();
    const unit = moldOf(s, "motor_unit");
    expect(unit.groups.find((g) => g.moldName.startsWith("水泵参数"))!.showWhen).toEqual({ key: "motor_application", in: ["pump"] });
    expect(unit.checks.find((c) => c.kind === "sum")).toMatchObject({ at: "flow_bin1_time_pct", total: 100 });
  });

  it("rejects implausible values with the engines' message", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const answers = motorAnswers();
    answers.motor_annual_hours = ["6000", "9000"];
    await fill(token, id, answers);
    const body = await callJson("/api/surveyInfo/generate", { token, json: { id } });
    expect(body.code).toBe(10001);
    expect(body.msg).toBe("第2台电机：年运行小时数不能超过8760小时（全年小时数）");
  });

  it("queues a report job for a complete survey and sets status 0 once", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    await fill(token, id, motorAnswers());
    const sent: unknown[] = [];
    const spyQueue = { send: async (m: unknown) => void sent.push(m), sendBatch: async () => {} } as unknown as Queue;
    const res = await api.request(
      "/api/surveyInfo/generate",
      { method: "POST", headers: { "content-type": "application/json", token }, body: JSON.stringify({ id }) },
      { ...env, REPORT_QUEUE: spyQueue },
    );
    expect(await res.json()).toMatchObject({ code: 10000, data: { id, disposeStatus: 0 } });
    expect(sent).toEqual([{ kind: "report", jobId: expect.any(Number) }]);
    // The wake-up names the survey's job row (D1 is the truth, the queue only wakes a worker).
    const job = await env.DB.prepare("SELECT kind, subject_id AS subject, state FROM jobs WHERE id = ?").bind((sent[0] as { jobId: number }).jobId).first();
    expect(job).toEqual({ kind: "report", subject: String(id), state: "queued" });
    expect((await info(token, id)).data.status).toBe(0);
    const list = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR } });
    expect(list.data.find((x) => x.id === id)).toMatchObject({ disposeStatus: 0, disposeStatusStr: "生成中" });
    // A second click while queued is refused and sends nothing.
    const again = await api.request(
      "/api/surveyInfo/generate",
      { method: "POST", headers: { "content-type": "application/json", token }, body: JSON.stringify({ id }) },
      { ...env, REPORT_QUEUE: spyQueue },
    );
    expect(await again.json()).toMatchObject({ code: 10001, msg: "报告正在生成中，请稍候" });
    expect(sent).toHaveLength(1);
    // Through the real Worker and queue binding as well.
    const id2 = await newSurvey(token);
    await fill(token, id2, motorAnswers());
    expect((await callJson("/api/surveyInfo/generate", { token, json: { id: id2 } })).code).toBe(10000);
    const pdf = await callJson<PdfInfo>("/api/surveyInfo/queryPdf", { token, json: { id: id2 } });
    expect(pdf.data).toMatchObject({ fileUrl: null, disposeStatus: 0, evaluationTitle: "" });
    await callJson("/api/surveyInfo/title/save", { token, json: { id: id2, title: "报告A" } });
    expect((await callJson("/api/surveyInfo/queryPdfName", { token, json: { id: id2 } })).data).toEqual({ id: id2, evaluationTitle: "报告A", fileUrl: null });
  });

  it("answers unknown survey ids as not found", async () => {
    const { token } = await makeUser();
    expect((await call("/api/surveyInfo/info", { token, json: { id: 99999999 } })).status).toBe(200);
    expect(await callJson("/api/surveyInfo/info", { token, json: { id: 99999999 } })).toMatchObject({ code: 10004, msg: "调查表不存在或无权访问", data: null });
  });
});
