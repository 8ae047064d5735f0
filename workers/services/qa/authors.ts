// Author display data for Q&A views: names, photos, anonymity.
import { inArray, or, type SQLWrapper } from "drizzle-orm";
import { qaAnswers, users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { QA_MSG } from "../../contract/qa";
import { USER_STATUS } from "../../contract/user-status";

export interface Author {
  id: number;
  name: string;
  photo: string | null;
  createdAt: number;
  /** A deleted (注销) account: shown as 已注销用户 without a link to a profile (docs/account-rights.md). */
  deleted?: boolean;
}

const AUTHOR_COLUMNS = { id: users.id, userName: users.userName, name: users.name, filePath: users.filePath, createdAt: users.createdAt, status: users.status };
type AuthorRow = { id: number; userName: string; name: string | null; filePath: string | null; createdAt: number; status?: number };

/**
 * The author query, to run alone or inside a batch. `alsoIds` is a subquery of more user ids (the publishers
 * of some answers), so a page reads those authors in the same round trip as the answers themselves.
 */
export function authorsQuery({ db, ids, alsoIds }: { db: Db; ids: Iterable<number | null | undefined>; alsoIds?: SQLWrapper }) {
  const unique = Array.from(new Set(Array.from(ids).filter((v): v is number => typeof v === "number")));
  const listed = inArray(users.id, unique.length ? unique : [0]);
  return db
    .select(AUTHOR_COLUMNS)
    .from(users)
    .where(alsoIds ? or(listed, inArray(users.id, alsoIds)) : listed);
}

/** Publishers of the given answers, as a subquery for authorsQuery. */
export function answerPublishers({ db, answerIds }: { db: Db; answerIds: number[] }) {
  return db.select({ id: qaAnswers.publisherId }).from(qaAnswers).where(inArray(qaAnswers.id, answerIds.length ? answerIds : [0]));
}

export function authorMap(rows: AuthorRow[]): Map<number, Author> {
  const map = new Map<number, Author>();
  for (const r of rows) map.set(r.id, { id: r.id, name: r.name || r.userName, photo: r.filePath, createdAt: r.createdAt, deleted: r.status === USER_STATUS.DELETED });
  return map;
}

export async function loadAuthors({ db, ids }: { db: Db; ids: Iterable<number | null | undefined> }): Promise<Map<number, Author>> {
  const unique = Array.from(new Set(Array.from(ids).filter((v): v is number => typeof v === "number")));
  if (!unique.length) return new Map();
  return authorMap(await authorsQuery({ db, ids: unique }));
}

/** Public identity of a post's author: anonymous posts reveal no name, photo or id. */
export function publicAuthor(authors: Map<number, Author>, id: number, anonymous: boolean) {
  if (anonymous) return { publisherId: null, publisherName: QA_MSG.anonymousName, publisherPhoto: null };
  const a = authors.get(id);
  if (a?.deleted) return { publisherId: null, publisherName: a.name, publisherPhoto: null };
  return { publisherId: id, publisherName: a?.name ?? "已注销用户", publisherPhoto: a?.photo ?? null };
}
