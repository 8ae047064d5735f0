CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`user_agent` text,
	`ip` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_name` text NOT NULL,
	`name` text,
	`sex` integer,
	`phone` text,
	`email` text,
	`file_path` text,
	`password_hash` text,
	`password_salt` text,
	`password_iterations` integer,
	`username_changed_at` integer,
	`status` integer DEFAULT 1 NOT NULL,
	`is_admin` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_user_name_unique` ON `users` (`user_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE TABLE `survey_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`survey_name` text NOT NULL,
	`survey_description` text NOT NULL,
	`icon_url` text NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`explain_path` text,
	`enabled` integer DEFAULT 1 NOT NULL,
	`detail_path` text,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_types_code_unique` ON `survey_types` (`code`);