import { describe, expect, it } from "vitest";
import { bigrams, indexText, indexTokens, segments } from "../../../workers/services/qa/search-tokens";
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

describe("query words on the index", () => {
  it("every query token sequence of a text is found in its own index text (recall)", () => {
    const text = "空压机余热回收用于锅炉补水预热，节能效果明显";
    const index = ` ${indexText(text)} `;
    for (const q of ["空压机", "余热回收", "锅炉", "节能", "预热"]) {
      expect(index).toContain(` ${bigrams(q).join(" ")} `);
    }
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
