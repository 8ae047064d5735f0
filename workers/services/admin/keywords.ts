// The keyword list in the console (data, seeded in db/seed/admin.ts): list, add, remove, each audited. Matching a
// text against it and holding the content is moderation's (services/moderation/keywords.ts).
import { asc, eq } from "drizzle-orm";
import { moderationKeywords } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG } from "../../contract/admin";
import { auditStatement } from "../operators/audit";

export async function listKeywords({ db }: { db: Db }) {
  return db.select().from(moderationKeywords).orderBy(asc(moderationKeywords.id));
}

export async function addKeyword({ db, actorId, word, now }: { db: Db; actorId: number; word: string; now: number }) {
  const clean = word.normalize("NFKC").trim();
  const exists = await db.select().from(moderationKeywords).where(eq(moderationKeywords.word, clean)).get();
  if (exists) throw fail(ADMIN_MSG.keywordExists);
  const [inserted] = await db.batch([
    db.insert(moderationKeywords).values({ word: clean, createdAt: now }).onConflictDoNothing().returning(),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.KEYWORD_ADD, targetType: "keyword", targetId: clean, before: null, after: { word: clean } }, now }),
  ]);
  if (!inserted.length) throw fail(ADMIN_MSG.keywordExists);
  return inserted[0];
}

export async function removeKeyword({ db, actorId, id, now }: { db: Db; actorId: number; id: number; now: number }) {
  const row = await db.select().from(moderationKeywords).where(eq(moderationKeywords.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.keywordMissing);
  await db.batch([
    db.delete(moderationKeywords).where(eq(moderationKeywords.id, id)),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.KEYWORD_REMOVE, targetType: "keyword", targetId: row.word, before: { id: row.id, word: row.word }, after: null }, now }),
  ]);
}
