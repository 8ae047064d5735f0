-- Operator console (issue 17, docs/admin.md): audit log, reports and the review queue, keyword list, bans; comments get a status (0 normal, 3 held, 4 hidden).
CREATE TABLE `admin_audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_target_idx` ON `admin_audit_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `content_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`reason` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_reports_reporter_target_uq` ON `content_reports` (`reporter_id`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `content_reports_target_idx` ON `content_reports` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `moderation_keywords` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`word` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_keywords_word_unique` ON `moderation_keywords` (`word`);--> statement-breakpoint
CREATE TABLE `review_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`source` text NOT NULL,
	`matched` text,
	`report_count` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_items_target_uq` ON `review_items` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `review_items_state_idx` ON `review_items` (`state`,`updated_at`);--> statement-breakpoint
CREATE TABLE `user_bans` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`banned_by` integer NOT NULL,
	`banned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `qa_comments` ADD `status` integer DEFAULT 0 NOT NULL;