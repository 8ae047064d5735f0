// Users as the Q&A community shows them (spec 2 §2 personal centre and other users' pages): a user's answers and
// questions, statistics, the basic profile, fans and follows. Owners see all their own content (anonymous and
// deleted-by-owner included); others see only public content — anonymous posts never lead to a profile.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { dictItems, qaAnswers, qaDomains, qaFollows, qaQuestions, regions, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { notFound } from "../../lib/errors";
import { ANSWER_STATUS, QUESTION_STATUS, formatDate, type QuestionPage } from "../../contract/qa";
import { PERSONAL_MSG, type BasicProfile, type Paged, type RelationUser, type UserAnswerItem, type UserStatistics } from "../../contract/qa-personal";
import { loadAuthors } from "../qa/authors";
import { isVisibleStatus, listItems } from "../qa/questions";
import { excerpt } from "../qa/sanitize";
import { ownAnswerNote } from "../../contract/admin-constants";
import { USER_STATUS } from "../../contract/user-status";

const OWN_ANSWER_STATUSES = [ANSWER_STATUS.NORMAL, ANSWER_STATUS.DELETED_BY_OWNER, ANSWER_STATUS.REVIEW, ANSWER_STATUS.DELETED];
const OWN_QUESTION_STATUSES = [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED, QUESTION_STATUS.DELETED_BY_OWNER, QUESTION_STATUS.DELETED_BY_SYSTEM, QUESTION_STATUS.FILTERED];
const PUBLIC_QUESTION_STATUSES = [QUESTION_STATUS.WAITING, QUESTION_STATUS.SOLVED];

/** Statuses to list: the filter when the caller may see it, else all visible to the caller; [] = nothing. */
function statusesFor(allowed: readonly number[], filter: number | null): number[] {
  if (filter === null) return [...allowed];
  return allowed.includes(filter) ? [filter] : [];
}

export async function requireUser({ db, userId }: { db: Db; userId: number }) {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  // A deleted (注销) account has no profile page: its content shows 已注销用户 without a link (docs/account-rights.md).
  if (!user || user.status === USER_STATUS.DELETED) throw notFound(PERSONAL_MSG.userMissing);
  return user;
}

/** answer/queryPageByUserId: newest first. */
export async function answersByUser({ db, viewerId, publisherId, status, pageNo, pageSize }: { db: Db; viewerId: number; publisherId: number; status: number | null; pageNo: number; pageSize: number }
): Promise<{ answerList: UserAnswerItem[] } & Paged> {
  await requireUser({ db, userId: publisherId });
  const own = viewerId === publisherId;
  const statuses = statusesFor(own ? OWN_ANSWER_STATUSES : [ANSWER_STATUS.NORMAL], status);
  if (!statuses.length) return { answerList: [], total: 0, pageNo, pageSize };
  const where = and(
    eq(qaAnswers.publisherId, publisherId),
    inArray(qaAnswers.status, statuses),
    own ? undefined : eq(qaAnswers.isAnonymous, 0),
    own ? undefined : inArray(qaQuestions.status, PUBLIC_QUESTION_STATUSES),
  );
  const [rows, countRow] = await Promise.all([
    db
      .select({ a: qaAnswers, title: qaQuestions.title, qStatus: qaQuestions.status, qPublisher: qaQuestions.publisherId })
      .from(qaAnswers)
      .innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId))
      .where(where)
      .orderBy(desc(qaAnswers.createdAt), desc(qaAnswers.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaAnswers).innerJoin(qaQuestions, eq(qaQuestions.id, qaAnswers.questionId)).where(where).get(),
  ]);
  return {
    answerList: rows.map(({ a, title, qStatus, qPublisher }) => ({
      id: a.id,
      questionId: a.questionId,
      questionTitle: title,
      answerContent: excerpt(a.contentText),
      status: a.status,
      isAnonymous: a.isAnonymous ? 1 : 0,
      questionDeleted: !(isVisibleStatus(qStatus) || (qStatus === QUESTION_STATUS.DELETED_BY_OWNER && qPublisher === viewerId)),
      ownOnlyNote: ownAnswerNote(a.status),
      praisedCount: a.praiseCount,
      replyCount: a.replyCount,
      createDate: formatDate(a.createdAt),
      createTime: a.createdAt,
    })),
    total: Number(countRow?.n ?? 0),
    pageNo,
    pageSize,
  };
}

/** question/pageQueryByUser: newest first, as question list items (status in each item). */
export async function questionsByUser({ db, viewerId, publisherId, status, pageNo, pageSize }: { db: Db; viewerId: number; publisherId: number; status: number | null; pageNo: number; pageSize: number }): Promise<QuestionPage> {
  await requireUser({ db, userId: publisherId });
  const own = viewerId === publisherId;
  const statuses = statusesFor(own ? OWN_QUESTION_STATUSES : PUBLIC_QUESTION_STATUSES, status);
  if (!statuses.length) return { questionList: [], total: 0, pageNo, pageSize };
  const where = and(eq(qaQuestions.publisherId, publisherId), inArray(qaQuestions.status, statuses), own ? undefined : eq(qaQuestions.isAnonymous, 0));
  const [rows, countRow] = await Promise.all([
    db.select().from(qaQuestions).where(where).orderBy(desc(qaQuestions.createdAt), desc(qaQuestions.id)).limit(pageSize).offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaQuestions).where(where).get(),
  ]);
  return { questionList: await listItems({ db, rows }), total: Number(countRow?.n ?? 0), pageNo, pageSize };
}

/**
 * userInfo/{id}/statistics. Counts public content for other viewers; the owner's own counts include their
 * anonymous posts. Likes received = likes on normal answers + on comments + on replies.
 */
export async function userStatistics({ db, viewerId, userId }: { db: Db; viewerId: number; userId: number }): Promise<UserStatistics> {
  await requireUser({ db, userId });
  const own = viewerId === userId;
  const anon = own ? sql`` : sql` AND is_anonymous = 0`;
  const rows = await db.all<{ follows: number; fans: number; answers: number; questions: number; answerLikes: number; commentLikes: number; replyLikes: number }>(sql`
    SELECT
      (SELECT COUNT(*) FROM qa_follows WHERE follower_id = ${userId}) AS follows,
      (SELECT COUNT(*) FROM qa_follows WHERE followee_id = ${userId}) AS fans,
      (SELECT COUNT(*) FROM qa_answers a JOIN qa_questions q ON q.id = a.question_id
        WHERE a.publisher_id = ${userId} AND a.status = 0 AND q.status IN (0, 1)${own ? sql`` : sql` AND a.is_anonymous = 0`}) AS answers,
      (SELECT COUNT(*) FROM qa_questions WHERE publisher_id = ${userId} AND status IN (0, 1)${anon}) AS questions,
      (SELECT COALESCE(SUM(praise_count), 0) FROM qa_answers WHERE publisher_id = ${userId} AND status = 0${anon}) AS answerLikes,
      (SELECT COALESCE(SUM(praise_count), 0) FROM qa_comments WHERE publisher_id = ${userId}) AS commentLikes,
      (SELECT COALESCE(SUM(praise_count), 0) FROM qa_replies WHERE publisher_id = ${userId}) AS replyLikes`);
  const r = rows[0];
  return {
    userId,
    followCount: Number(r?.follows ?? 0),
    fansCount: Number(r?.fans ?? 0),
    praisedCount: Number(r?.answerLikes ?? 0) + Number(r?.commentLikes ?? 0) + Number(r?.replyLikes ?? 0),
    answerCount: Number(r?.answers ?? 0),
    questionCount: Number(r?.questions ?? 0),
  };
}

function idList(text: string | null): number[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** userInfo/basic/{id}: public profile fields only (no phone, email or account data). */
export async function basicProfile({ db, viewerId, userId }: { db: Db; viewerId: number; userId: number }): Promise<BasicProfile> {
  const user = await requireUser({ db, userId });
  const locationIds = idList(user.locationIds);
  const domainIds = idList(user.domainIds);
  const [regionRows, domainRows, yearRow, follow] = await Promise.all([
    locationIds.length ? db.select({ code: regions.code, name: regions.name }).from(regions).where(inArray(regions.code, locationIds)) : Promise.resolve([]),
    domainIds.length ? db.select().from(qaDomains).where(inArray(qaDomains.id, domainIds)) : Promise.resolve([]),
    user.workYear ? db.select({ value: dictItems.value }).from(dictItems).where(and(eq(dictItems.kind, "workYear"), eq(dictItems.key, user.workYear))).get() : Promise.resolve(undefined),
    viewerId !== userId ? db.select({ id: qaFollows.followeeId }).from(qaFollows).where(and(eq(qaFollows.followerId, viewerId), eq(qaFollows.followeeId, userId))).get() : Promise.resolve(undefined),
  ]);
  const regionName = new Map(regionRows.map((r) => [r.code, r.name]));
  const domainById = new Map(domainRows.map((d) => [d.id, d]));
  return {
    id: user.id,
    name: user.name || user.userName,
    photo: user.userPhoto || user.filePath || null,
    location: locationIds,
    locationNames: locationIds.map((c) => regionName.get(c)).filter((n): n is string => !!n),
    skilledDomains: domainIds.map((d) => domainById.get(d)).filter((d) => !!d).map((d) => ({ id: d!.id, domainName: d!.domainName })),
    workYear: user.workYear,
    workYearName: yearRow?.value ?? null,
    isFollow: follow ? "1" : "0",
    isSelf: viewerId === userId,
  };
}

async function relationUsers(db: Db, viewerId: number, rows: { userId: number; createdAt: number }[]): Promise<RelationUser[]> {
  const ids = rows.map((r) => r.userId);
  const [authors, following] = await Promise.all([
    loadAuthors({ db, ids }),
    ids.length
      ? db.select({ id: qaFollows.followeeId }).from(qaFollows).where(and(eq(qaFollows.followerId, viewerId), inArray(qaFollows.followeeId, ids)))
      : Promise.resolve([]),
  ]);
  const followed = new Set(following.map((f) => f.id));
  return rows.map((r) => ({
    userId: r.userId,
    name: authors.get(r.userId)?.name ?? "已注销用户",
    photo: authors.get(r.userId)?.photo ?? null,
    followDate: formatDate(r.createdAt),
    followTime: r.createdAt,
    isFollow: followed.has(r.userId) ? "1" : "0",
    isSelf: r.userId === viewerId,
  }));
}

/** userInfo/fans/queryPage: who follows userId, newest first. */
export async function fansPage({ db, viewerId, userId, pageNo, pageSize }: { db: Db; viewerId: number; userId: number; pageNo: number; pageSize: number }) {
  await requireUser({ db, userId });
  const [rows, countRow] = await Promise.all([
    db
      .select({ userId: qaFollows.followerId, createdAt: qaFollows.createdAt })
      .from(qaFollows)
      .where(eq(qaFollows.followeeId, userId))
      .orderBy(desc(qaFollows.createdAt))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaFollows).where(eq(qaFollows.followeeId, userId)).get(),
  ]);
  const total = Number(countRow?.n ?? 0);
  return { fansCount: total, fansList: await relationUsers(db, viewerId, rows), total, pageNo, pageSize };
}

/** userInfo/follows/queryPage: whom userId follows, newest first. */
export async function followsPage({ db, viewerId, userId, pageNo, pageSize }: { db: Db; viewerId: number; userId: number; pageNo: number; pageSize: number }) {
  await requireUser({ db, userId });
  const [rows, countRow] = await Promise.all([
    db
      .select({ userId: qaFollows.followeeId, createdAt: qaFollows.createdAt })
      .from(qaFollows)
      .where(eq(qaFollows.followerId, userId))
      .orderBy(desc(qaFollows.createdAt))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: sql<number>`COUNT(*)` }).from(qaFollows).where(eq(qaFollows.followerId, userId)).get(),
  ]);
  const total = Number(countRow?.n ?? 0);
  return { followCount: total, followList: await relationUsers(db, viewerId, rows), total, pageNo, pageSize };
}
