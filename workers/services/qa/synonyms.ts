// Search synonyms as data (qa_synonyms, migration 0017; seeded from db/seed/qa/synonyms.ts, edited in /admin/keywords).
// Read per isolate and cached briefly: every search needs them before it can build its MATCH expression, and the
// list changes rarely. An edit in this isolate clears the cache at once; other isolates follow within SYNONYM_TTL_MS.
import { asc } from "drizzle-orm";
import { qaSynonyms } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { dictionary, type Dictionary, type SynonymGroups } from "./query";

/** How long an isolate keeps the list it read. */
export const SYNONYM_TTL_MS = 60_000;

export interface SearchVocabulary {
  groups: SynonymGroups;
  dict: Dictionary;
}

let cached: { at: number; vocab: SearchVocabulary } | null = null;

/** Split a stored or typed group into its words (spaces, commas, 、, =, ≈ separate). */
export function synonymWords(text: string): string[] {
  return Array.from(new Set(text.normalize("NFKC").split(/[\s,，、=≈;；|/]+/).map((w) => w.trim()).filter(Boolean)));
}

export async function searchVocabulary({ db, now = Date.now() }: { db: Db; now?: number }): Promise<SearchVocabulary> {
  if (cached && now - cached.at < SYNONYM_TTL_MS) return cached.vocab;
  const rows = await db.select({ words: qaSynonyms.words }).from(qaSynonyms).orderBy(asc(qaSynonyms.id));
  const groups = rows.map((r) => synonymWords(r.words)).filter((g) => g.length > 1);
  const vocab = { groups, dict: dictionary(groups) };
  cached = { at: now, vocab };
  return vocab;
}

/** After an edit: the next search reads the list again. */
export function forgetSynonyms() {
  cached = null;
}
