// Helpers for the workbench API tests: create surveys, find questions by key, fill answers.
import { expect } from "vitest";
import { call, callJson, makeUser } from "../support/api";
import type { MoldView, QuestionView, SurveyInfo } from "../../workers/contract/workbench";

export { call, callJson, makeUser };

export const MOTOR = 1;

export async function newSurvey(token: string, type = MOTOR): Promise<number> {
  const body = await callJson<{ id: number }>("/api/surveyInfo/addInfo", { token, json: { type } });
  expect(body).toMatchObject({ code: 10000, msg: "创建成功" });
  return body.data.id;
}

export async function info(token: string, id: number) {
  return callJson<SurveyInfo>("/api/surveyInfo/info", { token, json: { id } });
}

export function molds(s: SurveyInfo): MoldView[] {
  return s.pageList.flatMap((p) => [...p.input, ...p.select, ...p.image]);
}

export function questions(s: SurveyInfo): Map<string, QuestionView & { moldId: number }> {
  const out = new Map<string, QuestionView & { moldId: number }>();
  for (const m of molds(s)) for (const g of m.groups) for (const q of g.questions) out.set(q.key, { ...q, moldId: m.id });
  return out;
}

export function moldOf(s: SurveyInfo, key: string): MoldView {
  const m = molds(s).find((x) => x.key === key);
  if (!m) throw new Error(`no mold ${key}`);
  return m;
}

/** Save one answer by question key; select answers take the option key. */
export async function saveByKey(token: string, s: SurveyInfo, key: string, value: string, indexNo = 0) {
  const q = questions(s).get(key);
  if (!q) throw new Error(`no question ${key}`);
  const json: Record<string, unknown> = { id: s.id, answerId: q.id, indexNo };
  if (q.questionType === "select") {
    const option = q.optionList.find((o) => o.key === value);
    json.answerOptionId = value === "" ? null : option?.id;
    if (value !== "" && !option) throw new Error(`no option ${value} for ${key}`);
  } else json.optionContent = value;
  return callJson<{ id: number; disposeStatus: number }>("/api/surveyInfo/answer/save", { token, json });
}

/** Fill a whole answer map (Record<key, string[]>), adding repeats as needed. */
export async function fill(token: string, surveyId: number, answers: Record<string, string[]>) {
  let s = (await info(token, surveyId)).data;
  const qs = questions(s);
  const needed = new Map<number, number>();
  for (const [key, values] of Object.entries(answers)) {
    const q = qs.get(key);
    if (!q) continue;
    needed.set(q.moldId, Math.max(needed.get(q.moldId) ?? 1, values.length));
  }
  for (const [moldId, size] of needed) {
    const current = molds(s).find((m) => m.id === moldId)!.size;
    for (let i = current; i < size; i++) {
      const r = await callJson("/api/surveyInfo/addMode", { token, json: { surveyId, moldId } });
      expect(r.code).toBe(10000);
    }
  }
  s = (await info(token, surveyId)).data;
  const jobs: [string, string, number][] = [];
  for (const [key, values] of Object.entries(answers)) {
    if (!qs.has(key)) continue;
    values.forEach((v, i) => v !== "" && jobs.push([key, v, i]));
  }
  // Different fields save independently (as the form does), a few at a time.
  for (let k = 0; k < jobs.length; k += 8) {
    await Promise.all(
      jobs.slice(k, k + 8).map(async ([key, v, i]) => {
        const r = await saveByKey(token, s, key, v, i);
        expect(r.code, `${key}[${i}] ${r.msg}`).toBe(10000);
      }),
    );
  }
  return (await info(token, surveyId)).data;
}

/** A tiny valid PNG (1×1) and a JPEG header. */
export const PNG_1x1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export function upload(token: string, fields: Record<string, string | number>, bytes: Uint8Array<ArrayBuffer>, name = "a.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  return call("/api/surveyInfo/answer/addImage", { method: "POST", token, body: form }).then(async (r) => (await r.json()) as { code: number; msg: string; data: { answerPicId: string; key: string } });
}
