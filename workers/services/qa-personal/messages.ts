// Message notifications (spec 2 §2, §3, §7): the tab lists and mark-read. Unread counts and system messages are
// the messaging service's (services/messaging/).
// Rows are written by the Q&A services (workers/services/qa/messages.ts) on answer, comment, like and follow.
// Every read and write is filtered by the receiver (the caller); live counts move through the UserChannel DO.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { qaMessages, qaQuestions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { QA_MSG, formatDate } from "../../contract/qa";
import {
  PERSONAL_MSG,
  TAB_KINDS,
  type MessageCounts,
  type MessageItem,
  type MessagePage,
  type MessageTab,
} from "../../contract/qa-personal";
import { pushMessageCount } from "../messaging/channel";
import { messageCounts } from "../messaging/counts";
import { loadAuthors } from "../qa/authors";
import type { QaCtx } from "../qa/context";
import { isVisibleStatus } from "../qa/questions";

/** One page of a tab, newest first, optionally only read (1) or unread (0) messages. */
export async function messagePage({ db, userId, tab, isRead, pageNo, pageSize }: { db: Db; userId: number; tab: MessageTab; isRead: 0 | 1 | null; pageNo: number; pageSize: number }): Promise<MessagePage> {
  const where = and(
    eq(qaMessages.receiverId, userId),
    inArray(qaMessages.kind, [...TAB_KINDS[tab]]),
    isRead === null ? undefined : eq(qaMessages.isRead, isRead),
  );
  const [rows, countRow] = await Promise.all([
    db.select().from(qaMessages).where(where).orderBy(desc(qaMessages.createdAt), desc(qaMessages.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaMessages).where(where).get(),
  ]);
  const questionIds = Array.from(new Set(rows.map((r) => r.questionId).filter((v): v is number => typeof v === "number")));
  const [authors, questions] = await Promise.all([
    loadAuthors({ db, ids: rows.filter((r) => !r.actorAnonymous).map((r) => r.actorId) }),
    questionIds.length
      ? db.select({ id: qaQuestions.id, title: qaQuestions.title, status: qaQuestions.status, publisherId: qaQuestions.publisherId }).from(qaQuestions).where(inArray(qaQuestions.id, questionIds))
      : Promise.resolve([]),
  ]);
  const qById = new Map(questions.map((q) => [q.id, q]));
  const messageList: MessageItem[] = rows.map((m) => {
    const date = formatDate(m.createdAt);
    const actor = m.actorId !== null && !m.actorAnonymous ? authors.get(m.actorId) : undefined;
    const publisher =
      m.actorId === null
        ? null
        : m.actorAnonymous
          ? { publisherId: null, publisherName: QA_MSG.anonymousName, publisherPhoto: null }
          : { publisherId: actor?.deleted ? null : m.actorId, publisherName: actor?.name ?? "已注销用户", publisherPhoto: actor?.photo ?? null };
    const q = m.questionId !== null ? qById.get(m.questionId) : undefined;
    // The receiver may still open their own deleted-by-owner question; other deleted ones are gone.
    const readable = !!q && (isVisibleStatus(q.status) || (q.status === 2 && q.publisherId === userId));
    return {
      messageId: m.id,
      kind: m.kind,
      isRead: m.isRead ? 1 : 0,
      createDate: date,
      createTime: m.createdAt,
      answerDate: date,
      followDate: date,
      publishDate: date,
      publisherList: publisher ? [publisher] : [],
      followerId: m.kind === "follow" ? (publisher?.publisherId ?? null) : null,
      followerName: m.kind === "follow" ? (publisher?.publisherName ?? null) : null,
      followerPhoto: m.kind === "follow" ? (publisher?.publisherPhoto ?? null) : null,
      targetType: m.targetType,
      targetId: m.targetId,
      questionId: m.questionId,
      questionTitle: q ? (readable ? q.title : PERSONAL_MSG.questionDeleted) : null,
      questionDeleted: m.questionId !== null && !readable,
      answerId: m.answerId,
      content: m.content,
    };
  });
  return { messageList, total: Number(countRow?.n ?? 0), pageNo, pageSize };
}

/**
 * messageNotice/updateMessageStatus: mark the caller's own unread messages read (ids of other users' messages are
 * ignored). Open pages of the caller get the negative delta through the UserChannel, so every badge falls at once.
 */
export async function markMessagesRead({ userId, ids, ...ctx }: QaCtx & { userId: number; ids: number[] }): Promise<{ updated: number } & MessageCounts> {
  const { db, env } = ctx;
  const unique = Array.from(new Set(ids));
  const done = await db
    .update(qaMessages)
    .set({ isRead: 1 })
    .where(and(eq(qaMessages.receiverId, userId), eq(qaMessages.isRead, 0), inArray(qaMessages.id, unique)))
    .returning({ id: qaMessages.id });
  if (done.length) {
    const push = pushMessageCount({ env, userId, delta: -done.length });
    if (ctx.defer) ctx.defer(push);
    else await push;
  }
  return { updated: done.length, ...(await messageCounts({ db, userId })) };
}
