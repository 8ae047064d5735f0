// The minimum-should-match MATCH expression (workers/services/qa/query.ts matchExpression, decision 024): "at least
// k of n terms", each term named as few times as the rule allows (FTS5 walks a phrase's postings for every time it
// is named). Checked by evaluating the expression as boolean logic over every assignment of the terms.
import { describe, expect, it } from "vitest";
import { dictionary, matchExpression, minShouldMatch, queryTerms } from "../../../workers/services/qa/query";

const WORDS = ["wa", "wb", "wc", "wd", "we", "wf", "wg", "wh"];
const termsOf = (n: number) => queryTerms(WORDS.slice(0, n).join(" "), [], dictionary([]));

/** The expression as JS boolean logic over the terms' truth values (it holds only quoted words, AND, OR, parentheses). */
function holds(expr: string, truth: Record<string, boolean>): boolean {
  const js = expr.replace(/"(w[a-h])"/g, (_, w: string) => String(truth[w])).replace(/ AND /g, " && ").replace(/ OR /g, " || ");
  expect(js).toMatch(/^[\s()&|truefals]*$/);
  return new Function(`return ${js};`)() as boolean;
}

describe("matchExpression: at least k of n terms", () => {
  it("is true exactly when at least k of the n terms are held, for every n ≤ 8, k ≤ n and assignment", () => {
    for (let n = 1; n <= WORDS.length; n++) {
      const terms = termsOf(n);
      expect(terms).toHaveLength(n);
      for (let k = 1; k <= n; k++) {
        const expr = matchExpression(terms, k)!;
        for (let mask = 0; mask < 1 << n; mask++) {
          const truth = Object.fromEntries(WORDS.slice(0, n).map((w, i) => [w, (mask >> i) % 2 === 1]));
          const held = Object.values(truth).filter(Boolean).length;
          expect(holds(expr, truth), `${n} terms, k=${k}, mask ${mask}: ${expr}`).toBe(held >= k);
        }
      }
    }
  });

  it("names the terms about half as often as the OR of every k-subset (the first term once)", () => {
    const names = (expr: string, w: string) => expr.split(`"${w}"`).length - 1;
    // 8 words, 6 needed: every k-subset would name each word C(7, 5) = 21 times (168 phrases in all).
    const expr = matchExpression(termsOf(8), minShouldMatch(8))!;
    expect(names(expr, "wa")).toBe(1);
    const total = WORDS.reduce((s, w) => s + names(expr, w), 0);
    expect(total).toBe(83);
    // 3 words, 2 needed: (a AND (b OR c)) OR (b AND c): five phrases instead of six.
    expect(matchExpression(termsOf(3), 2)).toBe('(("wa" AND ("wb" OR "wc")) OR ("wb" AND "wc"))');
  });
});
