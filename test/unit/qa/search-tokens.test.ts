import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  anyMatchExpression,
  anyTokenExpression,
  bigrams,
  characterCoverage,
  closeEnough,
  enoughOverlap,
  indexText,
  indexTokens,
  matchExpression,
  overlap,
  queryTerms,
  queryTokens,
  segments,
} from "../../../workers/services/qa/search-tokens";
import { highlight } from "../../../workers/services/qa/highlight";

describe("segments", () => {
  it("splits CJK runs, words and separators; normalises full width and case", () => {
    expect(segments("空压机VFD改造，节能10%")).toEqual([
      { kind: "cjk", text: "空压机" },
      { kind: "word", text: "vfd" },
      { kind: "cjk", text: "改造" },
      { kind: "cjk", text: "节能" },
      { kind: "word", text: "10" },
    ]);
    expect(segments("ＩＥ４电机")).toEqual([{ kind: "word", text: "ie4" }, { kind: "cjk", text: "电机" }]);
    expect(segments("  ！？。 ")).toEqual([]);
    // Punctuation and symbols inside the kana block separate like any other punctuation (fast-check found ゠).
    expect(segments("゠・゛")).toEqual([]);
    expect(segments("電気・ガス")).toEqual([
      { kind: "cjk", text: "電気" },
      { kind: "cjk", text: "ガス" },
    ]);
  });
});

describe("index tokens", () => {
  it("bigrams plus the last character of each CJK run; ASCII words whole", () => {
    expect(bigrams("空压机")).toEqual(["空压", "压机"]);
    expect(indexTokens("空压机")).toEqual(["空压", "压机", "机"]);
    expect(indexTokens("电")).toEqual(["电"]);
    expect(indexTokens("GB18613-2020 电机能效")).toEqual(["gb18613", "2020", "电机", "机能", "能效", "效"]);
    expect(indexText("余热回收")).toBe("余热 热回 回收 收");
  });

  it("handles characters outside the BMP as single characters", () => {
    expect(indexTokens("𠀀𠀁")).toEqual(["𠀀𠀁", "𠀁"]);
  });
});

describe("match expressions", () => {
  it("every bigram ANDed for 2+ characters, prefix for one, words quoted", () => {
    expect(matchExpression("电机")).toBe('"电机"');
    expect(matchExpression("空压机")).toBe('"空压" AND "压机"');
    expect(matchExpression("余热回收")).toBe('"余热" AND "热回" AND "回收"');
    expect(matchExpression("碳")).toBe('"碳"*');
    expect(matchExpression("VFD 节能")).toBe('"vfd" AND "节能"');
    expect(matchExpression("电机电机")).toBe('"电机" AND "机电"');
    expect(matchExpression("！？")).toBeNull();
  });

  it("cuts question words and particles out before bigramming, and keeps them when nothing else is left", () => {
    expect(queryTerms("如何降低电费")).toEqual(["降低", "低电", "电费"]);
    expect(queryTerms("电费太高了怎么办")).toEqual(["电费", "费太", "太高"]);
    expect(queryTerms("变频器的节能改造")).toEqual(["变频", "频器", "节能", "能改", "改造"]);
    expect(queryTerms("峰谷电价是什么？")).toEqual(["峰谷", "谷电", "电价"]);
    expect(queryTerms("如何")).toEqual(["如何"]);
    expect(matchExpression("电的")).toBe('"电"*');
  });

  it("the fallback pass: an OR over the tokens, kept when at least half of them occur", () => {
    expect(anyMatchExpression("变频器节能改造")).toBe('"变频" OR "频器" OR "器节" OR "节能" OR "能改" OR "改造"');
    expect(anyMatchExpression("电机")).toBeNull(); // one token: the AND pass already said everything
    const toks = queryTokens("变频器节能改造");
    const doc = indexTokens("变频器的节能改造案例");
    expect(overlap(toks, doc)).toBe(5); // 器节 bridges two words and is absent
    expect(enoughOverlap(overlap(toks, doc), toks.length)).toBe(true);
    expect(enoughOverlap(overlap(toks, indexTokens("变频器选型")), toks.length)).toBe(false);
    expect(overlap(queryTokens("碳"), indexTokens("低碳工厂"))).toBe(1); // prefix token
  });

  it("the fallback counts characters too: a bridging bigram (低电 of 降低电费) does not hold a 电费 question out", () => {
    const toks = queryTokens("如何降低电费");
    const doc = indexTokens("峰谷分时电价下，怎么调整生产班次最省电费？");
    expect(enoughOverlap(overlap(toks, doc), toks.length)).toBe(false); // 1 of 3 tokens
    expect(characterCoverage(toks, doc)).toBe(0.5); // 电费: 2 of 降低电费's 4 characters
    expect(closeEnough(toks, doc)).toBe(true);
    // Still too little: 变频器 is 3 of 变频器节能改造's 7 characters; a lone 电 of a prefix query covers nothing else.
    expect(closeEnough(queryTokens("变频器节能改造"), indexTokens("变频器选型"))).toBe(false);
    expect(closeEnough(queryTokens("如何降低电费"), indexTokens("电机节能"))).toBe(false);
    expect(characterCoverage([], indexTokens("电费"))).toBe(0);
  });

  it("never lets FTS syntax through: output only holds quoted tokens of letters and digits", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (s) => {
        const m = matchExpression(s);
        if (m === null) return;
        expect(m).toMatch(/^("[\p{L}\p{N}\p{M} ]+"\*?)( AND "[\p{L}\p{N}\p{M} ]+"\*?)*$/u);
        const any = anyMatchExpression(s);
        if (any !== null) expect(any).toMatch(/^("[\p{L}\p{N}\p{M}]+"\*?)( OR "[\p{L}\p{N}\p{M}]+"\*?)+$/u);
      }),
    );
  });

  it("every query token sequence of a text is found in its own index text (recall)", () => {
    const text = "空压机余热回收用于锅炉补水预热，节能效果明显";
    const index = ` ${indexText(text)} `;
    for (const q of ["空压机", "余热回收", "锅炉", "节能", "预热"]) {
      expect(index).toContain(` ${bigrams(q).join(" ")} `);
    }
  });

  it("similar-question OR expression over distinct bigrams", () => {
    expect(anyTokenExpression("电机电机")).toBe('"电机" OR "机电"');
    expect(anyTokenExpression("a")).toBeNull();
  });
});

describe("highlight", () => {
  it("wraps matches in <em> and escapes everything else", () => {
    expect(highlight("空压机<b>节能</b>", "节能")).toBe("空压机&lt;b&gt;<em>节能</em>&lt;/b&gt;");
    expect(highlight("VFD 改造", "vfd")).toBe("<em>VFD</em> 改造");
    expect(highlight("ＶＦＤ改造", "vfd")).toBe("<em>ＶＦＤ</em>改造");
    expect(highlight("电机电机", "电机")).toBe("<em>电机电机</em>");
    expect(highlight("a & b", "")).toBe("a &amp; b");
  });
});
