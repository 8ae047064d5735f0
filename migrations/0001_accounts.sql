CREATE TABLE `auth_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_failures_key_idx` ON `auth_failures` (`scope`,`key`,`created_at`);--> statement-breakpoint
CREATE TABLE `dev_oauth_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`open_id` text NOT NULL,
	`nickname` text NOT NULL,
	`gender` integer DEFAULT 1 NOT NULL,
	`avatar` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dev_oauth_users_open_id_uq` ON `dev_oauth_users` (`provider`,`open_id`);--> statement-breakpoint
CREATE TABLE `dict_items` (
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`kind`, `key`)
);
--> statement-breakpoint
CREATE TABLE `industry_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `oauth_access_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_access_tokens_user_idx` ON `oauth_access_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `oauth_access_tokens_expires_idx` ON `oauth_access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oauth_auth_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`redirect_uri` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `oauth_auth_codes_expires_idx` ON `oauth_auth_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oauth_bindings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`source` text NOT NULL,
	`open_id` text NOT NULL,
	`union_id` text,
	`nickname` text,
	`avatar` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_bindings_identity_uq` ON `oauth_bindings` (`source`,`open_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_bindings_user_source_uq` ON `oauth_bindings` (`user_id`,`source`);--> statement-breakpoint
CREATE TABLE `oauth_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`secret_hash` text NOT NULL,
	`redirect_uris` text NOT NULL,
	`scopes` text DEFAULT 'userinfo' NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sms_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`type` integer NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`verified_at` integer,
	`used_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `sms_codes_phone_idx` ON `sms_codes` (`phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_codes_ip_idx` ON `sms_codes` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`type` integer NOT NULL,
	`code` text NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_phone_idx` ON `sms_outbox` (`phone`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `real_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `remark` text;--> statement-breakpoint
ALTER TABLE `users` ADD `identity_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `graduated_school` text;--> statement-breakpoint
ALTER TABLE `users` ADD `profession` text;--> statement-breakpoint
ALTER TABLE `users` ADD `highest_education` text;--> statement-breakpoint
ALTER TABLE `users` ADD `company` text;--> statement-breakpoint
ALTER TABLE `users` ADD `industry_type` text;--> statement-breakpoint
ALTER TABLE `users` ADD `positional` text;--> statement-breakpoint
ALTER TABLE `users` ADD `professional_title` text;--> statement-breakpoint
ALTER TABLE `users` ADD `management_direction` text;--> statement-breakpoint
ALTER TABLE `users` ADD `work_year` text;--> statement-breakpoint
ALTER TABLE `users` ADD `honorary_title` text;--> statement-breakpoint
ALTER TABLE `users` ADD `work_experience` text;--> statement-breakpoint
ALTER TABLE `users` ADD `train_experience` text;--> statement-breakpoint
ALTER TABLE `users` ADD `logo` text;--> statement-breakpoint
ALTER TABLE `users` ADD `invitation_user_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `is_default` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `app_type` text;--> statement-breakpoint
ALTER TABLE `users` ADD `cuser_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `domain_ids` text;--> statement-breakpoint
ALTER TABLE `users` ADD `location_ids` text;--> statement-breakpoint
ALTER TABLE `users` ADD `user_photo` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_check_at` integer;