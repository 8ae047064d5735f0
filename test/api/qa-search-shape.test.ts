// One D1 round trip per search page (docs/decisions/024 "One round trip"): the statements that find the candidates
// also read what the list shows of them (search-shape.ts), and the page's newest matches come in the same batch.
// Checked against the plain reads: the shaped list equals the list read row by row, the newest-in-first-trip page
// equals the page of the two-step path, and a search page costs one round trip (counted on the D1 binding).
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { callJson, makeUser } from "../support/api";
import { getDb, inJsonList } from "../../workers/lib/db";
import { qaQuestions } from "../../db/schema";
import { EXCERPT_LENGTH, type QuestionPage } from "../../workers/contract/qa";
import { listItems, pageQuery } from "../../workers/services/qa/questions";
import { searchQuestions } from "../../workers/services/qa/search";
import { EXCERPT_SOURCE_CHARS, excerptFits } from "../../workers/services/qa/search-shape";
import { excerpt } from "../../workers/services/qa/sanitize";

const DAY = 86_400_000;
/** A made-up word no seeded question holds, so its page is exactly the questions below. */
const WORD = "zqshape";
const post = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });

/** A D1 binding that counts round trips (a statement alone or a batch), passed through to the real one. */
function countingD1(real: D1Database) {
  const trips: string[] = [];
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        if (key === "__real") return target;
        if (key === "bind") return (...p: unknown[]) => wrap(target.bind(...p));
        if (key === "all" || key === "raw" || key === "run" || key === "first") {
          return (...a: unknown[]) => {
            trips.push(String(key));
            return (target[key] as (...x: unknown[]) => unknown).apply(target, a);
          };
        }
        const v = Reflect.get(target, key);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
  const d1 = {
    prepare: (q: string) => wrap(real.prepare(q)),
    batch: (list: D1PreparedStatement[]) => {
      trips.push(`batch${list.length}`);
      return real.batch(list.map((s) => (s as unknown as { __real?: D1PreparedStatement }).__real ?? s));
    },
    exec: (q: string) => real.exec(q),
  } as unknown as D1Database;
  return { d1, trips };
}

const QUERIES = [WORD, "电机", "节能", "如何降低电费", "空压机漏气怎么检测", "锅炉排烟温度高", "变频器节能改造", "峰谷电价怎么排班"];

describe("a search page in one round trip", () => {
  const ids: Record<string, number> = {};
  const longAnswer = "开头" + " ".repeat(EXCERPT_SOURCE_CHARS + 100) + "结尾在空白之后";
  const solidAnswer = "答".repeat(EXCERPT_SOURCE_CHARS + 50);

  beforeAll(async () => {
    // One question per user (the posting limit allows one every 30 s).
    const users = await Promise.all(Array.from({ length: 7 }, () => makeUser({ createdAt: Date.now() - 30 * DAY })));
    const ask = async (key: string, title: string, extra: Record<string, unknown> = {}, by = 0) => {
      const res = await post<{ id: number }>("question/add", { questionTitle: title, questionDescription: `关于 ${WORD} 的描述 ${key}`, ...extra }, users[by].token);
      expect(res.code, JSON.stringify(res)).toBe(10000);
      ids[key] = res.data.id;
    };
    await ask("tagged", `${WORD} 空压机带标签的问题`, { tagList: ["电机", "空压机"] });
    await ask("anonymous", `${WORD} 匿名提问的问题`, { isAnonymous: 1 }, 1);
    await ask("spaced", `${WORD} 回答很长且多空白`, {}, 2);
    await ask("solid", `${WORD} 回答很长没有空白`, {}, 3);
    await ask("plain", `${WORD} 没有回答的问题`, {}, 4);
    // The word in the description only: in neither pool, so these come after the ranked head, newest first.
    await ask("bodyOnly", "只在描述里提到的问题", {}, 5);
    await ask("bodyOnlyNewer", "也只在描述里提到", {}, 6);
    const answer = async (key: string, by: number, content: string, isAnonymous = 0) => {
      const res = await post<{ id: number }>("answer/add", { questionId: ids[key], answerContent: `<p>${content}</p>`, isAnonymous }, users[by].token);
      expect(res.code, JSON.stringify(res)).toBe(10000);
      return res.data.id;
    };
    await answer("tagged", 1, "可以做泄漏检测", 1);
    const spaced = await answer("spaced", 3, "占位");
    await answer("solid", 4, solidAnswer);
    // The spaced answer's text as stored (the sanitiser would collapse the spaces): only its end is past the prefix.
    await env.DB.prepare("UPDATE qa_answers SET content_text = ? WHERE id = ?").bind(longAnswer, spaced).run();
  });

  it("lists exactly what the row-by-row reads list (top answer excerpt, authors, anonymity, tags)", async () => {
    const db = getDb(env.DB);
    for (const q of QUERIES) {
      for (const [pageNo, pageSize] of [[1, 10], [2, 10], [1, 5], [3, 20]]) {
        const hits = await searchQuestions({ db, query: q, pageNo, pageSize });
        const shaped = await listItems({ db, rows: hits.rows, query: q });
        const plain = await listItems({ db, rows: hits.rows.map((r) => ({ ...r, shape: null })), query: q });
        expect(shaped, `${q} page ${pageNo}×${pageSize}`).toEqual(plain);
      }
    }
  });

  it("gives each searched row the question's columns as drizzle reads them (the statements are SQL text, decision 179)", async () => {
    const db = getDb(env.DB);
    for (const q of QUERIES) {
      const hits = await searchQuestions({ db, query: q, pageNo: 1, pageSize: 20 });
      expect(hits.rows.length, q).toBeGreaterThan(0);
      const read = await db.select().from(qaQuestions).where(inJsonList(qaQuestions.id, hits.rows.map((r) => r.id)));
      const byId = new Map(read.map((r) => [r.id, r]));
      for (const { shape: _, ...row } of hits.rows) expect(row, `${q} #${row.id}`).toStrictEqual(byId.get(row.id));
    }
  });

  it("shapes the made-up word's page: the long answer's excerpt is the whole text's, tags and anonymity hold", async () => {
    const page = (await post<QuestionPage>("question/pageQuery", { searchContent: WORD, pageNo: 1, pageSize: 10 })).data;
    const item = (key: string) => page.questionList.find((x) => x.id === ids[key])!;
    expect(page.total).toBe(7);
    expect(page.questionList.slice(-2).map((x) => x.id)).toEqual([ids.bodyOnlyNewer, ids.bodyOnly]);
    expect(item("spaced").answerContent).toBe(excerpt(longAnswer));
    expect(item("spaced").answerContent).toContain("结尾在空白之后");
    expect(item("solid").answerContent).toBe("答".repeat(EXCERPT_LENGTH) + "…");
    expect(item("tagged").tags.map((t) => t.tagName).sort()).toEqual(["电机", "空压机"].sort());
    expect(item("tagged").answerPublisherName).toBe("匿名用户");
    expect(item("anonymous").publisherName).toBe("匿名用户");
    expect(item("plain").answerContent).toBe(`关于 ${WORD} 的描述 plain`);
    // The spaced answer's prefix cannot give its excerpt: that row is read again, the others are not.
    const hits = await searchQuestions({ db: getDb(env.DB), query: WORD, pageNo: 1, pageSize: 10 });
    expect(hits.rows.find((r) => r.id === ids.spaced)!.shape).toBeNull();
    expect(hits.rows.filter((r) => r.id !== ids.spaced).every((r) => r.shape)).toBe(true);
  });

  it("reads the newest matches in the first trip with the same page as the two-step path", async () => {
    const db = getDb(env.DB);
    for (const q of QUERIES) {
      for (const [pageNo, pageSize] of [[1, 10], [2, 10], [4, 10], [1, 50]]) {
        const one = await searchQuestions({ db, query: q, pageNo, pageSize });
        const two = await searchQuestions({ db, query: q, pageNo, pageSize, newestInFirstTrip: 0 });
        expect(one.rows.map((r) => r.id), `${q} page ${pageNo}×${pageSize}`).toEqual(two.rows.map((r) => r.id));
        expect(one.total).toBe(two.total);
      }
    }
  });

  it("costs one D1 round trip for a page that finds questions, list included", async () => {
    const { d1, trips } = countingD1(env.DB);
    const db = getDb(d1);
    await pageQuery({ db, searchContent: "电机", pageNo: 1, pageSize: 10 }); // the synonym list, read once per isolate
    for (const q of [WORD, "电机", "如何降低电费", "锅炉排烟温度高", "空压机漏气怎么检测"]) {
      trips.length = 0;
      const page = await pageQuery({ db, searchContent: q, pageNo: 1, pageSize: 10 });
      expect(page.questionList.length, q).toBeGreaterThan(0);
      // The made-up word's page holds the spaced answer, read again for its excerpt: one more.
      expect(trips, q).toEqual(q === WORD ? ["batch2", "batch3"] : ["batch2"]);
    }
  });

  it("costs two round trips for a page found by the relaxed pass: the probes and the relaxed page in one batch", async () => {
    const { d1, trips } = countingD1(env.DB);
    const db = getDb(d1);
    await pageQuery({ db, searchContent: "电机", pageNo: 1, pageSize: 10 });
    trips.length = 0;
    // Four words need three; no question holds the two made-up ones, so the relaxed pass (two of four) finds them.
    const page = await pageQuery({ db, searchContent: "电机 节能 磁悬浮 陀螺仪", pageNo: 1, pageSize: 10 });
    expect(page.matchMode).toBe("some");
    expect(page.questionList.length).toBeGreaterThan(0);
    expect(trips).toEqual(["batch2", "batch6"]);
  });
});

describe("excerptFits", () => {
  it("accepts a whole text or a prefix long enough after whitespace collapses, refuses a short one", () => {
    expect(excerptFits("短回答", 3)).toBe(true);
    expect(excerptFits("答".repeat(EXCERPT_SOURCE_CHARS), EXCERPT_SOURCE_CHARS + 10)).toBe(true);
    expect(excerptFits("开头" + " ".repeat(EXCERPT_SOURCE_CHARS - 2), EXCERPT_SOURCE_CHARS + 10)).toBe(false);
    expect(excerptFits("答".repeat(EXCERPT_LENGTH) + " ".repeat(EXCERPT_SOURCE_CHARS - EXCERPT_LENGTH), EXCERPT_SOURCE_CHARS + 10)).toBe(false);
    expect(excerptFits("答".repeat(EXCERPT_LENGTH + 1) + " ".repeat(EXCERPT_SOURCE_CHARS - EXCERPT_LENGTH - 1), EXCERPT_SOURCE_CHARS + 10)).toBe(true);
  });
});
