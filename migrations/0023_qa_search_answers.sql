-- Q&A search ranking over every match (docs/decisions/024): an index of the best answers' text alone, so the questions
-- whose answers hold a query's words are found and ranked over every such match (not only within the newest window
-- of qa_search). Derived data, like qa_search; only questions with answer text have a row.
CREATE VIRTUAL TABLE `qa_search_answers` USING fts5(`answers`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
-- The answers column of qa_search already holds the answers' tokens: copy them (no rebuild needed after this migration).
INSERT INTO `qa_search_answers` (`rowid`, `answers`) SELECT `rowid`, `answers` FROM `qa_search` WHERE `answers` != '';
