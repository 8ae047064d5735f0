-- Lists read in index order and stop at the page (issue 26 item 10): no temp B-tree sorts a growing table.
-- Visible questions (status 0 waiting, 1 solved) by time and by hot score: partial indexes, walked with INDEXED BY by
-- the Q&A list and the hot list (workers/services/qa/questions.ts visibleOrderedQuery).
CREATE INDEX `qa_questions_visible_created_idx` ON `qa_questions` (`created_at`) WHERE status IN (0, 1);--> statement-breakpoint
CREATE INDEX `qa_questions_visible_hot_idx` ON `qa_questions` (`hot_score`) WHERE status IN (0, 1);--> statement-breakpoint
-- The workbench recycle bin's page, newest deletion first (the survey list's page uses surveys_user_type_idx).
CREATE INDEX `surveys_user_type_deleted_idx` ON `surveys` (`user_id`,`type_id`,`is_delete`,`deleted_at`);
--> statement-breakpoint
-- Chunked jobs resume where they stopped (the Q&A search index rebuild, workers/services/qa/reindex-job.ts).
CREATE TABLE `job_progress` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`cursor` integer DEFAULT 0 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
