-- Issue 26 item 10: no request a user or operator makes scans a table that grows with users (docs/conventions.md
-- "Hot queries are indexed"; checked by test/api/query-plans.test.ts).
-- Password login and user-name checks: case-insensitive names by an expression index.
CREATE INDEX `users_user_name_lower_idx` ON `users` (lower("user_name"));--> statement-breakpoint
-- The operator's user search: by prefix of nickname (and of user name, phone through the indexes above), paged by status, id.
CREATE INDEX `users_name_idx` ON `users` (`name`);--> statement-breakpoint
CREATE INDEX `users_status_id_idx` ON `users` (`status`,`id` DESC);--> statement-breakpoint
-- The dashboard's revenue by day: paid orders of the last days, not every paid order.
CREATE INDEX `pay_orders_status_paid_idx` ON `pay_orders` (`status`,`paid_at`);--> statement-breakpoint
-- Kept counters for the dashboard, exact through triggers on the counted tables (db/schema/counters.ts).
CREATE TABLE `stat_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'users_total', COUNT(*) FROM `users`;--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'users_banned', COUNT(*) FROM `users` WHERE `status` = 0;--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'questions_live', COUNT(*) FROM `qa_questions` WHERE `status` IN (0, 1);--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'answers_live', COUNT(*) FROM `qa_answers` WHERE `status` = 0;--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'reviews_pending', COUNT(*) FROM `review_items` WHERE `state` = 'pending';--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'reports_ready', COUNT(*) FROM `surveys` WHERE `dispose_status` = 1;--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'reports_failed', COUNT(*) FROM `surveys` WHERE `dispose_status` = 3 AND `is_delete` = 0;--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'orders_paid', COUNT(*) FROM `pay_orders` WHERE `status` IN ('SUCCESS', 'REFUNDED');--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'orders_paid_fen', COALESCE(SUM(`pay_amount_fen`), 0) FROM `pay_orders` WHERE `status` IN ('SUCCESS', 'REFUNDED');--> statement-breakpoint
INSERT INTO `stat_counters` (`key`, `value`) SELECT 'refunds_fen', COALESCE(SUM(`amount_fen`), 0) FROM `pay_refunds` WHERE `status` = 'success';--> statement-breakpoint
CREATE TRIGGER `stat_users_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + 1 WHERE `key` = 'users_total';
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` = 0) WHERE `key` = 'users_banned';
END;--> statement-breakpoint
CREATE TRIGGER `stat_users_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - 1 WHERE `key` = 'users_total';
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`status` = 0) WHERE `key` = 'users_banned';
END;--> statement-breakpoint
CREATE TRIGGER `stat_users_update` AFTER UPDATE OF `status` ON `users` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` = 0) - (OLD.`status` = 0) WHERE `key` = 'users_banned';
END;--> statement-breakpoint
CREATE TRIGGER `stat_questions_insert` AFTER INSERT ON `qa_questions` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` IN (0, 1)) WHERE `key` = 'questions_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_questions_delete` AFTER DELETE ON `qa_questions` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`status` IN (0, 1)) WHERE `key` = 'questions_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_questions_update` AFTER UPDATE OF `status` ON `qa_questions` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` IN (0, 1)) - (OLD.`status` IN (0, 1)) WHERE `key` = 'questions_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_answers_insert` AFTER INSERT ON `qa_answers` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` = 0) WHERE `key` = 'answers_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_answers_delete` AFTER DELETE ON `qa_answers` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`status` = 0) WHERE `key` = 'answers_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_answers_update` AFTER UPDATE OF `status` ON `qa_answers` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` = 0) - (OLD.`status` = 0) WHERE `key` = 'answers_live';
END;--> statement-breakpoint
CREATE TRIGGER `stat_reviews_insert` AFTER INSERT ON `review_items` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`state` = 'pending') WHERE `key` = 'reviews_pending';
END;--> statement-breakpoint
CREATE TRIGGER `stat_reviews_delete` AFTER DELETE ON `review_items` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`state` = 'pending') WHERE `key` = 'reviews_pending';
END;--> statement-breakpoint
CREATE TRIGGER `stat_reviews_update` AFTER UPDATE OF `state` ON `review_items` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`state` = 'pending') - (OLD.`state` = 'pending') WHERE `key` = 'reviews_pending';
END;--> statement-breakpoint
CREATE TRIGGER `stat_surveys_insert` AFTER INSERT ON `surveys` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`dispose_status` = 1) WHERE `key` = 'reports_ready';
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`dispose_status` = 3 AND NEW.`is_delete` = 0) WHERE `key` = 'reports_failed';
END;--> statement-breakpoint
CREATE TRIGGER `stat_surveys_delete` AFTER DELETE ON `surveys` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`dispose_status` = 1) WHERE `key` = 'reports_ready';
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`dispose_status` = 3 AND OLD.`is_delete` = 0) WHERE `key` = 'reports_failed';
END;--> statement-breakpoint
CREATE TRIGGER `stat_surveys_update` AFTER UPDATE OF `dispose_status`, `is_delete` ON `surveys` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`dispose_status` = 1) - (OLD.`dispose_status` = 1) WHERE `key` = 'reports_ready';
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`dispose_status` = 3 AND NEW.`is_delete` = 0) - (OLD.`dispose_status` = 3 AND OLD.`is_delete` = 0) WHERE `key` = 'reports_failed';
END;--> statement-breakpoint
CREATE TRIGGER `stat_orders_insert` AFTER INSERT ON `pay_orders` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` IN ('SUCCESS', 'REFUNDED')) WHERE `key` = 'orders_paid';
  UPDATE `stat_counters` SET `value` = `value` + CASE WHEN NEW.`status` IN ('SUCCESS', 'REFUNDED') THEN NEW.`pay_amount_fen` ELSE 0 END WHERE `key` = 'orders_paid_fen';
END;--> statement-breakpoint
CREATE TRIGGER `stat_orders_delete` AFTER DELETE ON `pay_orders` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - (OLD.`status` IN ('SUCCESS', 'REFUNDED')) WHERE `key` = 'orders_paid';
  UPDATE `stat_counters` SET `value` = `value` - CASE WHEN OLD.`status` IN ('SUCCESS', 'REFUNDED') THEN OLD.`pay_amount_fen` ELSE 0 END WHERE `key` = 'orders_paid_fen';
END;--> statement-breakpoint
CREATE TRIGGER `stat_orders_update` AFTER UPDATE OF `status`, `pay_amount_fen` ON `pay_orders` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + (NEW.`status` IN ('SUCCESS', 'REFUNDED')) - (OLD.`status` IN ('SUCCESS', 'REFUNDED')) WHERE `key` = 'orders_paid';
  UPDATE `stat_counters` SET `value` = `value` + CASE WHEN NEW.`status` IN ('SUCCESS', 'REFUNDED') THEN NEW.`pay_amount_fen` ELSE 0 END - CASE WHEN OLD.`status` IN ('SUCCESS', 'REFUNDED') THEN OLD.`pay_amount_fen` ELSE 0 END WHERE `key` = 'orders_paid_fen';
END;--> statement-breakpoint
CREATE TRIGGER `stat_refunds_insert` AFTER INSERT ON `pay_refunds` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + CASE WHEN NEW.`status` = 'success' THEN NEW.`amount_fen` ELSE 0 END WHERE `key` = 'refunds_fen';
END;--> statement-breakpoint
CREATE TRIGGER `stat_refunds_delete` AFTER DELETE ON `pay_refunds` BEGIN
  UPDATE `stat_counters` SET `value` = `value` - CASE WHEN OLD.`status` = 'success' THEN OLD.`amount_fen` ELSE 0 END WHERE `key` = 'refunds_fen';
END;--> statement-breakpoint
CREATE TRIGGER `stat_refunds_update` AFTER UPDATE OF `status`, `amount_fen` ON `pay_refunds` BEGIN
  UPDATE `stat_counters` SET `value` = `value` + CASE WHEN NEW.`status` = 'success' THEN NEW.`amount_fen` ELSE 0 END - CASE WHEN OLD.`status` = 'success' THEN OLD.`amount_fen` ELSE 0 END WHERE `key` = 'refunds_fen';
END;
