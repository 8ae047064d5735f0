-- Issue 26 items 6-7 and issue 25 (WeChat Pay): when a WeChat Native order was first requested, when the cron last
-- asked the channels about a paying order, which channel a notify came from, and the local WeChat Pay dev
-- gateway's trades and refunds (dev-only, like alipay_dev_trades).
ALTER TABLE `pay_orders` ADD `wechat_requested_at` integer;
--> statement-breakpoint
ALTER TABLE `pay_orders` ADD `pay_checked_at` integer;
--> statement-breakpoint
ALTER TABLE `pay_notifications` ADD `channel` text DEFAULT 'alipay' NOT NULL;
--> statement-breakpoint
CREATE TABLE `wechat_dev_trades` (
	`code_url` text PRIMARY KEY NOT NULL,
	`mchid` text NOT NULL,
	`appid` text NOT NULL,
	`out_trade_no` text NOT NULL,
	`description` text NOT NULL,
	`total_fen` integer NOT NULL,
	`notify_url` text NOT NULL,
	`time_expire` text,
	`trade_state` text NOT NULL,
	`transaction_id` text,
	`openid` text,
	`refunded_fen` integer DEFAULT 0 NOT NULL,
	`notify_status` integer,
	`created_at` integer NOT NULL,
	`paid_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wechat_dev_trades_out_idx` ON `wechat_dev_trades` (`mchid`,`out_trade_no`);
--> statement-breakpoint
CREATE TABLE `wechat_dev_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`mchid` text NOT NULL,
	`out_refund_no` text NOT NULL,
	`out_trade_no` text NOT NULL,
	`transaction_id` text NOT NULL,
	`refund_fen` integer NOT NULL,
	`total_fen` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wechat_dev_refunds_out_idx` ON `wechat_dev_refunds` (`mchid`,`out_refund_no`);
