// Workbench API: images (type, size, count, owner-only serving), recycle bin (read-only, restore,
// permanent delete) and the 7-day purge with a controlled clock.
import { describe, expect, it, vi } from "vitest";
import { env, createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { DAY, HOUR } from "../../workers/lib/time";
import { runScheduledJobs } from "../../workers/jobs/scheduled";
import type { SurveyListItem } from "../../workers/contract/workbench";
import worker from "./worker-entry";
import { call, callJson, info, makeUser, moldOf, MOTOR, newSurvey, PNG_1x1, questions, saveByKey, upload } from "./workbench.helpers";

vi.setConfig({ testTimeout: 30_000 });

const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

async function photoQuestion(token: string, id: number, key = "motor_nameplate_photo") {
  const s = (await info(token, id)).data;
  return { s, q: questions(s).get(key)! };
}

describe("images", () => {
  it("accepts PNG and JPEG by content, refuses other content whatever its name, and serves only to the owner", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const id = await newSurvey(owner.token);
    const { q } = await photoQuestion(owner.token, id);
    const png = await upload(owner.token, { id, answerId: q.id, indexNo: 0, url: "" }, PNG_1x1);
    expect(png).toMatchObject({ code: 10000, data: { answerPicId: expect.stringMatching(/^[0-9a-f]{32}\.png$/) } });
    const jpg = await upload(owner.token, { id, answerId: q.id, indexNo: 0 }, JPEG_HEAD, "b.jpg", "image/jpeg");
    expect(jpg.code).toBe(10000);
    expect(jpg.data.answerPicId).toBe(`${png.data.key};${jpg.data.key}`);

    // A GIF named .png and a text file claiming image/png are both refused.
    const gif = new TextEncoder().encode("GIF89a....");
    expect(await upload(owner.token, { id, answerId: q.id }, gif, "x.png", "image/png")).toMatchObject({ code: 10002, msg: "上传图片只能是 JPG、PNG 格式!" });
    expect(await upload(owner.token, { id, answerId: q.id }, new TextEncoder().encode("hello"), "x.png", "image/png")).toMatchObject({ msg: "上传图片只能是 JPG、PNG 格式!" });

    // The stored answer lists both images.
    const after = (await info(owner.token, id)).data;
    expect(questions(after).get("motor_nameplate_photo")!.answerList[0]!.answerPicId).toBe(`${png.data.key};${jpg.data.key}`);

    const own = await call(`/files/survey/${png.data.key}`, { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG_1x1);
    const byCookie = await call(`/files/survey/${png.data.key}`, { headers: { cookie: `token=${owner.token}` } });
    expect(byCookie.status).toBe(200);
    await byCookie.arrayBuffer();
    const foreign = await call(`/files/survey/${png.data.key}`, { token: other.token });
    expect(foreign.status).toBe(404);
    await foreign.text();
    const anonymous = await call(`/files/survey/${png.data.key}`);
    expect(anonymous.status).toBe(404);
    await anonymous.text();
    // Another user cannot upload into the survey either.
    expect((await upload(other.token, { id, answerId: q.id }, PNG_1x1)).code).not.toBe(10000);
  });

  it("refuses files over 10 MB and images beyond the question's limit; the upload goes to image questions only", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const { s, q } = await photoQuestion(token, id);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG_1x1.subarray(0, 8));
    expect(await upload(token, { id, answerId: q.id }, big)).toMatchObject({ code: 10002, msg: "当前限制文件大小不能大于10Mb" });
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(PNG_1x1.subarray(0, 8));
    expect((await upload(token, { id, answerId: q.id }, exactly)).code).toBe(10000);
    expect(q.imageSize).toBe(4);
    for (let i = 0; i < 3; i++) expect((await upload(token, { id, answerId: q.id }, PNG_1x1)).code).toBe(10000);
    expect(await upload(token, { id, answerId: q.id }, PNG_1x1)).toMatchObject({ code: 10001, msg: "最多上传4张图片" });
    const text = questions(s).get("company_name")!;
    expect(await upload(token, { id, answerId: text.id }, PNG_1x1)).toMatchObject({ code: 10001, msg: "该题目不支持上传图片" });
    // Repeat 2 of the photo section does not exist until added.
    expect((await upload(token, { id, answerId: q.id, indexNo: 1 }, PNG_1x1)).code).toBe(10001);
  });

  it("removes an image from R2 when the answer drops it, and refuses keys of other surveys", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const { q } = await photoQuestion(token, id);
    const a = await upload(token, { id, answerId: q.id }, PNG_1x1);
    const b = await upload(token, { id, answerId: q.id }, PNG_1x1);
    expect(await env.FILES.head(`survey/${a.data.key}`)).not.toBeNull();
    const saved = await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: q.id, indexNo: 0, answerPicId: b.data.key } });
    expect(saved.code).toBe(10000);
    expect(await env.FILES.head(`survey/${a.data.key}`)).toBeNull();
    expect(await env.FILES.head(`survey/${b.data.key}`)).not.toBeNull();
    // A key from another survey (even the caller's own) cannot be attached.
    const id2 = await newSurvey(token);
    const c = await upload(token, { id: id2, answerId: q.id }, PNG_1x1);
    expect(await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: q.id, answerPicId: `${b.data.key};${c.data.key}` } })).toMatchObject({ code: 10001, msg: "图片不存在或无权使用" });
    expect((await callJson("/api/surveyInfo/answer/save", { token, json: { id, answerId: q.id, answerPicId: "../../etc/passwd" } })).code).not.toBe(10000);
  });

  it("deletes the images of a deleted repeat", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const { s, q } = await photoQuestion(token, id);
    const mold = moldOf(s, "motor_photos");
    expect((await callJson("/api/surveyInfo/addMode", { token, json: { surveyId: id, moldId: mold.id } })).code).toBe(10000);
    const first = await upload(token, { id, answerId: q.id, indexNo: 0 }, PNG_1x1);
    const second = await upload(token, { id, answerId: q.id, indexNo: 1 }, PNG_1x1);
    expect((await callJson("/api/surveyInfo/delMode", { token, json: { surveyId: id, moldId: mold.id, indexNo: 1 } })).code).toBe(10000);
    expect(await env.FILES.head(`survey/${second.data.key}`)).toBeNull();
    expect(await env.FILES.head(`survey/${first.data.key}`)).not.toBeNull();
  });
});

describe("recycle bin", () => {
  it("is read-only, restores with 恢复成功 and deletes permanently with 彻底删除成功", async () => {
    const { token } = await makeUser();
    const id = await newSurvey(token);
    const keep = await newSurvey(token);
    const s = (await info(token, id)).data;
    await saveByKey(token, s, "company_name", "甲公司");
    const { q } = await photoQuestion(token, id);
    const pic = await upload(token, { id, answerId: q.id }, PNG_1x1);

    expect(await callJson("/api/surveyInfo/batchDelete", { token, json: { ids: [id] } })).toMatchObject({ code: 10000, msg: "删除成功" });
    const tree = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR, isDelete: 0 } });
    expect(tree.data.map((x) => x.id)).toEqual([keep]);
    const trash = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR, isDelete: 1 } });
    expect(trash.data.map((x) => x.id)).toEqual([id]);
    expect(trash.data[0]).toMatchObject({ isDelete: 1, deletedAt: expect.any(Number) });

    // Read-only: content is visible, nothing can be changed or generated.
    const view = await info(token, id);
    expect(view.data.isDelete).toBe(1);
    const readOnly = "回收站中的调查表为只读，请先恢复";
    expect(await saveByKey(token, view.data, "company_name", "乙公司")).toMatchObject({ code: 10001, msg: readOnly });
    expect(await callJson("/api/surveyInfo/title/save", { token, json: { id, title: "x" } })).toMatchObject({ msg: readOnly });
    expect(await callJson("/api/surveyInfo/addMode", { token, json: { surveyId: id, moldId: moldOf(s, "motor_unit").id } })).toMatchObject({ msg: readOnly });
    expect(await callJson("/api/surveyInfo/generate", { token, json: { id } })).toMatchObject({ msg: readOnly });
    expect(await upload(token, { id, answerId: q.id }, PNG_1x1)).toMatchObject({ msg: readOnly });
    expect(questions((await info(token, id)).data).get("company_name")!.answerList[0]!.optionContent).toBe("甲公司");
    // Images of trashed surveys still show to the owner.
    const img = await call(`/files/survey/${pic.data.key}`, { token });
    expect(img.status).toBe(200);
    await img.arrayBuffer();

    // Permanent delete only applies to the bin; restore only to binned surveys.
    expect(await callJson("/api/surveyInfo/batchDeleteTwo", { token, json: { ids: [keep] } })).toMatchObject({ code: 10001, msg: "彻底删除失败" });
    expect(await callJson("/api/surveyInfo/restore", { token, json: { ids: [id] } })).toMatchObject({ code: 10000, msg: "恢复成功" });
    expect(await callJson("/api/surveyInfo/restore", { token, json: { ids: [id] } })).toMatchObject({ code: 10001, msg: "恢复失败" });
    expect((await saveByKey(token, view.data, "company_name", "乙公司")).code).toBe(10000);

    // Private files of the survey: an imported load curve and a generated report (row + PDF).
    const fileKey = `${"ab".repeat(16)}.pdf`;
    await env.FILES.put(`load-curves/${id}.json`, JSON.stringify({ kw: [1, 2], intervalMinutes: 15, startDate: "2026-01-01" }));
    await env.FILES.put(`reports/${fileKey}`, "%PDF-1.4");
    await env.DB.prepare(
      "INSERT INTO report_results (survey_id, user_id, card, figures_json, report_no, file_key, file_size, render_ms, page_count, generated_at) VALUES (?, (SELECT user_id FROM surveys WHERE id = ?), 'motor', '{}', 'BG-TEST', ?, 8, 1, 1, 0)",
    )
      .bind(id, id, fileKey)
      .run();
    await callJson("/api/surveyInfo/batchDelete", { token, json: { ids: [id] } });
    expect(await callJson("/api/surveyInfo/batchDeleteTwo", { token, json: { ids: [id] } })).toMatchObject({ code: 10000, msg: "彻底删除成功" });
    expect(await env.FILES.head(`load-curves/${id}.json`)).toBeNull();
    expect(await env.FILES.head(`reports/${fileKey}`)).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM report_results WHERE survey_id = ?").bind(id).first()).toBeNull();
    expect((await info(token, id)).code).toBe(10004);
    expect(await env.FILES.head(`survey/${pic.data.key}`)).toBeNull();
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM survey_answers WHERE survey_id = ?").bind(id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await call(`/files/survey/${pic.data.key}`, { token })).status).toBe(404);
    expect(await callJson("/api/surveyInfo/batchDeleteTwo", { token, json: { ids: [] } })).toMatchObject({ code: 10002, msg: "请选择调查表" });
  });

  it("purges surveys binned for more than 7 days with their answers and images (controlled clock)", async () => {
    const { token } = await makeUser();
    const old = await newSurvey(token);
    const recent = await newSurvey(token);
    const live = await newSurvey(token);
    const { s, q } = await photoQuestion(token, old);
    await saveByKey(token, s, "company_name", "旧公司");
    const pic = await upload(token, { id: old, answerId: q.id }, PNG_1x1);
    const livePic = await upload(token, { id: live, answerId: q.id }, PNG_1x1);
    await callJson("/api/surveyInfo/batchDelete", { token, json: { ids: [old, recent] } });
    const db = env.DB;
    // Near the real clock: the same scheduled run also expires sessions, and the test's session must live.
    const now = Date.now();
    await db.prepare("UPDATE surveys SET deleted_at = ? WHERE id = ?").bind(now - 7 * DAY - 1000, old).run();
    await db.prepare("UPDATE surveys SET deleted_at = ? WHERE id = ?").bind(now - 7 * DAY + HOUR, recent).run();

    // Through the Worker's scheduled handler at the controlled time.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect((await info(token, old)).code).toBe(10004);
    expect(await env.FILES.head(`survey/${pic.data.key}`)).toBeNull();
    const answers = await db.prepare("SELECT COUNT(*) AS n FROM survey_answers WHERE survey_id = ?").bind(old).first<{ n: number }>();
    expect(answers!.n).toBe(0);
    const images = await db.prepare("SELECT COUNT(*) AS n FROM survey_images WHERE survey_id = ?").bind(old).first<{ n: number }>();
    expect(images!.n).toBe(0);
    expect((await info(token, recent)).data.isDelete).toBe(1);
    expect((await info(token, live)).data.isDelete).toBe(0);
    expect(await env.FILES.head(`survey/${livePic.data.key}`)).not.toBeNull();

    // Two hours later the recent one goes too; the job reports what it removed.
    const outcomes = await runScheduledJobs(env, now + 2 * HOUR);
    expect(outcomes.find((o) => o.name === "purge-survey-trash")).toMatchObject({ ok: true, affected: 1 });
    expect((await info(token, recent)).code).toBe(10004);
    expect((await info(token, live)).code).toBe(10000);
  });
});
