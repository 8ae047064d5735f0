// The search synonym list (qa_synonyms) edited by operators next to the keyword list: list, add or edit a group,
// remove one — each audited with before/after. A change is seen by this isolate's next search at once (the cache is
// cleared) and by other isolates within SYNONYM_TTL_MS. The search and the robot read the same list (decision 022).
import { and, asc, eq, ne } from "drizzle-orm";
import { qaSynonyms } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { fail, notFound } from "../../lib/errors";
import { ADMIN_ACTION, ADMIN_MSG } from "../../contract/admin-constants";
import { forgetSynonyms, synonymWords } from "../qa/synonyms";
import { auditStatement } from "../operators/audit";

export async function listSynonyms({ db }: { db: Db }) {
  return db.select().from(qaSynonyms).orderBy(asc(qaSynonyms.id));
}

/** The stored form of a group: its distinct words (NFKC), space separated; at least two. */
function groupText(input: string): string {
  const words = synonymWords(input);
  if (words.length < 2) throw fail(ADMIN_MSG.synonymTooFew);
  return words.join(" ");
}

/** Add a group, or replace the words of group `id`. */
export async function saveSynonyms({ db, actorId, input, now }: { db: Db; actorId: number; input: { id?: number; words: string }; now: number }) {
  const words = groupText(input.words);
  const dup = await db
    .select({ id: qaSynonyms.id })
    .from(qaSynonyms)
    .where(and(eq(qaSynonyms.words, words), input.id ? ne(qaSynonyms.id, input.id) : undefined))
    .get();
  if (dup) throw fail(ADMIN_MSG.synonymExists);
  if (input.id) {
    const row = await db.select().from(qaSynonyms).where(eq(qaSynonyms.id, input.id)).get();
    if (!row) throw notFound(ADMIN_MSG.synonymMissing);
    const [updated] = await db.batch([
      db.update(qaSynonyms).set({ words, updatedAt: now }).where(eq(qaSynonyms.id, row.id)).returning(),
      auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.SYNONYM_UPDATE, targetType: "synonym", targetId: row.id, before: { words: row.words }, after: { words } }, now }),
    ]);
    forgetSynonyms();
    return updated[0];
  }
  const [inserted] = await db.batch([
    db.insert(qaSynonyms).values({ words, updatedAt: now }).returning(),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.SYNONYM_ADD, targetType: "synonym", targetId: words, before: null, after: { words } }, now }),
  ]);
  forgetSynonyms();
  return inserted[0];
}

export async function removeSynonyms({ db, actorId, id, now }: { db: Db; actorId: number; id: number; now: number }) {
  const row = await db.select().from(qaSynonyms).where(eq(qaSynonyms.id, id)).get();
  if (!row) throw notFound(ADMIN_MSG.synonymMissing);
  await db.batch([
    db.delete(qaSynonyms).where(eq(qaSynonyms.id, id)),
    auditStatement({ db, entry: { actorId, action: ADMIN_ACTION.SYNONYM_REMOVE, targetType: "synonym", targetId: row.id, before: { words: row.words }, after: null }, now }),
  ]);
  forgetSynonyms();
}
