// Author display data for Q&A views: names, photos, anonymity.
import { inArray } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { QA_MSG } from "../../contract/qa";

export interface Author {
  id: number;
  name: string;
  photo: string | null;
  createdAt: number;
}

export async function loadAuthors(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, Author>> {
  const unique = Array.from(new Set(Array.from(ids).filter((v): v is number => typeof v === "number")));
  const map = new Map<number, Author>();
  if (!unique.length) return map;
  const rows = await db
    .select({ id: users.id, userName: users.userName, name: users.name, filePath: users.filePath, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, unique));
  for (const r of rows) map.set(r.id, { id: r.id, name: r.name || r.userName, photo: r.filePath, createdAt: r.createdAt });
  return map;
}

/** Public identity of a post's author: anonymous posts reveal no name, photo or id. */
export function publicAuthor(authors: Map<number, Author>, id: number, anonymous: boolean) {
  if (anonymous) return { publisherId: null, publisherName: QA_MSG.anonymousName, publisherPhoto: null };
  const a = authors.get(id);
  return { publisherId: id, publisherName: a?.name ?? "已注销用户", publisherPhoto: a?.photo ?? null };
}
