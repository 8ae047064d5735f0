-- Q&A full-text search (docs/qa.md "Search"): FTS5 over write-time tokens, rowid = qa_questions.id.
-- Columns hold CJK bigrams and whole ASCII words produced by workers/services/qa/search-tokens.ts,
-- separated by spaces; unicode61 then only splits on those spaces. Rebuildable from the base tables
-- (rebuildSearchIndex in workers/services/qa/search.ts), since `wrangler d1 export` refuses FTS5 tables.
CREATE VIRTUAL TABLE `qa_search` USING fts5(`title`, `body`, tokenize = 'unicode61 remove_diacritics 2');
