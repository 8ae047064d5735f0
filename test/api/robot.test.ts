// Robot assistant: 猜你想问, keyword lookup with the search tokeniser, answers by id, free-text match and the
// not-understood reply with its suggested action; the knowledge base is seeded data.
import { describe, expect, it } from "vitest";
import { callJson } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { PERSONAL_MSG, ROBOT_IDLE_MS, type RobotAnswer, type RobotQuestion, type RobotReply, type RobotSettings } from "../../workers/contract/qa-personal";
import { ROBOT_KNOWLEDGE } from "../../db/seed/robot";

const list = (queName?: string) => callJson<RobotQuestion[]>(`/common/aiServicer/question/queryList${queName === undefined ? "" : `?queName=${encodeURIComponent(queName)}`}`);
const ask = (text: string) => callJson<RobotReply>("/common/aiServicer/answer/match", { method: "POST", json: { text } });
const byQuestion = (q: string) => ROBOT_KNOWLEDGE.find((e) => e.question === q)!;

describe("robot knowledge base", () => {
  it("holds at least 60 question/answer pairs across the platform and energy basics", () => {
    expect(ROBOT_KNOWLEDGE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ROBOT_KNOWLEDGE.map((e) => e.id)).size).toBe(ROBOT_KNOWLEDGE.length);
    for (const cat of ["评估", "报告", "支付", "账号", "问答", "节能"]) expect(ROBOT_KNOWLEDGE.filter((e) => e.category === cat).length).toBeGreaterThanOrEqual(6);
  });
});

describe("robot calls", () => {
  it("lists 猜你想问 without a query, and keyword matches with one", async () => {
    const suggested = await list();
    expect(suggested.code).toBe(CODE.OK);
    expect(suggested.data.map((q) => q.aiQuestionName)).toEqual(ROBOT_KNOWLEDGE.filter((e) => e.suggested).sort((x, y) => x.suggested! - y.suggested!).map((e) => e.question));
    const matches = await list("下载报告");
    expect(matches.data[0].aiQuestionName).toBe("怎么下载评估报告？");
    expect((await list("变频")).data.map((q) => q.aiQuestionName)).toContain("变频器为什么能节能？");
    expect((await list("qwertyuiop")).data).toEqual([]);
    expect((await list("长".repeat(101))).msg).toBe(PERSONAL_MSG.robotTooLong);
  });

  it("answers by question id", async () => {
    const entry = byQuestion("报告怎么付款？");
    const res = await callJson<RobotAnswer>("/common/aiServicer/answer/getByQuestionId", { method: "POST", json: { questionId: entry.id } });
    expect(res).toMatchObject({ code: CODE.OK, data: { aiQuestionId: entry.id, aiQuestionName: entry.question, aiAnswerContent: entry.answer, aiAnswerImage: null } });
    const qr = byQuestion("如何联系人工客服？");
    const withImage = await callJson<RobotAnswer>("/common/aiServicer/answer/getByQuestionId", { method: "POST", json: { questionId: String(qr.id) } });
    expect(withImage.data.aiAnswerImage).toBe("/images/qr-wechat.svg");
    expect((await callJson("/common/aiServicer/answer/getByQuestionId", { method: "POST", json: { questionId: 99999 } })).msg).toBe(PERSONAL_MSG.robotQuestionMissing);
  });

  it("answers free text by keywords, the same way the search tokeniser segments Chinese", async () => {
    const cases: [string, string][] = [
      ["报告生成失败了怎么办", "报告生成失败怎么办？"],
      ["我忘记密码了", "忘记密码怎么办？"],
      ["怎么开发票", "可以开发票吗？"],
      ["空压机怎么节能", "空压机系统怎么节能？"],
      ["峰谷电价是什么", "什么是峰谷电价？"],
      ["怎么收藏别人的回答", "怎么收藏回答？"],
      ["ＥＸＣＥＬ导入", "可以用Excel批量导入数据吗？"],
      // The product's own how-tos (docs/account-rights.md, docs/payments.md), on the search's words and synonyms.
      ["如何注销账号", "如何注销账号？"],
      ["我想销户", "如何注销账号？"],
      ["怎么导出我的数据", "如何导出我的个人数据？"],
      ["报告能退钱吗", "报告可以退款吗？"],
      ["压缩空气怎么省电", "空压机系统怎么节能？"],
      ["发票怎么申请", "可以开发票吗？"],
      ["怎么查看我的订单", "在哪里查看我的订单？"],
      ["全厂能源平衡怎么用", "全厂能源平衡怎么看？"],
      ["报告一直显示生成中", "报告一直在生成中怎么办？"],
    ];
    for (const [text, question] of cases) {
      const res = await ask(text);
      expect(res.code, text).toBe(CODE.OK);
      expect(res.data.matched, text).toBe(true);
      if (res.data.matched) {
        expect(res.data.aiQuestionName, text).toBe(question);
        expect(res.data.aiAnswerContent).toBe(byQuestion(question).answer);
      }
    }
  });

  it("gives the not-understood reply with a suggested action for nonsense", async () => {
    for (const text of ["啊啊啊啊啊", "asdfgh qwerty", "今天天气怎么样", "？？？"]) {
      const res = await ask(text);
      expect(res.code, text).toBe(CODE.OK);
      expect(res.data.matched, text).toBe(false);
      expect(res.data.aiAnswerContent.startsWith("小创不理解您的意思…")).toBe(true);
      expect(res.data.action).toEqual({ label: "去能源问答提问", href: `/questions?questionTitle=${encodeURIComponent(text.trim())}` });
      expect(res.data.related.length).toBeGreaterThan(0);
    }
    expect((await ask("  ")).msg).toBe(PERSONAL_MSG.robotEmpty);
  });

  it("when unsure, offers the closest questions instead of an unrelated answer", async () => {
    // 电费太高了怎么办 shared only 了怎 with 订单超时了怎么办？ and got the payment-timeout text.
    const res = await ask("电费太高了怎么办");
    expect(res.data.matched).toBe(false);
    if (res.data.matched) return;
    expect(res.data.aiAnswerContent).not.toBe(byQuestion("订单超时了怎么办？").answer);
    expect(res.data.relatedTitle).toBe("您是不是想问");
    expect(res.data.related.some((q) => q.aiQuestionName.includes("电费"))).toBe(true);
    expect(res.data.related.map((q) => q.aiQuestionName)).not.toContain("订单超时了怎么办？");
    // The community search runs on the same words: seeded questions about 电费 are offered as links.
    expect(res.data.questions.length).toBeGreaterThan(0);
    for (const q of res.data.questions) expect(q.href).toBe(`/energySavingQA/details?questionId=${q.id}`);
    expect(res.data.action?.href).toBe(`/questions?questionTitle=${encodeURIComponent("电费太高了怎么办")}`);
    // Nothing close at all: the suggested questions, under 猜你想问.
    const none = await ask("今天天气怎么样");
    if (!none.data.matched) expect(none.data.relatedTitle).toBe("猜你想问");
  });

  it("serves the widget texts from data", async () => {
    const res = await callJson<RobotSettings>("/common/aiServicer/settings");
    expect(res.data).toMatchObject({ guessTitle: "猜你想问", idleMs: ROBOT_IDLE_MS });
    expect(res.data.greeting).toContain("小创");
    expect(res.data.closing.length).toBeGreaterThan(5);
  });
});
