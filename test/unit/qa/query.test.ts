import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cutRun, dictionary, highlightWords, matchExpression, minShouldMatch, queryTerms, queryWords } from "../../../workers/services/qa/query";
import { SEED_SYNONYMS } from "../../../db/seed/qa/synonyms";
import { synonymWords } from "../../../workers/services/qa/synonyms";

const groups = SEED_SYNONYMS.map(synonymWords);
const dict = dictionary(groups);
const words = (q: string) => queryTerms(q, groups, dict).map((t) => t.text);

describe("query words", () => {
  it("cuts domain words by the dictionary and the rest by ICU, dropping question words and particles", () => {
    expect(words("空压机漏气怎么检测")).toEqual(["空压机", "漏气", "检测"]);
    expect(words("变频器节能改造")).toEqual(["变频器", "节能", "改造"]);
    expect(words("如何降低电费")).toEqual(["降低", "电费"]);
    expect(words("中央空调节能")).toEqual(["中央空调", "节能"]);
    expect(words("冷凝水要不要回收")).toEqual(["冷凝水", "回收"]);
    expect(words("如何注销账号")).toEqual(["注销账号"]); // a synonym-list word (注销 = 销户 = 注销账号)
    expect(words("VFD是什么")).toEqual(["vfd"]);
  });

  it("glues characters ICU cannot place into one word and drops lone characters between words", () => {
    expect(cutRun("溴化锂机组", dict).join("|")).toContain("溴化锂");
    expect(words("压缩空气泄漏率怎么测")).toEqual(["压缩空气", "泄漏率"]);
  });

  it("keeps the words when a query is nothing but question words", () => {
    expect(queryWords("如何", dict).map((w) => w.text)).toEqual(["如何"]);
  });
});

describe("synonyms and the match expression", () => {
  it("each word matches itself or a synonym, as the phrase of its bigrams", () => {
    const terms = queryTerms("空压机漏气", groups, dict);
    expect(terms[0].alternatives).toEqual(expect.arrayContaining(["空压机", "压缩空气", "空气压缩机"]));
    expect(terms[1].alternatives).toEqual(expect.arrayContaining(["漏气", "泄漏"]));
    const expr = matchExpression(terms)!;
    expect(expr).toContain('"空压 压机"');
    expect(expr).toContain('"压缩 缩空 空气"');
    expect(expr).toContain('"泄漏"');
    expect(expr.split(" AND ")).toHaveLength(2);
  });

  it("minimum should match: all of one or two words, all but a third beyond", () => {
    expect([1, 2, 3, 4, 5, 6].map(minShouldMatch)).toEqual([1, 2, 2, 3, 4, 4]);
    const expr = matchExpression(queryTerms("锅炉 排烟 温度 高", [], dictionary([])), 2)!;
    expect(expr.split(" OR ").length).toBe(3); // 3 words → pairs
  });

  it("a synonym of an earlier word adds nothing; ASCII words match whole", () => {
    expect(words("空压机 压缩空气")).toEqual(["空压机"]);
    expect(matchExpression(queryTerms("EMC", groups, dict))).toContain('"合同 同能 能源 源管 管理"');
  });

  it("leaves out an alternative that contains another (it matches nothing more and costs a phrase)", () => {
    const terms = queryTerms("变频", [["变频", "变频器", "VFD", "变频调速"], ["风机", "鼓风机", "引风机"]], dictionary([]));
    expect(terms[0].alternatives).toEqual(expect.arrayContaining(["变频器", "变频调速"]));
    expect(matchExpression(terms)).toBe('("变频" OR "vfd")');
    expect(matchExpression(queryTerms("鼓风机", [["风机", "鼓风机", "引风机"]], dictionary([])))).toBe('"风机"');
    // Equal alternatives (the same word twice after normalising) are kept once.
    expect(matchExpression(queryTerms("VFD", [["VFD", "ｖｆｄ", "变频"]], dictionary([])))).toBe('("vfd" OR "变频")');
  });

  it("highlights every alternative", () => {
    expect(highlightWords(queryTerms("漏气", groups, dict))).toEqual(expect.arrayContaining(["漏气", "泄漏"]));
  });

  it("never lets user text reach FTS syntax", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const expr = matchExpression(queryTerms(s, groups, dict));
        if (expr === null) return;
        // Only quoted tokens, AND/OR, parentheses and the prefix star outside quotes.
        const outside = expr.replace(/"[^"]*"/g, "");
        expect(outside).toMatch(/^[\s()*ANDOR]*$/);
        for (const q of expr.match(/"[^"]*"/g) ?? []) expect(q.slice(1, -1)).not.toMatch(/["*():^]/);
      }),
    );
  });
});
