ALTER TABLE `space` ADD `capture_interval_s` integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE `space` ADD `capture_retention_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `space` ADD `viewers_see_captures` integer DEFAULT true NOT NULL;