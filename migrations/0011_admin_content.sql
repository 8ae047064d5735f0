-- Operator console, content part (issue 17, docs/admin.md): system messages sent by operators, nickname/avatar values under review; replies get a status (0 normal, 3 held, 4 hidden) like comments.
CREATE TABLE `profile_review_values` (
	`target_type` text NOT NULL,
	`user_id` integer NOT NULL,
	`value` text NOT NULL,
	`status` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`target_type`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `system_message_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`audience` text NOT NULL,
	`receiver_id` integer,
	`receivers` integer DEFAULT 0 NOT NULL,
	`sent_by` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `system_message_sends_created_idx` ON `system_message_sends` (`created_at`);--> statement-breakpoint
ALTER TABLE `qa_replies` ADD `status` integer DEFAULT 0 NOT NULL;