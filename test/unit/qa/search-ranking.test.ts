// What the search's per-field evidence asks of a field (query.ts fieldHolds; the rule itself runs in SQL, tested in
// test/api/qa-search-evidence.test.ts) and its count text: pure parts, checked on index text built by the real
// tokeniser.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dictionary, fieldHolds, queryTerms } from "../../../workers/services/qa/query";
import { indexText } from "../../../workers/services/qa/search-tokens";
import { searchCountText } from "../../../workers/contract/qa-constants";
import { SEED_SYNONYMS } from "../../../db/seed/qa/synonyms";
import { synonymWords } from "../../../workers/services/qa/synonyms";

const groups = SEED_SYNONYMS.map(synonymWords);
const dict = dictionary(groups);
const terms = (q: string) => queryTerms(q, groups, dict);

describe("fieldHolds", () => {
  it("finds a word or a synonym as consecutive tokens, never across a gap", () => {
    const [leak] = terms("漏气");
    expect(fieldHolds(indexText("压缩空气泄漏率怎么测？"), leak)).toBe(true); // 漏气 = 泄漏
    expect(fieldHolds(indexText("漏了一点气"), leak)).toBe(false);
    const [vfd] = terms("VFD");
    expect(fieldHolds(indexText("VFD 和软启动器有什么区别？"), vfd)).toBe(true);
    expect(fieldHolds(indexText("改变频能省多少电"), vfd)).toBe(true); // VFD = 变频
    expect(fieldHolds("", vfd)).toBe(false);
  });

  it("agrees with a substring test on the raw text for any CJK word and text (no synonyms)", () => {
    const han = fc.constantFrom(..."节能电机空压风水泵变频器改造回收期");
    fc.assert(
      fc.property(fc.array(han, { minLength: 2, maxLength: 4 }), fc.array(han, { minLength: 0, maxLength: 30 }), (w, t) => {
        const word = w.join("");
        const text = t.join("");
        const [term] = queryTerms(word, [], dictionary([]));
        if (!term || term.text !== word) return; // the cutter split it: not this property's case
        expect(fieldHolds(indexText(text), term)).toBe(text.includes(word));
      }),
    );
  });
});

describe("searchCountText", () => {
  it("groups digits and says + when the count is capped", () => {
    expect(searchCountText(10_000, true)).toBe("10,000+");
    expect(searchCountText(1_234, false)).toBe("1,234");
    expect(searchCountText(7, false)).toBe("7");
    expect(searchCountText(0, false)).toBe("0");
  });
});
