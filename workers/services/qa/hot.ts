// Hot-list score (docs/qa.md "Hot list"): engagement on a log scale plus recency, so newer questions rise
// without any periodic recomputation. One order of magnitude of engagement is worth HOT_TIME_UNIT_MS of age. Pure.

export const HOT_WEIGHTS = { view: 1, answer: 10, praise: 5 } as const;
/** Three days: a question needs 10x the engagement to outrank one asked three days later. */
export const HOT_TIME_UNIT_MS = 3 * 24 * 60 * 60 * 1000;

export function hotScore(input: { viewCount: number; answerCount: number; praiseCount: number; createdAt: number }): number {
  const engagement =
    HOT_WEIGHTS.view * input.viewCount + HOT_WEIGHTS.answer * input.answerCount + HOT_WEIGHTS.praise * input.praiseCount;
  return Math.log10(1 + Math.max(0, engagement)) + input.createdAt / HOT_TIME_UNIT_MS;
}
