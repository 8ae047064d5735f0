-- New-user coupon (issue 14 item 5): product rules that issue coupons on an event (kept as data, seeded), and a
-- per-coupon end for coupons granted with a validity; a rule issues each of its coupons to a user at most once.
CREATE TABLE `coupon_grant_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`event` text NOT NULL,
	`batch_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`valid_days` integer,
	`starts_at` integer,
	`ends_at` integer,
	`enabled` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `coupon_batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_grant_rules_code_unique` ON `coupon_grant_rules` (`code`);--> statement-breakpoint
ALTER TABLE `user_coupons` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `user_coupons` ADD `grant_rule_id` integer REFERENCES coupon_grant_rules(id);--> statement-breakpoint
ALTER TABLE `user_coupons` ADD `grant_seq` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `user_coupons_grant_once_idx` ON `user_coupons` (`user_id`,`grant_rule_id`,`grant_seq`) WHERE grant_rule_id IS NOT NULL;