-- Plant summary PDFs (issue 22): one row per request, built by the "plant" job (db/schema/plant.ts).
CREATE TABLE `plant_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`company` text NOT NULL,
	`status` text NOT NULL,
	`summary_json` text,
	`report_no` text,
	`file_key` text,
	`file_size` integer,
	`page_count` integer,
	`render_ms` integer,
	`fail_reason` text,
	`created_at` integer NOT NULL,
	`ready_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plant_reports_user_company_idx` ON `plant_reports` (`user_id`,`company`,`created_at`);
