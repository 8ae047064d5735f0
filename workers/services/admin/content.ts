// The reviewable content (questions, answers, comments) behind one interface: read its author, state and excerpt,
// and move it between public and hidden with spec 2's statuses. See docs/admin.md "States".
import { and, eq, inArray } from "drizzle-orm";
import { qaAnswers, qaComments, qaQuestions } from "../../../db/schema";
import type { Db, DbStatement } from "../../lib/db";
import { ANSWER_STATUS, QUESTION_STATUS } from "../../contract/qa-constants";
import { COMMENT_STATUS, REVIEW_TARGET, type ReviewTarget } from "../../contract/admin-constants";
import { runBatch } from "../qa/context";
import { bumpCounter, VISIBLE_QUESTIONS } from "../qa/counters";
import { refreshHotScore, refreshQuestionStatsStatement } from "../qa/questions";
import { reindexStatements } from "../qa/search";

export interface ContentInfo {
  type: ReviewTarget;
  id: number;
  authorId: number;
  status: number;
  /** Question the content belongs to (itself for a question). */
  questionId: number;
  excerpt: string;
  /** Public now (what a visitor may see and report). */
  isPublic: boolean;
  /** Hidden by an operator or held by the keyword list. */
  isHeld: boolean;
  isHidden: boolean;
}

const cut = (s: string, n = 120) => (s.length > n ? s.slice(0, n) + "…" : s);

export async function loadContent(db: Db, type: ReviewTarget, id: number): Promise<ContentInfo | null> {
  if (type === REVIEW_TARGET.QUESTION) {
    const q = await db.select().from(qaQuestions).where(eq(qaQuestions.id, id)).get();
    if (!q) return null;
    return {
      type, id, authorId: q.publisherId, status: q.status, questionId: q.id, excerpt: cut(q.title),
      isPublic: q.status === QUESTION_STATUS.WAITING || q.status === QUESTION_STATUS.SOLVED,
      isHeld: q.status === QUESTION_STATUS.FILTERED,
      isHidden: q.status === QUESTION_STATUS.DELETED_BY_SYSTEM,
    };
  }
  if (type === REVIEW_TARGET.ANSWER) {
    const a = await db
      .select({ a: qaAnswers, qStatus: qaQuestions.status })
      .from(qaAnswers)
      .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
      .where(eq(qaAnswers.id, id))
      .get();
    if (!a) return null;
    return {
      type, id, authorId: a.a.publisherId, status: a.a.status, questionId: a.a.questionId, excerpt: cut(a.a.contentText),
      isPublic: a.a.status === ANSWER_STATUS.NORMAL && (a.qStatus === QUESTION_STATUS.WAITING || a.qStatus === QUESTION_STATUS.SOLVED),
      isHeld: a.a.status === ANSWER_STATUS.REVIEW,
      isHidden: a.a.status === ANSWER_STATUS.DELETED,
    };
  }
  const c = await db
    .select({ c: qaComments, aStatus: qaAnswers.status, questionId: qaAnswers.questionId, qStatus: qaQuestions.status })
    .from(qaComments)
    .innerJoin(qaAnswers, eq(qaAnswers.id, qaComments.answerId))
    .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
    .where(eq(qaComments.id, id))
    .get();
  if (!c) return null;
  return {
    type, id, authorId: c.c.publisherId, status: c.c.status, questionId: c.questionId, excerpt: cut(c.c.content),
    isPublic: c.c.status === COMMENT_STATUS.NORMAL && c.aStatus === ANSWER_STATUS.NORMAL && (c.qStatus === QUESTION_STATUS.WAITING || c.qStatus === QUESTION_STATUS.SOLVED),
    isHeld: c.c.status === COMMENT_STATUS.REVIEW,
    isHidden: c.c.status === COMMENT_STATUS.HIDDEN,
  };
}

/** Where the content is read in the Q&A pages. */
export function contentHref(c: { type: ReviewTarget; questionId: number; id: number }): string {
  const base = `/energySavingQA/details?questionId=${c.questionId}`;
  return c.type === REVIEW_TARGET.ANSWER ? `${base}#answer-${c.id}` : base;
}

/**
 * The guarded status change for a batch: hide (→ question 3, answer 4, comment 4) or publish (→ normal). Null
 * when the content is not in a state the change applies to.
 */
export function statusChange(db: Db, c: ContentInfo, to: "hide" | "publish", now: number): { statement: DbStatement; status: number } | null {
  if (c.type === REVIEW_TARGET.QUESTION) {
    const from = to === "hide" ? [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED, QUESTION_STATUS.FILTERED] : [QUESTION_STATUS.DELETED_BY_SYSTEM, QUESTION_STATUS.FILTERED];
    if (!(from as number[]).includes(c.status)) return null;
    // Publishing sets waiting; the stats refresh after the batch makes it solved when it has normal answers.
    const status = to === "hide" ? QUESTION_STATUS.DELETED_BY_SYSTEM : QUESTION_STATUS.WAITING;
    return { status, statement: db.update(qaQuestions).set({ status, updatedAt: now }).where(and(eq(qaQuestions.id, c.id), inArray(qaQuestions.status, from))) };
  }
  if (c.type === REVIEW_TARGET.ANSWER) {
    const from = to === "hide" ? [ANSWER_STATUS.NORMAL, ANSWER_STATUS.REVIEW] : [ANSWER_STATUS.DELETED, ANSWER_STATUS.REVIEW];
    if (!(from as number[]).includes(c.status)) return null;
    const status = to === "hide" ? ANSWER_STATUS.DELETED : ANSWER_STATUS.NORMAL;
    return { status, statement: db.update(qaAnswers).set({ status, updatedAt: now }).where(and(eq(qaAnswers.id, c.id), inArray(qaAnswers.status, from))) };
  }
  const from: number[] = to === "hide" ? [COMMENT_STATUS.NORMAL, COMMENT_STATUS.REVIEW] : [COMMENT_STATUS.HIDDEN, COMMENT_STATUS.REVIEW];
  if (!from.includes(c.status)) return null;
  const status = to === "hide" ? COMMENT_STATUS.HIDDEN : COMMENT_STATUS.NORMAL;
  return { status, statement: db.update(qaComments).set({ status }).where(and(eq(qaComments.id, c.id), inArray(qaComments.status, from))) };
}

/** Counters, the question's waiting/solved state, the search row and the hot score after a status change. */
export async function afterStatusChange(db: Db, c: ContentInfo, newStatus: number, now: number): Promise<void> {
  if (c.type === REVIEW_TARGET.COMMENT) return;
  const statements: unknown[] = [refreshQuestionStatsStatement(db, c.questionId, now)];
  if (c.type === REVIEW_TARGET.QUESTION) {
    const wasVisible = c.isPublic;
    const nowVisible = newStatus === QUESTION_STATUS.WAITING;
    if (wasVisible !== nowVisible) statements.push(bumpCounter(db, VISIBLE_QUESTIONS, nowVisible ? 1 : -1));
  }
  await runBatch(db, statements);
  await runBatch(db, await reindexStatements(db, c.questionId));
  await refreshHotScore(db, c.questionId);
}
