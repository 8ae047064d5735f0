// Report tests: complete answers for every enabled card (the engines' unit-test fixtures, which pass the
// cards' required questions and plausibility checks), a filled survey through the workbench API, and the
// report fonts copied into the test bucket from the Node-side REPORT_FONTS service (vitest.config.ts).
import { env } from "cloudflare:test";
import { callJson } from "./api";
import { electricityAnswers, motorAnswers, stenterAnswers, type AnswerMap } from "../unit/engines/answers-fixtures";
import { fill, newSurvey } from "../api/workbench.helpers";
import { REPORT_FONT_KEYS } from "../../workers/reports/fonts";
/** The cards these fixtures fill (the answer fixtures of test/unit/engines/answers-fixtures.ts). */
export type ReportCard = "motor" | "stenter" | "electricity";

export const CARD_TYPE_IDS: Record<ReportCard, number> = { motor: 1, stenter: 2, electricity: 3 };

export function answersFor(card: ReportCard): AnswerMap {
  return card === "motor" ? motorAnswers() : card === "stenter" ? stenterAnswers() : electricityAnswers();
}

/** A new survey of the card, filled with complete answers; returns its id. */
export async function filledSurvey(token: string, card: ReportCard, answers: AnswerMap = answersFor(card)): Promise<number> {
  const id = await newSurvey(token, CARD_TYPE_IDS[card]);
  await fill(token, id, answers);
  await callJson("/api/surveyInfo/title/save", { token, json: { id, title: `${card}测试报告` } });
  return id;
}

export async function putReportFonts() {
  const source = (env as unknown as { REPORT_FONTS: Fetcher }).REPORT_FONTS;
  for (const key of Object.values(REPORT_FONT_KEYS)) {
    const name = key.slice("fonts/".length);
    const res = await source.fetch(`http://fonts/${name}`);
    if (!res.ok) throw new Error(`font ${name}: ${res.status}`);
    await env.FILES.put(key, await res.arrayBuffer());
  }
}

export async function removeReportFonts() {
  await env.FILES.delete(Object.values(REPORT_FONT_KEYS));
}

/** Poll the survey until its report status leaves 0/2 (the real queue consumer runs in the pool). */
export async function waitForReport(token: string, id: number, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    const body = await callJson<{ disposeStatus: number; fileUrl: string | null; failReason: string | null }>("/api/surveyInfo/queryPdf", { token, json: { id } });
    if (body.data && body.data.disposeStatus !== 0 && body.data.disposeStatus !== 2) return body.data;
    if (Date.now() - start > timeoutMs) throw new Error(`report for survey ${id} still ${body.data?.disposeStatus} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
