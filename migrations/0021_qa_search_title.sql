-- Q&A search at 100,000 questions (docs/decisions/023): a title-only index for the title-first pass (bm25 over short
-- titles is cheap and normalises by the title's length, not the answers'), and the index's build state for the
-- chunked rebuild job. Both index tables are derived data.
CREATE VIRTUAL TABLE `qa_search_title` USING fts5(`title`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
-- The title column of qa_search already holds the title's tokens: copy them (no rebuild needed after this migration).
INSERT INTO `qa_search_title` (`rowid`, `title`) SELECT `rowid`, `title` FROM `qa_search`;
--> statement-breakpoint
-- One row (id 1): the index layout version the rows were built with, and the rebuild's cursor (the last question id done;
-- NULL when complete). No row: unknown (a database from before this migration) — the cron starts a rebuild.
CREATE TABLE `qa_search_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`cursor` integer,
	`updated_at` integer NOT NULL
);
