// The search-box journey's phrases (test/e2e/qa-search.e2e.ts) with every question and answer the other browser
// journeys write present beside the seed. In the full e2e suite those journeys may run first, on the same database,
// and their questions are newer than the seed and share words with the phrases (峰谷电价, 变频, 空压机, 伺服 …):
// the phrases' answering seeded questions must stay first because they hold the query's words, whatever ran before.
import { beforeAll, describe, expect, it } from "vitest";
import { callJson, makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import type { QuestionPage } from "../../workers/contract/qa";
import { SEARCH_PHRASES } from "../relevance/search-phrases";

const DAY = 86_400_000;
const post = <T = unknown>(path: string, json: unknown, token?: string) => callJson<T>(`/api/qa/${path}`, { method: "POST", json, token });

/**
 * What the other e2e files write to the Q&A, verbatim (their random suffixes replaced by fixed ones): title,
 * description, tags, and the answers another user posts. Keep in step with those files when they change.
 */
const JOURNEY_QUESTIONS: { title: string; description: string; tags?: string[]; answers: string[] }[] = [
  // account-rights.e2e.ts
  { title: "注塑机伺服改造后节电率一般能达到多少？", description: "车间有十二台老式注塑机。", tags: ["电机"], answers: [] },
  // admin.e2e.ts (report → hide; keyword hold)
  { title: "冷却塔风机改变频后怎么控制 k3x9q", description: "", answers: ["冷却塔风机按出水温度做 PID 调速即可，低负荷时注意最低频率 k3x9q。"] },
  { title: "余热锅炉给水泵要不要变频 p2m7w", description: "", answers: ["可以变频，详细方案请加微信咨询 p2m7w"] },
  // personal.e2e.ts
  { title: "车间空压机夜间泄漏怎么查 41234", description: "夜里停产时压力也在掉。", answers: ["用超声波检漏仪沿管网排查，先查快插接头和排水阀。"] },
  // qa.e2e.ts (等你来答 dialog; ask and edit)
  { title: "冷库压缩机夜间谷电蓄冷是否划算 mf3k2a", description: "", tags: ["峰谷电价"], answers: ["谷电蓄冷一般在峰谷价差大于 0.5 元/kWh 时才划算，先核算冷库夜间负荷。"] },
  { title: "注塑机伺服改造节电量怎么核算 mf3k2b", description: "一台 280 吨注塑机，原来是定量泵，想改伺服驱动，节电量怎么测算比较可信？", tags: ["电机", "浙江工厂"], answers: [] },
];

/** qa.e2e.ts also answers seeded question 1 (the long answer typed in the editor). */
const Q1_ANSWER = ["结论：建议分批更换。", ...Array.from({ length: 24 }, (_, i) => `第${i + 1}条：先测负载率，再按运行小时排序更换。`)];

describe("the search-box phrases with the other journeys' questions present", () => {
  beforeAll(async () => {
    for (const q of JOURNEY_QUESTIONS) {
      // One asker per question (one question per 30 s per user); veterans, so no new-user hold.
      const asker = await makeUser({ createdAt: Date.now() - 30 * DAY });
      const added = await post<{ id: number }>("question/add", { questionTitle: q.title, questionDescription: q.description, tagList: q.tags ?? [], isAnonymous: 0 }, asker.token);
      expect(added.code, q.title).toBe(CODE.OK);
      for (const text of q.answers) {
        const author = await makeUser({ createdAt: Date.now() - 30 * DAY });
        const a = await post("answer/add", { questionId: added.data.id, answerContent: `<p>${text}</p>`, isAnonymous: 0 }, author.token);
        expect(a.code, text).toBe(CODE.OK);
      }
    }
    const author = await makeUser({ createdAt: Date.now() - 30 * DAY });
    const a = await post("answer/add", { questionId: 1, answerContent: Q1_ANSWER.map((t) => `<p>${t}</p>`).join(""), isAnonymous: 0 }, author.token);
    expect(a.code).toBe(CODE.OK);
  });

  it("the journeys' questions are searchable (they are in the index the phrases run against)", async () => {
    const res = await post<QuestionPage>("question/pageQuery", { searchContent: "冷库压缩机夜间谷电蓄冷", pageNo: 1, pageSize: 5 });
    expect(res.data.questionList[0]?.questionTitle).toBe(JOURNEY_QUESTIONS[4].title);
  });

  for (const { phrase, title } of SEARCH_PHRASES) {
    it(`${phrase} → ${title} first`, async () => {
      const res = await post<QuestionPage>("question/pageQuery", { searchContent: phrase, pageNo: 1, pageSize: 10 });
      expect(res.code).toBe(CODE.OK);
      expect(res.data.questionList.map((x) => x.questionTitle)[0]).toBe(title);
    });
  }
});
