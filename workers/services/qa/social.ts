// Likes (answer 2, comment 3, reply 4) and follows, toggled by actionType 0 do / 1 undo. Idempotent: doing
// twice changes nothing; counters move only when a row was really added or removed.
import { and, eq, sql } from "drizzle-orm";
import { qaAnswers, qaComments, qaFollows, qaPraises, qaReplies, users } from "../../../db/schema";
import { dbBatch, type DbStatement } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ACTION, CONTENT_TYPE, MESSAGE_KIND, QA_MSG } from "../../contract/qa";
import { readableAnswer } from "./answers";
import type { QaCtx } from "./context";
import { messageStatement, notifyReceivers } from "./messages";
import { refreshHotScore, refreshQuestionStatsStatement } from "./questions";

interface Target {
  authorId: number;
  questionId: number;
  answerId: number;
  count: () => Promise<number>;
  bump: (delta: number) => DbStatement;
}

async function praiseTarget(ctx: QaCtx, viewerId: number, contentType: number, contentId: number): Promise<Target> {
  const { db } = ctx;
  if (contentType === CONTENT_TYPE.ANSWER) {
    const a = await readableAnswer({ db, viewerId, id: contentId });
    return {
      authorId: a.publisherId,
      questionId: a.questionId,
      answerId: a.id,
      count: async () => (await db.select({ n: qaAnswers.praiseCount }).from(qaAnswers).where(eq(qaAnswers.id, a.id)).get())?.n ?? 0,
      bump: (d) => db.update(qaAnswers).set({ praiseCount: sql`MAX(0, ${qaAnswers.praiseCount} + ${d})` }).where(eq(qaAnswers.id, a.id)),
    };
  }
  if (contentType === CONTENT_TYPE.COMMENT) {
    const c = await db.select().from(qaComments).where(eq(qaComments.id, contentId)).get();
    if (!c) throw notFound(QA_MSG.commentMissing);
    const a = await readableAnswer({ db, viewerId, id: c.answerId });
    return {
      authorId: c.publisherId,
      questionId: a.questionId,
      answerId: a.id,
      count: async () => (await db.select({ n: qaComments.praiseCount }).from(qaComments).where(eq(qaComments.id, c.id)).get())?.n ?? 0,
      bump: (d) => db.update(qaComments).set({ praiseCount: sql`MAX(0, ${qaComments.praiseCount} + ${d})` }).where(eq(qaComments.id, c.id)),
    };
  }
  const r = await db.select().from(qaReplies).where(eq(qaReplies.id, contentId)).get();
  if (!r) throw notFound(QA_MSG.replyMissing);
  const c = await db.select({ answerId: qaComments.answerId }).from(qaComments).where(eq(qaComments.id, r.commentId)).get();
  if (!c) throw notFound(QA_MSG.replyMissing);
  const a = await readableAnswer({ db, viewerId, id: c.answerId });
  return {
    authorId: r.publisherId,
    questionId: a.questionId,
    answerId: a.id,
    count: async () => (await db.select({ n: qaReplies.praiseCount }).from(qaReplies).where(eq(qaReplies.id, r.id)).get())?.n ?? 0,
    bump: (d) => db.update(qaReplies).set({ praiseCount: sql`MAX(0, ${qaReplies.praiseCount} + ${d})` }).where(eq(qaReplies.id, r.id)),
  };
}

/** common/praiseAndUnpraise. Returns the new state for the client to show. */
export async function togglePraise({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: { contentType: number; contentId: number; actionType: number } }
): Promise<{ isPraised: 0 | 1; praisedCount: number }> {
  const { db, now } = ctx;
  const target = await praiseTarget(ctx, actorId, input.contentType, input.contentId);
  const key = and(eq(qaPraises.userId, actorId), eq(qaPraises.contentType, input.contentType), eq(qaPraises.contentId, input.contentId));
  let changed = false;
  let message: ReturnType<typeof messageStatement> = null;
  if (input.actionType === ACTION.DO) {
    const row = await db
      .insert(qaPraises)
      .values({ userId: actorId, contentType: input.contentType, contentId: input.contentId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: qaPraises.id })
      .get();
    changed = !!row;
    if (changed) {
      message = messageStatement({ db, m: { receiverId: target.authorId, kind: MESSAGE_KIND.PRAISE, actorId, questionId: target.questionId, answerId: target.answerId, targetType: input.contentType, targetId: input.contentId }, now });
      await dbBatch(db, [target.bump(1), ...(message ? [message] : [])]);
    }
  } else {
    changed = (await db.delete(qaPraises).where(key).returning({ id: qaPraises.id })).length > 0;
    if (changed) await dbBatch(db, [target.bump(-1)]);
  }
  if (changed && input.contentType === CONTENT_TYPE.ANSWER) {
    await dbBatch(db, [refreshQuestionStatsStatement({ db, questionId: target.questionId, now })]);
    await refreshHotScore({ db, questionId: target.questionId });
  }
  if (message) await notifyReceivers({ ...ctx, receivers: [target.authorId] });
  return { isPraised: input.actionType === ACTION.DO ? 1 : 0, praisedCount: await target.count() };
}

/** common/followAndUnfollow: not oneself, not the author of an anonymous answer. */
export async function toggleFollow({ actorId, input, ...ctx }: QaCtx & { actorId: number; input: { followUserId: number; actionType: number; answerId?: number | null } }
): Promise<{ isFollow: "0" | "1" }> {
  const { db, now } = ctx;
  if (input.followUserId === actorId) throw fail(QA_MSG.followSelf);
  if (input.answerId) {
    const a = await db.select({ isAnonymous: qaAnswers.isAnonymous, publisherId: qaAnswers.publisherId }).from(qaAnswers).where(eq(qaAnswers.id, input.answerId)).get();
    if (!a) throw notFound(QA_MSG.answerMissing);
    if (a.isAnonymous) throw fail(QA_MSG.followAnonymous);
    if (a.publisherId !== input.followUserId) throw fail(QA_MSG.userMissing);
  }
  const target = await db.select({ id: users.id }).from(users).where(eq(users.id, input.followUserId)).get();
  if (!target) throw notFound(QA_MSG.userMissing);
  if (input.actionType === ACTION.DO) {
    const row = await db
      .insert(qaFollows)
      .values({ followerId: actorId, followeeId: target.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ followeeId: qaFollows.followeeId })
      .get();
    if (row) {
      const message = messageStatement({ db, m: { receiverId: target.id, kind: MESSAGE_KIND.FOLLOW, actorId }, now });
      if (message) {
        await dbBatch(db, [message]);
        await notifyReceivers({ ...ctx, receivers: [target.id] });
      }
    }
    return { isFollow: "1" };
  }
  await db.delete(qaFollows).where(and(eq(qaFollows.followerId, actorId), eq(qaFollows.followeeId, target.id)));
  return { isFollow: "0" };
}
