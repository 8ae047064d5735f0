// The reviewable content (questions, answers, comments, replies, nicknames, avatars) behind one interface: read its
// author, state and excerpt, and move it between public and hidden with spec 2's statuses (replies as comments;
// nicknames and avatars through profile_review_values). See docs/admin.md "States".
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { profileReviewValues, qaAnswers, qaComments, qaQuestions, qaReplies, users } from "../../../db/schema";
import { dbBatch, type Db, type DbStatement } from "../../lib/db";
import { ANSWER_STATUS, QUESTION_STATUS } from "../../contract/qa-constants";
import { COMMENT_STATUS, PROFILE_STATUS, REVIEW_TARGET, isProfileTarget, neutralNickname, type ReviewTarget } from "../../contract/admin-constants";
import { USER_STATUS, isActiveUser } from "../../contract/user-status";
import { recountDiscussion } from "../qa/discussion";
import { bumpCounter, VISIBLE_QUESTIONS } from "../qa/counters";
import { refreshHotScore, refreshQuestionStatsStatement } from "../qa/questions";
import { reindexStatements } from "../qa/search-index";

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
  /** Nicknames and avatars: the value under review (held or hidden); null when none. */
  reviewValue?: string | null;
  /** Avatars: the picture path to show the operator. */
  picture?: string | null;
}

/** An avatar's stored value: both picture columns, put back on restore. */
interface AvatarValue {
  filePath: string | null;
  userPhoto: string | null;
}
const parseAvatar = (v: string | null | undefined): AvatarValue => {
  try {
    const o = JSON.parse(v ?? "null") as AvatarValue | null;
    return { filePath: o?.filePath ?? null, userPhoto: o?.userPhoto ?? null };
  } catch {
    return { filePath: null, userPhoto: null };
  }
};

async function loadProfile(db: Db, type: ReviewTarget, userId: number): Promise<ContentInfo | null> {
  const [u, pending] = await Promise.all([
    db.select({ id: users.id, userName: users.userName, name: users.name, filePath: users.filePath, userPhoto: users.userPhoto, status: users.status }).from(users).where(eq(users.id, userId)).get(),
    db.select().from(profileReviewValues).where(and(eq(profileReviewValues.targetType, type), eq(profileReviewValues.userId, userId))).get(),
  ]);
  if (!u) return null;
  const status = pending?.status ?? PROFILE_STATUS.NORMAL;
  const base = { type, id: u.id, authorId: u.id, status, questionId: 0, isHeld: status === PROFILE_STATUS.REVIEW, isHidden: status === PROFILE_STATUS.HIDDEN, reviewValue: pending?.value ?? null };
  if (type === REVIEW_TARGET.NICKNAME) {
    const shown = u.name || u.userName;
    return { ...base, excerpt: cut(pending?.value ?? shown, 60), isPublic: isActiveUser(u.status) && status === PROFILE_STATUS.NORMAL && !!u.name && u.name !== neutralNickname(u.id) };
  }
  const pic = pending ? parseAvatar(pending.value) : { filePath: u.filePath, userPhoto: u.userPhoto };
  const picture = pic.filePath ?? pic.userPhoto;
  return { ...base, excerpt: picture ? "头像图片" : "（默认头像）", picture, isPublic: isActiveUser(u.status) && status === PROFILE_STATUS.NORMAL && !!(u.filePath || u.userPhoto) };
}

const cut = (s: string, n = 120) => (s.length > n ? s.slice(0, n) + "…" : s);

export async function loadContent({ db, type, id }: { db: Db; type: ReviewTarget; id: number }): Promise<ContentInfo | null> {
  if (isProfileTarget(type)) return loadProfile(db, type, id);
  if (type === REVIEW_TARGET.REPLY) {
    const r = await db
      .select({ r: qaReplies, cStatus: qaComments.status, aStatus: qaAnswers.status, questionId: qaAnswers.questionId, qStatus: qaQuestions.status })
      .from(qaReplies)
      .innerJoin(qaComments, eq(qaComments.id, qaReplies.commentId))
      .innerJoin(qaAnswers, eq(qaAnswers.id, qaComments.answerId))
      .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
      .where(eq(qaReplies.id, id))
      .get();
    if (!r) return null;
    return {
      type, id, authorId: r.r.publisherId, status: r.r.status, questionId: r.questionId, excerpt: cut(r.r.content),
      isPublic:
        r.r.status === COMMENT_STATUS.NORMAL && r.cStatus === COMMENT_STATUS.NORMAL && r.aStatus === ANSWER_STATUS.NORMAL &&
        (r.qStatus === QUESTION_STATUS.WAITING || r.qStatus === QUESTION_STATUS.SOLVED),
      isHeld: r.r.status === COMMENT_STATUS.REVIEW,
      isHidden: r.r.status === COMMENT_STATUS.HIDDEN,
    };
  }
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
  if (isProfileTarget(c.type)) return `/otherUser/list?userId=${c.id}`;
  const base = `/energySavingQA/details?questionId=${c.questionId}`;
  return c.type === REVIEW_TARGET.ANSWER ? `${base}#answer-${c.id}` : base;
}

/**
 * The guarded status change for a batch: hide (→ question 3, answer 4, comment 4) or publish (→ normal). Null
 * when the content is not in a state the change applies to.
 */
export function statusChange({ db, c, to, now }: { db: Db; c: ContentInfo; to: "hide" | "publish"; now: number }): { statement: DbStatement; status: number; extra?: DbStatement[] } | null {
  if (isProfileTarget(c.type)) return profileChange(db, c, to, now);
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
  if (c.type === REVIEW_TARGET.REPLY) {
    return {
      status,
      statement: db.update(qaReplies).set({ status }).where(and(eq(qaReplies.id, c.id), inArray(qaReplies.status, from))),
      extra: recountDiscussion({ db, commentId: sql`(SELECT comment_id FROM qa_replies WHERE id = ${c.id})` }),
    };
  }
  return { status, statement: db.update(qaComments).set({ status }).where(and(eq(qaComments.id, c.id), inArray(qaComments.status, from))), extra: recountDiscussion({ db, commentId: c.id }) };
}

/** The user row, unless the account was deleted (注销): its anonymised profile is never changed by a review. */
const liveUser = (id: number) => and(eq(users.id, id), ne(users.status, USER_STATUS.DELETED));

/**
 * Nicknames and avatars. hide (from public or held): the value is kept in profile_review_values (status 4) and the
 * user shows the neutral nickname 用户<id> / the default avatar. publish: a held nickname is applied; a hidden value
 * is put back — only while the user still shows the default (a name or picture chosen since then stays).
 */
function profileChange(db: Db, c: ContentInfo, to: "hide" | "publish", now: number): { statement: DbStatement; status: number; extra?: DbStatement[] } | null {
  const key = and(eq(profileReviewValues.targetType, c.type), eq(profileReviewValues.userId, c.id));
  const dropValue = db.delete(profileReviewValues).where(key);
  if (to === "hide") {
    if (c.isHidden) return null;
    const status = PROFILE_STATUS.HIDDEN;
    if (c.type === REVIEW_TARGET.NICKNAME) {
      const value = c.isHeld ? (c.reviewValue ?? c.excerpt) : sql`(SELECT COALESCE(name, user_name) FROM users WHERE id = ${c.id})`;
      return {
        status,
        statement: db
          .insert(profileReviewValues)
          .values({ targetType: c.type, userId: c.id, value: value as string, status, updatedAt: now })
          .onConflictDoUpdate({ target: [profileReviewValues.targetType, profileReviewValues.userId], set: { value: value as string, status, updatedAt: now } }),
        extra: [db.update(users).set({ name: neutralNickname(c.id), updatedAt: now }).where(liveUser(c.id))],
      };
    }
    const value = sql`(SELECT json_object('filePath', file_path, 'userPhoto', user_photo) FROM users WHERE id = ${c.id})`;
    return {
      status,
      statement: db
        .insert(profileReviewValues)
        .values({ targetType: c.type, userId: c.id, value: value as unknown as string, status, updatedAt: now })
        .onConflictDoUpdate({ target: [profileReviewValues.targetType, profileReviewValues.userId], set: { value: value as unknown as string, status, updatedAt: now } }),
      extra: [db.update(users).set({ filePath: null, userPhoto: null, updatedAt: now }).where(liveUser(c.id))],
    };
  }
  if (!c.isHeld && !c.isHidden) return null;
  const status = PROFILE_STATUS.NORMAL;
  if (c.type === REVIEW_TARGET.NICKNAME) {
    const name = c.reviewValue ?? "";
    const apply = c.isHeld
      ? db.update(users).set({ name, updatedAt: now }).where(liveUser(c.id))
      : db.update(users).set({ name, updatedAt: now }).where(and(liveUser(c.id), eq(users.name, neutralNickname(c.id))));
    return { status, statement: dropValue, extra: name ? [apply] : [] };
  }
  const pic = parseAvatar(c.reviewValue);
  return {
    status,
    statement: dropValue,
    extra: [db.update(users).set({ filePath: pic.filePath, userPhoto: pic.userPhoto, updatedAt: now }).where(and(liveUser(c.id), isNull(users.filePath), isNull(users.userPhoto)))],
  };
}

/** Counters, the question's waiting/solved state, the search row and the hot score after a status change. */
export async function afterStatusChange({ db, c, newStatus, now }: { db: Db; c: ContentInfo; newStatus: number; now: number }): Promise<void> {
  if (c.type !== REVIEW_TARGET.QUESTION && c.type !== REVIEW_TARGET.ANSWER) return;
  const statements: DbStatement[] = [refreshQuestionStatsStatement({ db, questionId: c.questionId, now })];
  if (c.type === REVIEW_TARGET.QUESTION) {
    const wasVisible = c.isPublic;
    const nowVisible = newStatus === QUESTION_STATUS.WAITING;
    if (wasVisible !== nowVisible) statements.push(bumpCounter({ db, name: VISIBLE_QUESTIONS, delta: nowVisible ? 1 : -1 }));
  }
  await dbBatch(db, statements);
  await dbBatch(db, await reindexStatements({ db, questionId: c.questionId }));
  await refreshHotScore({ db, questionId: c.questionId });
}
