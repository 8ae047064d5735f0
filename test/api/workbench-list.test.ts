// The workbench list pages and searches on the server (issue 26 item 10): /api/surveyInfo/page answers one page of
// the caller's tree or recycle bin with the matching total, /list (the spec's array call) is bounded, and 清空回收站
// empties a bin longer than any page.
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:test";
import { getDb } from "../../workers/lib/db";
import { surveys } from "../../db/schema";
import { SURVEY_LIST_MAX, SURVEY_PAGE_SIZE, type SurveyListItem, type SurveyPage } from "../../workers/contract/workbench";
import { callJson, makeUser, MOTOR } from "./workbench.helpers";

vi.setConfig({ testTimeout: 60_000 });

const T0 = Date.UTC(2026, 10, 1);

/** Surveys written straight to D1 (hundreds of them through the API would only test the create call). */
async function seedSurveys(userId: number, count: number, opts: { type?: number; trash?: boolean; title?: (i: number) => string } = {}) {
  const db = getDb(env.DB);
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    typeId: opts.type ?? MOTOR,
    evaluationTitle: opts.title ? opts.title(i) : `车间${String(i).padStart(3, "0")}`,
    disposeStatus: -1,
    isDelete: opts.trash ? 1 : 0,
    // The tree orders by last change, the bin by deletion: make the two orders differ.
    updatedAt: T0 + i * 1000,
    deletedAt: opts.trash ? T0 + (count - i) * 1000 : null,
    createdAt: T0,
    answersUpdatedAt: T0,
  }));
  // One row a statement: D1 binds at most 100 parameters a statement.
  for (let i = 0; i < rows.length; i += 50) await db.batch(rows.slice(i, i + 50).map((r) => db.insert(surveys).values(r)) as [never]);
}

const page = (token: string, json: Record<string, unknown>) => callJson<SurveyPage>("/api/surveyInfo/page", { token, json: { type: MOTOR, ...json } });

describe("workbench list: server-side paging and search", () => {
  it("answers one page of the caller's tree, newest change first, with the total; a page past the end serves the last", async () => {
    const { user, token } = await makeUser();
    const other = await makeUser();
    await seedSurveys(user.id, 45);
    await seedSurveys(other.user.id, 30);
    await seedSurveys(user.id, 7, { type: 2 });

    const first = await page(token, {});
    expect(first.code).toBe(10000);
    expect(first.data).toMatchObject({ total: 45, pageNum: 1, pageSize: SURVEY_PAGE_SIZE });
    expect(first.data.list.map((s) => s.evaluationTitle)).toEqual(Array.from({ length: 20 }, (_, i) => `车间${String(44 - i).padStart(3, "0")}`));
    expect(first.data.list.every((s) => s.typeName === "电机驱动系统" && s.isDelete === 0)).toBe(true);

    const third = await page(token, { pageNum: 3 });
    expect(third.data.list.map((s) => s.evaluationTitle)).toEqual(["车间004", "车间003", "车间002", "车间001", "车间000"]);
    // Every row once over the three pages, none of the other user's or the other card's.
    const second = await page(token, { pageNum: 2 });
    const ids = [...first.data.list, ...second.data.list, ...third.data.list].map((s) => s.id);
    expect(new Set(ids).size).toBe(45);

    const past = await page(token, { pageNum: 9 });
    expect(past.data).toMatchObject({ pageNum: 3, total: 45 });
    expect(past.data.list).toHaveLength(5);

    const small = await page(token, { pageNum: 2, pageSize: 7 });
    expect(small.data.list.map((s) => s.evaluationTitle)).toEqual(["车间037", "车间036", "车间035", "车间034", "车间033", "车间032", "车间031"]);
  });

  it("searches titles on the server (a literal %, not a wildcard) and pages the matches", async () => {
    const { user, token } = await makeUser();
    await seedSurveys(user.id, 30, { title: (i) => (i % 3 === 0 ? `空压站${i}` : `水泵房${i}`) });
    await seedSurveys(user.id, 1, { title: () => "100%负荷" });
    const found = await page(token, { condition: "空压", pageSize: 4 });
    expect(found.data.total).toBe(10);
    expect(found.data.list.map((s) => s.evaluationTitle)).toEqual(["空压站27", "空压站24", "空压站21", "空压站18"]);
    const last = await page(token, { condition: " 空压 ", pageSize: 4, pageNum: 3 });
    expect(last.data.list.map((s) => s.evaluationTitle)).toEqual(["空压站3", "空压站0"]);
    expect((await page(token, { condition: "%" })).data.list.map((s) => s.evaluationTitle)).toEqual(["100%负荷"]);
    expect((await page(token, { condition: "锅炉" })).data).toMatchObject({ total: 0, list: [] });
  });

  it("pages the recycle bin by deletion time", async () => {
    const { user, token } = await makeUser();
    await seedSurveys(user.id, 25, { trash: true });
    await seedSurveys(user.id, 3);
    const bin = await page(token, { isDelete: 1, pageSize: 10 });
    expect(bin.data.total).toBe(25);
    // deletedAt runs the other way from updatedAt: the first seeded row was deleted last.
    expect(bin.data.list.slice(0, 3).map((s) => s.evaluationTitle)).toEqual(["车间000", "车间001", "车间002"]);
    expect(bin.data.list.every((s) => s.isDelete === 1)).toBe(true);
  });

  it("refuses a page size past the limit and a page without a card, in Chinese", async () => {
    const { token } = await makeUser();
    expect(await page(token, { pageSize: 101 })).toMatchObject({ code: 10002, msg: "每页最多100条" });
    expect(await callJson("/api/surveyInfo/page", { token, json: {} })).toMatchObject({ code: 10002, msg: "请选择评估类型" });
    expect((await callJson("/api/surveyInfo/page", { json: { type: MOTOR } })).code).toBe(401);
  });

  it("keeps the spec's array call (/list) bounded", async () => {
    const { user, token } = await makeUser();
    await seedSurveys(user.id, SURVEY_LIST_MAX + 20);
    const list = await callJson<SurveyListItem[]>("/api/surveyInfo/list", { token, json: { type: MOTOR } });
    expect(list.data).toHaveLength(SURVEY_LIST_MAX);
    expect(list.data[0]!.evaluationTitle).toBe(`车间${SURVEY_LIST_MAX + 19}`);
  });

  it("清空回收站 empties the caller's whole bin of the card, longer than a page or a chunk, and nothing else", async () => {
    const { user, token } = await makeUser();
    const other = await makeUser();
    await seedSurveys(user.id, 130, { trash: true });
    await seedSurveys(user.id, 4, { trash: true, type: 2 });
    await seedSurveys(user.id, 6);
    await seedSurveys(other.user.id, 5, { trash: true });
    expect(await callJson("/api/surveyInfo/trash/empty", { token, json: { type: MOTOR } })).toMatchObject({ code: 10000, msg: "彻底删除成功" });
    expect((await page(token, { isDelete: 1 })).data.total).toBe(0);
    expect((await page(token, {})).data.total).toBe(6);
    expect((await page(token, { type: 2, isDelete: 1 })).data.total).toBe(4);
    expect((await page(other.token, { isDelete: 1 })).data.total).toBe(5);
  });
});
