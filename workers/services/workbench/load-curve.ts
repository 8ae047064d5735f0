// The electricity card's interval load data lives outside the survey answers (35,040 rows a year arrive
// through the spreadsheet import). The import stores it in R2 as JSON at loadCurveKey(surveyId); the report
// job passes it to the engine next to the answers. No object: the report is built from the bills alone.
import type { LoadCurveExtra } from "../../cards/kit/card";

export const loadCurveKey = (surveyId: number) => `load-curves/${surveyId}.json`;

export async function readLoadCurve({ env, surveyId }: { env: Env; surveyId: number }): Promise<LoadCurveExtra | undefined> {
  const object = await env.FILES.get(loadCurveKey(surveyId));
  if (!object) return undefined;
  const data = (await object.json()) as { kw?: unknown; intervalMinutes?: unknown; startDate?: unknown };
  if (!Array.isArray(data.kw)) return undefined;
  const extra: LoadCurveExtra = { loadCurveKw: data.kw as number[] };
  if (data.intervalMinutes === 15 || data.intervalMinutes === 60) extra.intervalMinutes = data.intervalMinutes;
  if (typeof data.startDate === "string") extra.startDate = data.startDate;
  return extra;
}
