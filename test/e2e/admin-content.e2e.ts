// Operator console, content part (issue 17): the operator edits a robot answer and the robot on /energySavingQA
// answers with it; sends a system message to one user, whose header badge rises without a reload; a reported reply
// and a keyword-flagged nickname pass through the review queue. Screenshots of the pages in /tmp/admin-content-shots (or E2E_SHOTS).
// Run: E2E_PORT=8823 npx vitest run --config vitest.e2e.config.ts test/e2e/admin-content.e2e.ts
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { animationsSettled, channelReady, contextApi, DEMO_USERS, headerCount, launch, newContext, seriousA11yViolations, session, toast, visit } from "./browser";
import { demoAdmin } from "../../db/seed/admin";
import { ADMIN_MSG, OWN_NOTE, neutralNickname } from "../../workers/contract/admin-constants";

const ADMIN = { userName: demoAdmin.userName, password: demoAdmin.password };
const SHOTS = process.env.E2E_SHOTS ?? "/tmp/admin-content-shots";
mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const tag = () => Math.random().toString(36).slice(2, 7);

/** A fresh account (register with the dev SMS outbox), so the nickname journey changes no shared demo user. */
async function freshUser(): Promise<{ userName: string; password: string }> {
  const context = await newContext(browser);
  const phone = `139${String(Date.now()).slice(-8)}`;
  const sms = await contextApi(context, "/api/user/sms", { phone, type: 1 });
  expect(sms.code, sms.msg).toBe(10000);
  const outbox = await contextApi<{ code: string }[]>(context, `/api/dev/sms-outbox?phone=${phone}`);
  const userName = `ac_${tag()}`;
  const password = "Review#2024";
  const reg = await contextApi(context, "/api/user/register", { userName, password, phone, authCode: outbox.data[0].code });
  expect(reg.code, reg.msg).toBe(10000);
  await context.close();
  return { userName, password };
}

describe("robot knowledge base", () => {
  it("the operator edits an answer in the console and the robot on /energySavingQA answers with it", async () => {
    const operator = await session(browser, ADMIN);
    const question = `空调冷冻水供水温度设多少合适 ${tag()}？`;
    const added = await contextApi<{ id: number }>(operator.context, "/api/admin/content/robot/add", {
      category: "节能",
      question,
      answer: "一般设为 7℃。",
      keywords: "冷冻水 供水温度 空调",
    });
    expect(added.code, added.msg).toBe(10000);
    const id = added.data.id;

    await visit(operator.page, `/admin/robot?q=${encodeURIComponent(question.slice(0, 12))}`);
    const row = operator.page.locator("tbody tr", { hasText: question });
    await row.waitFor();
    await row.getByRole("button", { name: new RegExp(`编辑\\s*问答 ${id}$`) }).click();
    const dialog = operator.page.getByRole("dialog", { name: `编辑问答 #${id}` });
    const newAnswer = `在满足末端除湿的前提下可提高到 9～10℃，冷机效率约提升 3% ${tag()}。`;
    await dialog.getByLabel("答案").fill(newAnswer);
    await dialog.getByRole("button", { name: /保\s*存/ }).click();
    await toast(operator.page, ADMIN_MSG.robotSaved);
    await row.getByText(newAnswer).waitFor();

    // 试一试 shows the pair and its confidence.
    await operator.page.getByLabel("试一试的问题").fill("空调冷冻水供水温度设多少");
    await operator.page.getByRole("button", { name: /试\s*一\s*试/ }).click();
    const result = operator.page.locator(".admin-try");
    await result.getByText("可以回答").waitFor();
    await expect(result.textContent()).resolves.toContain(`#${id} ${question}`);
    await expect(result.locator(".admin-try__reply").textContent()).resolves.toBe(newAnswer);
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    await operator.page.screenshot({ path: `${SHOTS}/admin-robot.png`, fullPage: true });
    await dialog.waitFor({ state: "hidden" });
    await row.getByRole("button", { name: new RegExp(`编辑\\s*问答 ${id}$`) }).click();
    await operator.page.getByRole("dialog", { name: `编辑问答 #${id}` }).getByLabel("问题").waitFor();
    // Let the modal's opening animation finish before the picture.
    await expect.poll(() => operator.page.locator(".ant-modal").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    await animationsSettled(operator.page);
    await operator.page.screenshot({ path: `${SHOTS}/admin-robot-edit.png` });
    await operator.page.getByRole("dialog", { name: `编辑问答 #${id}` }).getByRole("button", { name: /取\s*消/ }).click();

    // A visitor asks the robot on the Q&A home.
    const visitor = await session(browser, null);
    await visit(visitor.page, "/energySavingQA");
    await visitor.page.getByRole("button", { name: "智能助手小创" }).click();
    const panel = visitor.page.getByRole("dialog", { name: "智能助手小创" });
    await panel.getByText("猜你想问").waitFor();
    const input = panel.getByLabel("输入您的问题");
    await input.fill("空调冷冻水供水温度设多少");
    await input.press("Enter");
    await panel.getByText(newAnswer).waitFor();

    // Deleting it (the shared run's robot stays as seeded).
    await operator.page.locator("tbody tr", { hasText: question }).getByRole("button", { name: new RegExp(`删除\\s*问答 ${id}$`) }).click();
    await operator.page.locator(".ant-popconfirm").getByRole("button", { name: /删\s*除/ }).click();
    await toast(operator.page, ADMIN_MSG.robotDeleted);
    await expect.poll(() => operator.page.locator("tbody tr", { hasText: question }).count()).toBe(0);

    for (const s of [operator, visitor]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });
});

describe("system messages", () => {
  it("the operator sends to one user found by user name; that user's badge rises without a reload", async () => {
    const operator = await session(browser, ADMIN);
    const receiver = await session(browser, DEMO_USERS.lisi);
    const ready = channelReady(receiver.page);
    await visit(receiver.page, "/energySavingQA");
    await ready;
    const before = await headerCount(receiver.page);

    await visit(operator.page, "/admin/messages");
    await operator.page.getByLabel("用户ID、用户名或手机号").fill("lisi");
    await operator.page.getByRole("button", { name: /查\s*找/ }).click();
    const resolved = operator.page.getByRole("table").filter({ hasText: "用户名" }).first();
    await operator.page.locator(".admin-resolved").getByText("lisi").waitFor();
    expect(await resolved.count()).toBeGreaterThan(0);
    const title = `设备巡检提醒${tag()}`;
    await operator.page.getByLabel("标题").fill(title);
    await operator.page.getByLabel("内容").fill("本周五前请完成空压机月度巡检记录。");
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    await operator.page.screenshot({ path: `${SHOTS}/admin-messages.png`, fullPage: true });
    await operator.page.getByRole("button", { name: /发\s*送/ }).click();
    await toast(operator.page, ADMIN_MSG.messageSent);
    const sent = operator.page.locator("tbody tr", { hasText: title });
    await sent.waitFor();
    await expect(sent.textContent()).resolves.toMatch(/（ID \d+）1运营管理员$/);

    // Live: the badge rises by one with no reload.
    await expect.poll(() => headerCount(receiver.page), { timeout: 10_000 }).toBe(before + 1);
    await visit(receiver.page, "/personal/message?tab=system");
    await receiver.page.getByText(`【${title}】本周五前请完成空压机月度巡检记录。`).waitFor();
    // Leave lisi's unread count as it was for the other journeys of the run.
    const list = await contextApi<{ messageList: { messageId: number; content: string | null }[] }>(receiver.context, "/api/qa/common/system/messagePageQuery", {});
    const mine = list.data.messageList.filter((m) => m.content?.includes(title)).map((m) => m.messageId);
    await contextApi(receiver.context, "/api/qa/messageNotice/updateMessageStatus", { messageIds: mine });

    // "All" asks for a confirmation first (cancelled here: the run's users keep their counts).
    await visit(operator.page, "/admin/messages");
    await operator.page.getByLabel(/全部用户/).check();
    await operator.page.getByLabel("标题").fill("全员通知");
    await operator.page.getByLabel("内容").fill("测试");
    await operator.page.getByRole("button", { name: /发\s*送/ }).click();
    const confirm = operator.page.getByRole("dialog", { name: "发送给全部用户" });
    await confirm.getByText(/将向全部 \d+ 位正常状态的用户发送/).waitFor();
    await operator.page.screenshot({ path: `${SHOTS}/admin-messages-all.png` });
    await confirm.getByRole("button", { name: /取\s*消/ }).click();

    for (const s of [operator, receiver]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });
});

describe("replies and nicknames in the review queue", () => {
  it("a reply reported from its 举报 entry is hidden by the operator; its author sees the note", async () => {
    const commenter = await session(browser, DEMO_USERS.demo);
    const replier = await session(browser, DEMO_USERS.zhangsan);
    const reporter = await session(browser, DEMO_USERS.lisi);
    const operator = await session(browser, ADMIN);
    // A seed question with an answer, outside the ones other journeys count on.
    let questionId = 0;
    let answerId = 0;
    for (let q = 15; q < 40 && !answerId; q++) {
      const page = await contextApi<{ answerList: { id: number }[] }>(commenter.context, "/api/qa/answer/queryPageById", { questionId: q });
      if (page.code === 10000 && page.data.answerList.length) {
        questionId = q;
        answerId = page.data.answerList[0].id;
      }
    }
    expect(answerId).toBeGreaterThan(0);
    const c = await contextApi<{ id: number }>(commenter.context, "/api/qa/assessment/add", { answerId, assessmentContent: `这个改造的回收期大概多久？${tag()}` });
    expect(c.code, c.msg).toBe(10000);
    const replyText = `回收期你自己算，别在这问 ${tag()}`;
    const r = await contextApi<{ id: number }>(replier.context, "/api/qa/reply/add", { assessmentId: c.data.id, replyContent: replyText });
    expect(r.code, r.msg).toBe(10000);
    const detail = `/energySavingQA/details?questionId=${questionId}`;

    await visit(reporter.page, detail);
    const answer = reporter.page.locator(`#answer-${answerId}`);
    await answer.getByRole("button", { name: /条评论/ }).click();
    const reply = answer.locator(".qa-reply", { hasText: replyText });
    await reply.getByRole("button", { name: "举报" }).click();
    const dialog = reporter.page.getByRole("dialog", { name: "举报" });
    await dialog.getByLabel("辱骂攻击").check();
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await toast(reporter.page, ADMIN_MSG.reported);

    await visit(operator.page, "/admin/review?state=pending&type=reply");
    const row = operator.page.locator("tr", { hasText: replyText });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("辱骂攻击×1");
    await expect(row.locator("td").first().textContent()).resolves.toBe("回复");
    await operator.page.screenshot({ path: `${SHOTS}/admin-review-reply.png`, fullPage: true });
    await row.getByRole("button", { name: /隐\s*藏/ }).click();
    await toast(operator.page, ADMIN_MSG.decided);
    await expect.poll(() => operator.page.locator("tr", { hasText: replyText }).count()).toBe(0);

    // Gone for the reporter; its author sees it with the note.
    await visit(reporter.page, detail);
    await reporter.page.locator(`#answer-${answerId}`).getByRole("button", { name: /条评论/ }).click();
    await reporter.page.locator(`#answer-${answerId} .qa-comment`).first().waitFor();
    await expect(reporter.page.locator(".qa-reply", { hasText: replyText }).count()).resolves.toBe(0);
    await visit(replier.page, detail);
    await replier.page.locator(`#answer-${answerId}`).getByRole("button", { name: /条评论/ }).click();
    const own = replier.page.locator(".qa-reply", { hasText: replyText });
    await expect(own.getByRole("note").textContent()).resolves.toBe(OWN_NOTE.hiddenReply);

    for (const s of [commenter, replier, reporter, operator]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });

  it("a nickname the keyword list flags waits in the queue (old name shown) and is hidden to 用户<id>; a later name is reported from the user's page", async () => {
    const account = await freshUser();
    const user = await session(browser, account);
    const me = await contextApi<{ id: number; name: string | null; userName: string }>(user.context, "/api/user/user-info", {});
    const shown = async () => {
      const info = await contextApi<{ name: string | null; userName: string }>(user.context, "/api/user/user-info", {});
      return info.data.name || info.data.userName;
    };
    const oldName = await shown();
    const flagged = `代开发票${tag()}`;
    const held = await contextApi<{ nameHeld?: boolean }>(user.context, "/api/user/user-info/update", { name: flagged });
    expect(held).toMatchObject({ code: 10000, msg: ADMIN_MSG.heldNickname, data: { nameHeld: true } });
    expect(await shown()).toBe(oldName);

    const operator = await session(browser, ADMIN);
    await visit(operator.page, "/admin/review?state=pending&type=nickname");
    const row = operator.page.locator("tr", { hasText: flagged });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain("关键词拦截");
    await expect(row.textContent()).resolves.toContain("命中：代开发票");
    expect(await seriousA11yViolations(operator.page)).toEqual([]);
    await operator.page.screenshot({ path: `${SHOTS}/admin-review-nickname.png`, fullPage: true });
    await row.getByRole("button", { name: /隐\s*藏/ }).click();
    await toast(operator.page, ADMIN_MSG.decided);
    await expect.poll(() => operator.page.locator("tr", { hasText: flagged }).count()).toBe(0);

    // Everyone now sees the neutral nickname; the user is told in a system message.
    const reporter = await session(browser, DEMO_USERS.demo);
    await visit(reporter.page, `/otherUser/list?userId=${me.data.id}`);
    await expect(reporter.page.locator(".personal-head h1").textContent()).resolves.toBe(neutralNickname(me.data.id));
    await visit(user.page, "/personal/message?tab=system");
    await user.page.getByText(`已被重置为“${neutralNickname(me.data.id)}”`, { exact: false }).first().waitFor();

    // A new name without a listed word is applied at once; another user reports it from the profile (举报 → 昵称).
    const later = `节能达人${tag()}`;
    expect((await contextApi(user.context, "/api/user/user-info/update", { name: later })).msg).toBe("保存成功");
    await visit(reporter.page, `/otherUser/list?userId=${me.data.id}`);
    await expect(reporter.page.locator(".personal-head h1").textContent()).resolves.toBe(later);
    await reporter.page.getByRole("button", { name: "举报" }).click();
    const dialog = reporter.page.getByRole("dialog", { name: "举报" });
    await dialog.getByLabel("昵称").check();
    await dialog.getByLabel("虚假不实").check();
    await reporter.page.screenshot({ path: `${SHOTS}/other-user-report.png` });
    await dialog.getByRole("button", { name: /提\s*交/ }).click();
    await toast(reporter.page, ADMIN_MSG.reported);

    await visit(operator.page, "/admin/review?state=pending&type=nickname");
    const reported = operator.page.locator("tr", { hasText: later });
    await reported.waitFor();
    await expect(reported.textContent()).resolves.toContain("虚假不实×1");
    await reported.getByRole("button", { name: /通\s*过/ }).click();
    await toast(operator.page, ADMIN_MSG.decided);
    await expect.poll(() => operator.page.locator("tr", { hasText: later }).count()).toBe(0);
    expect(await shown()).toBe(later);

    for (const s of [user, reporter, operator]) {
      expect(s.problems).toEqual([]);
      await s.context.close();
    }
  });
});
