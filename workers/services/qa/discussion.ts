// Comments (the spec's assessments) under answers and replies under comments: lists with the viewer's like
// flags, and posting with limits, counters and a message for the receiver (spec 2 §4–§5).
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { qaAnswers, qaComments, qaPraises, qaReplies } from "../../../db/schema";
import { dbBatch, type Db, type DbStatement } from "../../lib/db";
import { invalid, notFound } from "../../lib/errors";
import { ANSWER_STATUS, CONTENT_TYPE, MESSAGE_KIND, QA_MSG, REPLY_PAGE_SIZE, formatDate, type CommentView, type ReplyView } from "../../contract/qa";
import { readableAnswer } from "./answers";
import { loadAuthors, type Author } from "./authors";
import type { QaCtx } from "./context";
import { checkPostLimits } from "./limits";
import { messageStatement, notifyReceivers } from "./messages";
import { readableQuestion } from "./questions";
import { textHash } from "./sanitize";
import { COMMENT_STATUS, OWN_NOTE, REVIEW_TARGET } from "../../contract/admin-constants";
import { holdStatement, keywordHits } from "../moderation/keywords";

type CommentRow = typeof qaComments.$inferSelect;
type ReplyRow = typeof qaReplies.$inferSelect;

async function praisedSet(db: Db, viewerId: number | null, contentType: number, ids: number[]): Promise<Set<number>> {
  if (!viewerId || !ids.length) return new Set();
  const rows = await db
    .select({ id: qaPraises.contentId })
    .from(qaPraises)
    .where(and(eq(qaPraises.userId, viewerId), eq(qaPraises.contentType, contentType), inArray(qaPraises.contentId, ids)));
  return new Set(rows.map((r) => r.id));
}

const nameOf = (authors: Map<number, Author>, id: number) => authors.get(id)?.name ?? "已注销用户";

function replyView(r: ReplyRow, authors: Map<number, Author>, praised: Set<number>): ReplyView {
  return {
    id: r.id,
    replyId: r.id,
    parentReplyId: r.parentReplyId,
    assessmentId: r.commentId,
    replyContent: r.content,
    userId: r.publisherId,
    publisherName: nameOf(authors, r.publisherId),
    publisherPhoto: authors.get(r.publisherId)?.photo ?? null,
    receiverId: r.receiverId,
    receiverName: nameOf(authors, r.receiverId),
    isPraised: praised.has(r.id) ? 1 : 0,
    praisedCount: r.praiseCount,
    createDate: formatDate(r.createdAt),
    createTime: r.createdAt,
    // Held or hidden (docs/admin.md): listed only for its author, with this note.
    ownOnlyNote: r.status === COMMENT_STATUS.HIDDEN ? OWN_NOTE.hiddenReply : r.status === COMMENT_STATUS.REVIEW ? OWN_NOTE.reviewReply : null,
  };
}

async function replyViews(db: Db, viewerId: number | null, rows: ReplyRow[]): Promise<ReplyView[]> {
  const [authors, praised] = await Promise.all([
    loadAuthors({ db, ids: rows.flatMap((r) => [r.publisherId, r.receiverId]) }),
    praisedSet(db, viewerId, CONTENT_TYPE.REPLY, rows.map((r) => r.id)),
  ]);
  return rows.map((r) => replyView(r, authors, praised));
}

async function commentViews(db: Db, viewerId: number | null, rows: CommentRow[]): Promise<CommentView[]> {
  if (!rows.length) return [];
  // First page of replies for every comment in one query (held and hidden replies only for their author).
  const firstReplies = await db.all<{ id: number }>(
    sql`SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY comment_id ORDER BY id) AS rn FROM qa_replies
        WHERE comment_id IN (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) AND (status = 0 OR publisher_id = ${viewerId ?? 0})) WHERE rn <= ${REPLY_PAGE_SIZE}`,
  );
  const replyRows = firstReplies.length
    ? await db.select().from(qaReplies).where(inArray(qaReplies.id, firstReplies.map((r) => r.id))).orderBy(asc(qaReplies.id))
    : [];
  const [authors, praised, replies] = await Promise.all([
    loadAuthors({ db, ids: rows.map((r) => r.publisherId) }),
    praisedSet(db, viewerId, CONTENT_TYPE.COMMENT, rows.map((r) => r.id)),
    replyViews(db, viewerId, replyRows),
  ]);
  return rows.map((c) => {
    const list = replies.filter((r) => r.assessmentId === c.id);
    return {
      id: c.id,
      answerId: c.answerId,
      assessmentContent: c.content,
      userId: c.publisherId,
      userName: nameOf(authors, c.publisherId),
      userPhoto: authors.get(c.publisherId)?.photo ?? null,
      createDate: formatDate(c.createdAt),
      createTime: c.createdAt,
      isPraised: praised.has(c.id) ? 1 : 0,
      praisedCount: c.praiseCount,
      replyCount: c.replyCount,
      replyItemList: list,
      hasMore: c.replyCount > list.length,
      // Hidden by an operator (docs/admin.md): listed only for its author, with this note.
      ownOnlyNote: c.status === COMMENT_STATUS.HIDDEN ? OWN_NOTE.hiddenComment : c.status === COMMENT_STATUS.REVIEW ? OWN_NOTE.reviewComment : null,
    };
  });
}

/** assessment/queryPageById: comments of an answer, oldest first, each with its first replies. */
export async function commentPage({ viewerId, answerId, pageNo, pageSize, ...ctx }: QaCtx & { viewerId: number | null; answerId: number; pageNo: number; pageSize: number }) {
  const { db } = ctx;
  const answer = await readableAnswer({ db, viewerId, id: answerId });
  const where = and(eq(qaComments.answerId, answerId), or(eq(qaComments.status, COMMENT_STATUS.NORMAL), eq(qaComments.publisherId, viewerId ?? 0)));
  const [rows, count] = await Promise.all([
    db.select().from(qaComments).where(where).orderBy(asc(qaComments.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaComments).where(where).get(),
  ]);
  const total = count?.n ?? 0;
  return {
    answerId: answer.id,
    assessmentList: await commentViews(db, viewerId, rows),
    total,
    pageNo,
    pageSize,
    hasMore: pageNo * pageSize < total,
  };
}

/** reply/queryPageById: replies of a comment, oldest first, five at a time by default. */
export async function replyPage({ viewerId, commentId, pageNo, pageSize, ...ctx }: QaCtx & { viewerId: number | null; commentId: number; pageNo: number; pageSize: number }) {
  const { db } = ctx;
  const comment = await db.select().from(qaComments).where(eq(qaComments.id, commentId)).get();
  if (!comment || (comment.status !== COMMENT_STATUS.NORMAL && comment.publisherId !== viewerId)) throw notFound(QA_MSG.commentMissing);
  await readableAnswer({ db, viewerId, id: comment.answerId });
  const where = and(eq(qaReplies.commentId, commentId), or(eq(qaReplies.status, COMMENT_STATUS.NORMAL), eq(qaReplies.publisherId, viewerId ?? 0)));
  const [rows, count] = await Promise.all([
    db.select().from(qaReplies).where(where).orderBy(asc(qaReplies.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaReplies).where(where).get(),
  ]);
  const total = count?.n ?? 0;
  return { assessmentId: commentId, replyItemList: await replyViews(db, viewerId, rows), total, pageNo, pageSize, hasMore: pageNo * pageSize < total };
}

/** The answer a comment or reply goes under: normal, on a visible question. */
async function openAnswer(db: Db, answerId: number) {
  const a = await db.select().from(qaAnswers).where(eq(qaAnswers.id, answerId)).get();
  if (!a || a.status !== ANSWER_STATUS.NORMAL) throw notFound(QA_MSG.answerMissing);
  await readableQuestion({ db, viewerId: null, id: a.questionId });
  return a;
}

/**
 * The public discussion counts recomputed around one comment (its id, or a subquery giving it): the comment's
 * replies, and its answer's comments plus replies, counting only what everyone sees (held and hidden ones are
 * their author's only; replies under a hidden comment are hidden with it). Run after a review decision.
 */
export function recountDiscussion({ db, commentId }: { db: Db; commentId: number | SQL }): DbStatement[] {
  return [
    db
      .update(qaComments)
      .set({ replyCount: sql`(SELECT COUNT(*) FROM qa_replies r WHERE r.comment_id = ${qaComments.id} AND r.status = ${COMMENT_STATUS.NORMAL})` })
      .where(eq(qaComments.id, commentId)),
    db
      .update(qaAnswers)
      .set({
        replyCount: sql`(SELECT COUNT(*) FROM qa_comments c WHERE c.answer_id = ${qaAnswers.id} AND c.status = ${COMMENT_STATUS.NORMAL})
          + (SELECT COUNT(*) FROM qa_replies r JOIN qa_comments c ON c.id = r.comment_id
             WHERE c.answer_id = ${qaAnswers.id} AND c.status = ${COMMENT_STATUS.NORMAL} AND r.status = ${COMMENT_STATUS.NORMAL})`,
      })
      .where(eq(qaAnswers.id, sql`(SELECT answer_id FROM qa_comments WHERE id = ${commentId})`)),
  ];
}

/** assessment/add: comment on an answer; the answer's author receives a message. */
export async function addComment({ actorId, answerId, content, ...ctx }: QaCtx & { actorId: number; answerId: number; content: string }): Promise<CommentView> {
  const { db, now } = ctx;
  const answer = await openAnswer(db, answerId);
  const hash = await textHash(content);
  await checkPostLimits({ db, kind: "comment", userId: actorId, hash, now });
  // The keyword list (docs/admin.md) holds a matching comment for review: status 3, author-only, no message yet.
  const hits = await keywordHits({ db, text: content });
  const row = await db
    .insert(qaComments)
    .values({ answerId, publisherId: actorId, receiverId: answer.publisherId, content, status: hits.length ? COMMENT_STATUS.REVIEW : COMMENT_STATUS.NORMAL, textHash: hash, createdAt: now })
    .returning()
    .get();
  if (hits.length) {
    // Held: visible to its author only, so the public counts stay; approving it recounts (recountDiscussion).
    await dbBatch(db, [holdStatement({ db, target: REVIEW_TARGET.COMMENT, id: row.id, authorId: actorId, matched: hits, now })]);
    return { ...(await commentViews(db, actorId, [{ ...row }]))[0], held: true };
  }
  const message = messageStatement({ db, m: { receiverId: answer.publisherId, kind: MESSAGE_KIND.COMMENT, actorId, questionId: answer.questionId, answerId, targetType: CONTENT_TYPE.ANSWER, targetId: row.id, content }, now });
  await dbBatch(db, [
    db.update(qaAnswers).set({ replyCount: sql`${qaAnswers.replyCount} + 1` }).where(eq(qaAnswers.id, answerId)),
    ...(message ? [message] : []),
  ]);
  if (message) await notifyReceivers({ ...ctx, receivers: [answer.publisherId] });
  return (await commentViews(db, actorId, [{ ...row }]))[0];
}

/** reply/add: reply to a comment (replyId empty) or to another reply of it; its author receives a message. */
export async function addReply({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: { assessmentId: number; replyId: number | null; content: string } }): Promise<ReplyView> {
  const { db, now } = ctx;
  const comment = await db.select().from(qaComments).where(eq(qaComments.id, input.assessmentId)).get();
  if (!comment || comment.status !== COMMENT_STATUS.NORMAL) throw notFound(QA_MSG.commentMissing);
  const answer = await openAnswer(db, comment.answerId);
  let receiverId = comment.publisherId;
  let targetType: number = CONTENT_TYPE.COMMENT;
  let targetId = comment.id;
  if (input.replyId) {
    const parent = await db.select().from(qaReplies).where(eq(qaReplies.id, input.replyId)).get();
    if (!parent || parent.commentId !== comment.id || parent.status !== COMMENT_STATUS.NORMAL) throw invalid(QA_MSG.replyMissing);
    receiverId = parent.publisherId;
    targetType = CONTENT_TYPE.REPLY;
    targetId = parent.id;
  }
  const hash = await textHash(input.content);
  await checkPostLimits({ db, kind: "comment", userId: actorId, hash, now });
  // The keyword list (docs/admin.md) holds a matching reply like a comment: status 3, author-only, no message yet.
  const hits = await keywordHits({ db, text: input.content });
  const row = await db
    .insert(qaReplies)
    .values({ commentId: comment.id, parentReplyId: input.replyId || null, publisherId: actorId, receiverId, content: input.content, textHash: hash, createdAt: now, status: hits.length ? COMMENT_STATUS.REVIEW : COMMENT_STATUS.NORMAL })
    .returning()
    .get();
  if (hits.length) {
    await dbBatch(db, [holdStatement({ db, target: REVIEW_TARGET.REPLY, id: row.id, authorId: actorId, matched: hits, now })]);
    return { ...(await replyViews(db, actorId, [row]))[0], held: true };
  }
  const message = messageStatement({ db, m: { receiverId, kind: MESSAGE_KIND.COMMENT, actorId, questionId: answer.questionId, answerId: answer.id, targetType, targetId, content: input.content }, now });
  await dbBatch(db, [
    db.update(qaComments).set({ replyCount: sql`${qaComments.replyCount} + 1` }).where(eq(qaComments.id, comment.id)),
    db.update(qaAnswers).set({ replyCount: sql`${qaAnswers.replyCount} + 1` }).where(eq(qaAnswers.id, answer.id)),
    ...(message ? [message] : []),
  ]);
  if (message) await notifyReceivers({ ...ctx, receivers: [receiverId] });
  return (await replyViews(db, actorId, [row]))[0];
}
