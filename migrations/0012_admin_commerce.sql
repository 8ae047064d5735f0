CREATE TABLE `alipay_dev_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trade_no` text NOT NULL,
	`out_request_no` text NOT NULL,
	`refund_amount` text NOT NULL,
	`refund_reason` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alipay_dev_refunds_request_uq` ON `alipay_dev_refunds` (`trade_no`,`out_request_no`);--> statement-breakpoint
CREATE TABLE `pay_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`out_request_no` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`actor_id` integer NOT NULL,
	`trade_no` text,
	`refund_fee_fen` integer,
	`gmt_refund_pay` text,
	`fail_reason` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `pay_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_refunds_out_request_no_unique` ON `pay_refunds` (`out_request_no`);--> statement-breakpoint
CREATE INDEX `pay_refunds_order_idx` ON `pay_refunds` (`order_id`);--> statement-breakpoint
CREATE INDEX `pay_refunds_finished_idx` ON `pay_refunds` (`status`,`finished_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `pay_refunds_one_pending_idx` ON `pay_refunds` (`order_id`) WHERE status = 'pending';