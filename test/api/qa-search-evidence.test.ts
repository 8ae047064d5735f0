// The search's evidence rule (search.ts evidenceSql, decisions 024 and 176) run by D1's SQLite on index text built by
// the real tokeniser: each word counts once, by the best field holding it (title > best answers > description).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { getDb } from "../../workers/lib/db";
import { dictionary, fieldHolds, queryTerms } from "../../workers/services/qa/query";
import { indexText } from "../../workers/services/qa/search-tokens";
import { evidenceSql, FIELD_WEIGHT } from "../../workers/services/qa/search";
import { SEED_SYNONYMS } from "../../db/seed/qa/synonyms";
import { synonymWords } from "../../workers/services/qa/synonyms";

const groups = SEED_SYNONYMS.map(synonymWords);
const dict = dictionary(groups);
const terms = (q: string) => queryTerms(q, groups, dict);

/** The rule evaluated by SQLite on one candidate's fields (raw text, tokenised as the index stores it). */
async function evidence(q: string, title: string, body = "", answers = "") {
  const ev = evidenceSql(terms(q), { title: "d.title", answers: "d.answers", body: "d.body" });
  const db = getDb(env.DB);
  const [row] = await db.all<{ score: number; held: number }>(
    sql`SELECT ${ev.score} AS score, ${ev.held} AS held FROM (SELECT ${indexText(title)} AS title, ${indexText(body)} AS body, ${indexText(answers)} AS answers) d`,
  );
  return row;
}

describe("evidenceSql", () => {
  it("counts each word once, by the best field holding it: title > answers > description", async () => {
    const q = "照明人体感应控制"; // 照明, 人体感应, 控制
    expect(await evidence(q, "办公楼照明用智能控制能再省多少？", "想再加人体感应和日光控制。", "走廊用人体感应，节电可达 50%。")).toEqual({
      score: 2 * FIELD_WEIGHT.title + FIELD_WEIGHT.answers,
      held: 3,
    });
    expect(await evidence(q, "照明系统包装多少钱（控制柜）", "我们车间的照明系统，以前了解过节能改造。")).toEqual({ score: 2 * FIELD_WEIGHT.title, held: 2 });
    // A word only the asker mentions counts least.
    expect((await evidence("空压机压力", "空压机", "压力")).score).toBe(FIELD_WEIGHT.title + FIELD_WEIGHT.body);
    // Synonyms count (漏气 = 泄漏), a gap between the characters does not; nothing held scores 0.
    expect(await evidence("漏气", "压缩空气泄漏率怎么测？")).toEqual({ score: FIELD_WEIGHT.title, held: 1 });
    expect(await evidence("漏气", "漏了一点气")).toEqual({ score: 0, held: 0 });
  });

  it("agrees with fieldHolds on every field for a set of queries and texts", async () => {
    const texts = ["空压机漏气怎么检测", "压缩空气泄漏率怎么测？", "变频器节能改造", "换热器节能改造", "峰谷分时电价下怎么调整生产班次", "VFD 和软启动器", "it's a 'quoted' text"];
    for (const q of ["空压机漏气", "变频器节能", "峰谷电价排班", "VFD", "quoted"]) {
      for (const title of texts) {
        for (const body of texts) {
          const ts = terms(q);
          const want = ts.reduce((s, t) => s + (fieldHolds(indexText(title), t) ? FIELD_WEIGHT.title : fieldHolds(indexText(body), t) ? FIELD_WEIGHT.body : 0), 0);
          expect((await evidence(q, title, body)).score, `${q} / ${title} / ${body}`).toBe(want);
        }
      }
    }
  });
});
