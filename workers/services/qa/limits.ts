// Posting limits (docs/qa.md "Abuse limits"): minimum interval per user, a daily cap for accounts younger
// than a day, and rejection of the same normalised text from the same user within a day.
// Checks read the user's own recent rows through (publisher_id, created_at) indexes.
import { and, desc, eq, gt } from "drizzle-orm";
import { qaAnswers, qaComments, qaQuestions, qaReplies, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { rateLimited } from "../../lib/errors";
import { LIMITS, QA_MSG } from "../../contract/qa";

export type PostKind = "question" | "answer" | "comment";

const INTERVAL: Record<PostKind, { ms: number; msg: string }> = {
  question: { ms: LIMITS.questionIntervalMs, msg: QA_MSG.tooFastQuestion },
  answer: { ms: LIMITS.answerIntervalMs, msg: QA_MSG.tooFastAnswer },
  comment: { ms: LIMITS.commentIntervalMs, msg: QA_MSG.tooFastComment },
};

/** Creation times of the user's posts of a kind within the window (comments and replies count together). */
async function recentPosts(db: Db, kind: PostKind, userId: number, since: number): Promise<{ createdAt: number; textHash: string; ref: number }[]> {
  if (kind === "question") {
    return db
      .select({ createdAt: qaQuestions.createdAt, textHash: qaQuestions.textHash, ref: qaQuestions.id })
      .from(qaQuestions)
      .where(and(eq(qaQuestions.publisherId, userId), gt(qaQuestions.createdAt, since)))
      .orderBy(desc(qaQuestions.createdAt));
  }
  if (kind === "answer") {
    return db
      .select({ createdAt: qaAnswers.createdAt, textHash: qaAnswers.textHash, ref: qaAnswers.questionId })
      .from(qaAnswers)
      .where(and(eq(qaAnswers.publisherId, userId), gt(qaAnswers.createdAt, since)))
      .orderBy(desc(qaAnswers.createdAt));
  }
  const [c, r] = await db.batch([
    db
      .select({ createdAt: qaComments.createdAt, textHash: qaComments.textHash, ref: qaComments.answerId })
      .from(qaComments)
      .where(and(eq(qaComments.publisherId, userId), gt(qaComments.createdAt, since))),
    db
      .select({ createdAt: qaReplies.createdAt, textHash: qaReplies.textHash, ref: qaReplies.commentId })
      .from(qaReplies)
      .where(and(eq(qaReplies.publisherId, userId), gt(qaReplies.createdAt, since))),
  ]);
  return [...c, ...r].sort((a, b) => b.createdAt - a.createdAt);
}

/** Throw a rate-limit error when the user may not post now; `hash` is the normalised-text hash (textHash). */
export async function checkPostLimits({ db, kind, userId, hash, now }: { db: Db; kind: PostKind; userId: number; hash: string; now: number }): Promise<void> {
  const since = now - LIMITS.duplicateWindowMs;
  const recent = await recentPosts(db, kind, userId, since);
  const last = recent[0];
  if (last && now - last.createdAt < INTERVAL[kind].ms) throw rateLimited(INTERVAL[kind].msg);
  if (hash && recent.some((p) => p.textHash === hash)) throw rateLimited(QA_MSG.duplicate);
  const user = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  if (user && now - user.createdAt < LIMITS.newAccountMs && recent.length >= LIMITS.newAccountDaily[kind]) {
    throw rateLimited(QA_MSG.dailyCap);
  }
}

