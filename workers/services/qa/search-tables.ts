// The Q&A search's tables as drizzle sees them (kept out of db/schema: drizzle-kit cannot create a virtual table, and
// all of them are derived data, rebuilt from the questions): the FTS5 indexes (migrations 0017, 0020, 0023; written by
// search-index.ts) and the stored title pools (migration 0024; search-pools.ts).
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The FTS5 virtual tables as drizzle sees them, so their writes and reads are builders (db.batch binds their
 * parameters; it cannot for a bare db.run(sql…)). rowid is FTS5's implicit row id = the question id.
 */
export const qaSearch = sqliteTable("qa_search", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  answers: text("answers").notNull(),
});
export const qaSearchTitle = sqliteTable("qa_search_title", {
  rowid: integer("rowid").notNull(),
  title: text("title").notNull(),
});
export const qaSearchAnswers = sqliteTable("qa_search_answers", {
  rowid: integer("rowid").notNull(),
  answers: text("answers").notNull(),
});

/** A frequent word's title pool, keyed by the search's MATCH expression (search-pools.ts). */
export const qaSearchTitlePools = sqliteTable("qa_search_title_pools", {
  expr: text("expr").primaryKey(),
  /** JSON array of question ids, best first (bm25, then the newer question). */
  ids: text("ids").notNull(),
  refreshedAt: integer("refreshed_at").notNull(),
});
