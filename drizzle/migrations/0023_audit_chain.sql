CREATE TABLE `audit_anchor` (
	`space_key` text NOT NULL,
	`kind` text NOT NULL,
	`day` text NOT NULL,
	`seq` integer NOT NULL,
	`hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `audit_anchor_space_key_kind_day_idx` ON `audit_anchor` (`space_key`,`kind`,`day`);--> statement-breakpoint
CREATE TABLE `audit_settings` (
	`space_uuid` text PRIMARY KEY NOT NULL,
	`retention_days` integer DEFAULT 400 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_kind` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_uuid` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `actor_name` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `entity_name` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `request_id` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `client_address` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `bytes_in` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `bytes_out` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `recording_path` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_space_uuid_seq_idx` ON `audit_log` (`space_uuid`,`seq`);--> statement-breakpoint
-- Entries written before the chain get their sequence in time order; the chainer hashes them.
UPDATE `audit_log` SET `seq` = (SELECT count(*) FROM `audit_log` AS a WHERE a.`space_uuid` IS `audit_log`.`space_uuid` AND (a.`created_at` < `audit_log`.`created_at` OR (a.`created_at` = `audit_log`.`created_at` AND a.`uuid` <= `audit_log`.`uuid`)));
