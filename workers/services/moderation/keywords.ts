// Keyword holds (docs/admin.md "Keywords"): a new or edited post, comment, reply or nickname that contains a word of
// the keyword list is held for review (answers: status 3 审核中) until an operator decides in the queue. The Q&A and
// account writers call this room; the list itself is edited in the console (services/admin/keywords.ts) and the
// queue is worked there (services/admin/review.ts), so neither writer imports the console.
import { type SQL } from "drizzle-orm";
import { moderationKeywords, reviewItems } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { REVIEW_SOURCE, REVIEW_STATE, type ReviewTarget } from "../../contract/admin-constants";

/** NFKC, lower case, no whitespace: full-width letters, case and spacing do not dodge a word. */
export function normaliseForMatch(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** The list's words found in the text (one read of the whole list; it is short). */
export async function keywordHits({ db, text }: { db: Db; text: string }): Promise<string[]> {
  const words = await db.select({ word: moderationKeywords.word }).from(moderationKeywords);
  const hay = normaliseForMatch(text);
  return words.map((w) => w.word).filter((w) => {
    const needle = normaliseForMatch(w);
    return needle.length > 0 && hay.includes(needle);
  });
}

export interface Hold {
  db: Db;
  target: ReviewTarget;
  /** The held row's id (an SQL expression when the row is inserted in the same batch). */
  id: number | SQL;
  authorId: number;
  /** The list's words the text contained (shown to the operator). */
  matched: string[];
  now: number;
}

/** The queue insert for content the keyword list held, for the author's write batch (re-holding reopens the item). */
export function holdStatement({ db, target, id, authorId, matched, now }: Hold) {
  return db
    .insert(reviewItems)
    .values({ targetType: target, targetId: id, authorId, source: REVIEW_SOURCE.KEYWORD, matched: JSON.stringify(matched), state: REVIEW_STATE.PENDING, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [reviewItems.targetType, reviewItems.targetId],
      set: { source: REVIEW_SOURCE.KEYWORD, matched: JSON.stringify(matched), state: REVIEW_STATE.PENDING, updatedAt: now },
    });
}
