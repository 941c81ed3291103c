ALTER TABLE `alert_channel` ADD `digest_uuid` text;--> statement-breakpoint
ALTER TABLE `alert_channel` ADD `digest_due_at` text;