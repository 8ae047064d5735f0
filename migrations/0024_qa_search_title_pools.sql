-- Q&A search: the title pools of frequent words kept ready (docs/decisions/178). A word held by thousands of titles
-- (电机, 空压机, 变频) cost most of a search at 100,000 questions: FTS5 ranks every one of its matches by bm25 to keep
-- the best 40. Each row is that pool for one title MATCH expression, best first, refreshed by the write that touches
-- it and by the cron. Derived data, like the FTS tables: empty until the first refresh, and the search computes any
-- pool it does not find here.
CREATE TABLE `qa_search_title_pools` (
	`expr` text PRIMARY KEY NOT NULL,
	`ids` text NOT NULL,
	`refreshed_at` integer NOT NULL
);
