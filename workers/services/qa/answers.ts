// Answers: one per user per question (add on an existing one updates it), owner edits and deletes only
// while normal, deleted-by-owner answers visible only to their author, own answer first (spec 2 §4–§6).
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { qaAnswers, qaFavorites, qaFollows, qaPraises, qaQuestions } from "../../../db/schema";
import { dbBatch, type Db, type DbStatement } from "../../lib/db";
import { fail, forbidden, invalid, notFound } from "../../lib/errors";
import {
  ANSWER_HTML_MAX,
  ANSWER_STATUS,
  CONTENT_TYPE,
  MESSAGE_KIND,
  QA_MSG,
  formatDate,
  type AnswerPage,
  type AnswerView,
} from "../../contract/qa";
import { authorMap, authorsQuery, publicAuthor, type Author } from "./authors";
import type { QaCtx } from "./context";
import { checkPostLimits } from "./limits";
import { messageStatement, notifyReceivers } from "./messages";
import { isVisibleStatus, readableQuestion, refreshHotScore, refreshQuestionStatsStatement, type QuestionRow } from "./questions";
import { htmlToText, isEmptyAnswer, sanitizeAnswerHtml, textHash } from "./sanitize";
import { reindexStatements } from "./search-index";
import { ownAnswerNote, REVIEW_TARGET } from "../../contract/admin-constants";
import { holdStatement, keywordHits } from "../moderation/keywords";

type AnswerRow = typeof qaAnswers.$inferSelect;

/** Sanitise and check answer HTML; throws 内容不能为空 for an editor holding only line breaks or empty tags. */
export function cleanAnswer(html: string): { html: string; text: string } {
  const clean = sanitizeAnswerHtml(html);
  if (isEmptyAnswer(clean)) throw invalid(QA_MSG.empty);
  if (clean.length > ANSWER_HTML_MAX) throw invalid(QA_MSG.answerTooLong);
  return { html: clean, text: htmlToText(clean) };
}

async function afterAnswerChange(ctx: QaCtx, questionId: number, extra: DbStatement[] = []) {
  const { db, now } = ctx;
  await dbBatch(db, [refreshQuestionStatsStatement({ db, questionId, now }), ...extra]);
  // Index after the stats statement so a status flip (waiting ↔ solved) never drops the row.
  await dbBatch(db, await reindexStatements({ db, questionId }));
  await refreshHotScore({ db, questionId });
}

/** `held: true` only on a held answer, so the reply of an ordinary save keeps its shape ({id, created}). */
const heldFlag = (held: boolean): { held?: true } => (held ? { held: true } : {});

/**
 * answer/add and answer/update. With no id: the caller's answer to the question is created, or updated
 * when it exists (one answer per user per question). With an id: it must be the caller's answer.
 */
export async function saveAnswer({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: { questionId: number; answerContent: string; isAnonymous: number; id?: number } }
): Promise<{ id: number; created: boolean; held?: true }> {
  const { db, now } = ctx;
  const { html, text } = cleanAnswer(input.answerContent);
  // The keyword list (docs/admin.md) holds a matching answer for review: status 3 (审核中), author-only.
  const hits = await keywordHits({ db, text });
  const held = hits.length > 0;
  const question = await db.select().from(qaQuestions).where(eq(qaQuestions.id, input.questionId)).get();
  if (!question || !isVisibleStatus(question.status)) throw notFound(QA_MSG.questionMissing);
  const existing = await db
    .select()
    .from(qaAnswers)
    .where(and(eq(qaAnswers.questionId, input.questionId), eq(qaAnswers.publisherId, actorId)))
    .get();
  if (input.id !== undefined) {
    const target = await db.select().from(qaAnswers).where(eq(qaAnswers.id, input.id)).get();
    if (!target || target.status === ANSWER_STATUS.DELETED) throw notFound(QA_MSG.answerMissing);
    if (target.publisherId !== actorId) throw forbidden(QA_MSG.notOwner);
    if (target.questionId !== input.questionId) throw invalid(QA_MSG.answerMissing);
  }
  const hash = await textHash(text);
  if (existing) {
    if (existing.status !== ANSWER_STATUS.NORMAL) throw fail(QA_MSG.answerLocked);
    await db
      .update(qaAnswers)
      .set({ contentHtml: html, contentText: text, isAnonymous: input.isAnonymous, textHash: hash, updatedAt: now, ...(held ? { status: ANSWER_STATUS.REVIEW } : {}) })
      .where(and(eq(qaAnswers.id, existing.id), eq(qaAnswers.status, ANSWER_STATUS.NORMAL)));
    await afterAnswerChange(ctx, input.questionId, held ? [holdStatement({ db, target: REVIEW_TARGET.ANSWER, id: existing.id, authorId: actorId, matched: hits, now })] : []);
    return { id: existing.id, created: false, ...heldFlag(held) };
  }
  await checkPostLimits({ db, kind: "answer", userId: actorId, hash, now });
  const inserted = await db
    .insert(qaAnswers)
    .values({
      questionId: input.questionId,
      publisherId: actorId,
      contentHtml: html,
      contentText: text,
      status: held ? ANSWER_STATUS.REVIEW : ANSWER_STATUS.NORMAL,
      isAnonymous: input.isAnonymous,
      textHash: hash,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: qaAnswers.id })
    .get();
  // A concurrent add from the same user won the unique (question, publisher) race.
  if (!inserted) throw fail(QA_MSG.duplicate);
  if (held) {
    // Not public yet: no message to the question's author until an operator approves it.
    await afterAnswerChange(ctx, input.questionId, [holdStatement({ db, target: REVIEW_TARGET.ANSWER, id: inserted.id, authorId: actorId, matched: hits, now })]);
    return { id: inserted.id, created: true, ...heldFlag(held) };
  }
  const message = messageStatement({ db, m: {
      receiverId: question.publisherId,
      kind: MESSAGE_KIND.ANSWER,
      actorId,
      actorAnonymous: input.isAnonymous === 1,
      questionId: question.id,
      answerId: inserted.id,
      targetType: CONTENT_TYPE.ANSWER,
      targetId: inserted.id,
      content: text.slice(0, 100),
    }, now });
  await afterAnswerChange(ctx, input.questionId, message ? [message] : []);
  if (message) await notifyReceivers({ ...ctx, receivers: [question.publisherId] });
  return { id: inserted.id, created: true, ...heldFlag(held) };
}

/** answer/deleteById: the owner deletes a normal answer; it stays visible to them with the note. */
export async function deleteAnswer({ actorId, id, ...ctx }: QaCtx & { actorId: number; id: number }): Promise<void> {
  const { db, now } = ctx;
  const a = await db.select().from(qaAnswers).where(eq(qaAnswers.id, id)).get();
  if (!a || a.status === ANSWER_STATUS.DELETED) throw notFound(QA_MSG.answerMissing);
  if (a.publisherId !== actorId) throw forbidden(QA_MSG.notOwner);
  if (a.status !== ANSWER_STATUS.NORMAL) throw fail(QA_MSG.answerLocked);
  await db.update(qaAnswers).set({ status: ANSWER_STATUS.DELETED_BY_OWNER, updatedAt: now }).where(eq(qaAnswers.id, id));
  await afterAnswerChange(ctx, a.questionId);
}

/** An answer the viewer may read and act on: normal, or their own in any owner-visible state. */
export async function readableAnswer({ db, viewerId, id }: { db: Db; viewerId: number | null; id: number }): Promise<AnswerRow> {
  const a = await db.select().from(qaAnswers).where(eq(qaAnswers.id, id)).get();
  if (!a) throw notFound(QA_MSG.answerMissing);
  const ownVisible = viewerId === a.publisherId && (a.status === ANSWER_STATUS.DELETED_BY_OWNER || a.status === ANSWER_STATUS.REVIEW);
  if (a.status !== ANSWER_STATUS.NORMAL && !ownVisible) throw notFound(QA_MSG.answerMissing);
  await readableQuestion({ db, viewerId, id: a.questionId });
  return a;
}

/** Authors and viewer flags (liked, favourited, following the non-anonymous authors) of a set of answers, in one round trip. */
async function answerContext(db: Db, viewerId: number | null, rows: AnswerRow[]) {
  const praised = new Set<number>();
  const favorite = new Set<number>();
  const following = new Set<number>();
  if (!rows.length) return { authors: new Map<number, Author>(), praised, favorite, following };
  const authorsRead = authorsQuery({ db, ids: rows.map((r) => r.publisherId) });
  if (!viewerId) return { authors: authorMap(await authorsRead), praised, favorite, following };
  const ids = rows.map((r) => r.id);
  const authorIds = Array.from(new Set(rows.filter((r) => !r.isAnonymous).map((r) => r.publisherId)));
  const [authorRows, p, f, fo] = await db.batch([
    authorsRead,
    db
      .select({ id: qaPraises.contentId })
      .from(qaPraises)
      .where(and(eq(qaPraises.userId, viewerId), eq(qaPraises.contentType, CONTENT_TYPE.ANSWER), inArray(qaPraises.contentId, ids))),
    db
      .select({ id: qaFavorites.contentId })
      .from(qaFavorites)
      .where(and(eq(qaFavorites.userId, viewerId), eq(qaFavorites.contentType, CONTENT_TYPE.FAVORITE_ANSWER), inArray(qaFavorites.contentId, ids))),
    db
      .select({ id: qaFollows.followeeId })
      .from(qaFollows)
      .where(and(eq(qaFollows.followerId, viewerId), inArray(qaFollows.followeeId, authorIds.length ? authorIds : [0]))),
  ]);
  p.forEach((r) => praised.add(r.id));
  f.forEach((r) => favorite.add(r.id));
  fo.forEach((r) => following.add(r.id));
  return { authors: authorMap(authorRows), praised, favorite, following };
}

export async function answerViews({ db, viewerId, rows }: { db: Db; viewerId: number | null; rows: AnswerRow[] }): Promise<AnswerView[]> {
  const { authors, ...flags } = await answerContext(db, viewerId, rows);
  return rows.map((a) => {
    const own = viewerId === a.publisherId;
    const author = publicAuthor(authors, a.publisherId, a.isAnonymous === 1);
    return {
      id: a.id,
      questionId: a.questionId,
      answerContent: a.contentHtml,
      isAnonymous: a.isAnonymous ? 1 : 0,
      isPublisher: own ? "1" : "0",
      status: a.status,
      ownOnlyNote: ownAnswerNote(a.status),
      ...author,
      createDate: formatDate(a.createdAt),
      createTime: a.createdAt,
      updateTime: a.updatedAt,
      isPraised: flags.praised.has(a.id) ? 1 : 0,
      praisedCount: a.praiseCount,
      replyCount: a.replyCount,
      // Favourite is hidden on own answers (spec 2 §5): never report one.
      isFavorite: !own && flags.favorite.has(a.id) ? 1 : 0,
      isFollow: !a.isAnonymous && !own && flags.following.has(a.publisherId) ? "1" : "0",
    } satisfies AnswerView;
  });
}

/**
 * answer/queryPageById: the question head and one page of answers. The caller's own answer (including a
 * deleted-by-owner one, with its note) comes first; the others follow by likes, then age.
 */
export async function answerPage({ viewerId, questionId, pageNo, pageSize, question, ...ctx }: QaCtx & { viewerId: number | null; questionId: number; pageNo: number; pageSize: number; question?: QuestionRow }
): Promise<AnswerPage> {
  const { db } = ctx;
  const q = question ?? (await readableQuestion({ db, viewerId, id: questionId }));
  // The caller's own answer is read with the page; it takes the first slot on page 1, so when it exists the
  // others' page is one shorter there and shifted by one after.
  const mineRead = db
    .select()
    .from(qaAnswers)
    .where(
      and(
        eq(qaAnswers.questionId, questionId),
        eq(qaAnswers.publisherId, viewerId ?? 0),
        inArray(qaAnswers.status, [ANSWER_STATUS.NORMAL, ANSWER_STATUS.DELETED_BY_OWNER, ANSWER_STATUS.REVIEW, ANSWER_STATUS.DELETED]),
      ),
    )
    .limit(1);
  const othersWhere = and(
    eq(qaAnswers.questionId, questionId),
    eq(qaAnswers.status, ANSWER_STATUS.NORMAL),
    viewerId ? ne(qaAnswers.publisherId, viewerId) : undefined,
  );
  // One read serves both cases: from one row before the page start, one row more than a page.
  const start = (pageNo - 1) * pageSize;
  const from = Math.max(0, start - 1);
  const [mineRows, window, countRows] = await db.batch([
    mineRead,
    db.select().from(qaAnswers).where(othersWhere).orderBy(desc(qaAnswers.praiseCount), asc(qaAnswers.id)).limit(pageSize + 1).offset(from),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaAnswers).where(othersWhere),
  ]);
  const mine = viewerId ? mineRows[0] : undefined;
  const ownSlot = mine ? 1 : 0;
  // Others start at start - ownSlot (never below 0); page 1 leaves the first slot to the caller's answer.
  const skip = Math.max(0, start - ownSlot) - from;
  const others = window.slice(skip, skip + (pageNo === 1 ? pageSize - ownSlot : pageSize));
  const countRow = countRows[0];
  const rows = pageNo === 1 && mine ? [mine, ...others] : others;
  return {
    questionId: q.id,
    questionTitle: q.title,
    questionContent: q.description,
    questionStatus: q.status,
    isPublished: mine ? "1" : "0",
    isQuestionPublisher: viewerId === q.publisherId ? "1" : "0",
    myAnswer: mine ? { id: mine.id, answerContent: mine.contentHtml, isAnonymous: mine.isAnonymous ? 1 : 0, status: mine.status } : null,
    answerCount: q.answerCount,
    answerList: await answerViews({ db, viewerId, rows }),
    total: (countRow?.n ?? 0) + ownSlot,
    pageNo,
    pageSize,
  };
}


