// The keyword list (data, seeded in db/seed/admin.ts): a new or edited post containing one of the words is held
// for review (answers: status 3 审核中) until an operator approves it from the queue.
import { asc, eq, type SQL } from "drizzle-orm";
import { moderationKeywords, reviewItems } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG, REVIEW_SOURCE, REVIEW_STATE, type ReviewTarget } from "../../contract/admin";
import { auditStatement } from "./audit";

/** NFKC, lower case, no whitespace: full-width letters, case and spacing do not dodge a word. */
export function normaliseForMatch(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** The list's words found in the text (one indexed read of the whole list; it is short). */
export async function keywordHits(db: Db, text: string): Promise<string[]> {
  const words = await db.select({ word: moderationKeywords.word }).from(moderationKeywords);
  const hay = normaliseForMatch(text);
  return words.map((w) => w.word).filter((w) => {
    const needle = normaliseForMatch(w);
    return needle.length > 0 && hay.includes(needle);
  });
}

export async function listKeywords(db: Db) {
  return db.select().from(moderationKeywords).orderBy(asc(moderationKeywords.id));
}

export async function addKeyword(db: Db, actorId: number, word: string, now: number) {
  const clean = word.normalize("NFKC").trim();
  const exists = await db.select().from(moderationKeywords).where(eq(moderationKeywords.word, clean)).get();
  if (exists) throw fail(ADMIN_MSG.keywordExists);
  const [inserted] = await db.batch([
    db.insert(moderationKeywords).values({ word: clean, createdAt: now }).onConflictDoNothing().returning(),
    auditStatement(db, { actorId, action: ADMIN_ACTION.KEYWORD_ADD, targetType: "keyword", targetId: clean, before: null, after: { word: clean } }, now),
  ]);
  if (!inserted.length) throw fail(ADMIN_MSG.keywordExists);
  return inserted[0];
}

export async function removeKeyword(db: Db, actorId: number, id: number, now: number) {
  const row = await db.select().from(moderationKeywords).where(eq(moderationKeywords.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.keywordMissing);
  await db.batch([
    db.delete(moderationKeywords).where(eq(moderationKeywords.id, id)),
    auditStatement(db, { actorId, action: ADMIN_ACTION.KEYWORD_REMOVE, targetType: "keyword", targetId: row.word, before: { id: row.id, word: row.word }, after: null }, now),
  ]);
}

/** The queue insert for content the keyword list held (for the author's write batch). */
export function holdStatement(db: Db, type: ReviewTarget, id: number | SQL, authorId: number, matched: string[], now: number) {
  return db
    .insert(reviewItems)
    .values({ targetType: type, targetId: id, authorId, source: REVIEW_SOURCE.KEYWORD, matched: JSON.stringify(matched), state: REVIEW_STATE.PENDING, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [reviewItems.targetType, reviewItems.targetId],
      set: { source: REVIEW_SOURCE.KEYWORD, matched: JSON.stringify(matched), state: REVIEW_STATE.PENDING, updatedAt: now },
    });
}
