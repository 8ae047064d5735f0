CREATE TABLE `qa_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`publisher_id` integer NOT NULL,
	`content_html` text NOT NULL,
	`content_text` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`is_anonymous` integer DEFAULT 0 NOT NULL,
	`praise_count` integer DEFAULT 0 NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`text_hash` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `qa_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publisher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_answers_question_publisher_uq` ON `qa_answers` (`question_id`,`publisher_id`);--> statement-breakpoint
CREATE INDEX `qa_answers_question_rank_idx` ON `qa_answers` (`question_id`,`status`,`praise_count`,`id`);--> statement-breakpoint
CREATE INDEX `qa_answers_publisher_created_idx` ON `qa_answers` (`publisher_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`answer_id` integer NOT NULL,
	`publisher_id` integer NOT NULL,
	`receiver_id` integer NOT NULL,
	`content` text NOT NULL,
	`praise_count` integer DEFAULT 0 NOT NULL,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`text_hash` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`answer_id`) REFERENCES `qa_answers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publisher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_comments_answer_idx` ON `qa_comments` (`answer_id`,`id`);--> statement-breakpoint
CREATE INDEX `qa_comments_publisher_created_idx` ON `qa_comments` (`publisher_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `qa_favorite_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_favorite_categories_user_idx` ON `qa_favorite_categories` (`user_id`);--> statement-breakpoint
CREATE TABLE `qa_favorites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`category_id` integer,
	`content_type` integer DEFAULT 1 NOT NULL,
	`content_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `qa_favorite_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_favorites_user_content_uq` ON `qa_favorites` (`user_id`,`content_type`,`content_id`);--> statement-breakpoint
CREATE INDEX `qa_favorites_category_idx` ON `qa_favorites` (`category_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_follows_pk` ON `qa_follows` (`follower_id`,`followee_id`);--> statement-breakpoint
CREATE INDEX `qa_follows_followee_idx` ON `qa_follows` (`followee_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receiver_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer,
	`actor_anonymous` integer DEFAULT 0 NOT NULL,
	`question_id` integer,
	`answer_id` integer,
	`target_type` integer,
	`target_id` integer,
	`content` text,
	`is_read` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_messages_receiver_idx` ON `qa_messages` (`receiver_id`,`kind`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_praises` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`content_type` integer NOT NULL,
	`content_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_praises_user_content_uq` ON `qa_praises` (`user_id`,`content_type`,`content_id`);--> statement-breakpoint
CREATE TABLE `qa_question_pictures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`path` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `qa_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_question_pictures_question_idx` ON `qa_question_pictures` (`question_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `qa_question_tags` (
	`question_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `qa_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `qa_tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_question_tags_pk` ON `qa_question_tags` (`question_id`,`tag_id`);--> statement-breakpoint
CREATE INDEX `qa_question_tags_tag_idx` ON `qa_question_tags` (`tag_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `qa_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`publisher_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`is_anonymous` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`praise_count` integer DEFAULT 0 NOT NULL,
	`top_answer_id` integer,
	`hot_score` real DEFAULT 0 NOT NULL,
	`text_hash` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`publisher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_questions_status_created_idx` ON `qa_questions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `qa_questions_status_hot_idx` ON `qa_questions` (`status`,`hot_score`);--> statement-breakpoint
CREATE INDEX `qa_questions_publisher_created_idx` ON `qa_questions` (`publisher_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`comment_id` integer NOT NULL,
	`parent_reply_id` integer,
	`publisher_id` integer NOT NULL,
	`receiver_id` integer NOT NULL,
	`content` text NOT NULL,
	`praise_count` integer DEFAULT 0 NOT NULL,
	`text_hash` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`comment_id`) REFERENCES `qa_comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publisher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `qa_replies_comment_idx` ON `qa_replies` (`comment_id`,`id`);--> statement-breakpoint
CREATE INDEX `qa_replies_publisher_created_idx` ON `qa_replies` (`publisher_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `qa_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tag_name` text NOT NULL,
	`sort_order` integer DEFAULT 1000 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `qa_tags_tag_name_unique` ON `qa_tags` (`tag_name`);