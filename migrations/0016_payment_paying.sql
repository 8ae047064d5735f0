-- Issue 26 item 7 and issue 25 (WeChat Pay): when the cron last asked the channels about a paying order, when a
-- WeChat Native order was first requested (read by the cron's query; the WeChat client itself is not built yet),
-- and which channel a notify came from.
ALTER TABLE `pay_orders` ADD `wechat_requested_at` integer;
--> statement-breakpoint
ALTER TABLE `pay_orders` ADD `pay_checked_at` integer;
--> statement-breakpoint
ALTER TABLE `pay_notifications` ADD `channel` text DEFAULT 'alipay' NOT NULL;
