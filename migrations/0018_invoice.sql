CREATE TABLE `invoice_red_letters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`refund_id` integer NOT NULL,
	`amount_fen` integer NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`request_id`) REFERENCES `invoice_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `pay_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refund_id`) REFERENCES `pay_refunds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_red_letters_refund_id_unique` ON `invoice_red_letters` (`refund_id`);--> statement-breakpoint
CREATE INDEX `invoice_red_letters_status_idx` ON `invoice_red_letters` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `invoice_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`buyer_name` text NOT NULL,
	`tax_id` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`bank_name` text DEFAULT '' NOT NULL,
	`bank_account` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`status` text NOT NULL,
	`reject_reason` text,
	`file_key` text,
	`file_type` text,
	`file_size` integer,
	`invoice_no` text,
	`issued_via` text,
	`operator_id` integer,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `pay_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_requests_user_idx` ON `invoice_requests` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoice_requests_status_idx` ON `invoice_requests` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoice_requests_order_idx` ON `invoice_requests` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_requests_one_open_idx` ON `invoice_requests` (`order_id`) WHERE status IN ('pending', 'issued');--> statement-breakpoint
CREATE TABLE `invoice_titles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`buyer_name` text NOT NULL,
	`tax_id` text NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`bank_name` text DEFAULT '' NOT NULL,
	`bank_account` text DEFAULT '' NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_titles_user_idx` ON `invoice_titles` (`user_id`,`updated_at`);