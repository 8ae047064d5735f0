-- Q&A search at 100,000 questions (docs/decisions/023): a title-only index for the title-first pass (bm25 over short
-- titles is cheap and normalises by the title's length, not the answers'). Derived data, like qa_search.
CREATE VIRTUAL TABLE `qa_search_title` USING fts5(`title`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
-- The title column of qa_search already holds the title's tokens: copy them (no rebuild needed after this migration).
INSERT INTO `qa_search_title` (`rowid`, `title`) SELECT `rowid`, `title` FROM `qa_search`;
