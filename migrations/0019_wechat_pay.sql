-- WeChat Pay (issue 25): the local dev gateway's Native orders and refunds (WECHAT_PAY=dev, APP_ENV=local only;
-- empty in production). pay_orders.wechat_requested_at (0016) and pay_notifications.channel already exist.
CREATE TABLE `wechatpay_dev_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`mchid` text NOT NULL,
	`out_refund_no` text NOT NULL,
	`out_trade_no` text NOT NULL,
	`transaction_id` text NOT NULL,
	`refund_fen` integer NOT NULL,
	`total_fen` integer NOT NULL,
	`reason` text,
	`notify_url` text,
	`notify_answer` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wechatpay_dev_refunds_no_idx` ON `wechatpay_dev_refunds` (`mchid`,`out_refund_no`);--> statement-breakpoint
CREATE TABLE `wechatpay_dev_trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mchid` text NOT NULL,
	`appid` text NOT NULL,
	`out_trade_no` text NOT NULL,
	`description` text NOT NULL,
	`total_fen` integer NOT NULL,
	`code_token` text NOT NULL,
	`trade_state` text NOT NULL,
	`transaction_id` text,
	`openid` text,
	`notify_url` text NOT NULL,
	`notify_answer` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`paid_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wechatpay_dev_trades_out_idx` ON `wechatpay_dev_trades` (`mchid`,`out_trade_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `wechatpay_dev_trades_code_idx` ON `wechatpay_dev_trades` (`code_token`);