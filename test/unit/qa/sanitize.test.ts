import { describe, expect, it } from "vitest";
import { excerpt, htmlToText, isEmptyAnswer, normaliseForDuplicate, sanitizeAnswerHtml } from "../../../workers/services/qa/sanitize";
import { hotScore, HOT_TIME_UNIT_MS } from "../../../workers/services/qa/hot";
import { imageTypeOf } from "../../../workers/lib/image-type";

describe("sanitizeAnswerHtml", () => {
  it("keeps editor formatting and forces safe links", () => {
    expect(sanitizeAnswerHtml('<p><a href="https://a.cn" target="_self">x</a></p>')).toBe(
      '<p><a href="https://a.cn" target="_blank" rel="nofollow ugc noopener noreferrer">x</a></p>',
    );
    expect(sanitizeAnswerHtml('<a href="javascript:alert(1)">x</a><svg onload=alert(1)>')).toBe("<a>x</a>");
    expect(sanitizeAnswerHtml("<h1>t</h1><script>x</script>")).toBe("t");
  });
});

describe("text helpers", () => {
  it("plain text, empty detection, excerpt and duplicate normalisation", () => {
    expect(htmlToText("<p>a&nbsp;&amp;&lt;b&gt;</p><p>c<br>d</p>")).toBe("a &<b>\nc\nd");
    expect(isEmptyAnswer("<p><br></p><p> </p>")).toBe(true);
    expect(isEmptyAnswer('<p><img src="/files/qa/x.png"></p>')).toBe(false);
    expect(excerpt("字".repeat(200))).toHaveLength(151);
    expect(normaliseForDuplicate("节能， 灯！")).toBe(normaliseForDuplicate("节能灯"));
  });
});

describe("hot score", () => {
  it("ten times the engagement is worth one time unit of age", () => {
    const old = hotScore({ viewCount: 99, answerCount: 0, praiseCount: 0, createdAt: 0 });
    const fresh = hotScore({ viewCount: 9, answerCount: 0, praiseCount: 0, createdAt: HOT_TIME_UNIT_MS });
    expect(old).toBeCloseTo(fresh, 10);
    expect(hotScore({ viewCount: 0, answerCount: 1, praiseCount: 0, createdAt: 0 })).toBeGreaterThan(hotScore({ viewCount: 9, answerCount: 0, praiseCount: 0, createdAt: 0 }));
  });
});

describe("picture magic bytes", () => {
  it("detects jpg, png, gif and nothing else", () => {
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe("jpg");
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(imageTypeOf(new TextEncoder().encode("GIF87a"))).toBe("gif");
    expect(imageTypeOf(new TextEncoder().encode("<svg>"))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("RIFF....WEBP"))).toBeNull();
  });
});
