// Favourites: categories (create, rename, delete), favouriting answers into a category (not own answers), the lists
// with search, and privacy (each user sees only their own).
import { describe, expect, it } from "vitest";
import { makeUser } from "../support/api";
import { CODE } from "../../workers/lib/codes";
import { QA_MSG, type AnswerPage } from "../../workers/contract/qa";
import { DEFAULT_CATEGORY_NAME, PERSONAL_MSG, type CategoryView, type FavoriteItem } from "../../workers/contract/qa-personal";
import { answer, ask, qa, veteran } from "./qa-personal.helpers";

type Cats = { categoryList: CategoryView[]; total: number };
type Favs = { favoriteList: FavoriteItem[]; total: number };

async function scene() {
  const a = await veteran();
  const b = await veteran();
  const q1 = await ask(b.token, b.user.id, `电机能效等级怎么选 ${Math.random()}`);
  const q2 = await ask(b.token, b.user.id, `锅炉冷凝水回收 ${Math.random()}`);
  const c = await veteran();
  const x1 = await answer(c.token, c.user.id, q1, "优先选一级能效的永磁电机。");
  const x2 = await answer(c.token, c.user.id, q2, "闭式回收冷凝水，节约补水和燃料。", 1);
  const own = await answer(a.token, a.user.id, q1, "我自己的回答。");
  return { a, b, c, q1, q2, x1, x2, own };
}

describe("favourite categories", () => {
  it("creates, renames and deletes categories; names unique per user; the default category first", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const created = await qa<CategoryView>("favorite/category/add", { categoryName: "电机资料" }, a.token);
    expect(created).toMatchObject({ code: CODE.OK, msg: PERSONAL_MSG.categoryCreated, data: { categoryName: "电机资料", count: 0, isDefault: false } });
    expect((await qa("favorite/category/add", { categoryName: "电机资料" }, a.token)).msg).toBe(PERSONAL_MSG.categoryNameTaken);
    expect((await qa("favorite/category/add", { categoryName: DEFAULT_CATEGORY_NAME }, a.token)).msg).toBe(PERSONAL_MSG.categoryNameTaken);
    expect((await qa("favorite/category/add", { categoryName: " " }, a.token)).msg).toBe(PERSONAL_MSG.categoryNameEmpty);
    expect((await qa("favorite/category/add", { categoryName: "长".repeat(21) }, a.token)).msg).toBe(PERSONAL_MSG.categoryNameTooLong);
    // Another user may use the same name.
    expect((await qa("favorite/category/add", { categoryName: "电机资料" }, b.token)).code).toBe(CODE.OK);
    const second = await qa<CategoryView>("favorite/category/add", { categoryName: "锅炉" }, a.token);
    const list = await qa<Cats>("favorite/category/queryPageByUser", { userId: b.user.id, pageNo: 1, pageSize: 10 }, a.token);
    expect(list.data.categoryList.map((c) => c.categoryName)).toEqual([DEFAULT_CATEGORY_NAME, "电机资料", "锅炉"]);
    expect(list.data.categoryList[0]).toMatchObject({ id: 0, isDefault: true });

    expect((await qa("favorite/category/update", { id: second.data.id, categoryName: "电机资料" }, a.token)).msg).toBe(PERSONAL_MSG.categoryNameTaken);
    expect((await qa("favorite/category/update", { id: second.data.id, categoryName: "锅炉与蒸汽" }, a.token)).msg).toBe(QA_MSG.modified);
    // B cannot rename or delete A's category.
    expect((await qa("favorite/category/update", { id: second.data.id, categoryName: "偷改" }, b.token)).msg).toBe(PERSONAL_MSG.categoryMissing);
    expect((await qa("favorite/category/deleteById", { id: second.data.id }, b.token)).msg).toBe(PERSONAL_MSG.categoryMissing);
    expect((await qa("favorite/category/deleteById", { id: second.data.id }, a.token)).msg).toBe(QA_MSG.deleted);
    const after = await qa<Cats>("favorite/category/queryPageByUser", {}, a.token);
    expect(after.data.categoryList.map((c) => c.categoryName)).toEqual([DEFAULT_CATEGORY_NAME, "电机资料"]);
    expect((await qa("favorite/category/queryPageByUser", {})).code).toBe(401);
  });
});

describe("favouriting answers", () => {
  it("favourites into a category, moves, lists, searches, refuses own answers, and deleting a category keeps favourites", async () => {
    const { a, b, q1, x1, x2, own } = await scene();
    const cat = (await qa<CategoryView>("favorite/category/add", { categoryName: "好回答" }, a.token)).data;
    const fav = await qa<{ isFavorite: number; categoryId: number }>("common/favoriteAndUnfavorite", { contentId: x1, actionType: 0, contentType: 1, userId: a.user.id, categoryId: cat.id }, a.token);
    expect(fav).toMatchObject({ code: CODE.OK, msg: PERSONAL_MSG.favorited, data: { isFavorite: 1, categoryId: cat.id } });
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x2, actionType: 0 }, a.token)).data).toMatchObject({ isFavorite: 1, categoryId: 0 });
    expect((await qa("common/favoriteAndUnfavorite", { contentId: own, actionType: 0 }, a.token)).msg).toBe(PERSONAL_MSG.favoriteOwn);
    // Into someone else's category: refused.
    const bCat = (await qa<CategoryView>("favorite/category/add", { categoryName: "B的分类" }, b.token)).data;
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x2, actionType: 0, categoryId: bCat.id }, a.token)).msg).toBe(PERSONAL_MSG.categoryMissing);

    // The detail page shows the favourite flag.
    const page = await qa<AnswerPage>("answer/queryPageById", { questionId: q1 }, a.token);
    expect(page.data.answerList.find((x) => x.id === x1)?.isFavorite).toBe(1);

    const all = await qa<Favs>("favorite/content/queryPage", { searchContent: "", pageNo: 1, pageSize: 10 }, a.token);
    expect(all.data.total).toBe(2);
    expect(all.data.favoriteList.map((f) => f.answerId)).toEqual([x2, x1]);
    expect(all.data.favoriteList[0]).toMatchObject({ categoryId: 0, categoryName: DEFAULT_CATEGORY_NAME, publisherId: null, publisherName: QA_MSG.anonymousName, unavailable: false });
    expect(all.data.favoriteList[1]).toMatchObject({ categoryId: cat.id, categoryName: "好回答", answerContent: "优先选一级能效的永磁电机。", questionId: q1 });
    const inCat = await qa<Favs>("favorite/answer/queryPageById", { categoryId: cat.id }, a.token);
    expect(inCat.data.favoriteList.map((f) => f.answerId)).toEqual([x1]);
    const inDefault = await qa<Favs>("favorite/answer/queryPageById", { categoryId: 0 }, a.token);
    expect(inDefault.data.favoriteList.map((f) => f.answerId)).toEqual([x2]);
    // Search over question titles and answer text.
    expect((await qa<Favs>("favorite/content/queryPage", { searchContent: "冷凝水" }, a.token)).data.favoriteList.map((f) => f.answerId)).toEqual([x2]);
    expect((await qa<Favs>("favorite/content/queryPage", { searchContent: "永磁" }, a.token)).data.favoriteList.map((f) => f.answerId)).toEqual([x1]);
    expect((await qa<Favs>("favorite/content/queryPage", { searchContent: "_" }, a.token)).data.total).toBe(0);
    const cats = await qa<Cats>("favorite/category/queryPageByUser", {}, a.token);
    expect(cats.data.categoryList.map((c) => [c.categoryName, c.count])).toEqual([[DEFAULT_CATEGORY_NAME, 1], ["好回答", 1]]);

    // Nobody else sees A's favourites, nor reads A's category.
    expect((await qa<Favs>("favorite/content/queryPage", { userId: a.user.id }, b.token)).data.total).toBe(0);
    expect((await qa("favorite/answer/queryPageById", { categoryId: cat.id }, b.token)).msg).toBe(PERSONAL_MSG.categoryMissing);

    // Favouriting again moves it; deleting the category moves its favourites to the default one.
    await qa("common/favoriteAndUnfavorite", { contentId: x2, actionType: 0, categoryId: cat.id }, a.token);
    expect((await qa<Favs>("favorite/answer/queryPageById", { categoryId: cat.id }, a.token)).data.total).toBe(2);
    expect((await qa<{ moved: number }>("favorite/category/deleteById", { id: cat.id }, a.token)).data.moved).toBe(2);
    expect((await qa<Favs>("favorite/answer/queryPageById", { categoryId: 0 }, a.token)).data.total).toBe(2);

    // Unfavourite.
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 1 }, a.token))).toMatchObject({ msg: PERSONAL_MSG.unfavorited, data: { isFavorite: 0 } });
    expect((await qa<Favs>("favorite/content/queryPage", {}, a.token)).data.favoriteList.map((f) => f.answerId)).toEqual([x2]);
  });

  it("marks favourites of deleted answers unavailable and refuses deleted answers", async () => {
    const { a, c, x1 } = await scene();
    await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 0 }, a.token);
    await qa("answer/deleteById", { id: x1 }, c.token);
    const list = await qa<Favs>("favorite/content/queryPage", {}, a.token);
    expect(list.data.favoriteList[0]).toMatchObject({ answerId: x1, unavailable: true, questionTitle: PERSONAL_MSG.questionDeleted });
    await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 1 }, a.token);
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 0 }, a.token)).msg).toBe(QA_MSG.answerMissing);
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 0, contentType: 2 }, a.token)).code).toBe(CODE.VALIDATION);
    expect((await qa("common/favoriteAndUnfavorite", { contentId: x1, actionType: 0 })).code).toBe(401);
  });
});
