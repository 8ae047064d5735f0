// Questions: ask, edit, delete (or convert to anonymous), detail, tags, and the lists of the Q&A pages
// (search/latest, hot, waiting for answers, similar). Rules: spec 2 §4–§6; ranking: docs/qa.md.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { qaAnswers, qaCounters, qaQuestionPictures, qaQuestionTags, qaQuestions, qaTags } from "../../../db/schema";
import { dbBatch, type Db } from "../../lib/db";
import { fail, forbidden, invalid, notFound } from "../../lib/errors";
import {
  DELETE_MODE,
  ANSWER_STATUS,
  QA_MSG,
  QUESTION_STATUS,
  RELATED_SIZE,
  SUGGEST_SIZE,
  TAGS_MAX,
  formatDate,
  searchCountText,
  type QuestionAddInput,
  type QuestionDetail,
  type QuestionListItem,
  type QuestionPage,
  type QuestionSuggestion,
  type TagRef,
  type TagView,
} from "../../contract/qa";
import { answerPublishers, authorMap, authorsQuery, publicAuthor } from "./authors";
import type { QaCtx } from "./context";
import { VISIBLE_QUESTIONS, bumpCounter } from "./counters";
import { highlight } from "./highlight";
import { highlightWords, type QueryTerm } from "./query";
import { searchVocabulary } from "./synonyms";
import { hotScore } from "./hot";
import { checkPostLimits } from "./limits";
import { picturesExist } from "./pictures";
import { excerpt, textHash } from "./sanitize";
import { anyWordQuestions, searchQuestions, similarByTextQuery } from "./search";
import { shapedReads, type ListShape } from "./search-shape";
import { indexRowStatements, reindexStatements, removeIndexRowStatements } from "./search-index";
// [qa-personal] view history (issue 4)
import { recordViewStatement } from "./view-history";
import { ownQuestionNote, REVIEW_TARGET } from "../../contract/admin-constants";
import { holdStatement, keywordHits } from "../moderation/keywords";

const VISIBLE = [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED];
export type QuestionRow = typeof qaQuestions.$inferSelect;

export const isVisibleStatus = (status: number) => status === QUESTION_STATUS.WAITING || status === QUESTION_STATUS.SOLVED;

// ---- Tags ---------------------------------------------------------------------------------------------

export async function allTags({ db }: { db: Db }): Promise<TagView[]> {
  return db.select({ id: qaTags.id, tagName: qaTags.tagName }).from(qaTags).orderBy(asc(qaTags.sortOrder), asc(qaTags.id));
}

/** Tag ids for payload refs: ids must exist, names are created when new. Deduplicated, at most TAGS_MAX. */
export async function resolveTags({ db, refs, now }: { db: Db; refs: TagRef[]; now: number }): Promise<number[]> {
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const r of refs) {
    if (typeof r === "number") ids.add(r);
    else if (typeof r === "string") names.add(r.trim());
    else if (r.id) ids.add(r.id);
    else if (r.tagName) names.add(r.tagName.trim());
  }
  if (names.size) {
    const list = Array.from(names);
    await dbBatch(db, list.map((tagName) => db.insert(qaTags).values({ tagName, createdAt: now }).onConflictDoNothing()));
    const rows = await db.select({ id: qaTags.id }).from(qaTags).where(inArray(qaTags.tagName, list));
    rows.forEach((r) => ids.add(r.id));
  }
  if (!ids.size) return [];
  const existing = await db.select({ id: qaTags.id }).from(qaTags).where(inArray(qaTags.id, Array.from(ids)));
  if (existing.length !== ids.size) throw invalid("标签不存在");
  if (existing.length > TAGS_MAX) throw invalid(QA_MSG.tooManyTags);
  return existing.map((r) => r.id);
}

function tagsQuery(db: Db, questionIds: number[]) {
  return db
    .select({ questionId: qaQuestionTags.questionId, id: qaTags.id, tagName: qaTags.tagName })
    .from(qaQuestionTags)
    .innerJoin(qaTags, eq(qaTags.id, qaQuestionTags.tagId))
    .where(inArray(qaQuestionTags.questionId, questionIds.length ? questionIds : [0]));
}

function groupTags(rows: { questionId: number; id: number; tagName: string }[]): Map<number, TagView[]> {
  // Ordered here (a page's few tags), not in SQL: the list's statements then need no temp B-tree.
  const map = new Map<number, TagView[]>();
  for (const r of [...rows].sort((a, b) => a.id - b.id)) map.set(r.questionId, [...(map.get(r.questionId) ?? []), { id: r.id, tagName: r.tagName }]);
  return map;
}

// ---- Writes -----------------------------------------------------------------------------------------

async function checkPictures(ctx: QaCtx, paths: string[]) {
  if (paths.length && !(await picturesExist({ env: ctx.env, paths }))) throw invalid(QA_MSG.badPicture);
}

function childStatements(db: Db, questionId: number | ReturnType<typeof sql>, tagIds: number[], pictures: string[]) {
  return [
    ...tagIds.map((tagId) => db.insert(qaQuestionTags).values({ questionId, tagId }).onConflictDoNothing()),
    ...pictures.map((path, i) => db.insert(qaQuestionPictures).values({ questionId, path, sortOrder: i })),
  ];
}

/** Ask a question (spec 2 §5): limits, tags, pictures, search index and the visible counter in one transaction. */
export async function addQuestion({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: QuestionAddInput }): Promise<{ id: number; held?: true }> {
  const { db, now } = ctx;
  const hash = await textHash(input.questionTitle + "\n" + input.questionDescription);
  await checkPostLimits({ db, kind: "question", userId: actorId, hash, now });
  // The keyword list (docs/admin.md) holds a matching question for review: status 4, author-only, not indexed.
  const hits = await keywordHits({ db, text: input.questionTitle + "\n" + input.questionDescription });
  const held = hits.length > 0;
  await checkPictures(ctx, input.pictureList);
  const tagIds = await resolveTags({ db, refs: input.tagList, now });
  // The new row's id inside the same batch: the publisher's latest question (the batch is one transaction).
  const newId = sql`(SELECT id FROM qa_questions WHERE publisher_id = ${actorId} ORDER BY id DESC LIMIT 1)`;
  await dbBatch(db, [
    db.insert(qaQuestions).values({
      publisherId: actorId,
      title: input.questionTitle,
      description: input.questionDescription,
      status: held ? QUESTION_STATUS.FILTERED : QUESTION_STATUS.WAITING,
      isAnonymous: input.isAnonymous,
      hotScore: hotScore({ viewCount: 0, answerCount: 0, praiseCount: 0, createdAt: now }),
      textHash: hash,
      createdAt: now,
      updatedAt: now,
    }),
    ...childStatements(db, newId, tagIds, input.pictureList),
    ...(held
      ? [holdStatement({ db, target: REVIEW_TARGET.QUESTION, id: newId, authorId: actorId, matched: hits, now })]
      : [...indexRowStatements({ db, questionId: newId, title: input.questionTitle, description: input.questionDescription }), bumpCounter({ db, name: VISIBLE_QUESTIONS, delta: 1 })]),
  ]);
  const row = await db
    .select({ id: qaQuestions.id })
    .from(qaQuestions)
    .where(eq(qaQuestions.publisherId, actorId))
    .orderBy(desc(qaQuestions.id))
    .limit(1)
    .get();
  return held ? { id: row!.id, held } : { id: row!.id };
}

async function ownQuestion(db: Db, actorId: number, id: number): Promise<QuestionRow> {
  const q = await db.select().from(qaQuestions).where(eq(qaQuestions.id, id)).get();
  if (!q || q.status === QUESTION_STATUS.DELETED_BY_SYSTEM || q.status === QUESTION_STATUS.FILTERED) throw notFound(QA_MSG.questionMissing);
  if (q.publisherId !== actorId) throw forbidden(QA_MSG.notOwner);
  return q;
}

/** Edit an own question while it is visible (waiting or solved): title, description, tags, pictures, anonymity. */
export async function updateQuestion({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: QuestionAddInput & { id: number } }): Promise<{ id: number }> {
  const { db, now } = ctx;
  const q = await ownQuestion(db, actorId, input.id);
  if (!isVisibleStatus(q.status)) throw fail(QA_MSG.questionEditLocked);
  await checkPictures(ctx, input.pictureList);
  const tagIds = await resolveTags({ db, refs: input.tagList, now });
  const reindex = await reindexStatements({ db, questionId: q.id, override: { title: input.questionTitle, description: input.questionDescription, status: q.status } });
  await dbBatch(db, [
    db
      .update(qaQuestions)
      .set({
        title: input.questionTitle,
        description: input.questionDescription,
        isAnonymous: input.isAnonymous,
        textHash: await textHash(input.questionTitle + "\n" + input.questionDescription),
        updatedAt: now,
      })
      .where(eq(qaQuestions.id, q.id)),
    db.delete(qaQuestionTags).where(eq(qaQuestionTags.questionId, q.id)),
    db.delete(qaQuestionPictures).where(eq(qaQuestionPictures.questionId, q.id)),
    ...childStatements(db, q.id, tagIds, input.pictureList),
    ...reindex,
  ]);
  return { id: q.id };
}

/**
 * Delete an own question (spec 2 §4): only while waiting (status 0). "delete" makes it author-only
 * (status 2, irreversible); "anonymous" keeps it public and hides the author.
 */
export async function deleteQuestion({ actorId, id, mode, ...ctx }: QaCtx & { actorId: number; id: number; mode: string }): Promise<{ status: number; isAnonymous: number }> {
  const { db, now } = ctx;
  const q = await ownQuestion(db, actorId, id);
  if (q.status === QUESTION_STATUS.DELETED_BY_OWNER) throw notFound(QA_MSG.questionMissing);
  if (q.status !== QUESTION_STATUS.WAITING) throw fail(QA_MSG.questionLocked);
  if (mode === DELETE_MODE.ANONYMOUS) {
    await db.update(qaQuestions).set({ isAnonymous: 1, updatedAt: now }).where(eq(qaQuestions.id, id));
    return { status: q.status, isAnonymous: 1 };
  }
  // Guard on status in the UPDATE itself: an answer arriving meanwhile makes the delete a no-op.
  const done = await db
    .update(qaQuestions)
    .set({ status: QUESTION_STATUS.DELETED_BY_OWNER, updatedAt: now })
    .where(and(eq(qaQuestions.id, id), eq(qaQuestions.status, QUESTION_STATUS.WAITING)))
    .returning({ id: qaQuestions.id });
  if (!done.length) throw fail(QA_MSG.questionLocked);
  await dbBatch(db, [...removeIndexRowStatements({ db, questionId: id }), bumpCounter({ db, name: VISIBLE_QUESTIONS, delta: -1 })]);
  return { status: QUESTION_STATUS.DELETED_BY_OWNER, isAnonymous: q.isAnonymous };
}

/**
 * Count `views` views (batch item): the hot score is computed from the row just read, with these views included.
 * Also used for visitors' views of cached pages, written in groups (visitor-views.ts).
 */
export function countViewStatement(db: Db, q: Pick<QuestionRow, "id" | "viewCount" | "answerCount" | "praiseCount" | "createdAt">, views = 1) {
  return db
    .update(qaQuestions)
    .set({ viewCount: sql`${qaQuestions.viewCount} + ${views}`, hotScore: hotScore({ ...q, viewCount: q.viewCount + views }) })
    // Unary plus keeps the planner on the primary key (not the status index).
    .where(and(eq(qaQuestions.id, q.id), sql`+${qaQuestions.status} IN (0, 1)`));
}

/** Recompute answer count, likes, top answer, waiting/solved status and hot score from the answers (batch item). */
export function refreshQuestionStatsStatement({ db, questionId, now }: { db: Db; questionId: number; now: number }) {
  const normal = and(eq(qaAnswers.questionId, questionId), eq(qaAnswers.status, ANSWER_STATUS.NORMAL));
  const hasNormal = sql`EXISTS (SELECT 1 FROM ${qaAnswers} WHERE ${normal})`;
  return db
    .update(qaQuestions)
    .set({
      answerCount: sql`(SELECT COUNT(*) FROM ${qaAnswers} WHERE ${normal})`,
      praiseCount: sql`(SELECT COALESCE(SUM(${qaAnswers.praiseCount}), 0) FROM ${qaAnswers} WHERE ${normal})`,
      topAnswerId: sql`(SELECT ${qaAnswers.id} FROM ${qaAnswers} WHERE ${normal} ORDER BY ${qaAnswers.praiseCount} DESC, ${qaAnswers.id} ASC LIMIT 1)`,
      // Only a visible question moves between waiting and solved.
      status: sql`CASE WHEN ${inArray(qaQuestions.status, [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED])} THEN
        (CASE WHEN ${hasNormal} THEN ${QUESTION_STATUS.SOLVED} ELSE ${QUESTION_STATUS.WAITING} END) ELSE ${qaQuestions.status} END`,
      updatedAt: now,
    })
    .where(eq(qaQuestions.id, questionId));
}

export async function refreshHotScore({ db, questionId }: { db: Db; questionId: number }): Promise<void> {
  const q = await db.select().from(qaQuestions).where(eq(qaQuestions.id, questionId)).get();
  if (q) await db.update(qaQuestions).set({ hotScore: hotScore(q) }).where(eq(qaQuestions.id, questionId));
}

// ---- Reads ------------------------------------------------------------------------------------------

/** A question readable by the viewer: visible ones by everyone, deleted-by-owner ones by their author. */
export async function readableQuestion({ db, viewerId, id }: { db: Db; viewerId: number | null; id: number }): Promise<QuestionRow> {
  const q = await db.select().from(qaQuestions).where(eq(qaQuestions.id, id)).get();
  if (!q) throw notFound(QA_MSG.questionMissing);
  if (isVisibleStatus(q.status)) return q;
  // The author still reads an own deleted, hidden (3) or held (4) question, with a note saying which.
  if (viewerId === q.publisherId) return q;
  throw notFound(QA_MSG.questionMissing);
}

export async function questionDetail({ viewerId, id, countView = false, question, ...ctx }: QaCtx & {
  viewerId: number | null;
  id: number;
  countView?: boolean;
  /** The row readableQuestion already returned for this viewer (the detail page reads it once). */
  question?: QuestionRow;
}
): Promise<QuestionDetail> {
  const { db } = ctx;
  const q = { ...(question ?? (await readableQuestion({ db, viewerId, id }))) };
  // The view count, the viewer's footprint (issue 4) and the reads go in one round trip. A visitor's view count
  // is written after the response when the runtime allows (nothing on the page waits for it: the count shown is
  // the row's plus this view).
  const writes = [];
  if (countView && viewerId !== q.publisherId && isVisibleStatus(q.status)) {
    if (viewerId === null && ctx.defer) ctx.defer(countViewStatement(db, q).run());
    else writes.push(countViewStatement(db, q));
  }
  if (countView && viewerId) writes.push(recordViewStatement({ db, userId: viewerId, questionId: q.id, now: ctx.now }));
  const counted = countView && viewerId !== q.publisherId && isVisibleStatus(q.status);
  const [pictures, tagRows, authorRows] = await db.batch([
    db.select({ path: qaQuestionPictures.path }).from(qaQuestionPictures).where(eq(qaQuestionPictures.questionId, q.id)).orderBy(asc(qaQuestionPictures.sortOrder)),
    tagsQuery(db, [q.id]),
    authorsQuery({ db, ids: [q.publisherId] }),
    ...writes,
  ]);
  if (counted) q.viewCount += 1;
  const author = publicAuthor(authorMap(authorRows), q.publisherId, q.isAnonymous === 1);
  const tagList = groupTags(tagRows).get(q.id) ?? [];
  return {
    id: q.id,
    questionTitle: q.title,
    questionDescription: q.description,
    questionContent: q.description,
    pictureList: pictures.map((p) => p.path),
    tags: tagList,
    tagList,
    isAnonymous: q.isAnonymous ? "1" : "0",
    ...author,
    isPublisher: viewerId === q.publisherId ? "1" : "0",
    status: q.status,
    ownOnlyNote: ownQuestionNote(q.status),
    answerCount: q.answerCount,
    viewCount: q.viewCount,
    createDate: formatDate(q.createdAt),
    createTime: q.createdAt,
  };
}

/**
 * Shape question rows into list items: top answer excerpt, authors, tags, highlights. Search rows arrive shaped
 * (search-shape.ts: read with the candidates, no round trip here); other rows are read in one round trip.
 */
export async function listItems({ db, rows, query = "" }: { db: Db; rows: (QuestionRow & { shape?: ListShape | null })[]; query?: string | readonly string[] }): Promise<QuestionListItem[]> {
  if (!rows.length) return [];
  const topIds = rows.map((r) => r.topAnswerId).filter((v): v is number => typeof v === "number");
  // Top answers, tags and authors (the top answers' through a subquery) in one round trip.
  const shaped = shapedReads(rows);
  const [top, tagRows, authorRows] = shaped
    ? [shaped.top, shaped.tagRows, shaped.authorRows]
    : await db.batch([
        db
          .select({ id: qaAnswers.id, publisherId: qaAnswers.publisherId, isAnonymous: qaAnswers.isAnonymous, text: qaAnswers.contentText, praiseCount: qaAnswers.praiseCount })
          .from(qaAnswers)
          .where(inArray(qaAnswers.id, topIds.length ? topIds : [0])),
        tagsQuery(db, rows.map((r) => r.id)),
        authorsQuery({ db, ids: rows.map((r) => r.publisherId), alsoIds: answerPublishers({ db, answerIds: topIds }) }),
      ]);
  const topById = new Map(top.map((a) => [a.id, a]));
  const tags = groupTags(tagRows);
  const authors = authorMap(authorRows);
  return rows.map((q) => {
    const a = q.topAnswerId ? topById.get(q.topAnswerId) : undefined;
    const text = excerpt(a ? a.text : q.description);
    return {
      id: q.id,
      questionTitle: q.title,
      highlightTitle: highlight(q.title, query),
      answerContent: text,
      highlightExcerpt: highlight(text, query),
      answerPublisherName: a ? publicAuthor(authors, a.publisherId, a.isAnonymous === 1).publisherName : null,
      answerId: a?.id ?? null,
      praisedCount: a?.praiseCount ?? 0,
      answerCount: q.answerCount,
      viewCount: q.viewCount,
      isAnonymous: q.isAnonymous ? "1" : "0",
      publisherName: publicAuthor(authors, q.publisherId, q.isAnonymous === 1).publisherName,
      createDate: formatDate(q.createdAt),
      createTime: q.createdAt,
      status: q.status,
      tags: tags.get(q.id) ?? [],
    };
  });
}

async function rowsByIds(db: Db, ids: number[]): Promise<QuestionRow[]> {
  if (!ids.length) return [];
  // Primary-key lookups only; status is checked here, since "status IN (…)" in SQL lures the planner onto the status index.
  const rows = await db.select().from(qaQuestions).where(inArray(qaQuestions.id, ids));
  const byId = new Map(rows.filter((r) => isVisibleStatus(r.status)).map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is QuestionRow => !!r);
}

/**
 * Visible questions ordered by a column, one page, as a query to batch. The page's ids come from a walk down the
 * partial index of visible questions in that order (migration 0022), stopping at the page: no sort, no merge.
 * INDEXED BY names it because the planner would otherwise take the (status, column) index for "status IN (0, 1)"
 * and sort. The rows themselves are read by primary key; the caller restores the order (sortByColumn).
 */
function visibleOrderedQuery(db: Db, column: "created_at" | "hot_score", excludeId: number | null, pageNo: number, pageSize: number) {
  const offset = (pageNo - 1) * pageSize;
  const col = sql.raw(column);
  const index = sql.raw(column === "created_at" ? "qa_questions_visible_created_idx" : "qa_questions_visible_hot_idx");
  // The partial index's own condition, written as in the index so the planner sees the query implies it.
  const ids = sql`(SELECT id FROM qa_questions INDEXED BY ${index} WHERE status IN (0, 1) AND id != ${excludeId ?? 0}
    ORDER BY ${col} DESC, id DESC LIMIT ${pageSize} OFFSET ${offset})`;
  return db.select().from(qaQuestions).where(inArray(qaQuestions.id, ids));
}

function sortByColumn(rows: QuestionRow[], column: "created_at" | "hot_score"): QuestionRow[] {
  const key = (r: QuestionRow) => (column === "created_at" ? r.createdAt : r.hotScore);
  return [...rows].sort((a, b) => key(b) - key(a) || b.id - a.id);
}

const counterQuery = (db: Db, name: string) => db.select({ value: qaCounters.value }).from(qaCounters).where(eq(qaCounters.name, name));

/** question/pageQuery: search results by relevance when searchContent has words, else the newest questions. */
export async function pageQuery({ db, searchContent, pageNo, pageSize }: { db: Db; searchContent: string; pageNo: number; pageSize: number }): Promise<QuestionPage> {
  const query = searchContent.trim();
  if (query) {
    const hits = await searchQuestions({ db, query, pageNo, pageSize });
    const page: QuestionPage = { questionList: await listItems({ db, rows: hits.rows, query: highlightWords(hits.terms) }), total: hits.total, totalCapped: hits.capped, totalText: searchCountText(hits.total, hits.capped), matchMode: hits.mode, pageNo, pageSize };
    if (hits.total === 0) page.related = await relatedQuestions(db, hits.terms);
    return page;
  }
  const [rows, counter] = await db.batch([visibleOrderedQuery(db, "created_at", null, pageNo, pageSize), counterQuery(db, VISIBLE_QUESTIONS)]);
  return { questionList: await listItems({ db, rows: sortByColumn(rows, "created_at") }), total: counter[0]?.value ?? 0, pageNo, pageSize };
}

/**
 * Shown when a search finds nothing: the questions sharing most with the query even below the overlap rule, or
 * else the hottest ones, so the page always offers somewhere to go next (beside 去提问).
 */
async function relatedQuestions(db: Db, terms: QueryTerm[]): Promise<QuestionListItem[]> {
  const close = await anyWordQuestions({ db, terms, limit: RELATED_SIZE });
  if (close.length) return listItems({ db, rows: close, query: highlightWords(terms) });
  return (await hotPageQuery({ db, excludeId: null, pageNo: 1, pageSize: RELATED_SIZE })).questionList;
}

/** Questions suggested while typing in the search box: titles of the best matches (the search's own two passes). */
export async function suggestQuestions({ db, query }: { db: Db; query: string }): Promise<QuestionSuggestion[]> {
  const q = query.trim();
  if (!q) return [];
  // No count is shown: it stops after the suggestions' few matches (countCap).
  const hits = await searchQuestions({ db, query: q, pageNo: 1, pageSize: SUGGEST_SIZE, countCap: SUGGEST_SIZE });
  const words = highlightWords(hits.terms);
  return hits.rows.map((r) => ({ id: r.id, questionTitle: r.title, highlightTitle: highlight(r.title, words) }));
}

/**
 * question/hotSearchPageQuery: by hot score, excluding the question being viewed. A page past the end
 * wraps to page 1 (spec 2 §4), and the answer says which page it served.
 */
export async function hotPageQuery({ db, excludeId, pageNo, pageSize }: { db: Db; excludeId: number | null; pageNo: number; pageSize: number }): Promise<QuestionPage> {
  // The requested page and the total in one round trip; a page past the end is read again as page 1.
  const [rows, counter] = await db.batch([visibleOrderedQuery(db, "hot_score", excludeId, pageNo, pageSize), counterQuery(db, VISIBLE_QUESTIONS)]);
  const total = Math.max(0, (counter[0]?.value ?? 0) - (excludeId ? 1 : 0));
  if ((pageNo - 1) * pageSize >= total && pageNo !== 1) return hotPageQuery({ db, excludeId, pageNo: 1, pageSize });
  return { questionList: await listItems({ db, rows: sortByColumn(rows, "hot_score") }), total, pageNo, pageSize };
}

/** question/unAnswerdPageQuery: waiting questions (no answer yet), newest first; wraps like the hot list. */
export async function unansweredPageQuery({ db, excludeId, pageNo, pageSize }: { db: Db; excludeId: number | null; pageNo: number; pageSize: number }): Promise<QuestionPage> {
  const other = sql`${qaQuestions.id} != ${excludeId ?? 0}`;
  // Bounded count (the side list only needs to know whether a next batch exists) and the page, in one round trip.
  const [countRows, rows] = await db.batch([
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(qaQuestions)
      .where(inArray(qaQuestions.id, sql`(SELECT id FROM qa_questions WHERE status = 0 AND id != ${excludeId ?? 0} LIMIT 1000)`)),
    db
      .select()
      .from(qaQuestions)
      .where(and(eq(qaQuestions.status, QUESTION_STATUS.WAITING), other))
      .orderBy(desc(qaQuestions.createdAt))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
  ]);
  const total = countRows[0]?.n ?? 0;
  if ((pageNo - 1) * pageSize >= total && pageNo !== 1) return unansweredPageQuery({ db, excludeId, pageNo: 1, pageSize });
  return { questionList: await listItems({ db, rows }), total, pageNo, pageSize };
}

/** How many recent questions per tag the similar-questions scorer looks at. */
const SIMILAR_PER_TAG = 100;
const SIMILAR_TEXT_CANDIDATES = 30;
const SIMILAR_MAX = 50;

/**
 * question/similarQuestionPageQuery: score = 1 per shared tag + text similarity (1 for the best FTS match of
 * the title's words, falling linearly to 0 at the 30th). Ties by newer question.
 */
export async function similarPageQuery({ input, ...ctx }: QaCtx & { input: { questionId: number | null; tagRefs: TagRef[]; pageNo: number; pageSize: number } }
): Promise<QuestionPage> {
  const { db } = ctx;
  let tagIds: number[] = [];
  let title = "";
  if (input.questionId) {
    const [q, tags] = await db.batch([
      db.select({ title: qaQuestions.title }).from(qaQuestions).where(eq(qaQuestions.id, input.questionId)),
      db.select({ id: qaQuestionTags.tagId }).from(qaQuestionTags).where(eq(qaQuestionTags.questionId, input.questionId)),
    ]);
    title = q[0]?.title ?? "";
    tagIds = tags.map((r) => r.id);
  }
  for (const r of input.tagRefs) {
    const id = typeof r === "number" ? r : typeof r === "object" ? r.id : undefined;
    if (id && !tagIds.includes(id)) tagIds.push(id);
  }
  // Every tag's recent questions and the title's text matches in one round trip.
  const perTag = tagIds.slice(0, 10).map((tagId) =>
    db.select({ id: qaQuestionTags.questionId }).from(qaQuestionTags).where(eq(qaQuestionTags.tagId, tagId)).orderBy(desc(qaQuestionTags.questionId)).limit(SIMILAR_PER_TAG),
  );
  const text = title ? similarByTextQuery({ db, text: title, limit: SIMILAR_TEXT_CANDIDATES, vocab: await searchVocabulary({ db }) }) : null;
  const reads = text ? [...perTag, text] : perTag;
  const results: { id: number }[][] = reads.length ? await db.batch(reads as [(typeof reads)[number], ...typeof reads]) : [];
  const textIds = text ? results.pop()!.map((r) => r.id) : [];
  const score = new Map<number, number>();
  for (const rows of results) for (const r of rows) score.set(r.id, (score.get(r.id) ?? 0) + 1);
  textIds.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 - i / SIMILAR_TEXT_CANDIDATES));
  if (input.questionId) score.delete(input.questionId);
  const ranked = Array.from(score.entries())
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, SIMILAR_MAX)
    .map(([id]) => id);
  const visible = await rowsByIds(db, ranked);
  const start = (input.pageNo - 1) * input.pageSize;
  return {
    questionList: await listItems({ db, rows: visible.slice(start, start + input.pageSize) }),
    total: visible.length,
    pageNo: input.pageNo,
    pageSize: input.pageSize,
  };
}

/** Ids of visible questions, newest first, for the sitemap (bounded). */
export async function visibleQuestionsForSitemap({ db, limit }: { db: Db; limit: number }) {
  return db
    .select({ id: qaQuestions.id, updatedAt: qaQuestions.updatedAt })
    .from(qaQuestions)
    .where(inArray(qaQuestions.status, VISIBLE))
    .orderBy(desc(qaQuestions.createdAt))
    .limit(limit);
}
