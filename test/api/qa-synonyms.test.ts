// Search synonyms as data: operators add, edit and remove groups in the console (audited), and the search applies
// them at once (docs/decisions/022).
import { describe, expect, it } from "vitest";
import { CODE } from "../../workers/lib/codes";
import { ADMIN_MSG } from "../../workers/contract/admin-constants";
import type { QuestionPage } from "../../workers/contract/qa";
import { adminGet, adminPost, lastAudit, makeAdmin, qa, veteran } from "./admin.helpers";

const search = (searchContent: string) => qa<QuestionPage>("question/pageQuery", { searchContent, pageNo: 1, pageSize: 10 });

describe("search synonyms", () => {
  it("an operator's group makes one word find the other; edits and removal are audited and apply at once", async () => {
    const admin = await makeAdmin();
    const author = await veteran();
    const id = (await qa<{ id: number }>("question/add", { questionTitle: "磁悬浮鼓风机的轴承要多久保养一次" }, author.token)).data.id;
    expect((await search("透平机")).data.total).toBe(0);
    const saved = await adminPost<{ id: number; words: string }>("synonyms/save", { words: "透平机 磁悬浮鼓风机" }, admin.token);
    expect(saved).toMatchObject({ code: CODE.OK, msg: ADMIN_MSG.synonymSaved, data: { words: "透平机 磁悬浮鼓风机" } });
    expect((await search("透平机")).data.questionList.map((q) => q.id)).toEqual([id]);
    expect(await lastAudit("synonym.add", "透平机 磁悬浮鼓风机")).toMatchObject({ actorId: admin.user.id });
    expect((await adminPost("synonyms/save", { words: "透平机 磁悬浮鼓风机" }, admin.token)).msg).toBe(ADMIN_MSG.synonymExists);
    expect((await adminPost("synonyms/save", { words: "只有一个词" }, admin.token)).msg).toBe(ADMIN_MSG.synonymTooFew);
    const edited = await adminPost<{ words: string }>("synonyms/save", { id: saved.data.id, words: "涡轮机 磁悬浮鼓风机" }, admin.token);
    expect(edited.data.words).toBe("涡轮机 磁悬浮鼓风机");
    expect(JSON.parse((await lastAudit("synonym.update", saved.data.id))!.before!)).toEqual({ words: "透平机 磁悬浮鼓风机" });
    expect((await search("涡轮机")).data.questionList.map((q) => q.id)).toEqual([id]);
    expect((await adminPost("synonyms/remove", { id: saved.data.id }, admin.token)).msg).toBe(ADMIN_MSG.synonymRemoved);
    expect((await search("涡轮机")).data.total).toBe(0);
    const list = await adminGet<{ words: string }[]>("synonyms", admin.token);
    expect(list.data.map((g) => g.words)).toContain("空压机 压缩空气 空气压缩机 空压站");
  }, 60_000);

  it("is for operators only", async () => {
    const user = await veteran();
    expect((await adminPost("synonyms/save", { words: "甲 乙" }, user.token)).code).not.toBe(CODE.OK);
    expect((await adminGet("synonyms", user.token)).code).not.toBe(CODE.OK);
  });
});
