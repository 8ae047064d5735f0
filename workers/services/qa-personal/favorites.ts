// Favourites (spec 2 §2, §5, §7): categories (create, rename, delete), favouriting an answer into a category,
// and the favourites lists with search. Everything is scoped to the caller; own answers cannot be favourited.
// Favourites saved without a category live in the virtual default category (id 0, category_id NULL).
import { and, asc, eq, sql } from "drizzle-orm";
import { qaFavoriteCategories, qaFavorites } from "../../../db/schema";
import { dbBatch, type Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ANSWER_STATUS, CONTENT_TYPE, QA_MSG, formatDate } from "../../contract/qa";
import {
  CATEGORIES_MAX,
  DEFAULT_CATEGORY_ID,
  DEFAULT_CATEGORY_NAME,
  PERSONAL_MSG,
  type CategoryView,
  type FavoriteItem,
  type Paged,
} from "../../contract/qa-personal";
import { readableAnswer } from "../qa/answers";
import { loadAuthors, publicAuthor } from "../qa/authors";
import type { QaCtx } from "../qa/context";
import { isVisibleStatus } from "../qa/questions";
import { excerpt } from "../qa/sanitize";
import { likePattern } from "./like";

async function ownCategory(db: Db, userId: number, id: number) {
  const c = await db.select().from(qaFavoriteCategories).where(eq(qaFavoriteCategories.id, id)).get();
  if (!c || c.userId !== userId) throw notFound(PERSONAL_MSG.categoryMissing);
  return c;
}

async function assertNameFree(db: Db, userId: number, name: string, exceptId = 0) {
  if (name === DEFAULT_CATEGORY_NAME) throw fail(PERSONAL_MSG.categoryNameTaken);
  const clash = await db
    .select({ id: qaFavoriteCategories.id })
    .from(qaFavoriteCategories)
    .where(and(eq(qaFavoriteCategories.userId, userId), sql`lower(${qaFavoriteCategories.name}) = lower(${name})`, sql`${qaFavoriteCategories.id} != ${exceptId}`))
    .get();
  if (clash) throw fail(PERSONAL_MSG.categoryNameTaken);
}

/** favorite/category/queryPageByUser: the default category first, then the user's categories by creation. */
export async function categoryPage({ db, userId, pageNo, pageSize }: { db: Db; userId: number; pageNo: number; pageSize: number }): Promise<{ categoryList: CategoryView[] } & Paged> {
  const [rows, counts] = await Promise.all([
    db.select().from(qaFavoriteCategories).where(eq(qaFavoriteCategories.userId, userId)).orderBy(asc(qaFavoriteCategories.createdAt), asc(qaFavoriteCategories.id)),
    db
      .select({ categoryId: qaFavorites.categoryId, n: sql<number>`COUNT(*)` })
      .from(qaFavorites)
      .where(and(eq(qaFavorites.userId, userId), eq(qaFavorites.contentType, CONTENT_TYPE.FAVORITE_ANSWER)))
      .groupBy(qaFavorites.categoryId),
  ]);
  const countOf = new Map(counts.map((c) => [c.categoryId ?? DEFAULT_CATEGORY_ID, Number(c.n)]));
  const all: CategoryView[] = [
    { id: DEFAULT_CATEGORY_ID, categoryName: DEFAULT_CATEGORY_NAME, count: countOf.get(DEFAULT_CATEGORY_ID) ?? 0, isDefault: true, createDate: null },
    ...rows.map((r) => ({ id: r.id, categoryName: r.name, count: countOf.get(r.id) ?? 0, isDefault: false, createDate: formatDate(r.createdAt) })),
  ];
  const start = (pageNo - 1) * pageSize;
  return { categoryList: all.slice(start, start + pageSize), total: all.length, pageNo, pageSize };
}

export async function addCategory({ db, userId, name, now }: { db: Db; userId: number; name: string; now: number }): Promise<CategoryView> {
  const n = await db.select({ n: sql<number>`COUNT(*)` }).from(qaFavoriteCategories).where(eq(qaFavoriteCategories.userId, userId)).get();
  if (Number(n?.n ?? 0) >= CATEGORIES_MAX) throw fail(PERSONAL_MSG.categoriesFull);
  await assertNameFree(db, userId, name);
  const row = await db.insert(qaFavoriteCategories).values({ userId, name, createdAt: now }).returning().get();
  return { id: row.id, categoryName: row.name, count: 0, isDefault: false, createDate: formatDate(row.createdAt) };
}

export async function renameCategory({ db, userId, id, name }: { db: Db; userId: number; id: number; name: string }): Promise<{ id: number; categoryName: string }> {
  await ownCategory(db, userId, id);
  await assertNameFree(db, userId, name, id);
  await db.update(qaFavoriteCategories).set({ name }).where(and(eq(qaFavoriteCategories.id, id), eq(qaFavoriteCategories.userId, userId)));
  return { id, categoryName: name };
}

/** Delete a category; its favourites move to the default category (they are not lost). */
export async function deleteCategory({ db, userId, id }: { db: Db; userId: number; id: number }): Promise<{ moved: number }> {
  await ownCategory(db, userId, id);
  const inIt = await db.select({ n: sql<number>`COUNT(*)` }).from(qaFavorites).where(and(eq(qaFavorites.userId, userId), eq(qaFavorites.categoryId, id))).get();
  await dbBatch(db, [
    db.update(qaFavorites).set({ categoryId: null }).where(and(eq(qaFavorites.userId, userId), eq(qaFavorites.categoryId, id))),
    db.delete(qaFavoriteCategories).where(and(eq(qaFavoriteCategories.id, id), eq(qaFavoriteCategories.userId, userId))),
  ]);
  return { moved: Number(inIt?.n ?? 0) };
}

/**
 * /common/favoriteAndUnfavorite (contentType 1 = answer). Do: favourite a readable answer of someone else into a
 * category (favouriting again moves it there). Undo: remove it. Idempotent.
 */
export async function toggleFavorite({ userId, input, ...ctx }: QaCtx & { userId: number; input: { contentId: number; actionType: number; categoryId: number | null } }
): Promise<{ isFavorite: 0 | 1; categoryId: number | null }> {
  const { db, now } = ctx;
  const key = and(eq(qaFavorites.userId, userId), eq(qaFavorites.contentType, CONTENT_TYPE.FAVORITE_ANSWER), eq(qaFavorites.contentId, input.contentId));
  if (input.actionType === 1) {
    await db.delete(qaFavorites).where(key);
    return { isFavorite: 0, categoryId: null };
  }
  const answer = await readableAnswer({ db, viewerId: userId, id: input.contentId });
  if (answer.publisherId === userId) throw fail(PERSONAL_MSG.favoriteOwn);
  if (answer.status !== ANSWER_STATUS.NORMAL) throw notFound(QA_MSG.answerMissing);
  const categoryId = input.categoryId ? (await ownCategory(db, userId, input.categoryId)).id : null;
  await db
    .insert(qaFavorites)
    .values({ userId, categoryId, contentType: CONTENT_TYPE.FAVORITE_ANSWER, contentId: answer.id, createdAt: now })
    .onConflictDoUpdate({ target: [qaFavorites.userId, qaFavorites.contentType, qaFavorites.contentId], set: { categoryId } });
  return { isFavorite: 1, categoryId: categoryId ?? DEFAULT_CATEGORY_ID };
}

/**
 * The caller's favourite of one answer (the detail page's favourites variant, `collection=<answerId>`): its
 * category and date, or null when the caller has not favourited it.
 */
export async function favoriteOfAnswer({ db, userId, answerId }: { db: Db; userId: number; answerId: number }
): Promise<{ categoryId: number; categoryName: string; favoriteDate: string } | null> {
  const row = await db
    .select({ categoryId: qaFavorites.categoryId, createdAt: qaFavorites.createdAt, categoryName: qaFavoriteCategories.name })
    .from(qaFavorites)
    .leftJoin(qaFavoriteCategories, eq(qaFavoriteCategories.id, qaFavorites.categoryId))
    .where(and(eq(qaFavorites.userId, userId), eq(qaFavorites.contentType, CONTENT_TYPE.FAVORITE_ANSWER), eq(qaFavorites.contentId, answerId)))
    .get();
  if (!row) return null;
  return {
    categoryId: row.categoryId ?? DEFAULT_CATEGORY_ID,
    categoryName: row.categoryName ?? DEFAULT_CATEGORY_NAME,
    favoriteDate: formatDate(row.createdAt),
  };
}

interface FavoriteRow {
  id: number;
  category_id: number | null;
  content_id: number;
  created_at: number;
  question_id: number | null;
  content_text: string | null;
  publisher_id: number | null;
  is_anonymous: number | null;
  praise_count: number | null;
  a_status: number | null;
  title: string | null;
  q_status: number | null;
  category_name: string | null;
}

/**
 * /favorite/content/queryPage and favorite/answer/queryPageById: the caller's favourites, newest first.
 * categoryId null = every category, 0 = the default category; search matches question title or answer text.
 */
export async function favoritePage({ db, userId, input }: { db: Db; userId: number; input: { categoryId: number | null; searchContent: string; pageNo: number; pageSize: number } }
): Promise<{ favoriteList: FavoriteItem[] } & Paged> {
  if (input.categoryId) await ownCategory(db, userId, input.categoryId);
  const category =
    input.categoryId === null ? sql`` : input.categoryId === DEFAULT_CATEGORY_ID ? sql` AND f.category_id IS NULL` : sql` AND f.category_id = ${input.categoryId}`;
  const pattern = likePattern(input.searchContent);
  const search = input.searchContent ? sql` AND (q.title LIKE ${pattern} ESCAPE '\\' OR a.content_text LIKE ${pattern} ESCAPE '\\')` : sql``;
  const from = sql`FROM qa_favorites f
      LEFT JOIN qa_answers a ON a.id = f.content_id
      LEFT JOIN qa_questions q ON q.id = a.question_id
      LEFT JOIN qa_favorite_categories c ON c.id = f.category_id
      WHERE f.user_id = ${userId} AND f.content_type = ${CONTENT_TYPE.FAVORITE_ANSWER}${category}${search}`;
  const [rows, countRows] = await Promise.all([
    db.all<FavoriteRow>(sql`SELECT f.id, f.category_id, f.content_id, f.created_at, a.question_id, a.content_text, a.publisher_id, a.is_anonymous,
        a.praise_count, a.status AS a_status, q.title, q.status AS q_status, c.name AS category_name
      ${from} ORDER BY f.created_at DESC, f.id DESC LIMIT ${input.pageSize} OFFSET ${(input.pageNo - 1) * input.pageSize}`),
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n ${from}`),
  ]);
  const authors = await loadAuthors({ db, ids: rows.map((r) => r.publisher_id) });
  return {
    favoriteList: rows.map((r) => {
      const available = r.a_status === ANSWER_STATUS.NORMAL && r.q_status !== null && isVisibleStatus(r.q_status);
      const author = r.publisher_id !== null ? publicAuthor(authors, r.publisher_id, r.is_anonymous === 1) : { publisherId: null, publisherName: QA_MSG.anonymousName, publisherPhoto: null };
      return {
        favoriteId: r.id,
        categoryId: r.category_id ?? DEFAULT_CATEGORY_ID,
        categoryName: r.category_name ?? DEFAULT_CATEGORY_NAME,
        answerId: r.content_id,
        questionId: r.question_id ?? 0,
        questionTitle: available ? (r.title ?? "") : PERSONAL_MSG.questionDeleted,
        answerContent: available ? excerpt(r.content_text ?? "") : QA_MSG.answerMissing,
        ...author,
        praisedCount: r.praise_count ?? 0,
        unavailable: !available,
        favoriteDate: formatDate(r.created_at),
        favoriteTime: r.created_at,
      };
    }),
    total: Number(countRows[0]?.n ?? 0),
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}
