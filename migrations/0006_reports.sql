CREATE TABLE `report_results` (
	`survey_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`card` text NOT NULL,
	`figures_json` text NOT NULL,
	`report_no` text NOT NULL,
	`file_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`render_ms` integer NOT NULL,
	`page_count` integer NOT NULL,
	`generated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_results_file_key_unique` ON `report_results` (`file_key`);--> statement-breakpoint
CREATE INDEX `report_results_user_idx` ON `report_results` (`user_id`);