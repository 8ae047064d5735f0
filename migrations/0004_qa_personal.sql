CREATE TABLE `qa_domains` (
	`id` integer PRIMARY KEY NOT NULL,
	`domain_name` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `qa_view_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`viewed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `qa_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_view_history_user_question_uq` ON `qa_view_history` (`user_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `qa_view_history_user_viewed_idx` ON `qa_view_history` (`user_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `regions` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`parent_code` integer,
	`level` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `regions_parent_idx` ON `regions` (`parent_code`,`sort_order`);--> statement-breakpoint
CREATE TABLE `robot_knowledge` (
	`id` integer PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`keywords` text DEFAULT '' NOT NULL,
	`tokens` text DEFAULT '' NOT NULL,
	`image_url` text,
	`action_label` text,
	`action_href` text,
	`suggested` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 1000 NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `robot_knowledge_suggested_idx` ON `robot_knowledge` (`suggested`,`sort_order`);--> statement-breakpoint
CREATE TABLE `robot_replies` (
	`key` text PRIMARY KEY NOT NULL,
	`content` text NOT NULL,
	`action_label` text,
	`action_href` text
);
