CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer NOT NULL,
	`wakeups` integer DEFAULT 0 NOT NULL,
	`lease_until` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `jobs_sweep_idx` ON `jobs` (`state`,`lease_until`);--> statement-breakpoint
CREATE INDEX `jobs_state_updated_idx` ON `jobs` (`state`,`updated_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_live_subject_idx` ON `jobs` (`kind`,`subject_id`) WHERE state IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX `jobs_subject_idx` ON `jobs` (`kind`,`subject_id`);--> statement-breakpoint
-- Work that was pending before jobs had rows (reports queued 0 / generating 2, exports queued / building) gets a
-- queued job due at once, so the first sweep wakes it instead of leaving it stuck.
INSERT INTO `jobs` (`kind`, `subject_id`, `state`, `attempts`, `max_attempts`, `wakeups`, `lease_until`, `created_at`, `updated_at`)
SELECT 'report', CAST(`id` AS TEXT), 'queued', 0, 3, 0, 0, `updated_at`, `updated_at` FROM `surveys` WHERE `dispose_status` IN (0, 2);--> statement-breakpoint
INSERT INTO `jobs` (`kind`, `subject_id`, `state`, `attempts`, `max_attempts`, `wakeups`, `lease_until`, `created_at`, `updated_at`)
SELECT 'export', `id`, 'queued', 0, 3, 0, 0, `created_at`, `created_at` FROM `data_exports` WHERE `status` IN ('queued', 'building');
