// View history ("my footprints", spec 2 §2, §3): one row per user and question, moved to the top on every open.
// The rows are written by the question detail service for logged-in viewers (workers/services/qa/view-history.ts).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { qaQuestions, qaViewHistory } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { QUESTION_STATUS, formatDate } from "../../contract/qa";
import type { HistoryItem, Paged } from "../../contract/qa-personal";
import { likePattern } from "./like";

/**
 * /common/viewHistory/pageQuery: the caller's footprints, most recent first, optionally filtered by a title substring.
 * Questions that are no longer readable by the caller (deleted by the system, or by someone else) are left out.
 */
export async function historyPage({ db, userId, searchContent, pageNo, pageSize }: { db: Db; userId: number; searchContent: string; pageNo: number; pageSize: number }): Promise<{ viewHistoryList: HistoryItem[] } & Paged> {
  const where = and(
    eq(qaViewHistory.userId, userId),
    sql`(${qaQuestions.status} IN (${QUESTION_STATUS.WAITING}, ${QUESTION_STATUS.SOLVED}) OR (${qaQuestions.status} = ${QUESTION_STATUS.DELETED_BY_OWNER} AND ${qaQuestions.publisherId} = ${userId}))`,
    searchContent ? sql`${qaQuestions.title} LIKE ${likePattern(searchContent)} ESCAPE '\\'` : undefined,
  );
  const [rows, countRow] = await Promise.all([
    db
      .select({ h: qaViewHistory, title: qaQuestions.title, answerCount: qaQuestions.answerCount, viewCount: qaQuestions.viewCount, status: qaQuestions.status })
      .from(qaViewHistory)
      .innerJoin(qaQuestions, eq(qaQuestions.id, qaViewHistory.questionId))
      .where(where)
      .orderBy(desc(qaViewHistory.viewedAt), desc(qaViewHistory.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaViewHistory).innerJoin(qaQuestions, eq(qaQuestions.id, qaViewHistory.questionId)).where(where).get(),
  ]);
  return {
    viewHistoryList: rows.map(({ h, title, answerCount, viewCount, status }) => ({
      id: h.id,
      questionId: h.questionId,
      questionTitle: title,
      answerCount,
      viewCount,
      status,
      viewDate: formatDate(h.viewedAt),
      viewTime: h.viewedAt,
    })),
    total: Number(countRow?.n ?? 0),
    pageNo,
    pageSize,
  };
}

/** Remove footprints (own rows only). */
export async function deleteHistory({ db, userId, ids }: { db: Db; userId: number; ids: number[] }): Promise<number> {
  const done = await db.delete(qaViewHistory).where(and(eq(qaViewHistory.userId, userId), inArray(qaViewHistory.id, ids))).returning({ id: qaViewHistory.id });
  return done.length;
}
