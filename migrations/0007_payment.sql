CREATE TABLE `alipay_dev_trades` (
	`trade_no` text PRIMARY KEY NOT NULL,
	`app_id` text NOT NULL,
	`out_trade_no` text NOT NULL,
	`total_amount` text NOT NULL,
	`subject` text NOT NULL,
	`trade_status` text NOT NULL,
	`buyer_id` text NOT NULL,
	`notify_url` text,
	`notify_answer` text,
	`created_at` integer NOT NULL,
	`paid_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alipay_dev_trades_out_idx` ON `alipay_dev_trades` (`app_id`,`out_trade_no`);--> statement-breakpoint
CREATE TABLE `coupon_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`coupon_name` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`product_id` integer,
	`expires_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_batches_code_unique` ON `coupon_batches` (`code`);--> statement-breakpoint
CREATE TABLE `pay_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notify_id` text,
	`out_trade_no` text,
	`trade_no` text,
	`trade_status` text,
	`total_amount` text,
	`outcome` text NOT NULL,
	`params_json` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pay_notifications_out_trade_idx` ON `pay_notifications` (`out_trade_no`);--> statement-breakpoint
CREATE TABLE `pay_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_sn` text NOT NULL,
	`user_id` integer NOT NULL,
	`user_name` text NOT NULL,
	`merchant_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`sub_product_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`amount` integer DEFAULT 1 NOT NULL,
	`order_amount_fen` integer NOT NULL,
	`pay_amount_fen` integer NOT NULL,
	`user_coupon_id` integer,
	`platform` text NOT NULL,
	`status` text NOT NULL,
	`pay_channel` text,
	`trade_no` text,
	`alipay_requested_at` integer,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_orders_order_sn_unique` ON `pay_orders` (`order_sn`);--> statement-breakpoint
CREATE INDEX `pay_orders_user_sub_idx` ON `pay_orders` (`user_id`,`sub_product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pay_orders_status_idx` ON `pay_orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `pay_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`channel` text NOT NULL,
	`trade_no` text NOT NULL,
	`amount_fen` integer NOT NULL,
	`source` text NOT NULL,
	`buyer_id` text,
	`paid_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_payments_order_id_unique` ON `pay_payments` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pay_payments_trade_no_unique` ON `pay_payments` (`trade_no`);--> statement-breakpoint
CREATE TABLE `pay_products` (
	`id` integer PRIMARY KEY NOT NULL,
	`merchant_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`product_name` text NOT NULL,
	`price_fen` integer NOT NULL,
	`origin_price_fen` integer NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_products_merchant_product_idx` ON `pay_products` (`merchant_id`,`product_id`);--> statement-breakpoint
CREATE TABLE `user_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`order_id` integer,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `coupon_batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_coupons_user_batch_idx` ON `user_coupons` (`user_id`,`batch_id`,`status`);