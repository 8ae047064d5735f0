-- Q&A search by words with synonyms (docs/decisions/022): the synonym list as data, and the index with the best
-- answers' text in a column of its own so bm25 can weight title > description > answers.
CREATE TABLE `qa_synonyms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`words` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_synonyms_words_unique` ON `qa_synonyms` (`words`);
--> statement-breakpoint
-- The index is derived data: dropped and recreated with three columns. It is empty until rebuilt — the seed
-- rebuilds it locally; in production run the chunked rebuild (rebuildSearchIndexChunk, docs/qa.md "Search").
DROP TABLE IF EXISTS `qa_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `qa_search` USING fts5(`title`, `body`, `answers`, tokenize = 'unicode61 remove_diacritics 2');
