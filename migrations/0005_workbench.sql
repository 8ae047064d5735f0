CREATE TABLE `survey_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`survey_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`index_no` integer DEFAULT 0 NOT NULL,
	`option_content` text DEFAULT '' NOT NULL,
	`answer_option_id` integer,
	`answer_pic_id` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_answers_unique_idx` ON `survey_answers` (`survey_id`,`question_id`,`index_no`);--> statement-breakpoint
CREATE TABLE `survey_def_groups` (
	`id` integer PRIMARY KEY NOT NULL,
	`type_id` integer NOT NULL,
	`mold_id` integer NOT NULL,
	`mold_name` text NOT NULL,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `survey_def_groups_type_idx` ON `survey_def_groups` (`type_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_def_molds` (
	`id` integer PRIMARY KEY NOT NULL,
	`type_id` integer NOT NULL,
	`page_id` integer NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`mold_name` text NOT NULL,
	`multiple` integer DEFAULT 0 NOT NULL,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_def_molds_type_key_idx` ON `survey_def_molds` (`type_id`,`key`);--> statement-breakpoint
CREATE INDEX `survey_def_molds_type_idx` ON `survey_def_molds` (`type_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_def_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`type_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`key` text NOT NULL,
	`option_name` text NOT NULL,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `survey_def_options_type_idx` ON `survey_def_options` (`type_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_def_pages` (
	`id` integer PRIMARY KEY NOT NULL,
	`type_id` integer NOT NULL,
	`key` text NOT NULL,
	`page_name` text NOT NULL,
	`sort_order` integer NOT NULL,
	FOREIGN KEY (`type_id`) REFERENCES `survey_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_def_pages_type_key_idx` ON `survey_def_pages` (`type_id`,`key`);--> statement-breakpoint
CREATE TABLE `survey_def_questions` (
	`id` integer PRIMARY KEY NOT NULL,
	`type_id` integer NOT NULL,
	`mold_id` integer NOT NULL,
	`group_id` integer NOT NULL,
	`key` text NOT NULL,
	`question_name` text NOT NULL,
	`question_type` text NOT NULL,
	`required_flag` integer DEFAULT 0 NOT NULL,
	`annotation` text DEFAULT '' NOT NULL,
	`image_size` integer,
	`value_kind` text,
	`min` real,
	`max` real,
	`unit` text,
	`sort_order` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `survey_def_questions_type_key_idx` ON `survey_def_questions` (`type_id`,`key`);--> statement-breakpoint
CREATE INDEX `survey_def_questions_type_idx` ON `survey_def_questions` (`type_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `survey_images` (
	`key` text PRIMARY KEY NOT NULL,
	`survey_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `survey_images_survey_idx` ON `survey_images` (`survey_id`);--> statement-breakpoint
CREATE TABLE `survey_repeats` (
	`survey_id` integer NOT NULL,
	`mold_id` integer NOT NULL,
	`size` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`survey_id`, `mold_id`),
	FOREIGN KEY (`survey_id`) REFERENCES `surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `surveys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`evaluation_title` text DEFAULT '' NOT NULL,
	`dispose_status` integer DEFAULT -1 NOT NULL,
	`file_url` text,
	`fail_reason` text,
	`is_delete` integer DEFAULT 0 NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`answers_updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`type_id`) REFERENCES `survey_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `surveys_user_type_idx` ON `surveys` (`user_id`,`type_id`,`is_delete`,`updated_at`);--> statement-breakpoint
CREATE INDEX `surveys_trash_idx` ON `surveys` (`is_delete`,`deleted_at`);